"""Who can do what through the reporting endpoints.

Players have no login: their personal link is the key. The matrix: a player reaches only their own
board; a revoked, re-issued or guessed link gets the same 404 and changes nothing; a finished round
is refused with a message; posts need the CSRF token. Staff pages answer like every staff page
(tournaments.permissions): anonymous -> login, other tournaments' staff -> 404, arbiters -> 403 on
organiser-only pages. The staff write endpoints are also rows of tests/security/test_authorization_matrix.py.
"""

from __future__ import annotations

import secrets

import pytest
from django.test import Client

from reports.models import ResultReport
from reports.services.links import reporting_link_issue, reporting_link_revoke
from reports.services.player import report_submit
from tournaments.models import AuditLog, Board, Round

pytestmark = pytest.mark.django_db

PLAYER_POSTS = ("report", "confirm", "dispute")


def state(night) -> tuple:
    return (
        tuple(ResultReport.objects.order_by("pk").values_list("pk", "status", "result")),
        tuple(Board.objects.order_by("pk").values_list("pk", "result", "version")),
        AuditLog.objects.count(),
    )


def test_a_player_sees_their_own_board(night, client):
    board = night.board(2)
    response = client.get(night.url(board.black))
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    page = response.content.decode()
    assert "Board 2" in page and board.white.name in page and "I won (0-1)" in page


@pytest.mark.parametrize("action", PLAYER_POSTS)
def test_a_player_cannot_act_on_another_board(night, client, action):
    mine, theirs = night.board(1), night.board(2)
    report_submit(participant=theirs.white, board_id=theirs.pk, result="1-0")
    before = state(night)
    response = client.post(night.url(mine.white, action), {"board": theirs.pk, "result": "1-0"})
    assert response.status_code == 403
    assert "only report the result of your own game" in response.content.decode()
    assert state(night) == before


@pytest.mark.parametrize("action", ["", *PLAYER_POSTS])
def test_a_revoked_link_stops_working(night, client, organiser, action):
    board = night.board(1)
    url = night.url(board.white, action)
    reporting_link_revoke(participant=board.white, user=organiser)
    before = state(night)
    response = client.get(url) if not action else client.post(url, {"board": board.pk, "result": "1-0"})
    assert response.status_code == 404
    assert board.white.name not in response.content.decode()
    assert state(night) == before


def test_a_reissued_link_replaces_the_old_one(night, client, organiser):
    board = night.board(1)
    old = night.url(board.white)
    new = reporting_link_issue(participant=board.white, user=organiser).token
    assert client.get(old).status_code == 404
    assert client.get(f"/r/{new}/").status_code == 200


@pytest.mark.parametrize("action", ["", *PLAYER_POSTS])
@pytest.mark.parametrize(
    "token",
    [secrets.token_urlsafe(16), "public", "x" * 64],
    ids=["random", "word", "long"],
)
def test_a_guessed_token_gets_nothing(night, client, token, action):
    url = f"/r/{token}/" + (f"{action}/" if action else "")
    before = state(night)
    response = (
        client.get(url) if not action else client.post(url, {"board": night.board(1).pk, "result": "1-0"})
    )
    assert response.status_code == 404
    page = response.content.decode()
    assert not any(p.name in page for p in night.world.people)
    assert night.tournament.name not in page
    assert state(night) == before


def test_the_public_link_is_not_a_reporting_link(night, client):
    response = client.post(
        f"/r/{night.tournament.public_token}/report/", {"board": night.board(1).pk, "result": "1-0"}
    )
    assert response.status_code == 404 and not ResultReport.objects.exists()


def test_a_report_for_a_finished_round_is_refused_with_a_message(night, client):
    board = night.board(1)
    Board.objects.filter(round=night.world.round).update(result="1-0", version=1)
    Round.objects.filter(pk=night.world.round.pk).update(status=Round.Status.FINISHED)
    before = state(night)
    response = client.post(night.url(board.white, "report"), {"board": board.pk, "result": "1-0"})
    assert response.status_code == 400
    assert "Round 1 is finished" in response.content.decode()
    assert state(night) == before


def test_a_forfeit_cannot_be_reported(night, client):
    board = night.board(1)
    response = client.post(night.url(board.white, "report"), {"board": board.pk, "result": "+/-"})
    assert response.status_code == 400 and "decided by the arbiter" in response.content.decode()
    assert not ResultReport.objects.exists()


@pytest.mark.parametrize("action", PLAYER_POSTS)
def test_player_posts_need_the_csrf_token(night, action):
    board = night.board(1)
    client = Client(enforce_csrf_checks=True)
    before = state(night)
    response = client.post(night.url(board.white, action), {"board": board.pk, "result": "1-0"})
    assert response.status_code == 403 and state(night) == before


@pytest.mark.parametrize("action", ["", *PLAYER_POSTS])
def test_player_pages_do_not_take_other_methods(night, client, action):
    url = night.url(night.white(1), action)
    response = client.post(url) if not action else client.get(url)
    assert response.status_code == 405


def test_a_link_over_its_write_limit_gets_429_and_changes_nothing(night, client, settings):
    settings.REPORTS_RATE_LIMITS = {"read": 100, "write": 2}
    board = night.board(1)
    url = night.url(board.white, "report")
    for _ in range(2):
        assert client.post(url, {"board": board.pk, "result": "1-0"}).status_code == 302
    before = state(night)
    response = client.post(url, {"board": board.pk, "result": "1-0"})
    assert response.status_code == 429 and "Slow down" in response.content.decode()
    assert state(night) == before
    # The limit is the link's: the opponent's link still works.
    assert (
        client.post(night.url(board.black, "confirm"), {"board": board.pk, "result": "1-0"}).status_code
        == 302
    )


def test_a_link_over_its_read_limit_gets_429(night, client, settings):
    settings.REPORTS_RATE_LIMITS = {"read": 3, "write": 30}
    url = night.url(night.white(1))
    assert [client.get(url).status_code for _ in range(4)] == [200, 200, 200, 429]


# --- staff pages --------------------------------------------------------------------------------

STAFF_PAGES = {
    "overview": ("/reports/{t}/", "view"),
    "round": ("/reports/{t}/rounds/1/", "view"),
    "links": ("/reports/{t}/links/", "organise"),
}


@pytest.mark.parametrize("page", sorted(STAFF_PAGES))
@pytest.mark.parametrize("role", ["anonymous", "stranger", "arbiter", "organiser", "player"])
def test_staff_pages_answer_each_role_as_the_round_page_does(night, client, page, role, request):
    path, level = STAFF_PAGES[page]
    url = path.format(t=night.tournament.pk)
    if role == "player":
        # A player who opened their own link is still anonymous to the staff pages.
        assert client.get(night.url(night.white(1))).status_code == 200
    elif role != "anonymous":
        client.force_login(request.getfixturevalue(role))
    for headers in ({}, {"HX-Request": "true"}):
        response = client.get(url, headers=headers)
        if role in ("anonymous", "player"):
            assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
        elif role == "stranger":
            assert response.status_code == 404
        elif role == "arbiter" and level == "organise":
            assert response.status_code == 403
        else:
            assert response.status_code in (200, 302)
