"""Every staff URL answers the same way to the same people, for full pages and htmx partials alike:
anonymous -> login redirect; staff of another tournament -> 404; arbiter on organiser-only -> 403."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Board, Round

GET_PAGES = [
    ("rounds", {}),
    ("tournament", {}),
    ("participants", {}),
    ("participants_import", {}),
    ("standings", {}),
    ("round", {"number": 1}),
    ("round_status", {"number": 1}),
    ("round_live", {"number": 1}),
]
ARBITER_POSTS = [
    ("round_pair", {}),
    ("participant_add", {}),
    ("participants_import", {}),
    ("bye_add", {}),
    ("tiebreaks", {}),
    ("round_publish", {"number": 1}),
    ("round_delete", {"number": 1}),
    ("round_repair", {"number": 1}),
    ("boards_exchange", {"number": 1}),
]
ORGANISER_ONLY = [("settings", "get"), ("settings", "post"), ("start", "post")]


def url(tournament, name, extra):
    return reverse(f"tournaments:{name}", kwargs={"tournament_id": tournament.pk, **extra})


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "partial"])
@pytest.mark.parametrize(("name", "extra"), GET_PAGES)
def test_anonymous_visitors_are_sent_to_the_login_page(
    client, tournament, published_round, name, extra, htmx
):
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.get(url(tournament, name, extra), headers=headers)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/?next=")


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "partial"])
@pytest.mark.parametrize(("name", "extra"), GET_PAGES)
def test_staff_of_another_tournament_get_404(stranger_client, tournament, published_round, name, extra, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    assert stranger_client.get(url(tournament, name, extra), headers=headers).status_code == 404


@pytest.mark.parametrize(("name", "extra"), GET_PAGES)
def test_arbiters_and_organisers_see_every_staff_page(
    arbiter_client, tournament, published_round, name, extra
):
    assert arbiter_client.get(url(tournament, name, extra)).status_code in (200, 204)


@pytest.mark.parametrize(("name", "extra"), ARBITER_POSTS)
def test_strangers_cannot_post_anything(stranger_client, tournament, draft_round, name, extra):
    assert stranger_client.post(url(tournament, name, extra), {}).status_code == 404
    assert Round.objects.get(pk=draft_round.pk).status == Round.Status.DRAFT


def test_strangers_cannot_touch_boards_or_participants(stranger_client, tournament, published_round, players):
    board = Board.objects.filter(round=published_round).first()
    for name, extra in [
        ("result", {"board_id": board.pk}),
        ("board_swap", {"board_id": board.pk}),
        ("withdraw", {"participant_id": players[0].pk}),
        ("bye_cancel", {"bye_id": 1}),
    ]:
        assert (
            stranger_client.post(url(tournament, name, extra), {"result": "1-0", "version": 0}).status_code
            == 404
        )
    board.refresh_from_db()
    assert board.result == ""


@pytest.mark.parametrize(("name", "method"), ORGANISER_ONLY)
def test_arbiters_get_403_on_organiser_pages(arbiter_client, tournament, name, method):
    assert getattr(arbiter_client, method)(url(tournament, name, {})).status_code == 403


def test_organisers_reach_the_settings(organiser_client, tournament):
    assert organiser_client.get(url(tournament, "settings", {})).status_code == 200


def test_an_unknown_tournament_is_404_for_everyone(arbiter_client):
    assert (
        arbiter_client.get(reverse("tournaments:rounds", kwargs={"tournament_id": 999999})).status_code == 404
    )


def test_only_organisers_see_the_settings_tab(client, arbiter, organiser, tournament):
    url = reverse("tournaments:rounds", kwargs={"tournament_id": tournament.pk})
    client.force_login(arbiter)
    assert b"/settings/" not in client.get(url).content
    client.force_login(organiser)
    assert b"/settings/" in client.get(url).content
