"""The rules page says what a tie-break does where FIDE's C.07 leaves a choice or gives nothing to compute."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.public.conftest import public_url
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

NOTES = {
    "SB-C1": "the part from the opponent on 1 point is left out, so the value is 1",
    "KS": "their final score, as these standings show it, is at least half the maximum",
    "BH-M2": "In a tournament of four rounds or fewer",
    "ARO-C1": "If you played only one rated opponent over the board",
}


def rules_page(client: Client, tournament: Tournament, tiebreaks: str) -> str:
    Tournament.objects.filter(pk=tournament.pk).update(tiebreaks=tiebreaks)
    tournament.refresh_from_db()
    response = client.get(public_url(tournament, "rules"))
    assert response.status_code == 200
    return response.content.decode()


def test_each_choice_is_explained_under_its_tiebreak(client: Client, tournament):
    html = rules_page(client, tournament, "DE,SB-C1,KS,BH-M2,ARO-C1")
    for code, note in NOTES.items():
        assert note in html, code
    # each note sits under its own tie-break, in the list's order
    positions = [html.index(note) for note in NOTES.values()]
    assert positions == sorted(positions)
    assert html.index("Koya score") < html.index(NOTES["KS"]) < html.index("Median Buchholz 2")


def test_tiebreaks_not_in_use_are_not_explained(client: Client, tournament):
    html = rules_page(client, tournament, "DE,BH-C1,BH,SB,WIN")
    assert not any(note in html for note in NOTES.values())
