"""The table of criteria C1-C21 and the failure vector built from it.

The search adds up cached per-pair and per-floater failures (``FailureCosts``); the table says what
each criterion counts, in the words of the article (``evaluate``). On candidates of rounds from
random events the two must give the same vector.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine.dutch import pair_round
from pairing.engine.dutch.completion import RoundField, scoregroups
from pairing.engine.dutch.criteria import CRITERIA, QUALITY, Candidate, Kind, Layout, Width, evaluate
from pairing.engine.dutch.failures import FailureCosts, add
from pairing.engine.dutch.floaters import FloaterCosts
from pairing.engine.errors import NoValidPairingError
from pairing.engine.players import build_states
from pairing.engine.types import Colour, PairingRequest, Participant, ResultCode, RoundRecord

R = ResultCode


def test_the_table_lists_c1_to_c21_in_order_with_article_and_name() -> None:
    assert [c.code for c in CRITERIA] == [f"C{k}" for k in range(1, 22)]
    assert [c.kind for c in CRITERIA[:5]] == [Kind.ABSOLUTE] * 3 + [Kind.COMPLETION] * 2
    assert all(c.name for c in CRITERIA)
    assert [c.code for c in QUALITY] == [f"C{k}" for k in range(6, 22)]


def test_each_row_cites_its_paragraph_and_carries_the_function_that_cites_it() -> None:
    # Art. 2.1 absolute criteria, 2.2 completion, 2.3 the PAB criterion, 2.4 quality criteria
    group = {"C1": "2.1", "C2": "2.1", "C3": "2.1", "C4": "2.2", "C5": "2.3"}
    for c in CRITERIA:
        assert c.article == f"C.04.3 Art. {group.get(c.code, '2.4')} [{c.code}]"
    for c in QUALITY:
        functions = [f for f in (c.player, c.score, c.floaters) if f is not None]
        assert len(functions) == 1 and c.width is not None, c.code
        (function,) = functions
        assert function.__name__ == c.code.lower()
        assert function.__doc__ is not None and function.__doc__.startswith(c.article + ":")


def test_the_layout_places_every_criterion_after_the_one_before() -> None:
    levels = 4
    at = Layout.of(levels)
    widths = {Width.ONE: 1, Width.LEVELS: levels, Width.ONE_AND_LEVELS: 1 + levels}
    position = 0
    for criterion in QUALITY:
        assert at.start(criterion) == position, criterion.code
        assert criterion.width is not None
        position += widths[criterion.width]
    assert at.size == position == 11 + 6 * levels
    # the positions of C19 at each score level belong to C19
    assert {at.criterion_at(at.c19 + k).code for k in range(levels)} == {"C19"}
    assert at.label(at.c12) == "C12 (colour preferences)"


def played_event(rng: random.Random, size: int, rounds: int, final: bool) -> PairingRequest:
    """The request for round ``rounds + 1`` after ``rounds`` rounds paired by the engine, with
    random results, forfeits, absences and byes (so floats, colour runs and topscorers occur)."""
    total = rounds + 1 if final else rounds + 3
    ids = list(range(1, size + 1))
    history: dict[int, list[RoundRecord]] = {i: [] for i in ids}

    def request(number: int, present: set[int]) -> PairingRequest:
        return PairingRequest(
            round_number=number,
            total_rounds=total,
            participants=tuple(
                Participant(i, i, name=f"P{i}", history=tuple(history[i]), available=i in present)
                for i in ids
            ),
            least_bad=True,
        )

    for number in range(1, rounds + 1):
        present = {i for i in ids if rng.random() > 0.1}
        result = pair_round(request(number, present))
        for board in result.boards:
            roll = rng.random()
            if roll < 0.08:
                white, black = R.FORFEIT_WIN, R.FORFEIT_LOSS
            else:
                white, black = rng.choice([(R.WIN, R.LOSS), (R.DRAW, R.DRAW), (R.LOSS, R.WIN)])
            history[board.white].append(RoundRecord(white, board.black, Colour.WHITE))
            history[board.black].append(RoundRecord(black, board.white, Colour.BLACK))
        if result.bye is not None:
            history[result.bye].append(RoundRecord(R.PAB))
        for i in ids:
            if i not in present:
                history[i].append(RoundRecord(rng.choice([R.HALF_BYE, R.ZERO_BYE])))
    return request(rounds + 1, {i for i in ids if rng.random() > 0.1})


@settings(max_examples=150, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.integers(4, 14),
    st.integers(1, 5),
    st.booleans(),
)
def test_the_fast_failure_vector_equals_the_criteria_one_by_one(
    rng: random.Random, size: int, rounds: int, final: bool
) -> None:
    try:
        req = played_event(rng, size, rounds, final)
    except NoValidPairingError:
        return
    players = build_states(req)
    if len(players) < 2:
        return
    field = RoundField(players, req.initial_colour)
    groups = scoregroups(players)
    try:
        field.prepare(groups)
    except NoValidPairingError:
        return
    costs = FailureCosts(field)
    for g in range(len(groups)):
        # a bracket of this scoregroup with the one above as MDPs, so pairs mix scores
        bracket = (groups[g - 1] if g else []) + groups[g]
        next_group = groups[g + 1] if g + 1 < len(groups) else []
        floater_costs = FloaterCosts(field, costs, g, next_group)
        for _ in range(3):
            order = list(bracket)
            rng.shuffle(order)
            pair_count = rng.randint(0, len(order) // 2)
            pairs = [(order[2 * k], order[2 * k + 1]) for k in range(pair_count)]
            floaters = order[2 * pair_count :]
            next_bracket = floater_costs.next_bracket(floaters)
            fast = list(next_bracket)
            for a, b in pairs:
                fast = add(fast, costs.pair(a, b))
            for x in floaters:
                fast = add(fast, costs.floater(x))
            plain = evaluate(Candidate(field, pairs, floaters, next_bracket), costs.layout)
            differ = [
                costs.layout.label(k) for k, (f, p) in enumerate(zip(fast, plain, strict=True)) if f != p
            ]
            assert fast == plain, differ
