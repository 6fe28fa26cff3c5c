"""Issue 29: the pairing task took the tournament's lock through its own helper
(``lock_tournament_of``), which skipped the archive re-check every other write makes under the
lock: a tournament archived between the claim and the task got its boards all the same."""

from __future__ import annotations

import pytest

from pairing.services.execute import round_pair_execute
from pairing.services.swiss import round_pair
from tournaments.models import Board, Round, RoundBye
from tournaments.permissions import ARCHIVED
from tournaments.services.lifecycle import tournament_archive

from .conftest import pair_and_publish, play_round

pytestmark = pytest.mark.django_db


def test_a_round_claimed_before_the_archive_gets_no_boards_and_says_why(swiss, arbiter, organiser):
    play_round(pair_and_publish(swiss, arbiter), arbiter)
    claimed = round_pair(tournament=swiss, user=arbiter)  # the task is sent once this commits
    tournament_archive(tournament=swiss, user=organiser)  # ... and the archive lands first

    round_pair_execute(round_id=claimed.pk)  # the task body

    rnd = Round.objects.get(pk=claimed.pk)
    assert not Board.objects.filter(round=rnd).exists()
    assert not RoundBye.objects.filter(tournament=swiss, round_number=rnd.number).exists()
    assert rnd.status == Round.Status.FAILED
    assert rnd.error == ARCHIVED
