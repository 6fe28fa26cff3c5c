"""Maximum-cardinality matching on general graphs (Edmonds' blossom algorithm).

The Dutch engine only needs *feasibility* answers from matchings: "can these players all be
paired under C1-C3 (with at most one bye-eligible player left over)?" (C4 completion, C5).
The graphs are nearly complete, so adjacency is implicit: a callable ``ok(a, b)`` says whether
two vertices may be paired. A search from one free vertex stops at the first augmenting path,
which in a dense graph is usually found within two layers, so extending a known maximum
matching by a few new vertices costs about ``O(n)`` per vertex.

:class:`Assignment` is the weighted counterpart the Dutch search uses for its exact bounds in a
transposition: a minimum-cost assignment of S1 to S2 that is updated, not recomputed, as the
search fixes one pair after another.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

__all__ = ["Assignment", "augment_from", "free_alternatives", "greedy_extend", "maximum_matching"]


def _find_augmenting_path(
    root: int,
    n: int,
    ok: Callable[[int, int], bool],
    mate: list[int],
    verts: Sequence[int] | None = None,
    outer: list[int] | None = None,
) -> bool:
    """Search an augmenting path from the free vertex ``root`` and apply it if found.

    Classic Edmonds search with blossom contraction (bases, parents, LCA), on local indices
    ``0..n-1``; ``mate[v] == -1`` marks a free vertex. When no path exists and ``outer`` is
    given, it receives the outer (even) vertices of the finished search: the vertices that some
    maximum matching leaves free instead of ``root``.
    """
    base = list(range(n))
    parent = [-1] * n
    used = [False] * n
    used[root] = True
    queue: deque[int] = deque([root])
    tree = [root]
    """Every vertex that entered the search tree: only they can be inside a blossom."""

    def lca(a: int, b: int) -> int:
        seen = set()
        while True:
            a = base[a]
            seen.add(a)
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if b in seen:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, b: int, child: int, blossom: set[int]) -> None:
        while base[v] != b:
            blossom.add(base[v])
            blossom.add(base[mate[v]])
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    scan: Sequence[int] = range(n) if verts is None else verts
    while queue:
        v = queue.popleft()
        for u in scan:
            if u == v or base[v] == base[u] or mate[v] == u or not ok(v, u):
                continue
            if u == root or (mate[u] != -1 and parent[mate[u]] != -1):
                cur = lca(v, u)
                blossom: set[int] = set()
                mark_path(v, cur, u, blossom)
                mark_path(u, cur, v, blossom)
                for i in list(tree):
                    if base[i] in blossom:
                        base[i] = cur
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[u] == -1:
                parent[u] = v
                tree.append(u)
                if mate[u] == -1:
                    # Augment along the alternating path ending at u.
                    while u != -1:
                        pv = parent[u]
                        ppv = mate[pv]
                        mate[u] = pv
                        mate[pv] = u
                        u = ppv
                    return True
                used[mate[u]] = True
                queue.append(mate[u])
                tree.append(mate[u])
    if outer is not None:
        outer.extend(v for v in tree if used[v])
    return False


def augment_from(
    roots: Sequence[int],
    n: int,
    ok: Callable[[int, int], bool],
    mate: list[int],
    verts: Sequence[int] | None = None,
) -> int:
    """Try to augment ``mate`` from each free vertex in ``roots``; return how many succeeded.

    ``verts`` lists the vertices that take part (all of ``0..n-1`` by default); searches scan
    only those, which keeps a check on a small part of a large field cheap.
    """
    gained = 0
    pool: Sequence[int] = range(n) if verts is None else verts
    free = sum(1 for v in pool if mate[v] == -1)
    for r in roots:
        if free < 2:
            break  # an augmenting path needs two free ends
        if mate[r] == -1 and _find_augmenting_path(r, n, ok, mate, verts):
            gained += 1
            free -= 2
    return gained


def free_alternatives(
    root: int, n: int, ok: Callable[[int, int], bool], mate: list[int], verts: Sequence[int]
) -> list[int] | None:
    """For a maximum matching of ``verts`` whose only free vertex is ``root``: every vertex that
    some maximum matching leaves free (the even vertices of Gallai-Edmonds), ``root`` included.

    One more vertex ``x`` can then be added with everybody matched exactly when ``x`` is
    adjacent to one of them. None if the matching was not maximum (it is then augmented).
    """
    outer: list[int] = []
    if _find_augmenting_path(root, n, ok, mate, verts, outer):
        return None
    return outer


def greedy_extend(order: Sequence[int], ok: Callable[[int, int], bool], mate: list[int]) -> None:
    """Greedily pair free vertices of ``order`` with the next free compatible vertex in ``order``."""
    free = [v for v in order if mate[v] == -1]
    taken = set()
    count = len(free)
    for i, v in enumerate(free):
        if v in taken:
            continue
        for j in range(i + 1, count):
            u = free[j]
            if u not in taken and ok(v, u):
                mate[v] = u
                mate[u] = v
                taken.add(u)
                taken.add(v)
                break


def maximum_matching(n: int, ok: Callable[[int, int], bool], mate: list[int] | None = None) -> list[int]:
    """A maximum matching of the implicit graph on ``0..n-1`` (greedy start, then augmenting paths)."""
    if mate is None:
        mate = [-1] * n
        greedy_extend(range(n), ok, mate)
    augment_from([v for v in range(n) if mate[v] == -1], n, ok, mate)
    return mate


class Assignment:
    """A minimum-cost assignment of rows to columns that stays optimal while pairs are fixed.

    Square problem: ``cost[r][c]`` is an integer, or None where row ``r`` may not take column
    ``c``. Shortest augmenting paths with potentials (the Hungarian method) solve it from
    scratch in ``O(n^3)``. :meth:`fix` then removes one row and one column, as a search does when
    it decides a pair: the potentials stay feasible and at most one row loses its column, so one
    more augmenting path, ``O(n^2)``, restores optimality. :meth:`fix` returns a new object.
    """

    __slots__ = ("col_of", "cols", "cost", "row_of", "total", "u", "v")

    def __init__(self, cost: Sequence[Sequence[int | None]]) -> None:
        n = len(cost)
        self.cost = cost
        self.cols = list(range(n))
        self.u = [0] * n
        self.v = [0] * n
        self.row_of = [-1] * n
        self.col_of = [-1] * n
        self.total = 0

    @classmethod
    def solve(
        cls,
        cost: Sequence[Sequence[int | None]],
        rows: Sequence[int] | None = None,
        cols: Sequence[int] | None = None,
    ) -> Assignment | None:
        """The optimal assignment of every row (or of ``rows`` to ``cols``, as many of each),
        or None when no complete one exists."""
        a = cls(cost)
        if cols is not None:
            a.cols = list(cols)
        for r in range(len(cost)) if rows is None else rows:
            if not a._augment(r):
                return None
        a._sum()
        return a

    def fix(self, row: int, col: int) -> Assignment | None:
        """The optimal assignment of what is left once ``row`` takes ``col`` (``total``
        excludes that pair); None when the rest cannot all be assigned."""
        if self.cost[row][col] is None:
            return None
        a = Assignment.__new__(Assignment)
        a.cost = self.cost
        a.cols = [k for k in self.cols if k != col]
        a.u = self.u
        a.v = self.v
        a.row_of = list(self.row_of)
        a.col_of = list(self.col_of)
        a.row_of[col] = -1
        a.col_of[row] = -1
        if self.col_of[row] == col:
            a.total = self.total - self.cost[row][col]  # type: ignore[operator]
            return a
        # ``row`` frees its column; the row that held ``col`` needs another one
        a.u = list(self.u)
        a.v = list(self.v)
        a.row_of[self.col_of[row]] = -1
        other = self.row_of[col]
        a.col_of[other] = -1
        if not a._augment(other):
            return None
        a._sum()
        return a

    def _sum(self) -> None:
        cost, row_of = self.cost, self.row_of
        self.total = sum(cost[row_of[c]][c] for c in self.cols)  # type: ignore[misc]

    def _augment(self, root: int) -> bool:
        """Give the free row ``root`` a column by a shortest augmenting path in reduced costs
        (Dijkstra on the dense graph), updating the potentials; False if there is none."""
        cost, u, v, row_of = self.cost, self.u, self.v, self.row_of
        cols = self.cols
        start = -1  # the virtual column that holds ``root`` during the search
        minv: dict[int, int] = {}
        way: dict[int, int] = {}
        in_tree: set[int] = {start}
        j0 = start
        while True:
            i0 = root if j0 == start else row_of[j0]
            row = cost[i0]
            ui = u[i0]
            delta: int | None = None
            j1 = -1
            for j in cols:
                if j in in_tree:
                    continue
                w = row[j]
                if w is not None:
                    cur = w - ui - v[j]
                    m = minv.get(j)
                    if m is None or cur < m:
                        minv[j] = cur
                        way[j] = j0
                m = minv.get(j)
                if m is not None and (delta is None or m < delta):
                    delta = m
                    j1 = j
            if delta is None:
                return False
            for j in in_tree:
                u[root if j == start else row_of[j]] += delta
                if j != start:
                    v[j] -= delta
            for j in minv:
                if j not in in_tree:
                    minv[j] -= delta
            in_tree.add(j1)
            j0 = j1
            if row_of[j0] == -1:
                break
        while j0 != start:
            j1 = way[j0]
            r = root if j1 == start else row_of[j1]
            row_of[j0] = r
            self.col_of[r] = j0
            j0 = j1
        return True
