"""Who may use the team pages: every write endpoint (and the staff reads) with anonymous users
(sent to log in), strangers (404), a deputy arbiter of one section (403) and the event's organiser
and chief arbiter (allowed). Listed in tests/security/test_authorization_matrix.py's NOT_IN_MATRIX."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from teams import services
from teams.models import BoardGame, Team, TeamRound
from tournaments.models import AuditLog, TournamentRole
from tournaments.services.events import section_add

from .conftest import add_teams

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(competition, organiser):
    add_teams(competition, organiser, 4)
    rnd = services.round_pair(competition=competition, user=organiser)
    match = rnd.matches.first()
    team = Team.objects.filter(competition=competition).first()
    return competition, rnd, match, team


def _writes(world):
    competition, rnd, match, team = world
    c = competition.pk
    return [
        (
            reverse("teams:new", args=[competition.event_id]),
            {
                "name": "X",
                "format": "swiss",
                "boards": 4,
                "rounds": 3,
                "scoring": "2-1-0",
                "primary": "MP",
                "colour_type": "A",
                "tiebreaks": "BH",
                "max_jump": 0,
            },
        ),
        (reverse("teams:team_add", args=[c]), {"name": "Late", "players": "A, 2000"}),
        (reverse("teams:captain_link", args=[c, team.pk]), {}),
        (reverse("teams:team_withdraw", args=[c, team.pk]), {"withdrawn": "1"}),
        (reverse("teams:pair", args=[c]), {}),
        (reverse("teams:publish", args=[c, rnd.number]), {}),
        (reverse("teams:deadline", args=[c, rnd.number]), {"deadline": "2030-01-01T10:00"}),
        (reverse("teams:round_delete", args=[c, rnd.number]), {}),
        (reverse("teams:lineup", args=[c, rnd.number, team.pk]), {"board_1": ""}),
        (reverse("teams:result", args=[c, match.pk, 1]), {"result": "1-0"}),
        (reverse("teams:forfeit", args=[c, match.pk]), {"forfeit": "+-"}),
    ]


def _reads(world):
    competition, rnd, match, team = world
    c = competition.pk
    return [
        reverse("teams:competition", args=[c]),
        reverse("teams:round", args=[c, rnd.number]),
        reverse("teams:match", args=[c, match.pk]),
        reverse("teams:lineup", args=[c, rnd.number, team.pk]),
    ]


def _snapshot():
    return (
        list(TeamRound.objects.values_list("pk", "lineup_deadline")),
        list(BoardGame.objects.values_list("result", "home_player", "away_player")),
        Team.objects.count(),
        list(Team.objects.values_list("captain_token_hash", "withdrawn")),
    )


def test_anonymous_users_are_sent_to_log_in(world):
    client = Client()
    for url, data in _writes(world):
        response = client.post(url, data)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"], url
    for url in _reads(world):
        assert "/accounts/login/" in client.get(url)["Location"]


def test_strangers_get_404_and_change_nothing(world, stranger):
    before = _snapshot()
    audit = AuditLog.objects.count()
    client = Client()
    client.force_login(stranger)
    for url, data in _writes(world):
        assert client.post(url, data).status_code == 404, url
    for url in _reads(world):
        assert client.get(url).status_code == 404, url
    assert _snapshot() == before and AuditLog.objects.count() == audit


def test_a_deputy_of_one_section_is_refused(world, organiser, event):
    section = section_add(event=event, user=organiser, name="Open", rounds_planned=3)
    deputy = get_user_model().objects.create_user("dora", password="deputy-pass-1")
    TournamentRole.objects.create(tournament=section, user=deputy, role=TournamentRole.Role.ARBITER)
    before = _snapshot()
    client = Client()
    client.force_login(deputy)
    for url, data in _writes(world):
        assert client.post(url, data).status_code == 403, url
    assert _snapshot() == before


@pytest.mark.parametrize("who", ["organiser", "arbiter"])
def test_event_staff_may_act(world, who, request):
    competition, rnd, match, team = world
    client = Client()
    client.force_login(request.getfixturevalue(who))
    for url in _reads(world):
        assert client.get(url).status_code == 200, url
    c = competition.pk
    assert client.post(reverse("teams:publish", args=[c, rnd.number])).status_code == 302
    assert client.post(reverse("teams:result", args=[c, match.pk, 1]), {"result": "1-0"}).status_code == 302
    assert BoardGame.objects.get(match=match, board=1).result == "1-0"
    assert client.post(reverse("teams:captain_link", args=[c, team.pk])).status_code == 302


def test_only_the_events_organisers_create_a_competition(world, arbiter):
    client = Client()
    client.force_login(arbiter)
    competition = world[0]
    assert client.post(_writes(world)[0][0], _writes(world)[0][1]).status_code == 403
    assert competition.event.team_competitions.count() == 1


def test_a_captains_link_sets_only_its_teams_lineup(world, organiser):
    competition, rnd, match, team = world
    token = services.captain_link_issue(team=team, user=organiser)
    players = list(team.players.order_by("order"))
    client = Client()
    url = reverse("teams:captain", args=[token])
    assert client.get(url).status_code == 200
    data = {f"board_{b}": str(players[b - 1].pk) for b in range(1, 5)}
    data["board_2"], data["board_1"] = str(players[0].pk), str(players[1].pk)  # out of order: refused
    response = client.post(url, data)
    assert response.status_code == 200 and b"lineup-problems" in response.content
    data = {
        "board_1": str(players[0].pk),
        "board_2": str(players[2].pk),
        "board_3": str(players[3].pk),
        "board_4": str(players[4].pk),
    }
    assert client.post(url, data).status_code == 302
    assert team.lineups.get(round=rnd).set_by_captain
    assert client.get(reverse("teams:captain", args=["guessed-token"])).status_code == 404
    services.captain_link_issue(team=team, user=organiser)
    assert client.get(url).status_code == 404  # the old link is revoked


def test_public_pages_show_only_published_rounds(world, organiser):
    competition, rnd, match, team = world
    client = Client()
    token = competition.public_token
    assert client.get(reverse("teams:public", args=[token])).status_code == 200
    assert client.get(reverse("teams:public_round", args=[token, 1])).status_code == 404
    services.round_publish(team_round=rnd, user=organiser)
    page = client.get(reverse("teams:public_round", args=[token, 1]))
    assert page.status_code == 200 and match.home.name.encode() in page.content
    assert client.get(reverse("teams:public_team", args=[token, team.pk])).status_code == 200
    assert client.get(reverse("teams:public_crosstable", args=[token])).status_code == 200
    boards = client.get(reverse("teams:public_boards", args=[token]))
    assert boards.status_code == 200 and b'id="board-ranking-4"' in boards.content
    assert client.post(reverse("teams:public", args=[token])).status_code == 405
    assert client.get(reverse("teams:public", args=["nope"])).status_code == 404
