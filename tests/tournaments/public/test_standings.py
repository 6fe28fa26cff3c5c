"""Standings: the announced tie-break order, each value's breakdown on tap, fixed queries, caching."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from pairing import standings as read_model
from tests import factories
from tests.tournaments.public.builders import build_tournament
from tests.tournaments.public.conftest import HTMX, public_url
from tournaments.models import Board, Round
from tournaments.public import standings as public_standings
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db


def test_it_shows_the_ranking_with_the_tiebreak_order(client: Client, running):
    response = client.get(public_url(running, "standings"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="standings-table"' in html
    assert "after round 2" in html  # round 3 is still being played
    assert "Ties are broken by, in order:" in html
    # The tournament's order, as announced: DE, BH-C1, BH, SB, WIN.
    order = [html.index(f">{code}</abbr> ") for code in ("DE", "BH-C1", "BH", "SB", "WIN")]
    assert order == sorted(order)


def test_each_value_opens_to_a_breakdown_loaded_on_tap(client: Client, running):
    html = client.get(public_url(running, "standings")).content.decode()
    prefix = public_url(running, "participant", 0)[:-2]
    assert f'data-breakdown-prefix="{prefix}"' in html
    assert 'data-tb="BH-C1"' in html
    assert "<details><summary>" in html and '<div class="breakdown"></div>' in html


def test_the_breakdown_says_how_the_value_was_worked_out(client: Client, running):
    board = Board.objects.select_related("white", "black").get(
        round__tournament=running, round__number=2, number=1
    )
    url = public_url(running, "tiebreak", board.white_id, "BH")
    response = client.get(url, headers=HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and 'id="tiebreak-breakdown"' in html
    assert html.count("Buchholz ") == 1 and " = " in html
    assert f"({board.black.name})" in html  # the round-2 opponent's score is one of the terms
    page = client.get(url)
    assert page.status_code == 200 and "<html" in page.content.decode()


def test_a_breakdown_for_an_unknown_code_or_participant_is_404(client: Client, running):
    pid = running.participants.first().id
    assert client.get(public_url(running, "tiebreak", pid, "XYZ"), headers=HTMX).status_code == 404
    assert client.get(public_url(running, "tiebreak", 10**6, "BH"), headers=HTMX).status_code == 404
    assert client.get(f"/p/nope/players/{pid}/tiebreaks/BH/", headers=HTMX).status_code == 404


def test_the_htmx_request_gets_the_partial_only(client: Client, running):
    response = client.get(public_url(running, "standings"), headers=HTMX)
    assert response.status_code == 200
    assert 'id="standings-table"' in response.content.decode()
    assert "<html" not in response.content.decode()


def test_an_unknown_token_is_404_for_page_and_partial(client: Client, running):
    assert client.get("/p/nope/standings/").status_code == 404
    assert client.get("/p/nope/standings/", headers=HTMX).status_code == 404


def test_standings_move_on_when_the_round_is_complete(client: Client, running, arbiter):
    assert "after round 2" in client.get(public_url(running, "standings")).content.decode()
    for board in Board.objects.filter(round__tournament=running, round__number=3):
        result_record(board=board, user=arbiter, result="1-0", expected_version=board.version)
    assert Round.objects.get(tournament=running, number=3).status == Round.Status.FINISHED
    assert "after round 3" in client.get(public_url(running, "standings")).content.decode()


def test_before_any_round_is_finished_everyone_is_level(client: Client, tournament):
    build_tournament(tournament, players=4, rounds=1, last_round_results=False)
    html = client.get(public_url(tournament, "standings")).content.decode()
    assert "No round has finished yet" in html


@pytest.mark.parametrize("players,rounds", [(9, 2), (60, 6)])
def test_it_renders_in_a_fixed_number_of_queries(client: Client, players, rounds, django_assert_num_queries):
    tournament = factories.TournamentFactory()
    build_tournament(tournament, players=players, rounds=rounds)
    # Ours: tournament, rounds, participants, boards, byes. The engine's standings: complete
    # rounds, participants, boards, byes.
    with django_assert_num_queries(9):
        assert client.get(public_url(tournament, "standings")).status_code == 200
    with django_assert_num_queries(1):
        assert client.get(public_url(tournament, "standings")).status_code == 200
    # The ranking is built without breakdowns: the first tapped value runs the engine again with
    # those of its bucket of participants (its 4 queries); the next taps in the bucket reuse them.
    pid = tournament.participants.first().id
    with django_assert_num_queries(5):
        assert client.get(public_url(tournament, "tiebreak", pid, "BH"), headers=HTMX).status_code == 200
    with django_assert_num_queries(1):
        assert client.get(public_url(tournament, "tiebreak", pid, "SB"), headers=HTMX).status_code == 200


def test_tiebreaks_the_format_refuses_do_not_take_the_public_pages_down(client: Client, db):
    from tests.tournaments.public.builders import add_participants, add_round
    from tournaments.models import Tournament

    # Buchholz in a round robin: the engine refuses to rank (C.07 Art. 8.1).
    tournament = factories.TournamentFactory(format=Tournament.Format.ROUND_ROBIN, tiebreaks="BH-C1,SB")
    people = add_participants(tournament, 4)
    add_round(tournament, 1, people, status=Round.Status.FINISHED)
    html = client.get(public_url(tournament, "standings")).content.decode()
    assert "The tie-breaks cannot be worked out" in html and "round robin" in html
    assert people[0].name in html
    for name in ("crosstable", "display"):
        assert client.get(public_url(tournament, name)).status_code == 200
    assert client.get(public_url(tournament, "participant", people[0].id)).status_code == 200
    assert client.get(public_url(tournament, "standings_pdf")).status_code == 200


def test_top_keeps_the_first_places_and_polls_for_the_same(client: Client, running):
    html = client.get(public_url(running, "standings"), {"top": "3"}, headers=HTMX).content.decode()
    assert html.count("<tr data-p=") == 3
    assert f"?top=3&amp;v={running.version}" in html
    assert "Top 3" in html
    whole = client.get(public_url(running, "standings"), {"top": "lots"}, headers=HTMX).content.decode()
    assert whole.count("<tr data-p=") == 9


def test_a_big_field_comes_a_page_of_places_at_a_time(client: Client, monkeypatch):
    monkeypatch.setattr(public_standings, "STANDINGS_PAGE_ROWS", 4)
    tournament = factories.TournamentFactory(rounds_planned=3)
    build_tournament(tournament, players=10, rounds=2)
    url = public_url(tournament, "standings")
    first = client.get(url).content.decode()
    assert first.count('class="num points"') == 4
    assert 'aria-current="page">1–4</a>' in first and ">5–8</a>" in first and ">9–10</a>" in first
    assert f'href="{url}?page=3"' in first and "Standings pages" in first
    last = client.get(url + "?page=3").content.decode()
    assert last.count('class="num points"') == 2
    assert 'aria-current="page">9–10</a>' in last
    partial = client.get(url + "?page=2", headers=HTMX).content.decode()
    assert "<html" not in partial and 'aria-current="page">5–8</a>' in partial
    assert "page=2&amp;v=" in partial  # the poll asks for the same page
    assert 'aria-current="page">9–10</a>' in client.get(url + "?page=99").content.decode()
    assert 'aria-current="page">1–4</a>' in client.get(url + "?page=x").content.decode()
    # The projector's top of the table is never cut into pages.
    top = client.get(url + "?top=6").content.decode()
    assert top.count('class="num points"') == 6 and "Standings pages" not in top


def test_a_participants_page_links_to_the_standings_page_that_holds_their_place(client: Client, monkeypatch):
    monkeypatch.setattr(public_standings, "STANDINGS_PAGE_ROWS", 4)
    tournament = factories.TournamentFactory(rounds_planned=3)
    build_tournament(tournament, players=10, rounds=2)
    url = public_url(tournament, "standings")
    for row in read_model.ranking_cached(tournament).rows[7:9]:  # places 8 and 9: pages 2 and 3
        html = client.get(public_url(tournament, "participant", row.participant_id)).content.decode()
        link = re.search(rf'href="({re.escape(url)}[^"]*)">standings</a>', html).group(1)
        assert client.get(link.split("#")[0]).content.decode().count(f'id="p{row.participant_id}"') == 1


def test_a_small_table_has_no_page_links(client: Client, running):
    html = client.get(public_url(running, "standings")).content.decode()
    assert "Standings pages" not in html and html.count('class="num points"') == 9
