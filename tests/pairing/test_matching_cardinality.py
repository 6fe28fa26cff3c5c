"""The warm-started maximum-cardinality matching under the Dutch C4/C5 checks, against exhaustive
search on small graphs."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine.matching import augment_from, free_alternatives, greedy_extend, maximum_matching

Edges = set[frozenset[int]]


def matchings(vertices: tuple[int, ...], edges: Edges) -> list[list[frozenset[int]]]:
    """Every matching of the graph, by trying them all."""
    if not vertices:
        return [[]]
    first, rest = vertices[0], vertices[1:]
    found = matchings(rest, edges)  # ``first`` stays unmatched
    for k, other in enumerate(rest):
        if frozenset((first, other)) in edges:
            found += [[frozenset((first, other)), *m] for m in matchings(rest[:k] + rest[k + 1 :], edges)]
    return found


def largest(n: int, edges: Edges) -> int:
    return max(len(m) for m in matchings(tuple(range(n)), edges))


def size_of(mate: list[int], edges: Edges) -> int:
    for v, u in enumerate(mate):
        if u != -1:
            assert mate[u] == v, "the matching must be symmetric"
            assert frozenset((v, u)) in edges, "only edges can be matched"
    return sum(1 for v, u in enumerate(mate) if u > v)


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, Edges]:
    n = draw(st.integers(0, 9))
    density = draw(st.sampled_from([0.2, 0.5, 0.9]))
    edges = {frozenset((i, j)) for i in range(n) for j in range(i + 1, n) if draw(st.floats(0, 1)) < density}
    return n, edges


@settings(max_examples=300, deadline=None)
@given(graphs())
def test_it_finds_a_maximum_matching(graph: tuple[int, Edges]) -> None:
    n, edges = graph

    def ok(a: int, b: int) -> bool:
        return frozenset((a, b)) in edges

    assert size_of(maximum_matching(n, ok), edges) == largest(n, edges)


@settings(max_examples=300, deadline=None)
@given(graphs(), st.randoms(use_true_random=False))
def test_a_warm_start_from_any_matching_still_reaches_the_maximum(graph: tuple[int, Edges], rng) -> None:
    """The C4 checks start from the matching of the players below a bracket and add players."""
    n, edges = graph

    def ok(a: int, b: int) -> bool:
        return frozenset((a, b)) in edges

    start = rng.choice(matchings(tuple(range(n)), edges))
    mate = [-1] * n
    for edge in start:
        a, b = sorted(edge)
        mate[a], mate[b] = b, a
    greedy_extend(range(n), ok, mate)
    augment_from([v for v in range(n) if mate[v] == -1], n, ok, mate)
    assert size_of(mate, edges) == largest(n, edges)


@settings(max_examples=300, deadline=None)
@given(graphs())
def test_free_alternatives_are_the_vertices_some_maximum_matching_leaves_free(
    graph: tuple[int, Edges],
) -> None:
    """Gallai-Edmonds: with one vertex left free, the others a maximum matching can leave free
    instead (one downfloater completes exactly when it can meet one of them)."""
    n, edges = graph

    def ok(a: int, b: int) -> bool:
        return frozenset((a, b)) in edges

    mate = maximum_matching(n, ok)
    free = [v for v in range(n) if mate[v] == -1]
    if len(free) != 1:
        return
    best = largest(n, edges)
    expected = {
        v for m in matchings(tuple(range(n)), edges) if len(m) == best for v in set(range(n)).difference(*m)
    }
    assert set(free_alternatives(free[0], n, ok, list(mate), list(range(n))) or []) == expected
