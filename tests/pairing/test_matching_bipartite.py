"""The bipartite matchings under the Dutch transposition search (Kuhn, and the incremental
assignment of the exact bounds), against exhaustive search."""

from __future__ import annotations

from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine.matching import Assignment, repair_after_fixing, saturating_matching

Matrix = list[list[int | None]]


def cheapest(cost: Matrix, rows: list[int], cols: list[int]) -> int | None:
    """The least total cost of giving each row its own column, by trying every order."""
    best = None
    for order in permutations(cols):
        total = 0
        for r, c in zip(rows, order, strict=True):
            w = cost[r][c]
            if w is None:
                break
            total += w
        else:
            best = total if best is None or total < best else best
    return best


square = st.integers(min_value=1, max_value=6).flatmap(
    lambda n: st.lists(
        st.lists(st.one_of(st.none(), st.integers(-30, 30)), min_size=n, max_size=n),
        min_size=n,
        max_size=n,
    )
)


@settings(max_examples=300, deadline=None)
@given(cost=square, picks=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=6))
def test_fixing_pairs_keeps_the_assignment_optimal(cost: Matrix, picks: list[tuple[int, int]]) -> None:
    n = len(cost)
    rows, cols = list(range(n)), list(range(n))
    state = Assignment.solve(cost)
    assert (state.total if state else None) == cheapest(cost, rows, cols)
    for pr, pc in picks:
        if state is None or not rows:
            break
        row, col = rows[pr % len(rows)], cols[pc % len(cols)]
        rows.remove(row)
        cols.remove(col)
        state = state.fix(row, col)
        expected = cheapest(cost, rows, cols) if cost[row][col] is not None else None
        assert (state.total if state else None) == expected
        if state is not None:
            assert sorted(state.col_of[r] for r in rows) == sorted(cols)


def test_a_sub_problem_can_be_solved_on_its_own() -> None:
    cost: Matrix = [[1, 5, None], [2, None, 4], [7, 3, 0]]
    full = Assignment.solve(cost)
    assert full is not None and full.total == 5 + 2 + 0  # not the greedy 1 + 4 + 3
    part = Assignment.solve(cost, rows=[0, 1], cols=[1, 2])
    assert part is not None and part.total == 5 + 4
    assert Assignment.solve(cost, rows=[1, 2], cols=[1, 2]) is not None
    assert Assignment.solve(cost, rows=[1], cols=[1]) is None  # row 1 may not take column 1


def saturates(s1: list[int], s2: list[int], edges: set[tuple[int, int]]) -> bool:
    """Can every S1 vertex get its own S2 vertex? By trying every order."""
    return any(
        all((x, y) in edges for x, y in zip(s1, order, strict=False)) for order in permutations(s2, len(s1))
    )


@st.composite
def bipartite_graphs(draw: st.DrawFn) -> tuple[list[int], list[int], set[tuple[int, int]]]:
    n1 = draw(st.integers(0, 5))
    n2 = draw(st.integers(n1, 6))
    s1, s2 = list(range(n1)), list(range(10, 10 + n2))
    density = draw(st.sampled_from([0.3, 0.6, 0.9]))
    edges = {(x, y) for x in s1 for y in s2 if draw(st.floats(0, 1)) < density}
    return s1, s2, edges


@settings(max_examples=300, deadline=None)
@given(bipartite_graphs())
def test_a_saturating_matching_is_found_exactly_when_one_exists(
    graph: tuple[list[int], list[int], set[tuple[int, int]]],
) -> None:
    s1, s2, edges = graph
    mate = saturating_matching(s1, s2, lambda x, y: (x, y) in edges)
    assert (mate is not None) == saturates(s1, s2, edges)
    if mate is not None:
        assert sorted(mate) == s1 and len(set(mate.values())) == len(s1)
        assert all((x, y) in edges for x, y in mate.items())


@settings(max_examples=300, deadline=None)
@given(bipartite_graphs(), st.integers(0, 5))
def test_fixing_a_pair_keeps_the_rest_saturated_exactly_when_it_can_be(
    graph: tuple[list[int], list[int], set[tuple[int, int]]], pick: int
) -> None:
    """The transposition search fixes S1[0] against some S2 vertex and asks about the rest."""
    s1, s2, edges = graph
    mate = saturating_matching(s1, s2, lambda x, y: (x, y) in edges)
    if mate is None or not s1:
        return
    x, y = s1[0], s2[pick % len(s2)]
    if (x, y) not in edges:
        return
    rest1, rest2 = s1[1:], [z for z in s2 if z != y]
    repaired = repair_after_fixing(mate, x, y, rest1, rest2, lambda a, b: (a, b) in edges)
    assert (repaired is not None) == saturates(rest1, rest2, edges)
    if repaired is not None:
        assert sorted(repaired) == rest1 and set(repaired.values()) <= set(rest2)
        assert len(set(repaired.values())) == len(rest1)
