"""The weighted blossom matching (least-bad pairing, Dutch exact bounds), against exhaustive search."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine.matching import max_weight_matching

Matrix = list[list[int | None]]


def best_by_brute_force(weights: Matrix) -> int:
    """The largest total weight of any matching, by trying them all."""
    n = len(weights)

    def search(free: tuple[int, ...]) -> int:
        if len(free) < 2:
            return 0
        first, rest = free[0], free[1:]
        best = search(rest)  # ``first`` stays unmatched
        for k, other in enumerate(rest):
            w = weights[first][other]
            if w is not None:
                best = max(best, w + search(rest[:k] + rest[k + 1 :]))
        return best

    return search(tuple(range(n)))


def total(weights: Matrix, mate: list[int]) -> int:
    for v, u in enumerate(mate):
        if u != -1:
            assert mate[u] == v, "the matching must be symmetric"
            assert weights[v][u] is not None, "only existing edges can be matched"
    return sum(weights[v][u] for v, u in enumerate(mate) if u > v)  # type: ignore[misc]


@st.composite
def graphs(draw: st.DrawFn) -> Matrix:
    n = draw(st.integers(0, 10))
    density = draw(st.sampled_from([0.3, 0.7, 1.0]))
    top = draw(st.sampled_from([1, 3, 12, 10**40]))
    weights: Matrix = [[None] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if draw(st.floats(0, 1)) < density:
                weights[i][j] = weights[j][i] = draw(st.integers(-top // 4, top))
    return weights


@settings(max_examples=400, deadline=None)
@given(graphs())
def test_it_finds_a_matching_of_maximum_weight(weights: Matrix) -> None:
    assert total(weights, max_weight_matching(weights)) == best_by_brute_force(weights)


def test_it_needs_blossoms_on_an_odd_cycle_with_a_tail() -> None:
    # A triangle 0-1-2 with pendant edges: the optimum uses 1-2 and both pendants 0-3, and 2 is
    # reached through the blossom.
    weights: Matrix = [[None] * 6 for _ in range(6)]

    def edge(a: int, b: int, w: int) -> None:
        weights[a][b] = weights[b][a] = w

    edge(0, 1, 8)
    edge(1, 2, 9)
    edge(0, 2, 10)
    edge(0, 3, 7)
    edge(2, 4, 5)
    edge(4, 5, 6)
    mate = max_weight_matching(weights)
    assert total(weights, mate) == best_by_brute_force(weights) == 7 + 9 + 6


def test_it_leaves_negative_edges_out() -> None:
    assert max_weight_matching([[None, -1], [-1, None]]) == [-1, -1]
    assert max_weight_matching([[None, 0], [0, None]]) in ([-1, -1], [1, 0])


def test_a_complete_graph_with_dominating_weights_is_matched_perfectly() -> None:
    n = 30
    big = 10**60
    weights: Matrix = [[None if i == j else big - (i * j) % 17 for j in range(n)] for i in range(n)]
    mate = max_weight_matching(weights)
    assert sorted(mate) == list(range(n))
