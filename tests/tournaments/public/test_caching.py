"""Every public page is served from the cache until the tournament changes, then rebuilt."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.tournaments.public.conftest import HTMX, public_url
from tournaments.models import Board, Tournament
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db


def _urls(tournament, white_id):
    return {
        "pairings": public_url(tournament, "pairings"),
        "round": public_url(tournament, "round", 3),
        "standings": public_url(tournament, "standings"),
        "crosstable": public_url(tournament, "crosstable"),
        "participant": public_url(tournament, "participant", white_id),
        "rounds": public_url(tournament, "rounds"),
        "find": public_url(tournament, "find") + "?q=player",
        "display": public_url(tournament, "display"),
    }


def _text_appears(text):
    return lambda before, after: text in after and text not in before


# How each page shows board 1's new result in round 3 (besides the new version it polls with).
# The standings do not: they are the standings after the last complete round.
SHOWS_RESULT = {
    "pairings": _text_appears("1 of 4 results in"),
    "round": _text_appears("1 of 4 results in"),
    "crosstable": lambda before, after: after.count("…</td>") == before.count("…</td>") - 2,
    "participant": lambda before, after: "playing</span>" in before and "playing</span>" not in after,
    "rounds": _text_appears("1 of 4 results in"),
    "find": _text_appears("· 1-0"),
    "display": _text_appears("1 of 4 results in"),
}


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "partial"])
@pytest.mark.parametrize("name", list(SHOWS_RESULT))
def test_it_is_cached_until_a_result_is_recorded(client: Client, running, arbiter, name, htmx):
    headers = HTMX if htmx else {}
    board = Board.objects.get(round__tournament=running, round__number=3, number=1)
    url = _urls(running, board.white_id)[name]
    before = client.get(url, headers=headers).content.decode()
    with CaptureQueriesContext(connection) as cached:
        assert client.get(url, headers=headers).content.decode() == before
    # The tournament; a participant's page also asks when their own result last changed.
    assert len(cached) == (2 if name == "participant" else 1)

    result_record(board=board, user=arbiter, result="1-0", expected_version=board.version)
    running.refresh_from_db()
    with CaptureQueriesContext(connection) as rebuilt:
        after = client.get(url, headers=headers).content.decode()
    assert len(rebuilt) > 1
    assert f'data-version="{running.version}"' in after
    if name in SHOWS_RESULT:
        assert SHOWS_RESULT[name](before, after)


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "partial"])
def test_the_standings_stay_cached_while_the_round_is_played_and_move_when_it_completes(
    client: Client, running, arbiter, htmx
):
    """Before: every result rebuilt the standings page and reran the engine (same answer)."""
    headers = HTMX if htmx else {}
    url = public_url(running, "standings")
    boards = list(Board.objects.filter(round__tournament=running, round__number=3).order_by("number"))
    Tournament.objects.filter(pk=running.pk).update(status=Tournament.Status.RUNNING)
    before = client.get(url, headers=headers).content.decode()
    for board in boards[:-1]:
        result_record(board=board, user=arbiter, result="1-0", expected_version=board.version)
        with CaptureQueriesContext(connection) as cached:
            assert client.get(url, headers=headers).content.decode() == before
        assert len(cached) == 1

    last = boards[-1]
    result_record(board=last, user=arbiter, result="0-1", expected_version=last.version)
    running.refresh_from_db()
    after = client.get(url, headers=headers).content.decode()
    assert "after round 2" in before and "after round 3" in after
    assert f'data-version="{running.standings_version}"' in after


def test_a_participant_page_is_rebuilt_for_their_own_result_not_for_other_boards(
    client: Client, running, arbiter
):
    """Before: every result anywhere rebuilt all the players' pages (41-44 ms each at 1000 players)."""
    boards = list(Board.objects.filter(round__tournament=running, round__number=3).order_by("number"))
    Tournament.objects.filter(pk=running.pk).update(status=Tournament.Status.RUNNING)
    url = public_url(running, "participant", boards[0].white_id)
    before = client.get(url).content.decode()
    result_record(board=boards[1], user=arbiter, result="1-0", expected_version=boards[1].version)
    with CaptureQueriesContext(connection) as cached:
        assert client.get(url).content.decode() == before
    assert len(cached) == 2
    result_record(board=boards[0], user=arbiter, result="0-1", expected_version=boards[0].version)
    after = client.get(url).content.decode()
    assert "playing</span>" in before and "playing</span>" not in after
