"""The public pages driven by the real services: register, pair, publish, record results.

The other tests build rounds directly; this one checks the pages agree with what the engine and
the arbiter's services actually store (explanations, byes, version bumps, round statuses).
"""

from __future__ import annotations

import pytest
from django.test import Client

from pairing.services.swiss import round_pair, round_publish
from tests.tournaments.public.conftest import public_url
from tournaments.models import Board, Round, RoundBye
from tournaments.services.participants.registration import participant_register
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db

NAMES = ["Ann Archer", "Bob Baker", "Cy Cooper", "Di Dyer", "Ed Evans", "Flo Fisher", "Gus Grant"]


def _pair(tournament, arbiter, django_capture_on_commit_callbacks) -> Round:
    with django_capture_on_commit_callbacks(execute=True):
        rnd = round_pair(tournament=tournament, user=arbiter)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.DRAFT, rnd.error
    return rnd


def test_a_round_goes_public_only_when_published_and_results_show_up_live(
    client: Client, tournament, organiser, arbiter, django_capture_on_commit_callbacks
):
    for index, name in enumerate(NAMES):
        participant_register(
            tournament=tournament,
            user=organiser,
            name=name,
            rating=2000 - 50 * index,
            email=f"p{index}@mail.test",
        )
    rnd = _pair(tournament, arbiter, django_capture_on_commit_callbacks)
    tournament.refresh_from_db()

    # A draft is the arbiter's business only.
    assert (
        "No round has been published yet" in client.get(public_url(tournament, "pairings")).content.decode()
    )
    assert client.get(public_url(tournament, "round", 1)).status_code == 404

    round_publish(round=rnd, user=arbiter)
    tournament.refresh_from_db()
    html = client.get(public_url(tournament, "pairings")).content.decode()
    assert "Round 1" in html and "0 of 3 results in" in html
    bye = RoundBye.objects.select_related("participant").get(tournament=tournament, round_number=1)
    assert bye.participant.name in html and "pairing-allocated bye" in html
    assert "@mail.test" not in html

    # Every board's players get the engine's explanation of their pairing.
    board = Board.objects.select_related("white").get(round=rnd, number=1)
    page = client.get(public_url(tournament, "participant", board.white_id)).content.decode()
    assert "Why this pairing?" in page

    stale = tournament.version
    result_record(board=board, user=arbiter, result="1-0", expected_version=board.version)
    poll = client.get(public_url(tournament, "pairings") + f"?v={stale}", headers={"HX-Request": "true"})
    assert poll.status_code == 200
    assert "1 of 3 results in" in poll.content.decode()

    for other in Board.objects.filter(round=rnd).exclude(pk=board.pk):
        result_record(board=other, user=arbiter, result="1/2-1/2", expected_version=other.version)
    tournament.refresh_from_db()
    standings = client.get(public_url(tournament, "standings")).content.decode()
    assert "after round 1" in standings
    assert board.white.name in standings


def test_the_public_round_shows_the_score_a_corrected_pairing_used(client: Client, tournament, arbiter):
    """Issue 33 (12): like the staff page, the public round page says "paired on" the old score."""
    from tests.tournaments.services.conftest import add_players, pair_and_publish, play_round

    add_players(tournament, 8)
    first = play_round(pair_and_publish(tournament, arbiter), arbiter)  # every board 1-0
    pair_and_publish(tournament, arbiter)
    board = Board.objects.select_related("white").get(round=first, number=1)
    result_record(board=board, user=arbiter, result="0-1", expected_version=board.version)
    html = client.get(public_url(tournament, "round", 2)).content.decode()
    assert "paired on 1" in html  # the winner of board 1 was paired on 1 point, has 0 now
    assert 'id="paired-on-old"' in html
