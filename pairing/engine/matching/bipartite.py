"""Bipartite matchings for the Dutch transposition search (Art. 4.2): S1 players into S2.

:func:`saturating_matching` and :func:`repair_after_fixing` answer "can every S1 player still be
paired into S2?" while the search fixes one pair after another (Kuhn's augmenting paths, written
with an explicit stack so that a bracket of thousands of players needs no deep recursion).
:class:`Assignment` is the weighted counterpart used for exact bounds: a minimum-cost assignment of
S1 to S2 that is updated, not recomputed, as pairs are fixed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["Assignment", "repair_after_fixing", "saturating_matching"]


def _augment(
    root: int,
    s2: Sequence[int],
    ok: Callable[[int, int], bool],
    match1: dict[int, int],
    match2: dict[int, int],
) -> bool:
    """Kuhn's augmenting path from the free S1 vertex ``root`` into ``s2`` (tried in S2 order,
    depth first), applied to both match maps; False when there is none."""
    seen: set[int] = set()
    # each frame: the S1 vertex, the next S2 position to try, the S2 vertex it is trying
    stack: list[list[int]] = [[root, 0, -1]]
    while stack:
        frame = stack[-1]
        x, k = frame[0], frame[1]
        found = -1
        while k < len(s2):
            y = s2[k]
            k += 1
            if y in seen or not ok(x, y):
                continue
            seen.add(y)
            found = y
            break
        frame[1] = k
        if found == -1:
            stack.pop()
            continue
        frame[2] = found
        owner = match2.get(found)
        if owner is None:
            # flip the path: every frame's S1 vertex takes the S2 vertex it was trying
            for x_on_path, _k, y_on_path in stack:
                match2[y_on_path] = x_on_path
                match1[x_on_path] = y_on_path
            return True
        stack.append([owner, 0, -1])
    return False


def saturating_matching(
    s1: Sequence[int], s2: Sequence[int], ok: Callable[[int, int], bool]
) -> dict[int, int] | None:
    """A matching of every S1 vertex into S2 (S1 vertex -> S2 vertex), or None when there is none.

    Greedy first (S1[i] takes the first free compatible S2 vertex: what the transposition search
    tries first), then augmenting paths: ``O(|S1| |S2|^2)`` in the worst case, about
    ``O(|S1| |S2|)`` on the nearly complete graphs of a bracket.
    """
    match2: dict[int, int] = {}
    match1: dict[int, int] = {}
    first_free = 0  # every S2 vertex before it is matched
    for x in s1:
        while first_free < len(s2) and s2[first_free] in match2:
            first_free += 1
        for k in range(first_free, len(s2)):
            y = s2[k]
            if y not in match2 and ok(x, y):
                match2[y] = x
                match1[x] = y
                break
    for x in s1:
        if x not in match1 and not _augment(x, s2, ok, match1, match2):
            return None
    return match1


def repair_after_fixing(
    mate: dict[int, int],
    x: int,
    y: int,
    rest1: Sequence[int],
    rest2: Sequence[int],
    ok: Callable[[int, int], bool],
) -> dict[int, int] | None:
    """After the pair ``x``-``y`` is fixed, the matching ``mate`` restricted to ``rest1`` (the S1
    vertices still to pair) re-saturated into ``rest2`` (the S2 vertices still free) with at most
    one augmenting path; None when ``rest1`` can no longer all be paired."""
    keep = set(rest1)
    m1 = {a: b for a, b in mate.items() if a in keep}
    m2 = {b: a for a, b in m1.items()}
    owner = m2.pop(y, None)
    if owner is None:
        return m1
    del m1[owner]
    if _augment(owner, rest2, ok, m1, m2):
        return m1
    return None


class Assignment:
    """A minimum-cost assignment of rows to columns that stays optimal while pairs are fixed.

    Square problem: ``cost[r][c]`` is an integer, or None where row ``r`` may not take column
    ``c``. Shortest augmenting paths with potentials (the Hungarian method) solve it from
    scratch in ``O(n^3)``. :meth:`fix` then removes one row and one column, as a search does when
    it decides a pair: the potentials stay feasible and at most one row loses its column, so one
    more augmenting path, ``O(n^2)``, restores optimality. :meth:`fix` returns a new object.
    """

    __slots__ = ("col_of", "col_potential", "cols", "cost", "row_of", "row_potential", "total")

    def __init__(self, cost: Sequence[Sequence[int | None]]) -> None:
        size = len(cost)
        self.cost = cost
        self.cols = list(range(size))
        """The columns still to be assigned."""
        self.row_potential = [0] * size
        self.col_potential = [0] * size
        self.row_of = [-1] * size
        """Column -> the row assigned to it (-1: none)."""
        self.col_of = [-1] * size
        """Row -> its column (-1: none)."""
        self.total = 0
        """The cost of the assignment of the columns in ``cols``."""

    @classmethod
    def solve(
        cls,
        cost: Sequence[Sequence[int | None]],
        rows: Sequence[int] | None = None,
        cols: Sequence[int] | None = None,
    ) -> Assignment | None:
        """The optimal assignment of every row (or of ``rows`` to ``cols``, as many of each),
        or None when no complete one exists."""
        found = cls(cost)
        if cols is not None:
            found.cols = list(cols)
        for row in range(len(cost)) if rows is None else rows:
            if not found._augment(row):
                return None
        found._sum()
        return found

    def fix(self, row: int, col: int) -> Assignment | None:
        """The optimal assignment of what is left once ``row`` takes ``col`` (``total``
        excludes that pair); None when the rest cannot all be assigned."""
        if self.cost[row][col] is None:
            return None
        found = Assignment.__new__(Assignment)
        found.cost = self.cost
        found.cols = [k for k in self.cols if k != col]
        found.row_potential = self.row_potential
        found.col_potential = self.col_potential
        found.row_of = list(self.row_of)
        found.col_of = list(self.col_of)
        found.row_of[col] = -1
        found.col_of[row] = -1
        if self.col_of[row] == col:
            found.total = self.total - self.cost[row][col]  # type: ignore[operator]
            return found
        # ``row`` frees its column; the row that held ``col`` needs another one
        found.row_potential = list(self.row_potential)
        found.col_potential = list(self.col_potential)
        found.row_of[self.col_of[row]] = -1
        other = self.row_of[col]
        found.col_of[other] = -1
        if not found._augment(other):
            return None
        found._sum()
        return found

    def _sum(self) -> None:
        cost, row_of = self.cost, self.row_of
        self.total = sum(cost[row_of[c]][c] for c in self.cols)  # type: ignore[misc]

    def _augment(self, root: int) -> bool:
        """Give the free row ``root`` a column by a shortest augmenting path in reduced costs
        (Dijkstra on the dense graph), updating the potentials; False if there is none."""
        cost, row_potential, col_potential, row_of = (
            self.cost,
            self.row_potential,
            self.col_potential,
            self.row_of,
        )
        cols = self.cols
        start = -1  # the virtual column that holds ``root`` during the search
        slack: dict[int, int] = {}
        came_from: dict[int, int] = {}
        in_tree: set[int] = {start}
        column = start
        while True:
            current_row = root if column == start else row_of[column]
            row = cost[current_row]
            row_offset = row_potential[current_row]
            delta: int | None = None
            next_column = -1
            for j in cols:
                if j in in_tree:
                    continue
                weight = row[j]
                if weight is not None:
                    reduced = weight - row_offset - col_potential[j]
                    best = slack.get(j)
                    if best is None or reduced < best:
                        slack[j] = reduced
                        came_from[j] = column
                best = slack.get(j)
                if best is not None and (delta is None or best < delta):
                    delta = best
                    next_column = j
            if delta is None:
                return False
            for j in in_tree:
                row_potential[root if j == start else row_of[j]] += delta
                if j != start:
                    col_potential[j] -= delta
            for j in slack:
                if j not in in_tree:
                    slack[j] -= delta
            in_tree.add(next_column)
            column = next_column
            if row_of[column] == -1:
                break
        while column != start:  # flip the path back to the root
            previous = came_from[column]
            owner = root if previous == start else row_of[previous]
            row_of[column] = owner
            self.col_of[owner] = column
            column = previous
        return True
