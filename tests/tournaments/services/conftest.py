"""Helpers for service tests: a Swiss with players, paired and played through the services."""

from __future__ import annotations

import pytest

from pairing.services.execute import round_pair_execute
from pairing.services.swiss import round_pair, round_publish
from tests import factories
from tournaments.models import Board, Round
from tournaments.services.results import result_record


def add_players(tournament, n, start_rating=2200):
    return [
        factories.ParticipantFactory(
            tournament=tournament, name=f"Player {i:02d}", rating=start_rating - 10 * i
        )
        for i in range(1, n + 1)
    ]


def pair_and_publish(tournament, user):
    rnd = round_pair(tournament=tournament, user=user)
    # The enqueue runs on commit, which a test transaction never reaches: run the task body here
    # (test_round_pair.py checks the enqueue itself).
    round_pair_execute(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.DRAFT, rnd.error
    return round_publish(round=rnd, user=user)


def play_round(rnd, user, result=Board.Result.WHITE_WINS):
    for board in Board.objects.filter(round=rnd).order_by("number"):
        result_record(board=board, user=user, result=result, expected_version=board.version)
    rnd.refresh_from_db()
    return rnd


@pytest.fixture
def swiss(tournament):
    """The Club Championship (5 rounds) with ten players numbered by rating."""
    from tournaments.services.participants.numbers import pairing_numbers_assign

    add_players(tournament, 10)
    pairing_numbers_assign(tournament)
    return tournament
