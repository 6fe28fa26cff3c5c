"""A tournament already in the database shows the corrected tie-breaks: standings are computed, not stored.

The issue's example (FIDE C.07 14.1.1), entered as an ordinary finished three-round Swiss:

    R1            R2            R3            final
P   = A           1-0 v B       0-1 v C       1.5
A   = P           = C           1-0 v X       2.0
B   1-0 v X       0-1 v P       0-1 v Y       1.0
C   1-0 v Y       = A           1-0 v P       2.5
X   0-1 v B       = Y           0-1 v A       0.5
Y   0-1 v C       = X           1-0 v B       1.5

P's SB-C1 leaves out B's part (B has the lowest score): 1.0 (A) + 0.0 (C) = 1.0, not 2.0.
"""

from __future__ import annotations

import pytest
from django.test import Client

from pairing.standings import standings_for_tournament
from tests.tournaments.public.builders import add_participants
from tests.tournaments.public.conftest import public_url
from tournaments.models import Board, Round, Tournament

pytestmark = pytest.mark.django_db

WIN, DRAW, LOSS = Board.Result.WHITE_WINS, Board.Result.DRAW, Board.Result.BLACK_WINS
GAMES = {  # round -> (white, black, result), players by letter
    1: [("P", "A", DRAW), ("B", "X", WIN), ("Y", "C", LOSS)],
    2: [("B", "P", LOSS), ("A", "C", DRAW), ("X", "Y", DRAW)],
    3: [("P", "C", LOSS), ("X", "A", LOSS), ("Y", "B", WIN)],
}


@pytest.fixture
def finished(tournament: Tournament) -> dict[str, int]:
    people = add_participants(tournament, 6)
    ids = dict(zip("PABCXY", (p.id for p in people), strict=True))
    for number, games in GAMES.items():
        rnd = Round.objects.create(tournament=tournament, number=number, status=Round.Status.FINISHED)
        for board, (white, black, result) in enumerate(games, start=1):
            Board.objects.create(
                round=rnd, number=board, white_id=ids[white], black_id=ids[black], result=result
            )
    Tournament.objects.filter(pk=tournament.pk).update(tiebreaks="SB-C1,SB", rounds_planned=3)
    tournament.refresh_from_db()
    return ids


def test_sb_cut_1_of_a_stored_tournament_is_the_corrected_value(tournament: Tournament, finished) -> None:
    row = standings_for_tournament(tournament).row(finished["P"])
    assert [(v.code, v.display) for v in row.tiebreaks] == [("SB-C1", "1.0"), ("SB", "2.0")]


def test_the_public_breakdown_says_what_the_cut_left_out(
    client: Client, tournament: Tournament, finished
) -> None:
    response = client.get(public_url(tournament, "tiebreak", finished["P"], "SB-C1"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Sonneborn-Berger cut 1 1.0" in html
    assert "the part from the opponent with the lowest score (1.0)" in html
