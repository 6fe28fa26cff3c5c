"""Baku acceleration (C.04.7 §1): GA, the virtual-point schedule, late entries, scoring premise."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing.engine.baku import baku_accelerations, baku_plan, ga_size, virtual_points_by_round
from pairing.engine.errors import AccelerationNotApplicableError, InvalidRequestError, PairingError
from pairing.engine.trf import decode_trf, parse_trf
from pairing.engine.types import Scoring
from tests.corpus import CORPUS_SAMPLE

DATA = Path(__file__).parent / "data" / "trf"
CORPUS = CORPUS_SAMPLE / "baku"


@pytest.mark.parametrize(
    ("n", "size"), [(161, 82), (160, 80), (8, 4), (9, 6), (10, 6), (11, 6), (12, 6), (13, 8), (1, 2)]
)
def test_ga_is_the_first_half_rounded_up_to_an_even_number(n: int, size: int) -> None:
    assert ga_size(n) == size


def test_the_161_participant_example_splits_after_82() -> None:
    ids = list(range(1001, 1162))
    plan = baku_plan(ids, 9)
    assert len(plan.ga) == 82 and plan.last_ga == 1082
    assert plan.virtual_points[1082] == (2, 2, 2, 1, 1, 0, 0, 0, 0)
    assert plan.virtual_points[1083] == (0,) * 9


@pytest.mark.parametrize(
    ("rounds", "schedule"),
    [
        (9, (2, 2, 2, 1, 1, 0, 0, 0, 0)),  # the article's example: 5 accelerated, 3 at a win
        (11, (2, 2, 2, 1, 1, 1, 0, 0, 0, 0, 0)),
        (7, (2, 2, 1, 1, 0, 0, 0)),
        (5, (2, 2, 1, 0, 0)),
        (1, (2,)),
    ],
)
def test_the_schedule_gives_a_win_then_half_a_win_over_the_first_half_of_the_rounds(
    rounds: int, schedule: tuple
) -> None:
    assert virtual_points_by_round(rounds) == schedule


def test_match_points_2_1_0_give_two_then_one_virtual_match_point() -> None:
    # The article's 11-round team example, in half-points: 2 MP = 4, 1 MP = 2.
    assert virtual_points_by_round(11, Scoring(win=4, draw=2, loss=0)) == (4, 4, 4, 2, 2, 2, 0, 0, 0, 0, 0)


@pytest.mark.parametrize(
    "scoring", [Scoring(win=6, draw=2, loss=0), Scoring(win=2, draw=1, loss=1), Scoring(0, 0, 0)]
)
def test_a_point_system_without_win_equal_two_draws_and_loss_zero_is_refused(scoring: Scoring) -> None:
    with pytest.raises(AccelerationNotApplicableError, match="win worth two draws") as error:
        baku_accelerations([1, 2, 3, 4], 7, scoring)
    assert isinstance(error.value, PairingError)


def test_a_late_entry_ranked_above_the_last_ga_participant_joins_ga_which_becomes_odd() -> None:
    founders = list(range(1, 11))  # GA = 6 participants, closed by id 6
    assert baku_plan(founders, 9).last_ga == 6
    order = [1, 2, 99, 3, 4, 5, 6, 7, 8, 9, 10]
    plan = baku_plan(order, 9, joined={99: 3}, last_ga=6)
    assert plan.ga == (1, 2, 99, 3, 4, 5, 6) and len(plan.ga) % 2 == 1
    assert plan.virtual_points[99] == (0, 0, 2, 1, 1, 0, 0, 0, 0)  # nothing for the rounds they missed
    assert plan.virtual_points[6] == (2, 2, 2, 1, 1, 0, 0, 0, 0)
    assert plan.virtual_points[7] == (0,) * 9
    # Without the stored boundary, the round-1 participants still decide it.
    assert baku_plan(order, 9, joined={99: 3}).ga == plan.ga


def test_a_late_entry_ranked_below_the_last_ga_participant_joins_gb() -> None:
    order = [1, 2, 3, 4, 5, 6, 7, 99, 8, 9, 10]
    plan = baku_plan(order, 9, joined={99: 2}, last_ga=6)
    assert plan.ga == (1, 2, 3, 4, 5, 6)
    assert 99 not in baku_accelerations(order, 9, joined={99: 2}, last_ga=6)


def test_withdrawals_do_not_move_the_boundary() -> None:
    # Participant 3 withdrew and is no longer listed; GA still ends with 6.
    assert baku_plan([1, 2, 4, 5, 6, 7, 8, 9, 10], 9, last_ga=6).ga == (1, 2, 4, 5, 6)


def test_bad_input_is_refused() -> None:
    with pytest.raises(InvalidRequestError):
        baku_plan([1, 2, 3], 5, last_ga=4)
    with pytest.raises(InvalidRequestError):
        baku_plan([1, 1, 2], 5)
    with pytest.raises(InvalidRequestError):
        baku_plan([1, 2], 0)
    assert baku_plan([], 5).ga == ()
    assert baku_plan([7], 5).ga == (7,)


def reference_files() -> list[Path]:
    return sorted(DATA.glob("baku_*.trf")) + sorted(CORPUS.glob("*.trf"))


@pytest.mark.parametrize("path", reference_files(), ids=lambda p: p.name)
def test_it_computes_the_virtual_points_of_the_reference_tournaments(path: Path) -> None:
    t = parse_trf(decode_trf(path.read_bytes()))
    assert t.total_rounds is not None
    ids = sorted(p.id for p in t.players)
    assert baku_accelerations(ids, t.total_rounds, t.scoring) == {
        p.id: p.accelerations for p in t.players if p.accelerations
    }
