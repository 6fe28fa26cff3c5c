"""The projector view: big type, pairings and standings panels that public.js rotates."""

from __future__ import annotations

import pytest
from django.test import Client

from tests import factories
from tests.tournaments.public.builders import build_tournament
from tests.tournaments.public.conftest import public_url

pytestmark = pytest.mark.django_db


def test_it_shows_both_panels_each_polling_its_own_partial(client: Client, running):
    response = client.get(public_url(running, "display"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="public display-mode"' in html
    assert 'data-rotate-seconds="20"' in html
    assert f'hx-get="{public_url(running, "pairings")}?v={running.version}"' in html
    assert f'hx-get="{public_url(running, "standings")}?top=50&amp;v={running.version}"' in html
    assert "js/public.js" in html


def test_display_1_on_the_pairings_address_leads_to_the_projector_view(client: Client, running):
    response = client.get(public_url(running, "pairings"), {"display": "1"})
    assert response.status_code == 302
    assert response["Location"] == public_url(running, "display")


def test_an_unknown_token_is_404(client: Client):
    assert client.get("/p/nope/display/").status_code == 404


@pytest.mark.parametrize("players,rounds", [(9, 2), (60, 6)])
def test_it_renders_in_a_fixed_number_of_queries(client: Client, players, rounds, django_assert_num_queries):
    tournament = factories.TournamentFactory()
    build_tournament(tournament, players=players, rounds=rounds)
    with django_assert_num_queries(9):
        assert client.get(public_url(tournament, "display")).status_code == 200
