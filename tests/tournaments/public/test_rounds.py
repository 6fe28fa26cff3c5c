"""The list of rounds: only public ones, with how many results are in."""

from __future__ import annotations

import pytest
from django.test import Client

from tests import factories
from tests.tournaments.public.builders import add_round, build_tournament
from tests.tournaments.public.conftest import HTMX, public_url
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def test_it_lists_public_rounds_only(client: Client, running):
    add_round(running, 4, list(running.participants.all()), status=Round.Status.PAIRING, results=False)
    response = client.get(public_url(running, "rounds"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="round-list"' in html
    assert "(3 of 5 published)" in html
    assert "Round 3" in html and "0 of 4 results in" in html
    assert "Round 4" not in html


def test_the_htmx_request_gets_the_partial_only(client: Client, running):
    response = client.get(public_url(running, "rounds"), headers=HTMX)
    assert 'id="round-list"' in response.content.decode()
    assert "<html" not in response.content.decode()


def test_an_unknown_token_is_404_for_page_and_partial(client: Client):
    assert client.get("/p/nope/rounds/").status_code == 404
    assert client.get("/p/nope/rounds/", headers=HTMX).status_code == 404


@pytest.mark.parametrize("players,rounds", [(9, 2), (60, 6)])
def test_it_renders_in_a_fixed_number_of_queries(client: Client, players, rounds, django_assert_num_queries):
    tournament = factories.TournamentFactory()
    build_tournament(tournament, players=players, rounds=rounds)
    with django_assert_num_queries(5):
        assert client.get(public_url(tournament, "rounds")).status_code == 200
