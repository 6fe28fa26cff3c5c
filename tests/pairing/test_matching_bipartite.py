"""The incremental assignment under the Dutch engine's exact bounds, against exhaustive search."""

from __future__ import annotations

from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine.matching import Assignment

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
