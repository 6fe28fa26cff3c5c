"""The rules in force, as the organiser set them."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.public.conftest import public_url
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_it_states_format_rounds_bye_tiebreaks_and_unplayed_rule(client: Client, tournament):
    Tournament.objects.filter(pk=tournament.pk).update(
        acceleration=Tournament.Acceleration.BAKU, tiebreaks="BH-C1,SB", late_entry_points="half"
    )
    tournament.refresh_from_db()
    response = client.get(public_url(tournament, "rules"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Swiss (FIDE Dutch)" in html
    assert "<dt>Rounds</dt><dd>5</dd>" in html
    assert "Baku" in html
    assert "scores 1." in html  # the pairing-allocated bye, a full point by default
    assert html.index("Buchholz cut 1") < html.index("Sonneborn-Berger")
    assert "Virtual opponent" in html
    assert "half a point for each missed round" in html


def test_an_unknown_token_is_404(client: Client):
    assert client.get("/p/nope/rules/").status_code == 404


def test_it_reads_one_query_besides_the_tournament(client: Client, tournament, django_assert_num_queries):
    with django_assert_num_queries(1):
        assert client.get(public_url(tournament, "rules")).status_code == 200
