"""Maximum-weight matching on a general graph (Edmonds' blossom algorithm with dual variables).

Used by the least-bad pairing (one matching over the whole field) and by the Dutch engine's
exact bounds (a matching of what is left of a bracket). Integer weights stay exact.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["max_weight_matching"]

_FREE, _S, _T = 0, 1, 2


class _Blossoms:
    """State of one maximum-weight matching computation.

    Vertices are ``0..n-1``; non-trivial blossoms get ids ``n..2n-1``. Vertex duals are stored doubled
    (``2u``) and blossom duals plain (``z``) so that integer weights keep every quantity an integer;
    the slack of an edge between two different top-level blossoms is ``dual[i] + dual[j] - 2 w(i, j)``.
    """

    def __init__(self, weights: Sequence[Sequence[int | None]]) -> None:
        n = len(weights)
        self.n = n
        self.w = weights
        self.neighbours = [[j for j in range(n) if j != i and weights[i][j] is not None] for i in range(n)]
        top = max((w for row in weights for w in row if w is not None), default=0)
        top = max(top, 0)
        self.mate = [-1] * n
        self.dual = [top] * n + [0] * n
        self.label = [_FREE] * (2 * n)
        self.label_edge: list[tuple[int, int] | None] = [None] * (2 * n)
        """For a labelled blossom (or vertex): the edge ``(p, q)`` it was reached by, ``q`` inside it."""
        self.in_blossom = list(range(n))
        self.parent = [-1] * (2 * n)
        self.children: list[list[int]] = [[] for _ in range(2 * n)]
        self.edges: list[list[tuple[int, int]]] = [[] for _ in range(2 * n)]
        """``edges[b][i] = (x, y)`` joins ``children[b][i]`` (holding ``x``) to the next child (``y``)."""
        self.base = list(range(n)) + [-1] * n
        self.best_edge: list[tuple[int, int] | None] = [None] * (2 * n)
        self.blossom_best: list[list[tuple[int, int]] | None] = [None] * (2 * n)
        self.unused = list(range(2 * n - 1, n - 1, -1))
        self.queue: list[int] = []

    # -- small helpers ------------------------------------------------------------------------------

    def slack(self, i: int, j: int) -> int:
        weight = self.w[i][j]
        assert weight is not None
        return self.dual[i] + self.dual[j] - 2 * weight

    def leaves(self, b: int) -> list[int]:
        if b < self.n:
            return [b]
        out: list[int] = []
        stack = [b]
        while stack:
            c = stack.pop()
            if c < self.n:
                out.append(c)
            else:
                stack.extend(self.children[c])
        return out

    def assign_label(self, v: int, label: int, via: int) -> None:
        """Label vertex ``v``'s top-level blossom, reached from vertex ``via`` (``-1`` for a root)."""
        b = self.in_blossom[v]
        edge = None if via < 0 else (via, v)
        self.label[v] = self.label[b] = label
        self.label_edge[v] = self.label_edge[b] = edge
        self.best_edge[v] = self.best_edge[b] = None
        if label == _S:
            self.queue.extend(self.leaves(b))
        else:
            base = self.base[b]
            self.assign_label(self.mate[base], _S, base)

    # -- blossoms -----------------------------------------------------------------------------------

    def trace_back(self, v: int, u: int) -> int:
        """Follow the alternating trees up from ``v`` and ``u`` together.

        Returns the base vertex of the first S-blossom both paths reach (a new blossom is found), or
        ``-1`` when they end at different roots (an augmenting path is found).
        """
        marked: list[int] = []
        found = -1
        a, b = v, u
        while a != -1 or b != -1:
            if a != -1:
                blossom = self.in_blossom[a]
                if self.label[blossom] & 4:
                    found = self.base[blossom]
                    break
                self.label[blossom] |= 4
                marked.append(blossom)
                edge = self.label_edge[blossom]
                if edge is None:
                    a = -1
                else:
                    t_blossom = self.in_blossom[edge[0]]
                    t_edge = self.label_edge[t_blossom]
                    assert t_edge is not None
                    a = t_edge[0]
            a, b = b, a
        for blossom in marked:
            self.label[blossom] &= ~4
        return found

    def add_blossom(self, base: int, v: int, u: int) -> None:
        """Contract the odd cycle closed by the tight edge ``(v, u)`` into a new S-blossom."""
        root_child = self.in_blossom[base]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.parent[root_child] = b

        # Path from v's side back to the common base: s0, t0, s1, ... (each reached from the next).
        v_path: list[int] = []
        child = self.in_blossom[v]
        while child != root_child:
            v_path.append(child)
            edge = self.label_edge[child]
            assert edge is not None
            child = self.in_blossom[edge[0]]
        u_path: list[int] = []
        child = self.in_blossom[u]
        while child != root_child:
            u_path.append(child)
            edge = self.label_edge[child]
            assert edge is not None
            child = self.in_blossom[edge[0]]

        children = [root_child]
        edges: list[tuple[int, int]] = []
        for c in reversed(v_path):
            edge = self.label_edge[c]
            assert edge is not None
            children.append(c)
            edges.append(edge)  # (p in previous child, q in c): already oriented forwards
        edges.append((v, u))
        for c in u_path:
            edge = self.label_edge[c]
            assert edge is not None
            children.append(c)
            edges.append((edge[1], edge[0]))  # reached from the next child: flip
        self.children[b] = children
        self.edges[b] = edges
        for c in children:
            self.parent[c] = b

        self.label[b] = _S
        self.label_edge[b] = self.label_edge[root_child]
        self.dual[b] = 0
        for leaf in self.leaves(b):
            if self.label[self.in_blossom[leaf]] == _T:
                self.queue.append(leaf)  # T-vertices become S-vertices
            self.in_blossom[leaf] = b

        # Least-slack edges from the new blossom to every other S-blossom.
        best_to: dict[int, tuple[int, int]] = {}
        for c in children:
            stored = self.blossom_best[c]
            candidates = (
                [(leaf, x) for leaf in self.leaves(c) for x in self.neighbours[leaf]]
                if stored is None
                else stored
            )
            for i, j in candidates:
                other = self.in_blossom[j]
                if other == b or self.label[other] != _S:
                    continue
                known = best_to.get(other)
                if known is None or self.slack(i, j) < self.slack(*known):
                    best_to[other] = (i, j)
            self.blossom_best[c] = None
            self.best_edge[c] = None
        self.blossom_best[b] = list(best_to.values())
        self.best_edge[b] = min(best_to.values(), key=lambda e: self.slack(*e), default=None)

    def expand_blossom(self, b: int, end_of_stage: bool) -> None:
        """Undo blossom ``b``; mid-stage, a T-blossom's children are relabelled along its even path."""
        for c in self.children[b]:
            self.parent[c] = -1
            if c < self.n:
                self.in_blossom[c] = c
            elif end_of_stage and self.dual[c] == 0:
                self.expand_blossom(c, end_of_stage)
            else:
                for leaf in self.leaves(c):
                    self.in_blossom[leaf] = c
        if not end_of_stage and self.label[b] == _T:
            self.relabel_expanded_t_blossom(b)
        self.label[b] = _FREE
        self.label_edge[b] = None
        self.children[b] = []
        self.edges[b] = []
        self.base[b] = -1
        self.best_edge[b] = None
        self.blossom_best[b] = None
        self.unused.append(b)

    def relabel_expanded_t_blossom(self, b: int) -> None:
        children = self.children[b]
        edges = self.edges[b]
        k = len(children)
        entry_edge = self.label_edge[b]
        assert entry_edge is not None
        p, q = entry_edge
        entry = self.in_blossom[q]
        j = children.index(entry)
        step = 1 if j % 2 == 1 else -1
        # Walk the even-length path from the entry child to the base child: T, S, T, S, ..., T.
        while j % k != 0:
            self.label[q] = _FREE
            self.assign_label(q, _T, p)  # also labels the next child S through its matched edge
            j += step
            if step == 1:
                p, q = edges[j % k]
            else:
                q, p = edges[(j - 1) % k]
            j += step
        base_child = children[0]
        self.label[q] = self.label[base_child] = _T
        self.label_edge[q] = self.label_edge[base_child] = (p, q)
        self.best_edge[base_child] = None
        # The other children are free again, unless one of their vertices was reached meanwhile.
        j += step
        while children[j % k] != entry:
            child = children[j % k]
            j += step
            if self.label[child] == _S:
                continue
            reached = next((leaf for leaf in self.leaves(child) if self.label[leaf] != _FREE), None)
            if reached is None:
                continue
            via = self.label_edge[reached]
            assert via is not None
            self.label[reached] = _FREE
            self.assign_label(reached, _T, via[0])

    def augment_blossom(self, b: int, v: int) -> None:
        """Rotate the matching inside blossom ``b`` so that vertex ``v`` becomes its base."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        children = self.children[b]
        edges = self.edges[b]
        k = len(children)
        i = children.index(t)
        # Pair up the children along the even-length side of the cycle from t to the old base.
        if i % 2 == 1:
            pairs = [edges[m] for m in range(i + 1, k, 2)]
        else:
            pairs = [edges[m] for m in range(i - 2, -1, -2)]
        for x, y in pairs:
            for end in (x, y):
                c = end
                while self.parent[c] != b:
                    c = self.parent[c]
                if c >= self.n:
                    self.augment_blossom(c, end)
            self.mate[x] = y
            self.mate[y] = x
        self.children[b] = children[i:] + children[:i]
        self.edges[b] = edges[i:] + edges[:i]
        self.base[b] = v

    def augment(self, v: int, u: int) -> None:
        """Flip the augmenting path that runs through the tight edge ``(v, u)`` between two S-trees."""
        for s, j in ((v, u), (u, v)):
            while True:
                bs = self.in_blossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = j
                edge = self.label_edge[bs]
                if edge is None:
                    break
                t = edge[0]
                bt = self.in_blossom[t]
                t_edge = self.label_edge[bt]
                assert t_edge is not None
                p, q = t_edge
                if bt >= self.n:
                    self.augment_blossom(bt, q)
                self.mate[q] = p
                s, j = p, q

    # -- the main loop ------------------------------------------------------------------------------

    def run(self) -> list[int]:
        n = self.n
        for _stage in range(n):
            self.label = [_FREE] * (2 * n)
            self.label_edge = [None] * (2 * n)
            self.best_edge = [None] * (2 * n)
            self.blossom_best = [None] * (2 * n)
            self.queue = []
            for v in range(n):
                if self.mate[v] == -1 and self.label[self.in_blossom[v]] == _FREE:
                    self.assign_label(v, _S, -1)
            if not self.queue:
                break
            augmented = False
            while not augmented:
                while self.queue and not augmented:
                    v = self.queue.pop()
                    for u in self.neighbours[v]:
                        bv, bu = self.in_blossom[v], self.in_blossom[u]
                        if bv == bu:
                            continue
                        slack = self.slack(v, u)
                        if slack <= 0:
                            if self.label[bu] == _FREE:
                                self.assign_label(u, _T, v)
                            elif self.label[bu] == _S:
                                base = self.trace_back(v, u)
                                if base >= 0:
                                    self.add_blossom(base, v, u)
                                else:
                                    self.augment(v, u)
                                    augmented = True
                                    break
                            elif self.label[u] == _FREE:
                                # u sits unreached inside a T-blossom; remember how it can be reached.
                                self.label[u] = _T
                                self.label_edge[u] = (v, u)
                        elif self.label[bu] == _S:
                            best = self.best_edge[bv]
                            if best is None or slack < self.slack(*best):
                                self.best_edge[bv] = (v, u)
                        elif self.label[u] == _FREE:
                            best = self.best_edge[u]
                            if best is None or slack < self.slack(*best):
                                self.best_edge[u] = (v, u)
                if augmented:
                    break
                if not self.adjust_duals():
                    break
            if not augmented:
                break
            for b in range(n, 2 * n):
                if self.parent[b] == -1 and self.base[b] >= 0 and self.label[b] == _S and self.dual[b] == 0:
                    self.expand_blossom(b, end_of_stage=True)
        return self.mate

    def adjust_duals(self) -> bool:
        """Make the next edge tight (or a T-blossom dual zero); False when the matching is optimal."""
        n = self.n
        kind = 1
        delta = min(self.dual[v] for v in range(n) if self.label[self.in_blossom[v]] == _S)
        chosen: tuple[int, int] | int | None = None
        for v in range(n):
            edge = self.best_edge[v]
            if self.label[self.in_blossom[v]] == _FREE and edge is not None:
                d = self.slack(*edge)
                if d < delta:
                    kind, delta, chosen = 2, d, edge
        for b in range(2 * n):
            if self.parent[b] != -1 or self.label[b] != _S or (b >= n and self.base[b] < 0):
                continue
            edge = self.best_edge[b]
            if edge is not None:
                d = self.slack(*edge) // 2
                if d < delta:
                    kind, delta, chosen = 3, d, edge
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1 and self.label[b] == _T and self.dual[b] < delta:
                kind, delta, chosen = 4, self.dual[b], b
        for v in range(n):
            label = self.label[self.in_blossom[v]]
            if label == _S:
                self.dual[v] -= delta
            elif label == _T:
                self.dual[v] += delta
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1:
                if self.label[b] == _S:
                    self.dual[b] += delta
                elif self.label[b] == _T:
                    self.dual[b] -= delta
        if kind == 1:
            return False
        if kind == 4:
            assert isinstance(chosen, int)
            self.expand_blossom(chosen, end_of_stage=False)
        else:
            assert isinstance(chosen, tuple)
            i, j = chosen
            if self.label[self.in_blossom[i]] == _FREE:
                i = j
            self.queue.append(i)
        return True


def max_weight_matching(weights: Sequence[Sequence[int | None]]) -> list[int]:
    """A maximum-weight matching of the graph given by a symmetric weight matrix.

    Parameters
    ----------
    weights:
        ``weights[i][j]`` is the integer weight of edge ``{i, j}``, or ``None`` when there is no edge.
        The diagonal is ignored.

    Returns
    -------
    list[int]
        ``mate[v]``: the vertex matched to ``v``, or ``-1``.

    Notes
    -----
    Edmonds' weighted blossom algorithm with the primal-dual organisation of Galil (1986): ``O(n)``
    stages, each with ``O(n)`` dual adjustments costing ``O(n)`` apiece plus ``O(n^2)`` edge scans,
    so ``O(n^3)`` overall on a dense graph. Integer weights of any size stay exact (Python ints).
    Only edges of positive weight can improve a matching; zero or negative ones are never needed.
    """
    n = len(weights)
    if n < 2:
        return [-1] * n
    return _Blossoms(weights).run()
