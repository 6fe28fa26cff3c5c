"""The crosstable: a wall chart for a Swiss, a grid for a round robin."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests import factories
from tests.tournaments.public.builders import add_participants, add_round, build_tournament
from tests.tournaments.public.conftest import HTMX, public_url
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db


def test_the_swiss_wall_chart_has_a_column_per_public_round(client: Client, running):
    response = client.get(public_url(running, "crosstable"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="crosstable-table"' in html
    assert ">R1</th>" in html and ">R3</th>" in html and ">R4</th>" not in html
    # Cells read opponent's place, colour, result; round 3 games are still being played ("…").
    assert "w1</td>" in html or "b1</td>" in html
    assert "…</td>" in html
    assert ">bye</td>" in html
    assert "Places are the standings after round 2" in html


def test_the_htmx_request_gets_the_partial_only(client: Client, running):
    response = client.get(public_url(running, "crosstable"), headers=HTMX)
    assert response.status_code == 200
    assert 'id="crosstable-table"' in response.content.decode()
    assert "<html" not in response.content.decode()


def test_an_unknown_token_is_404_for_page_and_partial(client: Client, running):
    assert client.get("/p/nope/crosstable/").status_code == 404
    assert client.get("/p/nope/crosstable/", headers=HTMX).status_code == 404


def test_a_round_robin_gets_the_grid(client: Client, db):
    tournament = factories.TournamentFactory(
        format=Tournament.Format.ROUND_ROBIN, rounds_planned=3, tiebreaks="DE,WIN,SB"
    )
    people = add_participants(tournament, 4)
    for number in (1, 2, 3):
        add_round(tournament, number, people, status=Round.Status.FINISHED)
    html = client.get(public_url(tournament, "crosstable")).content.decode()
    assert "the row player's result against the column player" in html
    assert html.count(">×</td>") == 4  # the diagonal
    assert ">R1</th>" not in html


@pytest.mark.parametrize("players,rounds", [(9, 2), (60, 6)])
def test_it_renders_in_a_fixed_number_of_queries(client: Client, players, rounds, django_assert_num_queries):
    tournament = factories.TournamentFactory()
    build_tournament(tournament, players=players, rounds=rounds)
    with django_assert_num_queries(9):
        assert client.get(public_url(tournament, "crosstable")).status_code == 200


def test_a_big_swiss_wall_chart_comes_a_page_of_places_at_a_time(client: Client, monkeypatch):
    from tournaments.public import crosstable

    monkeypatch.setattr(crosstable, "CROSSTABLE_PAGE_ROWS", 4)
    tournament = factories.TournamentFactory(rounds_planned=3)
    build_tournament(tournament, players=10, rounds=2)
    first = client.get(public_url(tournament, "crosstable")).content.decode()
    assert first.count('class="num points"') == 4
    assert 'aria-current="page">1–4</a>' in first and ">5–8</a>" in first and ">9–10</a>" in first
    assert 'href="' + public_url(tournament, "crosstable") + '?page=3"' in first
    last = client.get(public_url(tournament, "crosstable") + "?page=3").content.decode()
    assert last.count('class="num points"') == 2
    assert 'aria-current="page">9–10</a>' in last
    # The cells still name opponents by their place in the whole table.
    places = {int(n) for n in re.findall(r'class="num cell"[^>]*>(\d+)[wb]', last)}
    assert places and max(places) <= 10 and min(places) <= 8


def test_the_page_partial_keeps_its_page_and_odd_pages_fall_back(client: Client, monkeypatch):
    from tournaments.public import crosstable

    monkeypatch.setattr(crosstable, "CROSSTABLE_PAGE_ROWS", 4)
    tournament = factories.TournamentFactory(rounds_planned=3)
    build_tournament(tournament, players=10, rounds=2)
    url = public_url(tournament, "crosstable")
    partial = client.get(url + "?page=2", headers=HTMX).content.decode()
    assert "<html" not in partial and 'aria-current="page">5–8</a>' in partial
    assert "page=2&amp;v=" in partial  # the poll asks for the same page
    assert 'aria-current="page">9–10</a>' in client.get(url + "?page=99").content.decode()
    assert 'aria-current="page">1–4</a>' in client.get(url + "?page=x").content.decode()


def test_a_small_wall_chart_has_no_page_links(client: Client, running):
    assert "Crosstable pages" not in client.get(public_url(running, "crosstable")).content.decode()
