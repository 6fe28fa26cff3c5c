"""The APIs' reads (tournaments.selectors.api): a round with its byes beside it, not patched onto it;
a participant named in a request is a 400 on its field; a missing object is a 404."""

from __future__ import annotations

import dataclasses

import pytest
from django.http import Http404

from core.errors import ValidationFailed
from tests.tournaments.exchange.builders import build_full_tournament
from tournaments.models import Round
from tournaments.selectors import api as reads


@pytest.fixture
def event(db):
    return build_full_tournament()


def test_a_round_with_its_byes_carries_them_beside_the_round(event, django_assert_num_queries):
    with django_assert_num_queries(3):  # the round, its boards, its byes
        found = reads.round_with_byes(reads.round_with_boards(event, 2))
    assert found.round.number == 2 and not hasattr(found.round, "byes")
    assert [(b.participant.pairing_number, b.kind) for b in found.byes] == [(7, "half"), (10, "late")]
    assert [b.number for b in found.round.boards.all()] == [1, 2, 3, 4]
    with pytest.raises(dataclasses.FrozenInstanceError):
        found.byes = []


def test_the_public_round_is_one_of_the_statuses_asked_for(event):
    Round.objects.filter(tournament=event, number=4).update(status=Round.Status.DRAFT)
    public = (Round.Status.PUBLISHED, Round.Status.FINISHED)
    assert reads.round_with_boards(event, 3, statuses=public, explanation=False).number == 3
    with pytest.raises(Http404):
        reads.round_with_boards(event, 4, statuses=public)
    assert [r.number for r in reads.rounds_in_order(event, statuses=public)] == [1, 2, 3]
    assert [r.number for r in reads.rounds_in_order(event)] == [1, 2, 3, 4]


def test_a_participant_named_in_a_request_is_a_400_on_that_field(event):
    with pytest.raises(ValidationFailed) as refused:
        reads.participant_in(event, 999_999, field="second")
    assert refused.value.errors == {"second": ["Not in this tournament."]}
    with pytest.raises(Http404):
        reads.participant_get(event, 999_999)


def test_the_boards_of_a_missing_round_are_a_404_at_once(event):
    with pytest.raises(Http404):
        reads.boards_in_order(event, 9)
    assert [b.number for b in reads.boards_in_order(event, 1)] == [1, 2, 3, 4]
    assert reads.tournament_counts(event) == (10, 4)
