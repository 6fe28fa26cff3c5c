from __future__ import annotations

from django.urls import reverse

from .conftest import htmx, play_round


def test_staff_standings_count_finished_rounds(arbiter_client, tournament, published_round, arbiter):
    url = reverse("tournaments:standings", kwargs={"tournament_id": tournament.pk})
    assert "Before round 1" in arbiter_client.get(url).content.decode()
    play_round(published_round, arbiter)
    body = arbiter_client.get(url).content.decode()
    assert 'id="standings-table"' in body and "After round 1" in body
    assert (
        body.count('<td class="num points">1.0</td>') == 4
        and body.count('<td class="num points">0.0</td>') == 4
    )
    assert 'hx-trigger="standings-changed from:body"' in body


def test_the_standings_partial(arbiter_client, tournament, published_round):
    url = reverse("tournaments:standings", kwargs={"tournament_id": tournament.pk})
    body = htmx(arbiter_client, "get", url).content.decode()
    assert 'id="standings-table"' in body and "<html" not in body


def test_arbiters_find_the_tiebreak_form_with_the_standings(arbiter_client, tournament, published_round):
    url = reverse("tournaments:standings", kwargs={"tournament_id": tournament.pk})
    body = arbiter_client.get(url).content.decode()
    assert 'id="tiebreaks-form"' in body and 'name="reason"' in body
