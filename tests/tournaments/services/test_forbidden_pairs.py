"""Forbidden pairs: who may record them, what is refused, and the engine keeping the two apart."""

from __future__ import annotations

import pytest

from core.errors import NotAllowedError, ValidationFailed
from pairing.adapters import pairing_request_for_round
from pairing.services.execute import round_pair_execute
from pairing.services.swiss import round_delete, round_pair
from tests import factories
from tournaments.models import AuditLog, Board, ForbiddenPair, Round, Tournament
from tournaments.services.participants.forbidden_pairs import forbidden_pair_add, forbidden_pair_remove
from tournaments.services.participants.registration import participant_register

from .conftest import add_players, pair_and_publish, play_round


def _state(tournament):
    return (
        list(ForbiddenPair.objects.values_list()),
        Tournament.objects.get(pk=tournament.pk).version,
        AuditLog.objects.count(),
    )


def test_it_stores_the_pair_lower_id_first_and_writes_an_audit_row(swiss, arbiter):
    a, b = list(swiss.participants.order_by("pairing_number"))[:2]
    version = swiss.version
    pair = forbidden_pair_add(
        tournament=swiss, user=arbiter, first=b, second=a, last_round=3, reason="  Brothers "
    )
    assert (pair.first_id, pair.second_id) == tuple(sorted((a.pk, b.pk)))
    assert (pair.first_round, pair.last_round, pair.reason) == (None, 3, "Brothers")
    swiss.refresh_from_db()
    assert swiss.version == version + 1
    row = AuditLog.objects.get(action="forbidden_pair_add")
    assert row.user == arbiter and row.after["last_round"] == 3 and row.after["reason"] == "Brothers"


def test_round_one_as_first_round_means_from_the_start(swiss, organiser):
    a, b = list(swiss.participants.all())[:2]
    pair = forbidden_pair_add(tournament=swiss, user=organiser, first=a, second=b, first_round=1)
    assert pair.first_round is None


def test_a_stranger_may_not_add_or_remove(swiss, stranger, arbiter):
    a, b = list(swiss.participants.all())[:2]
    with pytest.raises(NotAllowedError):
        forbidden_pair_add(tournament=swiss, user=stranger, first=a, second=b)
    pair = forbidden_pair_add(tournament=swiss, user=arbiter, first=a, second=b)
    before = _state(swiss)
    with pytest.raises(NotAllowedError):
        forbidden_pair_remove(pair=pair, user=stranger)
    assert _state(swiss) == before


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"first_round": 4, "last_round": 2}, "empty range"),
        ({"first_round": 0}, "numbered from 1"),
        ({"last_round": 6}, "has 5 rounds"),
        ({"first_round": 9}, "no round 9"),
        ({"reason": "x" * 201}, "at most 200"),
    ],
)
def test_bad_input_is_refused_with_a_message_and_changes_nothing(swiss, arbiter, kwargs, message):
    a, b = list(swiss.participants.all())[:2]
    before = _state(swiss)
    with pytest.raises(ValidationFailed, match=message):
        forbidden_pair_add(tournament=swiss, user=arbiter, first=a, second=b, **kwargs)
    assert _state(swiss) == before


def test_the_same_participant_twice_is_refused(swiss, arbiter):
    a = swiss.participants.first()
    with pytest.raises(ValidationFailed, match="cannot be kept apart from themselves"):
        forbidden_pair_add(tournament=swiss, user=arbiter, first=a, second=a)


def test_a_participant_of_another_tournament_is_refused(swiss, arbiter):
    a = swiss.participants.first()
    outsider = factories.ParticipantFactory(name="Olaf Outsider")
    before = _state(swiss)
    with pytest.raises(ValidationFailed, match="Olaf Outsider is not a participant"):
        forbidden_pair_add(tournament=swiss, user=arbiter, first=a, second=outsider)
    assert _state(swiss) == before


def test_a_duplicate_or_overlapping_range_is_refused(swiss, arbiter):
    a, b = list(swiss.participants.all())[:2]
    forbidden_pair_add(tournament=swiss, user=arbiter, first=a, second=b, first_round=2, last_round=3)
    with pytest.raises(ValidationFailed, match="already kept apart in rounds 2-3.$"):
        forbidden_pair_add(tournament=swiss, user=arbiter, first=b, second=a, first_round=2, last_round=3)
    with pytest.raises(ValidationFailed, match="overlaps from round 3"):
        forbidden_pair_add(tournament=swiss, user=arbiter, first=a, second=b, first_round=3)
    # Rounds 4-5 do not overlap: allowed.
    forbidden_pair_add(tournament=swiss, user=arbiter, first=a, second=b, first_round=4)
    assert ForbiddenPair.objects.count() == 2


def test_a_range_that_is_already_over_is_refused(swiss, arbiter):
    rnd = pair_and_publish(swiss, arbiter)
    play_round(rnd, arbiter)
    a, b = list(swiss.participants.all())[:2]
    with pytest.raises(ValidationFailed, match="next round to pair is round 2"):
        forbidden_pair_add(tournament=swiss, user=arbiter, first=a, second=b, last_round=1)
    forbidden_pair_add(tournament=swiss, user=arbiter, first=a, second=b, last_round=2)


def test_a_round_robin_has_nothing_to_keep_apart(tournament, organiser):
    tournament.format = Tournament.Format.ROUND_ROBIN
    tournament.save()
    a, b = add_players(tournament, 2)
    with pytest.raises(ValidationFailed, match="round robin"):
        forbidden_pair_add(tournament=tournament, user=organiser, first=a, second=b)


def test_a_pair_the_draft_already_puts_together_needs_the_round_paired_again(swiss, arbiter):
    rnd = round_pair(tournament=swiss, user=arbiter)
    round_pair_execute(round_id=rnd.pk)
    board = Board.objects.filter(round=rnd).select_related("white", "black").first()
    before = _state(swiss)
    with pytest.raises(ValidationFailed, match="must be paired again"):
        forbidden_pair_add(tournament=swiss, user=arbiter, first=board.white, second=board.black)
    assert _state(swiss) == before
    # From round 2 on, the draft of round 1 does not matter.
    forbidden_pair_add(tournament=swiss, user=arbiter, first=board.white, second=board.black, first_round=2)


def test_remove_writes_an_audit_row_and_bumps_the_version(swiss, organiser):
    a, b = list(swiss.participants.all())[:2]
    pair = forbidden_pair_add(tournament=swiss, user=organiser, first=a, second=b, reason="Family")
    version = Tournament.objects.get(pk=swiss.pk).version
    forbidden_pair_remove(pair=pair, user=organiser)
    assert not ForbiddenPair.objects.exists()
    assert Tournament.objects.get(pk=swiss.pk).version == version + 1
    row = AuditLog.objects.get(action="forbidden_pair_remove")
    assert row.before["reason"] == "Family" and row.after is None


def test_the_pairing_request_carries_the_pairs_of_that_round_only(swiss, arbiter):
    a, b, c, d = list(swiss.participants.order_by("pairing_number"))[:4]
    forbidden_pair_add(tournament=swiss, user=arbiter, first=a, second=b)
    forbidden_pair_add(tournament=swiss, user=arbiter, first=c, second=d, first_round=2, last_round=3)
    assert pairing_request_for_round(swiss, 1).forbidden_pairs == {frozenset((a.pk, b.pk))}
    assert pairing_request_for_round(swiss, 3).forbidden_pairs == {
        frozenset((a.pk, b.pk)),
        frozenset((c.pk, d.pk)),
    }
    assert pairing_request_for_round(swiss, 4).forbidden_pairs == {frozenset((a.pk, b.pk))}


def _boards(rnd: Round) -> set[frozenset[int]]:
    return {frozenset((b.white_id, b.black_id)) for b in Board.objects.filter(round=rnd)}


def test_the_engine_keeps_a_forbidden_pair_apart(tournament, arbiter):
    """Ten players registered at the desk. Round 1 naturally pairs no. 1 with no. 6 (top half
    against bottom half). Keep them apart: the round is paired without that board, and without
    breaking any rule to do it."""
    for i in range(1, 11):
        participant_register(
            tournament=tournament, user=arbiter, name=f"Desk Player {i:02d}", rating=2300 - 25 * i
        )
    swiss = tournament
    people = list(swiss.participants.order_by("pairing_number"))
    assert [p.name for p in people[:2]] == ["Desk Player 01", "Desk Player 02"]
    rnd = round_pair(tournament=swiss, user=arbiter)
    round_pair_execute(round_id=rnd.pk)
    natural = _boards(rnd)
    top, partner = people[0], people[5]
    assert frozenset((top.pk, partner.pk)) in natural
    round_delete(round=rnd, user=arbiter)

    forbidden_pair_add(tournament=swiss, user=arbiter, first=top, second=partner, reason="Father and son")
    rnd = round_pair(tournament=swiss, user=arbiter)
    round_pair_execute(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.DRAFT, rnd.error
    kept_apart = _boards(rnd)
    assert frozenset((top.pk, partner.pk)) not in kept_apart
    assert len(kept_apart) == 5
    assert rnd.violations == []
    # The round's explanation tells the arbiter why the order changed.
    assert any(
        "Desk Player 01 and Desk Player 06 must not be paired (forbidden pair)" in note
        for note in rnd.explanation["notes"]
    )
