"""Lineups (the organiser's board-order rule) and board-by-board results for board prizes."""

from __future__ import annotations

from dataclasses import replace

from pairing.engine.teams.boards import board_rankings
from pairing.engine.teams.event import BoardResult, Lineup, MatchRecord, TeamEntry
from pairing.engine.teams.lineups import LineupRules, check_lineup, default_lineup

from .event_data import small_event

TEAM = TeamEntry(1, "Club", (11, 12, 13, 14, 15))


def test_the_default_lineup_is_the_list_order_without_the_absent() -> None:
    assert default_lineup(TEAM, 4) == (11, 12, 13, 14)
    assert default_lineup(TEAM, 4, unavailable={12}) == (11, 13, 14, 15)


def test_players_keep_the_list_order() -> None:
    assert check_lineup(TEAM, (11, 13, 14, 15), LineupRules(4)) == []
    problems = check_lineup(TEAM, (12, 11, 13, 14), LineupRules(4))
    assert problems == [
        "board 1: player 12 is placed above 11, listed ahead of them; the rules allow no team-mate"
    ]


def test_a_league_may_allow_a_small_move_up() -> None:
    assert check_lineup(TEAM, (12, 11, 13, 14), LineupRules(4, max_jump=1)) == []
    assert check_lineup(TEAM, (13, 11, 12, 14), LineupRules(4, max_jump=1))


def test_strangers_doubles_and_too_many_players_are_refused() -> None:
    assert check_lineup(TEAM, (11, 99), LineupRules(4)) == ["not on the team's list: 99"]
    assert check_lineup(TEAM, (11, 11), LineupRules(4)) == ["a player is on two boards"]
    assert check_lineup(TEAM, (11, 12, 13, 14, 15), LineupRules(4))[0] == "5 players for 4 boards"


def test_board_rankings_count_each_board_separately() -> None:
    rows = board_rankings(small_event())
    # team 1 (players 1, 2): board 1 won, drew, won; board 2 won, won, drew (half-points 2 + 1 + 2, 2 + 2 + 1)
    first = {r.player: r for r in rows[1]}
    assert (first[1].games, first[1].points) == (3, 5)
    second = {r.player: r for r in rows[2]}
    assert (second[2].games, second[2].points) == (3, 5)
    assert [r.player for r in rows[1]][0] == 1


def test_board_performance_uses_the_fide_dp_table() -> None:
    event = small_event()
    ratings = {p: 2000 for t in event.teams for p in t.players}
    rows = board_rankings(event, ratings=ratings, by="performance", min_games=3)
    best = rows[2][0]
    assert best.player == 2
    assert best.performance == 2000 + 273  # 2.5 / 3 = 0.83 -> dp 273


def test_a_lineup_with_a_reserve_puts_the_reserve_on_the_board() -> None:
    event = small_event()
    teams = tuple(replace(t, players=t.players + (100 + t.tpn,)) for t in event.teams)
    match = MatchRecord(1, 1, 3, (BoardResult(2), BoardResult(2)), white_lineup=Lineup((101, 1)))
    event = replace(event, teams=teams, matches=(match,), byes=())
    rows = board_rankings(event)
    assert [r.player for r in rows[1] if r.team == 1] == [101]
    assert [r.player for r in rows[2] if r.team == 1] == [1]
