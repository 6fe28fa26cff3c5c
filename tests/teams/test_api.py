"""The team competitions' REST API: who may read and write (the team pages' people; a deputy of
another section gets 404), teams in board order, rounds with their boards, result entry with the
board's version, lineups by staff, and the standings the public pages show."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.authtoken.models import Token

from teams import selectors, services
from teams.models import BoardGame, Lineup, TeamRound
from tournaments.models import AuditLog, TournamentRole
from tournaments.services.events import section_add

from .conftest import add_teams, play_round

pytestmark = pytest.mark.django_db


def api(user=None) -> Client:
    client = Client(raise_request_exception=False)
    if user is not None:
        client.defaults["HTTP_AUTHORIZATION"] = f"Token {Token.objects.get_or_create(user=user)[0].key}"
    return client


def put(client: Client, url: str, data: dict):
    return client.put(url, json.dumps(data), content_type="application/json")


@pytest.fixture
def paired(competition, organiser):
    teams = add_teams(competition, organiser, 4)
    rnd = services.round_pair(competition=competition, user=organiser)
    return competition, teams, rnd


def _base(competition) -> str:
    return f"/api/teams/{competition.pk}/"


def _board_url(competition, rnd=1, match=1, board=1) -> str:
    return f"{_base(competition)}rounds/{rnd}/matches/{match}/boards/{board}/"


@pytest.fixture
def deputy(event, organiser):
    """A deputy arbiter of another section of the same event."""
    section = section_add(event=event, user=organiser, name="Open", rounds_planned=3)
    user = get_user_model().objects.create_user("dora", password="deputy-pass-1")
    TournamentRole.objects.create(tournament=section, user=user, role=TournamentRole.Role.ARBITER)
    return user


def test_the_event_staff_list_and_read_the_competition(paired, organiser, arbiter):
    competition, _teams, _rnd = paired
    for user in (organiser, arbiter):
        listed = api(user).get("/api/teams/")
        assert listed.status_code == 200 and [c["id"] for c in listed.json()] == [competition.pk]
        assert listed["X-Total-Count"] == "1"
        detail = api(user).get(_base(competition)).json()
        assert detail["name"] == "Team Swiss" and detail["boards"] == 4 and detail["rounds_paired"] == 1
        assert detail["public_token"] == competition.public_token
        assert detail["acceleration"] == competition.acceleration == "none"  # the settings form's too


def test_others_see_nothing_and_change_nothing(paired, stranger, deputy):
    competition, teams, _rnd = paired
    assert api().get("/api/teams/").status_code == 401
    assert api().get(_base(competition)).status_code == 401
    before = list(BoardGame.objects.values_list("result", "version", "home_player"))
    audit = AuditLog.objects.count()
    for user in (stranger, deputy):
        client = api(user)
        assert client.get("/api/teams/").json() == []
        for path in ("", "teams/", "rounds/", "rounds/1/", "standings/", "rounds/1/matches/1/boards/1/"):
            assert client.get(_base(competition) + path).status_code == 404, (user, path)
        assert put(client, _board_url(competition), {"result": "1-0", "version": 0}).status_code == 404
        lineup = f"{_base(competition)}rounds/1/lineups/{teams[0].pk}/"
        assert put(client, lineup, {"players": []}).status_code == 404
    assert list(BoardGame.objects.values_list("result", "version", "home_player")) == before
    assert AuditLog.objects.count() == audit


def test_teams_come_with_their_players_in_board_order(paired, organiser):
    competition, teams, _rnd = paired
    data = api(organiser).get(_base(competition) + "teams/").json()
    assert [t["tpn"] for t in data] == [1, 2, 3, 4]
    first = data[0]
    assert first["name"] == "Team 1" and [p["order"] for p in first["players"]] == [1, 2, 3, 4, 5]
    assert [p["reserve"] for p in first["players"]] == [False, False, False, False, True]
    assert first["players"][0]["name"] == "T1 P1"


def test_a_round_shows_each_match_board_by_board(paired, organiser):
    competition, _teams, rnd = paired
    client = api(organiser)
    rounds = client.get(_base(competition) + "rounds/").json()
    assert rounds == [{"number": 1, "status": "draft", "bye_team": None, "lineup_deadline": None}]
    detail = client.get(_base(competition) + "rounds/1/").json()
    assert len(detail["matches"]) == 2
    match = detail["matches"][0]
    assert [b["board"] for b in match["boards"]] == [1, 2, 3, 4]
    assert [b["home_white"] for b in match["boards"]] == [True, False, True, False]
    assert all(b["version"] == 0 and b["result"] == "" for b in match["boards"])
    assert match["boards"][0]["home_player"]["name"].endswith("P1")
    assert client.get(_base(competition) + "rounds/2/").status_code == 404


def test_a_result_needs_the_version_seen(paired, organiser, arbiter):
    competition, _teams, rnd = paired
    client = api(arbiter)
    url = _board_url(competition)
    refused = put(client, url, {"result": "1-0", "version": 0})
    assert refused.status_code == 409 and "Publish" in refused.json()["detail"]  # a draft
    services.round_publish(team_round=rnd, user=organiser)
    saved = put(client, url, {"result": "1-0", "version": 0})
    assert saved.status_code == 200, saved.content
    assert saved.json()["result"] == "1-0" and saved.json()["version"] == 1
    assert AuditLog.objects.filter(user=arbiter, action="team_board_result").count() == 1
    # Sent twice (a retry): accepted, nothing more written.
    assert put(client, url, {"result": "1-0", "version": 0}).json()["version"] == 1
    # Someone else's change came first: refused, nothing changed.
    stale = put(client, url, {"result": "0-1", "version": 0})
    assert stale.status_code == 409 and stale.json()["detail"]
    assert "errors" in stale.json()
    game = BoardGame.objects.get(match__round=rnd, match__number=1, board=1)
    assert (game.result, game.version) == ("1-0", 1)
    # The arbiter's page changes the same version.
    services.board_result_set(game=game, result="1/2", user=organiser)
    assert put(client, url, {"result": "0-1", "version": 1}).status_code == 409
    assert put(client, url, {"result": "0-1", "version": 2}).json()["result"] == "0-1"


def test_bad_result_input_is_a_400_and_unknown_boards_404(paired, organiser):
    competition, _teams, rnd = paired
    services.round_publish(team_round=rnd, user=organiser)
    client = api(organiser)
    for body in ({"result": "2-0", "version": 0}, {"result": "1-0"}, {"result": "1-0", "version": -1}, {}):
        response = put(client, _board_url(competition), body)
        assert response.status_code == 400, body
        assert set(response.json()) & {"result", "version"}  # DRF's field errors, as the staff API's
    assert put(client, _board_url(competition, board=5), {"result": "1-0", "version": 0}).status_code == 404
    assert put(client, _board_url(competition, match=9), {"result": "1-0", "version": 0}).status_code == 404
    assert not BoardGame.objects.exclude(result="").exists()


def test_a_whole_match_forfeit_moves_the_versions_on(paired, organiser):
    competition, _teams, rnd = paired
    services.round_publish(team_round=rnd, user=organiser)
    match = rnd.matches.get(number=1)
    services.match_forfeit_set(match=match, forfeit="+-", user=organiser)
    assert set(match.boards.values_list("version", flat=True)) == {1}
    response = put(api(organiser), _board_url(competition), {"result": "1-0", "version": 1})
    assert response.status_code == 409 and "forfeit" in response.json()["detail"]


def test_staff_set_a_lineup_under_the_board_order_rule(paired, organiser):
    competition, teams, rnd = paired
    team = teams[0]
    players = list(team.players.order_by("order"))
    client = api(organiser)
    url = f"{_base(competition)}rounds/1/lineups/{team.pk}/"
    assert client.get(url).json()["players"] == [p.pk for p in players[:4]]
    wrong = put(client, url, {"players": [players[1].pk, players[0].pk]})
    assert wrong.status_code == 400 and wrong.json()["errors"]["lineup"]
    assert not Lineup.objects.exists()
    ids = [players[0].pk, players[1].pk, players[2].pk, players[4].pk]  # the reserve on board 4
    saved = put(client, url, {"players": ids})
    assert saved.status_code == 200 and saved.json()["players"] == ids
    lineup = Lineup.objects.get(team=team, round=rnd)
    assert lineup.player_ids == ids and not lineup.set_by_captain
    match = selectors.match_of(team, rnd)
    side = "home_player_id" if match.home_id == team.pk else "away_player_id"
    assert [getattr(g, side) for g in match.boards.order_by("board")] == ids
    other = put(client, url, {"players": [9999]})
    assert other.status_code == 400
    assert put(client, f"{_base(competition)}rounds/1/lineups/999999/", {"players": []}).status_code == 404
    # Once the match has a result the lineup stays.
    services.round_publish(team_round=rnd, user=organiser)
    services.board_result_set(game=match.boards.get(board=1), result="1-0", user=organiser)
    assert put(client, url, {"players": ids[:3]}).status_code == 409
    assert Lineup.objects.get(team=team, round=rnd).player_ids == ids


def test_the_standings_are_the_public_pages(competition, organiser):
    add_teams(competition, organiser, 6)
    for _ in range(3):
        play_round(services.round_pair(competition=competition, user=organiser), organiser)
    data = api(organiser).get(_base(competition) + "standings/").json()
    codes, rows, played = selectors.standings(competition)
    assert data["rounds_counted"] == played == 3 and data["tiebreaks"] == codes
    assert [(r["rank"], r["team"]["tpn"], r["match_points"], r["game_points"]) for r in data["rows"]] == [
        (r.rank, r.team.tpn, r.match_points, r.game_points) for r in rows
    ]
    assert [[t["value"] for t in r["tiebreaks"]] for r in data["rows"]] == [r.values for r in rows]
    assert [t["code"] for t in data["rows"][0]["tiebreaks"]] == codes
    rounds = api(organiser).get(_base(competition) + "rounds/").json()
    assert [r["status"] for r in rounds] == ["published"] * 3
    assert TeamRound.objects.filter(competition=competition).count() == 3


def test_the_schema_lists_the_team_endpoints(client):
    paths = client.get("/api/schema/", {"format": "json"}).json()["paths"]
    board = "/api/teams/{competition_id}/rounds/{number}/matches/{match}/boards/{board}/"
    assert board in paths and {"200", "400", "404", "409"} <= set(paths[board]["put"]["responses"])
    for path in (
        "/api/teams/",
        "/api/teams/{competition_id}/",
        "/api/teams/{competition_id}/teams/",
        "/api/teams/{competition_id}/rounds/{number}/",
        "/api/teams/{competition_id}/rounds/{number}/lineups/{team_id}/",
        "/api/teams/{competition_id}/standings/",
    ):
        assert path in paths, path
