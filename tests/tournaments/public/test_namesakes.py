"""Issue 22 (namesakes): two players with one name are told apart on every public page that names
them and in the pairings PDF, by club, else rating, else pairing number (never the FIDE id, which
public pages do not show)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.public.builders import build_tournament
from tests.tournaments.public.conftest import public_url
from tests.tournaments.public.test_pdf_layout import text_runs
from tournaments.models import Board, Participant
from tournaments.public import pdf as public_pdf

pytestmark = pytest.mark.django_db


@pytest.fixture
def smiths(tournament) -> tuple[Participant, Participant]:
    """Four players, round 1 published; the two on board 1 are both John Smith (Hull and York)."""
    build_tournament(tournament, players=4, rounds=1, last_round_results=False)
    board = Board.objects.get(round__tournament=tournament, number=1)
    for person, club in ((board.white, "Hull"), (board.black, "York")):
        person.name, person.club_name, person.fide_id = "John Smith", club, f"9{person.pk}"
        person.save(update_fields=["name", "club_name", "fide_id"])
    return board.white, board.black


def _labelled(body: str, club: str) -> bool:
    return f'John Smith</a> <small class="muted namesake">({club})</small>' in body


def test_the_pairings_and_standings_tell_them_apart(client: Client, tournament, smiths):
    for page in (public_url(tournament, "pairings"), public_url(tournament, "standings")):
        body = client.get(page).content.decode()
        assert _labelled(body, "Hull") and _labelled(body, "York"), page
    by_name = client.get(public_url(tournament, "pairings") + "?order=name").content.decode()
    assert _labelled(by_name, "Hull") and _labelled(by_name, "York")
    assert '<td>John Smith <small class="muted namesake">(York)</small> <span' in by_name  # as opponent


def test_a_players_page_labels_them_and_their_opponent(client: Client, tournament, smiths):
    hull, york = smiths
    body = client.get(public_url(tournament, "participant", hull.pk)).content.decode()
    assert 'John Smith <small class="muted namesake">(Hull)</small></h1>' in body
    assert _labelled(body, "York")  # the opponent, a namesake too


def test_the_fide_id_never_tells_them_apart_in_public(client: Client, tournament, smiths):
    for person in smiths:
        person.club_name = "Hull"
        person.save(update_fields=["club_name"])
    body = client.get(public_url(tournament, "pairings")).content.decode()
    assert "FIDE" not in body and all(f"9{p.pk}" not in body for p in smiths)
    ratings = [p.rating for p in smiths]
    assert _labelled(body, str(ratings[0])) and _labelled(body, str(ratings[1]))


def test_other_players_get_no_label(client: Client, tournament, smiths):
    body = client.get(public_url(tournament, "standings")).content.decode()
    assert body.count('class="muted namesake"') == 2


def test_the_pairings_pdf_tells_them_apart(client: Client, tournament, smiths, monkeypatch):
    monkeypatch.setattr(public_pdf, "_fonts", lambda: ("Helvetica", "Helvetica-Bold"))
    texts = [text for _, text, _ in text_runs(client.get(public_url(tournament, "pairings_pdf", 1)).content)]
    joined = " ".join(texts)
    assert "(Hull)" in joined and "(York)" in joined, texts
