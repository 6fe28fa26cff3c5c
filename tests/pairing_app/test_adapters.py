"""pairing.adapters: the one mapping between board results and the engine's result letters."""

from __future__ import annotations

import pytest

from pairing.engine.types import ResultCode as R
from tournaments.models import Board
from tournaments.records import board_result_codes, board_result_from_codes


@pytest.mark.parametrize(
    "result", [r for r in Board.Result.values if r not in (Board.Result.PENDING, Board.Result.UNPLAYED)]
)
def test_every_played_or_forfeited_result_maps_to_letters_and_back(result: str) -> None:
    codes = board_result_codes(result)
    assert codes is not None
    assert board_result_from_codes(*codes) == result


def test_results_without_a_game_have_no_letters() -> None:
    assert board_result_codes(Board.Result.PENDING) is None
    assert board_result_codes(Board.Result.UNPLAYED) is None


def test_games_of_less_than_one_move_read_as_ordinary_results_and_mismatches_as_nothing() -> None:
    assert board_result_from_codes(R.UNRATED_WIN, R.UNRATED_LOSS) == Board.Result.WHITE_WINS
    assert board_result_from_codes(R.UNRATED_DRAW, R.UNRATED_DRAW) == Board.Result.DRAW
    assert board_result_from_codes(R.UNRATED_LOSS, R.UNRATED_WIN) == Board.Result.BLACK_WINS
    assert board_result_from_codes(R.FORFEIT_LOSS, R.FORFEIT_LOSS) == Board.Result.DOUBLE_FORFEIT
    assert board_result_from_codes(R.WIN, R.WIN) is None
    assert board_result_from_codes(R.DRAW, R.WIN) is None
    assert board_result_from_codes(R.WIN, R.FORFEIT_LOSS) is None


def test_a_half_point_against_a_zero_is_a_result_of_its_own_both_ways() -> None:
    """Issue 34: the arbiter's unusual results ½-0 and 0-½ (TRF "=" against "0") are board results,
    so a file that holds one imports instead of being refused, and the app can enter one."""
    assert board_result_codes(Board.Result.WHITE_HALF_BLACK_ZERO) == (R.DRAW, R.LOSS)
    assert board_result_codes(Board.Result.WHITE_ZERO_BLACK_HALF) == (R.LOSS, R.DRAW)
    assert board_result_from_codes(R.DRAW, R.LOSS) == Board.Result.WHITE_HALF_BLACK_ZERO
    assert board_result_from_codes(R.LOSS, R.DRAW) == Board.Result.WHITE_ZERO_BLACK_HALF


def test_the_collector_is_paused_for_overlapping_blocks_and_back_on_after_the_last():
    import gc

    from core.collector import collector_paused

    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_the_collector_stays_off_after_a_pause_if_it_was_off_before():
    import gc

    from core.collector import collector_paused

    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
