"""A big field's participants list comes in pages (``settings.PARTICIPANTS_PAGE_SIZE``; 3 here, so
8 players make 3 pages); its search looks through the whole field. Beyond one page the bye and
keep-apart forms take pairing numbers instead of selects of every name."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from tournaments.models import ForbiddenPair, Participant, RoundBye

from .conftest import htmx


@pytest.fixture
def three_per_page(settings):
    settings.PARTICIPANTS_PAGE_SIZE = 3


@pytest.fixture
def players(players, tournament):
    """The eight players with their pairing numbers (given after they were created)."""
    return list(Participant.objects.filter(tournament=tournament).order_by("pairing_number"))


def url(tournament, name="participants", query=""):
    return reverse(f"tournaments:{name}", kwargs={"tournament_id": tournament.pk}) + query


def listed(body, players):
    """Pairing numbers of the players listed, in order."""
    return [
        p.pairing_number
        for p in sorted(players, key=lambda p: body.find(f'id="participant-{p.pk}"'))
        if f'id="participant-{p.pk}"' in body
    ]


def test_the_list_shows_one_page_and_counts_everyone(arbiter_client, tournament, players, three_per_page):
    body = arbiter_client.get(url(tournament)).content.decode()
    assert listed(body, players) == [1, 2, 3]
    assert "8 participants" in body and "Page 1 of 3 (1–3)" in body and 'href="?page=2"' in body


def test_the_third_page_has_the_last_players(arbiter_client, tournament, players, three_per_page):
    body = arbiter_client.get(url(tournament, query="?page=3")).content.decode()
    assert listed(body, players) == [7, 8] and "Page 3 of 3 (7–8)" in body


def test_the_search_finds_a_player_on_page_three(arbiter_client, tournament, players, three_per_page):
    eighth = next(p for p in players if p.pairing_number == 8)
    body = arbiter_client.get(url(tournament, query=f"?find={eighth.name.lower()}")).content.decode()
    assert listed(body, players) == [8]
    assert f"1 of the participants match “{eighth.name.lower()}”" in body and "Show everyone" in body


def test_the_search_takes_a_pairing_number(arbiter_client, tournament, players, three_per_page):
    body = arbiter_client.get(url(tournament, query="?find=7")).content.decode()
    assert listed(body, players) == [7]


def test_a_search_with_many_matches_keeps_it_from_page_to_page(
    arbiter_client, tournament, players, three_per_page
):
    body = arbiter_client.get(url(tournament, query="?find=Player&page=2")).content.decode()
    assert listed(body, players) == [4, 5, 6] and 'href="?page=3&amp;find=Player"' in body


def test_a_search_that_finds_nobody_says_so(arbiter_client, tournament, players, three_per_page):
    body = arbiter_client.get(url(tournament, query="?find=Nobody")).content.decode()
    assert listed(body, players) == [] and "Nobody matches “Nobody”." in body


def test_the_list_partial_is_the_page_only(arbiter_client, tournament, players, three_per_page):
    body = htmx(arbiter_client, "get", url(tournament, query="?page=2")).content.decode()
    assert "<html" not in body and 'id="participant-list"' in body and listed(body, players) == [4, 5, 6]


def test_a_field_of_one_page_keeps_its_selects_and_no_page_links(arbiter_client, tournament, players):
    body = arbiter_client.get(url(tournament)).content.decode()
    assert len(listed(body, players)) == 8 and "Page 1 of" not in body and 'id="list-search"' not in body
    assert '<select name="participant"' in body and 'name="participant_number"' not in body


def test_a_big_field_picks_players_by_pairing_number(arbiter_client, tournament, players, three_per_page):
    body = arbiter_client.get(url(tournament)).content.decode()
    assert '<select name="participant"' not in body and '<select name="first"' not in body
    assert 'name="participant_number"' in body and 'name="second_number"' in body
    seventh = next(p for p in players if p.pairing_number == 7)
    response = arbiter_client.post(
        url(tournament, "bye_add"), {"participant_number": 7, "round_number": 2, "kind": "half"}
    )
    assert any("half-point bye in round 2" in str(m).lower() for m in get_messages(response.wsgi_request))
    assert RoundBye.objects.get().participant == seventh
    arbiter_client.post(url(tournament, "forbidden_pair_add"), {"first_number": 7, "second_number": 8})
    pair = ForbiddenPair.objects.get()
    assert {pair.first.pairing_number, pair.second.pairing_number} == {7, 8}


def test_a_pairing_number_nobody_has_is_refused(arbiter_client, tournament, players, three_per_page):
    response = arbiter_client.post(
        url(tournament, "bye_add"), {"participant_number": 99, "round_number": 2, "kind": "half"}
    )
    assert any("Choose a participant" in str(m) for m in get_messages(response.wsgi_request))
    assert not RoundBye.objects.exists()
