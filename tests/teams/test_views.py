"""The team match page's result entry (the keys' htmx answer: the board's row and, out of band, the
match's score and status; the plain form post without JavaScript) and the event's pages listing the
event's team competitions (the staff page's table, the public page's entries) through their hooks."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from teams import services
from teams.models import BoardGame, TeamCompetition
from tournaments.models import AuditLog

from .conftest import add_teams

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def match(competition, organiser):
    add_teams(competition, organiser, 4)
    rnd = services.round_pair(competition=competition, user=organiser)
    services.round_publish(team_round=rnd, user=organiser)
    return rnd.matches.order_by("number").first()


def _result_url(match, board):
    return reverse("teams:result", args=[match.round.competition_id, match.pk, board])


def _logged_in(user):
    client = Client()
    client.force_login(user)
    return client


def test_the_match_page_offers_each_board_to_htmx_and_to_a_plain_post(match, arbiter):
    page = _logged_in(arbiter).get(reverse("teams:match", args=[match.round.competition_id, match.pk]))
    html = page.content.decode()
    for board in range(1, 5):
        url = _result_url(match, board)
        assert f'<form method="post" action="{url}"' in html
        assert f'hx-post="{url}" hx-target="#board-{board}" hx-swap="outerHTML"' in html
    assert 'data-board="1" data-result=""' in html
    assert "js/teams.js" in html


def test_an_htmx_result_answers_the_boards_row_and_the_match_score_out_of_band(match, arbiter):
    client = _logged_in(arbiter)
    answer = client.post(_result_url(match, 2), {"result": "1/2"}, **HTMX)
    assert answer.status_code == 200 and answer["X-Result-Status"] == "200"
    html = answer.content.decode()
    assert '<tr id="board-2"' in html and 'data-result="1/2"' in html and "<html" not in html
    assert 'id="board-1"' not in html  # the one row, not the table
    assert 'id="match-score" hx-swap-oob="true">½ – ½<' in html
    assert 'id="match-status" hx-swap-oob="true"' in html and "Complete" not in html
    assert BoardGame.objects.get(match=match, board=2).result == "1/2"
    for board, result in ((1, "1-0"), (3, "0-1")):
        client.post(_result_url(match, board), {"result": result}, **HTMX)
    last = client.post(_result_url(match, 4), {"result": "+-"}, **HTMX).content.decode()
    assert "Complete: every board has a result." in last


def test_an_htmx_result_refused_travels_in_the_row_and_changes_nothing(competition, organiser, arbiter):
    add_teams(competition, organiser, 4)
    rnd = services.round_pair(competition=competition, user=organiser)  # a draft: not published
    match = rnd.matches.first()
    audit = AuditLog.objects.count()
    answer = _logged_in(arbiter).post(_result_url(match, 1), {"result": "1-0"}, **HTMX)
    assert answer.status_code == 200 and answer["X-Result-Status"] == "400"
    html = answer.content.decode()
    assert 'role="alert">Publish the round before entering results.<' in html
    assert 'data-result=""' in html
    assert BoardGame.objects.get(match=match, board=1).result == ""
    assert AuditLog.objects.count() == audit


def test_an_unknown_result_is_refused_in_the_row(match, arbiter):
    html = _logged_in(arbiter).post(_result_url(match, 1), {"result": "2-0"}, **HTMX).content.decode()
    assert "Unknown result." in html
    assert BoardGame.objects.get(match=match, board=1).result == ""


def test_without_javascript_the_post_comes_back_to_the_next_open_board(match, arbiter):
    client = _logged_in(arbiter)
    page = reverse("teams:match", args=[match.round.competition_id, match.pk])
    assert client.post(_result_url(match, 2), {"result": "1-0"})["Location"] == f"{page}?board=3"
    # Board 1 next: board 2 has its result, so the keyboard goes on to board 3.
    assert client.post(_result_url(match, 1), {"result": "0-1"})["Location"] == f"{page}?board=3"
    client.post(_result_url(match, 3), {"result": "1/2"})
    # The last open board done: the page, with no board to go on to.
    assert client.post(_result_url(match, 4), {"result": "1/2"})["Location"] == page
    assert [g.result for g in match.boards.order_by("board")] == ["0-1", "1-0", "1/2", "1/2"]


def test_without_javascript_a_refused_result_is_a_page_message(match, arbiter):
    client = _logged_in(arbiter)
    page = reverse("teams:match", args=[match.round.competition_id, match.pk])
    response = client.post(_result_url(match, 3), {"result": "nonsense"}, follow=True)
    assert response.redirect_chain[-1][0] == f"{page}?board=3"
    assert "Unknown result." in response.content.decode()
    assert BoardGame.objects.get(match=match, board=3).result == ""


def test_the_staff_event_page_lists_the_team_competitions(competition, organiser, arbiter):
    add_teams(competition, organiser, 4)
    other = services.competition_create(
        event=competition.event,
        user=organiser,
        name="Rapid league",
        format=TeamCompetition.Format.ROUND_ROBIN,
    )
    url = reverse("tournaments:event", kwargs={"event_id": competition.event_id})
    html = _logged_in(organiser).get(url).content.decode()
    assert 'id="team-competitions"' in html
    table = html.split('id="team-competitions"')[1].split("</table>")[0]
    assert f'<a href="{reverse("teams:competition", args=[competition.pk])}">Team Swiss</a>' in table
    assert f'<a href="{reverse("teams:competition", args=[other.pk])}">Rapid league</a>' in table
    assert "4 teams" in table and "0 teams" in table and "not started" in table
    assert 'id="team-competitions-add"' in html
    services.round_pair(competition=competition, user=organiser)
    # The chief arbiter sees the table (round 1 of 5 now) but not the organisers' button.
    html = _logged_in(arbiter).get(url).content.decode()
    assert "round 1 of 5" in html.split('id="team-competitions"')[1].split("</table>")[0]
    assert 'id="team-competitions-add"' not in html


def test_the_staff_event_page_without_a_team_competition_says_so(event, organiser):
    url = reverse("tournaments:event", kwargs={"event_id": event.pk})
    html = _logged_in(organiser).get(url).content.decode()
    assert "No team competition yet." in html and 'id="team-competitions-add"' in html


def test_the_public_event_page_links_each_team_competition(competition, organiser):
    add_teams(competition, organiser, 4)
    url = reverse("public:event", kwargs={"token": competition.event.public_token})
    html = Client().get(url).content.decode()
    public = reverse("teams:public", args=[competition.public_token])
    assert f'<a href="{public}">Team Swiss</a>' in html
    assert "No section yet." not in html
    assert "4 teams · not started" in html
    rnd = services.round_pair(competition=competition, user=organiser)
    assert "not started" in Client().get(url).content.decode()  # a draft is not public
    services.round_publish(team_round=rnd, user=organiser)
    assert "4 teams · round 1 of 5" in Client().get(url).content.decode()


def test_the_public_event_page_of_another_event_lists_none_of_them(competition, organiser):
    from tournaments.services.events import event_create

    elsewhere = event_create(user=organiser, name="Another weekend")
    html = Client().get(reverse("public:event", kwargs={"token": elsewhere.public_token})).content.decode()
    assert competition.public_token not in html and "No section yet." in html
