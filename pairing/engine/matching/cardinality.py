"""Maximum-cardinality matching on general graphs (Edmonds' blossom algorithm).

The Dutch engine only needs *feasibility* answers from matchings: "can these players all be
paired under C1-C3 (with at most one bye-eligible player left over)?" (C4 completion, C5).
The graphs are nearly complete, so adjacency is implicit: a callable ``ok(a, b)`` says whether
two vertices may be paired. A search from one free vertex stops at the first augmenting path,
which in a dense graph is usually found within two layers, so extending a known maximum
matching by a few new vertices costs about ``O(n)`` per vertex: every function here is
warm-started from the ``mate`` list it is given.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

__all__ = ["augment_from", "free_alternatives", "greedy_extend", "maximum_matching"]


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
                        via = parent[u]
                        next_u = mate[via]
                        mate[u] = via
                        mate[via] = u
                        u = next_u
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
    count = len(free)
    for i, v in enumerate(free):
        if mate[v] != -1:
            continue  # taken by an earlier vertex of ``free``
        for j in range(i + 1, count):
            u = free[j]
            if mate[u] == -1 and ok(v, u):
                mate[v] = u
                mate[u] = v
                break


def maximum_matching(n: int, ok: Callable[[int, int], bool], mate: list[int] | None = None) -> list[int]:
    """A maximum matching of the implicit graph on ``0..n-1`` (greedy start, then augmenting paths)."""
    if mate is None:
        mate = [-1] * n
        greedy_extend(range(n), ok, mate)
    augment_from([v for v in range(n) if mate[v] == -1], n, ok, mate)
    return mate
