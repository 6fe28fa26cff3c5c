"""The TRF-2026 team file: the engine reads back what the app writes, with the players' names."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from pairing.engine.teams import read_team_trf, team_standings
from teams import adapters, exchange, services

from .conftest import play_round

pytestmark = pytest.mark.django_db


def test_the_trf_reads_back_into_the_same_standings(competition, eight_teams, organiser):
    for _ in range(3):
        play_round(services.round_pair(competition=competition, user=organiser), organiser)
    text = exchange.team_trf(competition)
    assert "T1 P1" in text and "310   1 Team 1" in text
    back = read_team_trf(text)
    ours = team_standings(adapters.team_event(competition), ["EMGSB", "BH"])
    theirs = team_standings(back, ["EMGSB", "BH"])
    assert [(r.tpn, r.match_points, r.game_points, r.values) for r in ours] == [
        (r.tpn, r.match_points, r.game_points, r.values) for r in theirs
    ]


def test_the_trf_is_for_the_competitions_staff(competition, eight_teams, organiser, stranger):
    client = Client()
    url = reverse("teams:trf", args=[competition.pk])
    client.force_login(stranger)
    assert client.get(url).status_code == 404
    client.force_login(organiser)
    response = client.get(url)
    assert response.status_code == 200 and b"012 Team Swiss" in response.content


def test_a_team_short_of_players_forfeits_its_empty_board_and_files_still_work(competition, organiser):
    from teams import selectors
    from teams.models import BoardGame

    from .conftest import add_teams

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
        if game.home_player_id is None or game.away_player_id is None:
            result = (
                ("-+" if game.home_white else "+-")
                if game.home_player_id is None
                else ("+-" if game.home_white else "-+")
            )
        else:
            result = "1/2"
        services.board_result_set(game=game, result=result, user=organiser)
    assert any(len(rows) for _board, rows in selectors.board_tables(competition))
    assert "Three" in exchange.team_trf(competition)
    _codes, rows, played = selectors.standings(competition)
    assert played == 1


def test_the_json_backup_holds_every_board_and_no_captains_link(
    competition, eight_teams, organiser, stranger
):
    play_round(services.round_pair(competition=competition, user=organiser), organiser)
    services.captain_link_issue(team=eight_teams[0], user=organiser)
    client = Client()
    url = reverse("teams:backup", args=[competition.pk])
    client.force_login(stranger)
    assert client.get(url).status_code == 404
    client.force_login(organiser)
    data = client.get(url).json()
    assert data["competition"]["boards"] == 4 and len(data["teams"]) == 8
    assert sum(len(m["boards"]) for m in data["rounds"][0]["matches"]) == 16
    assert all(b["result"] for m in data["rounds"][0]["matches"] for b in m["boards"])
    assert "captain" not in str(data)
