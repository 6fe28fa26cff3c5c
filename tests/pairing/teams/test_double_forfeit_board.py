"""A double forfeit on one board (both players absent): neither player scores. Before, the engine
kept only White's half-points and gave Black ``2 - 0``, a won game the match card never showed:
the away team's game points, its board ranking and the TRF file all counted a win."""

from __future__ import annotations

from dataclasses import replace

from pairing.engine.teams.boards import board_rankings
from pairing.engine.teams.event import BoardResult, MatchRecord, team_rounds
from pairing.engine.teams.trf import read_team_trf, write_team_trf

from .event_data import small_event

DOUBLE = BoardResult(0, forfeit=True, black_points=0)


def _with_double_forfeit():
    event = small_event()
    first = event.matches[0]  # round 1: team 1 (White on board 1) against team 3, 2-0 before
    changed = MatchRecord(first.round, first.white, first.black, (BoardResult(2), DOUBLE))
    return replace(event, matches=(changed, *event.matches[1:]))


def test_neither_team_scores_the_double_forfeited_board() -> None:
    match = _with_double_forfeit().matches[0]
    assert match.game_points(2) == (2, 0)  # board 1 won by team 1; board 2 nobody's
    assert DOUBLE.black == 0 and BoardResult(0).black == 2 and BoardResult(1).black == 1


def test_the_board_rankings_count_no_win_for_the_absent_black_player() -> None:
    rows = board_rankings(_with_double_forfeit())
    board2 = {r.player: r for r in rows[2]}
    # team 3's board-2 player (6): absent in round 1 (nothing), a win in round 2 (2 half-points);
    # before, round 1 counted as a forfeit win too (4)
    assert (board2[6].games, board2[6].points) == (2, 2)


def test_the_trf_writes_both_players_as_forfeit_losses_and_reads_them_back() -> None:
    event = _with_double_forfeit()
    text = write_team_trf(event)
    back = read_team_trf(text)
    assert team_rounds(back, 1) == team_rounds(event, 1)
    assert back.matches[0].boards[1] == DOUBLE or any(
        m.boards[1:] == (DOUBLE,) for m in back.matches if m.round == 1
    )
