"""Find my board: part of a name in, board and colour for the current round out."""

from __future__ import annotations

import pytest
from django.test import Client

from tests import factories
from tests.tournaments.public.builders import build_tournament
from tests.tournaments.public.conftest import HTMX, public_url
from tournaments.models import Board, RoundBye

pytestmark = pytest.mark.django_db


def test_without_javascript_the_form_answers_with_a_page(client: Client, running):
    board = Board.objects.select_related("white", "black").get(
        round__tournament=running, round__number=3, number=2
    )
    response = client.get(public_url(running, "find"), {"q": board.black.name[-4:]})
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html and 'id="my-board"' in html
    assert 'method="get"' in html
    assert "Board <strong>2</strong>" in html
    assert "colour-black" in html
    assert f"against {board.white.name}" in html


def test_as_you_type_htmx_gets_the_partial_only(client: Client, running):
    response = client.get(public_url(running, "find"), {"q": "player 000"}, headers=HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="my-board"' in html and "<html" not in html
    assert html.count('class="finding"') == 9


def test_the_player_with_the_bye_is_told_so(client: Client, running):
    bye = RoundBye.objects.select_related("participant").get(tournament=running, round_number=3)
    html = client.get(public_url(running, "find"), {"q": bye.participant.name}).content.decode()
    assert "Pairing-allocated bye" in html


def test_no_match_says_so(client: Client, running):
    html = client.get(public_url(running, "find"), {"q": "Kasparov"}).content.decode()
    assert "Nobody's name contains “Kasparov”" in html


def test_the_search_box_searches_as_you_type(client: Client, running):
    html = client.get(public_url(running, "find")).content.decode()
    assert 'hx-trigger="input changed delay:300ms, search"' in html
    assert 'hx-target="#my-board"' in html


def test_an_unknown_token_is_404_for_page_and_partial(client: Client):
    assert client.get("/p/nope/find/", {"q": "a"}).status_code == 404
    assert client.get("/p/nope/find/", {"q": "a"}, headers=HTMX).status_code == 404


@pytest.mark.parametrize("players,rounds", [(9, 2), (60, 6)])
def test_it_answers_in_a_fixed_number_of_queries(client: Client, players, rounds, django_assert_num_queries):
    tournament = factories.TournamentFactory()
    build_tournament(tournament, players=players, rounds=rounds)
    # tournament, current round, matching participants, their boards, their byes
    with django_assert_num_queries(5):
        assert client.get(public_url(tournament, "find"), {"q": "player"}, headers=HTMX).status_code == 200


@pytest.mark.parametrize("query", ["zoe", "ZOE", "Zoë", "zoë", "Zoe Šk", "zoe sk"])
def test_find_ignores_accents_and_case(client: Client, running, query):
    """Issue 22 (10): a player typing "zoe" on a phone keyboard finds "Zoë Škoda"."""
    board = Board.objects.select_related("white").get(round__tournament=running, round__number=3, number=1)
    board.white.name = "Zoë Škoda"
    board.white.save(update_fields=["name"])
    html = client.get(public_url(running, "find"), {"q": query}, headers=HTMX).content.decode()
    assert html.count('class="finding"') == 1
    assert "Zoë Škoda" in html and "Board <strong>1</strong>" in html


def test_accents_in_the_query_are_ignored_too(client: Client, running):
    html = client.get(public_url(running, "find"), {"q": "plåyer 0001"}, headers=HTMX).content.decode()
    assert html.count('class="finding"') == 1


@pytest.mark.parametrize("query", ["soren", "odegard", "SØREN", "soren odegard"])
def test_find_folds_letters_that_do_not_decompose(client: Client, running, query):
    """Issue 33 (3): "soren" and "odegard" find Søren Ødegård, as the roster search does."""
    board = Board.objects.select_related("white").get(round__tournament=running, round__number=3, number=1)
    board.white.name = "Søren Ødegård"
    board.white.save(update_fields=["name"])
    html = client.get(public_url(running, "find"), {"q": query}, headers=HTMX).content.decode()
    assert html.count('class="finding"') == 1 and "Søren Ødegård" in html


def test_lukasz_finds_lukasz(client: Client, running):
    board = Board.objects.select_related("black").get(round__tournament=running, round__number=3, number=2)
    board.black.name = "Łukasz Wróbel"
    board.black.save(update_fields=["name"])
    html = client.get(public_url(running, "find"), {"q": "lukasz"}, headers=HTMX).content.decode()
    assert html.count('class="finding"') == 1 and "Łukasz Wróbel" in html
