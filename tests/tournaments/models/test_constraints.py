"""What the database itself refuses, whatever the code above it does."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from tests import factories
from tournaments.models import Board, Participant, Round, RoundBye


def test_a_board_cannot_pair_someone_with_themselves(tournament):
    p = factories.ParticipantFactory(tournament=tournament)
    rnd = Round.objects.create(tournament=tournament, number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Board.objects.create(round=rnd, number=1, white=p, black=p)


def test_round_numbers_and_pairing_numbers_are_unique(tournament):
    Round.objects.create(tournament=tournament, number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(tournament=tournament, number=1)
    Participant.objects.create(tournament=tournament, name="A", pairing_number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Participant.objects.create(tournament=tournament, name="B", pairing_number=1)


def test_one_pairing_allocated_bye_per_round(tournament):
    a, b = factories.ParticipantFactory.create_batch(2, tournament=tournament)
    RoundBye.objects.create(tournament=tournament, participant=a, round_number=1, kind="pab", points=2)
    with pytest.raises(IntegrityError), transaction.atomic():
        RoundBye.objects.create(tournament=tournament, participant=b, round_number=1, kind="pab", points=2)
    RoundBye.objects.create(tournament=tournament, participant=b, round_number=1, kind="half", points=1)
