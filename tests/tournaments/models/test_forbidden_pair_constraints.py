"""What the database refuses for forbidden pairs, whatever the service above it does."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from tests import factories
from tournaments.models import ForbiddenPair


@pytest.fixture
def two(tournament):
    return sorted(factories.ParticipantFactory.create_batch(2, tournament=tournament), key=lambda p: p.pk)


def test_the_lower_id_comes_first_so_a_pair_has_one_spelling(tournament, two):
    low, high = two
    with pytest.raises(IntegrityError), transaction.atomic():
        ForbiddenPair.objects.create(tournament=tournament, first=high, second=low)
    with pytest.raises(IntegrityError), transaction.atomic():
        ForbiddenPair.objects.create(tournament=tournament, first=low, second=low)


def test_one_pair_and_range_is_stored_once_open_ends_included(tournament, two):
    low, high = two
    ForbiddenPair.objects.create(tournament=tournament, first=low, second=high)
    with pytest.raises(IntegrityError), transaction.atomic():
        ForbiddenPair.objects.create(tournament=tournament, first=low, second=high)
    ForbiddenPair.objects.create(tournament=tournament, first=low, second=high, first_round=2, last_round=3)
    with pytest.raises(IntegrityError), transaction.atomic():
        ForbiddenPair.objects.create(
            tournament=tournament, first=low, second=high, first_round=2, last_round=3
        )
    assert ForbiddenPair.objects.count() == 2


def test_a_range_cannot_be_empty_or_start_at_zero(tournament, two):
    low, high = two
    with pytest.raises(IntegrityError), transaction.atomic():
        ForbiddenPair.objects.create(
            tournament=tournament, first=low, second=high, first_round=3, last_round=2
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        ForbiddenPair.objects.create(tournament=tournament, first=low, second=high, first_round=0)
