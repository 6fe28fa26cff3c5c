"""TRF-2026 team records the export was missing: 300 (a lineup out of the 310 order, a reserve in,
an empty board), the team rank in 310, 062/082; and the engine's reader taking 300 back."""

from __future__ import annotations

import pytest

from pairing.engine.teams import read_team_trf, team_standings
from teams import adapters, exchange, services
from teams.models import BoardGame

from .conftest import add_teams, play_round

pytestmark = pytest.mark.django_db


def _same_standings(competition, text: str) -> None:
    codes = ["EMGSB", "BH"]
    ours = team_standings(adapters.team_event(competition), codes)
    theirs = team_standings(read_team_trf(text), codes)
    assert [(r.tpn, r.match_points, r.game_points, r.values) for r in ours] == [
        (r.tpn, r.match_points, r.game_points, r.values) for r in theirs
    ]


def test_a_lineup_out_of_the_list_order_is_record_300_and_reads_back(competition, organiser):
    competition.max_jump = 1
    competition.save(update_fields=["max_jump"])
    teams = add_teams(competition, organiser, 4)
    rnd = services.round_pair(competition=competition, user=organiser)
    p = list(teams[0].players.order_by("order"))
    # Board order 1, 3, 2 (one place up is allowed) and the reserve on board 4.
    services.lineup_set(
        team=teams[0], team_round=rnd, player_ids=[p[0].pk, p[2].pk, p[1].pk, p[4].pk], user=organiser
    )
    play_round(rnd, organiser)
    play_round(services.round_pair(competition=competition, user=organiser), organiser)
    text = exchange.team_trf(competition)
    records = [line for line in text.splitlines() if line.startswith("300")]
    match = (
        rnd.matches.get(home=teams[0])
        if rnd.matches.filter(home=teams[0]).exists()
        else rnd.matches.get(away=teams[0])
    )
    opponent = match.away if match.home_id == teams[0].pk else match.home
    # Players are numbered team by team in board order: team 1's are 1-5.
    assert records == [f"300   1   1 {opponent.tpn:3d}    1    3    2    5"]
    assert records[0][4:7] == "  1" and records[0][8:11] == "  1" and records[0][16:20] == "   1"
    back = read_team_trf(text)
    ours = [m for m in back.matches if m.round == 1 and 1 in (m.white, m.black)][0]
    lineup = ours.white_lineup if ours.white == 1 else ours.black_lineup
    assert lineup is not None and lineup.players == (1, 3, 2, 5)
    _same_standings(competition, text)


def test_an_empty_board_is_0000_in_record_300_and_its_forfeit_reads_back(competition, organiser):
    add_teams(competition, organiser, 3)
    services.team_create(
        competition=competition,
        user=organiser,
        name="Three",
        players=[("A", 1500, ""), ("B", 1400, ""), ("C", 1300, "")],
    )
    rnd = services.round_pair(competition=competition, user=organiser)
    services.round_publish(team_round=rnd, user=organiser)
    for game in BoardGame.objects.filter(match__round=rnd):
        if game.home_player_id is None:
            result = "-+" if game.home_white else "+-"
        elif game.away_player_id is None:
            result = "+-" if game.home_white else "-+"
        else:
            result = ("1-0", "1/2", "0-1")[game.board % 3]
        services.board_result_set(game=game, result=result, user=organiser)
    text = exchange.team_trf(competition)
    records = [line for line in text.splitlines() if line.startswith("300")]
    assert len(records) == 1 and records[0].endswith("0000") and records[0][8:11] == "  4"
    _same_standings(competition, text)


def test_team_records_carry_the_rank_and_the_counts(competition, organiser):
    add_teams(competition, organiser, 6)
    for _ in range(2):
        play_round(services.round_pair(competition=competition, user=organiser), organiser)
    lines = exchange.team_trf(competition).splitlines()
    assert "062 30" in lines and "082 6" in lines
    ranks = {int(line[4:7]): int(line[68:71]) for line in lines if line.startswith("310")}
    expected = {
        r.tpn: r.rank
        for r in team_standings(adapters.team_event(competition), competition.tiebreaks.split(","))
    }
    assert ranks == expected and sorted(ranks.values())[0] == 1
    assert not any(line.startswith("300") for line in lines)  # everyone in list order


def test_prohibited_pairings_are_record_260_and_the_pairing_keeps_them_apart():
    from dataclasses import replace

    from pairing.engine.teams import TeamEntry, TeamEvent, pair_team_round, team_swiss_request, write_team_trf

    teams = tuple(TeamEntry(t, f"Team {t}", (2 * t - 1, 2 * t)) for t in range(1, 7))
    event = TeamEvent("Forbidden", 5, 2, teams)
    free = pair_team_round(team_swiss_request(event, 1))
    assert {frozenset((m.white, m.black)) for m in free.matches} >= {frozenset((1, 4))}  # as it would
    event = replace(event, forbidden=((1, 2, (1, 4)),))
    text = write_team_trf(event)
    assert "260   1   2    1    4" in text.splitlines()
    back = read_team_trf(text)
    assert back.forbidden == ((1, 2, (1, 4)),)
    assert team_swiss_request(back, 2).forbidden_pairs == {frozenset((1, 4))}
    assert team_swiss_request(back, 3).forbidden_pairs == frozenset()
    kept = pair_team_round(team_swiss_request(back, 1))
    assert frozenset((1, 4)) not in {frozenset((m.white, m.black)) for m in kept.matches}
