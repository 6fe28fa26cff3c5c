"""A big round's staff page comes in pages of boards (``settings.ROUND_PAGE_BOARDS``; 2 here, so
the 4 boards of an 8-player round make 2 pages), with a "without a result" filter; the live poll
of a page sends rows of that page's boards only. A round that fits one page looks as before."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Board, Tournament
from tournaments.services.results import result_record

from .conftest import htmx


@pytest.fixture
def two_per_page(settings):
    settings.ROUND_PAGE_BOARDS = 2


def round_url(tournament, query=""):
    return reverse("tournaments:round", kwargs={"tournament_id": tournament.pk, "number": 1}) + query


def live_url(tournament, query):
    version = Tournament.objects.get(pk=tournament.pk).version
    base = reverse("tournaments:round_live", kwargs={"tournament_id": tournament.pk, "number": 1})
    return f"{base}?seen={version}&reports_seen=0.0&{query}"


def boards_of(rnd):
    return list(Board.objects.filter(round=rnd).order_by("number"))


def shown_boards(body):
    return body.count('class="board-row')


def test_a_round_bigger_than_a_page_shows_one_page_of_boards(
    arbiter_client, tournament, published_round, two_per_page
):
    boards = boards_of(published_round)
    body = arbiter_client.get(round_url(tournament)).content.decode()
    assert shown_boards(body) == 2
    assert f'id="board-{boards[0].pk}"' in body and f'id="board-{boards[1].pk}"' in body
    assert f'id="board-{boards[2].pk}"' not in body
    assert 'id="board-pages"' in body and 'aria-current="page">1–2</a>' in body
    assert 'href="?page=2">3–4</a>' in body and "Without a result (4)" in body
    # The live poll asks for this page and its boards.
    assert "?page=1&amp;from=1&amp;to=2" in body


def test_the_second_page_has_the_next_boards(arbiter_client, tournament, published_round, two_per_page):
    boards = boards_of(published_round)
    body = arbiter_client.get(round_url(tournament, "?page=2")).content.decode()
    assert shown_boards(body) == 2
    assert f'id="board-{boards[2].pk}"' in body and f'id="board-{boards[3].pk}"' in body
    assert 'aria-current="page">3–4</a>' in body


def test_boards_without_a_result_skip_those_with_one(
    arbiter_client, tournament, published_round, organiser, two_per_page
):
    boards = boards_of(published_round)
    result_record(board=boards[0], user=organiser, result="1-0", expected_version=0)
    result_record(board=boards[2], user=organiser, result="0-1", expected_version=0)
    body = arbiter_client.get(round_url(tournament, "?show=open")).content.decode()
    assert shown_boards(body) == 2  # boards 2 and 4: one page of the two still open
    assert f'id="board-{boards[1].pk}"' in body and f'id="board-{boards[3].pk}"' in body
    assert "Without a result (2)" in body and "show=open" in body


def test_with_every_result_in_the_filter_says_so(
    arbiter_client, tournament, published_round, organiser, two_per_page
):
    for board in boards_of(published_round):
        result_record(board=board, user=organiser, result="1-0", expected_version=0)
    body = arbiter_client.get(round_url(tournament, "?show=open")).content.decode()
    assert shown_boards(body) == 0 and 'id="no-open-boards"' in body


def test_the_keyboard_goes_on_to_the_next_page_with_an_open_board(
    arbiter_client, tournament, published_round, two_per_page
):
    body = arbiter_client.get(round_url(tournament)).content.decode()
    assert 'href="?page=2&amp;focus=open" id="next-open-page" data-next-open' in body


def test_a_round_that_fits_one_page_has_no_page_navigation(arbiter_client, tournament, published_round):
    body = arbiter_client.get(round_url(tournament)).content.decode()
    assert shown_boards(body) == 4 and 'id="board-pages"' not in body


def test_the_pairings_partial_is_the_page_of_boards_only(
    arbiter_client, tournament, published_round, two_per_page
):
    body = htmx(arbiter_client, "get", round_url(tournament, "?page=2")).content.decode()
    assert "<html" not in body and 'id="pairings-table"' in body and shown_boards(body) == 2


def test_the_live_poll_sends_rows_of_the_page_shown_only(
    arbiter_client, tournament, published_round, organiser, two_per_page
):
    boards = boards_of(published_round)
    url = live_url(tournament, "page=1&from=1&to=2")
    result_record(board=boards[1], user=organiser, result="0-1", expected_version=0)
    result_record(board=boards[3], user=organiser, result="1-0", expected_version=0)
    response = htmx(arbiter_client, "get", url)
    body = response.content.decode()
    assert response.status_code == 200 and response["HX-Reswap"] == "none"
    assert body.count("<tr ") == 1 and f'<tr id="board-{boards[1].pk}"' in body
    assert f'id="board-{boards[3].pk}"' not in body


def test_the_live_poll_of_a_page_redraws_that_page_when_it_must(
    arbiter_client, tournament, published_round, organiser, two_per_page
):
    from tournaments.services.versions import tournament_changed

    boards = boards_of(published_round)
    url = live_url(tournament, "page=2&from=3&to=4")
    tournament_changed(tournament.pk)  # not a result: the whole table, of this page
    body = htmx(arbiter_client, "get", url).content.decode()
    assert 'id="pairings-table"' in body and body.count("<tr ") == 2
    assert f'id="board-{boards[2].pk}"' in body and f'id="board-{boards[0].pk}"' not in body


def test_a_result_entered_without_javascript_comes_back_to_its_page(
    arbiter_client, tournament, published_round, two_per_page
):
    third = boards_of(published_round)[2]
    url = reverse("tournaments:result", kwargs={"tournament_id": tournament.pk, "board_id": third.pk})
    response = arbiter_client.post(url, {"result": "1-0", "version": 0})
    assert response.status_code == 302 and response["Location"].endswith("/rounds/1/?page=2")


def test_swapping_colours_in_a_draft_comes_back_to_the_boards_page(
    arbiter_client, tournament, draft_round, two_per_page
):
    fourth = boards_of(draft_round)[3]
    url = reverse("tournaments:board_swap", kwargs={"tournament_id": tournament.pk, "board_id": fourth.pk})
    response = arbiter_client.post(url)
    assert response.status_code == 302 and response["Location"].endswith("/rounds/1/?page=2")


def test_without_a_result_the_keyboard_goes_on_to_the_lists_first_page(
    arbiter_client, tournament, published_round, two_per_page
):
    """The boards entered on this page leave the list, so what was its second page is then its
    first: the link goes there (``page=2`` would skip those boards)."""
    body = arbiter_client.get(round_url(tournament, "?show=open")).content.decode()
    assert 'href="?show=open&amp;focus=open" id="next-open-page" data-next-open' in body
