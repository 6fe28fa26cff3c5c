"""Issue 22 (2): edit a participant, delete a wrong entry, undo a withdrawal; all audited."""

from __future__ import annotations

import pytest

from core.errors import NotAllowedError, ValidationFailed
from pairing.adapters import pairing_request_for_round
from pairing.services.execute import round_pair_execute
from pairing.services.swiss import round_pair
from tournaments.models import AuditLog, Participant, RoundBye
from tournaments.services.participants.edits import participant_delete, participant_update
from tournaments.services.participants.registration import participant_register
from tournaments.services.participants.withdrawals import participant_withdraw, withdrawal_undo

from .conftest import add_players, pair_and_publish, play_round


def test_a_typo_and_a_wrong_rating_are_corrected_and_the_numbers_follow(swiss, arbiter):
    tenth = Participant.objects.get(tournament=swiss, pairing_number=10)
    result = participant_update(
        participant=tenth, user=arbiter, name="Player  Ten ", rating=2500, fide_id="1234", club_name="Hull"
    )
    updated = result.participant
    assert (updated.name, updated.rating, updated.fide_id, updated.club_name) == (
        "Player Ten",
        2500,
        "1234",
        "Hull",
    )
    assert updated.pairing_number == 1
    assert result.numbers_moved == "pairing numbers 1-9 moved down by one"
    row = AuditLog.objects.get(action="participant_update", object_id=str(tenth.pk))
    assert row.user == arbiter and row.before["rating"] == 2100 and row.after["rating"] == 2500


def test_bad_input_and_a_true_duplicate_change_nothing(swiss, arbiter, stranger):
    first, second = Participant.objects.filter(tournament=swiss).order_by("pairing_number")[:2]
    with pytest.raises(ValidationFailed, match="Rating 9000 is outside"):
        participant_update(participant=first, user=arbiter, rating=9000)
    with pytest.raises(ValidationFailed, match="already registered with the same rating and club"):
        participant_update(participant=first, user=arbiter, name=second.name, rating=second.rating)
    with pytest.raises(ValidationFailed, match="Unknown participant fields: status"):
        participant_update(participant=first, user=arbiter, status="withdrawn")
    with pytest.raises(NotAllowedError):
        participant_update(participant=first, user=stranger, rating=1)
    first.refresh_from_db()
    assert (first.name, first.rating, first.status) == ("Player 01", 2190, "active")
    assert not AuditLog.objects.filter(action="participant_update").exists()


def test_a_wrong_entry_is_deleted_before_it_was_paired(swiss, arbiter):
    wrong = Participant.objects.get(tournament=swiss, pairing_number=3)
    assert participant_delete(participant=wrong, user=arbiter) == "pairing numbers 4-10 moved up by one"
    assert not Participant.objects.filter(pk=wrong.pk).exists()
    numbers = list(Participant.objects.filter(tournament=swiss).values_list("pairing_number", flat=True))
    assert numbers == list(range(1, 10))
    row = AuditLog.objects.get(action="participant_delete")
    assert row.object_id == str(wrong.pk) and row.before["name"] == wrong.name


def test_a_paired_participant_cannot_be_deleted_only_withdrawn(swiss, arbiter):
    rnd = pair_and_publish(swiss, arbiter)
    paired = rnd.boards.first().white
    with pytest.raises(ValidationFailed, match="withdraw them instead"):
        participant_delete(participant=paired, user=arbiter)
    assert Participant.objects.filter(pk=paired.pk).exists()
    # A late entry not yet paired is still a wrong entry that can go.
    late = participant_register(tournament=swiss, user=arbiter, name="Wrong Late", rating=1000).participant
    participant_delete(participant=late, user=arbiter)
    assert not RoundBye.objects.filter(participant_id=late.pk).exists()


def test_withdrawing_before_round_1_can_be_undone(swiss, arbiter):
    p = Participant.objects.get(tournament=swiss, pairing_number=4)
    participant_withdraw(participant=p, user=arbiter)
    back = withdrawal_undo(participant=p, user=arbiter).participant
    assert (back.status, back.withdrawn_from_round) == ("active", None)
    assert AuditLog.objects.filter(action="withdrawal_undo", object_id=str(p.pk)).exists()
    rnd = pair_and_publish(swiss, arbiter)
    assert rnd.boards.filter(white=p).exists() or rnd.boards.filter(black=p).exists()


def test_an_undo_after_a_round_paired_without_them_counts_it_as_an_absence(swiss, arbiter):
    play_round(pair_and_publish(swiss, arbiter), arbiter)
    p = Participant.objects.get(tournament=swiss, pairing_number=2)
    participant_withdraw(participant=p, user=arbiter)  # from round 2
    play_round(pair_and_publish(swiss, arbiter), arbiter)
    undone = withdrawal_undo(participant=p, user=arbiter)
    assert undone.absent_in == [2]
    bye = RoundBye.objects.get(participant=p, round_number=2)
    assert (bye.kind, bye.points) == ("absent", 0)
    entry = next(e for e in pairing_request_for_round(swiss, 3).participants if e.id == p.pk)
    assert entry.available


def test_a_draft_made_without_them_must_go_before_the_undo(swiss, arbiter):
    p = Participant.objects.get(tournament=swiss, pairing_number=5)
    participant_withdraw(participant=p, user=arbiter)
    rnd = round_pair(tournament=swiss, user=arbiter)
    round_pair_execute(round_id=rnd.pk)
    with pytest.raises(ValidationFailed, match="Round 1 has been paired without Player 05"):
        withdrawal_undo(participant=p, user=arbiter)
    p.refresh_from_db()
    assert p.status == "withdrawn"


def test_undo_of_someone_not_withdrawn_is_refused(tournament, arbiter):
    p = add_players(tournament, 1)[0]
    with pytest.raises(ValidationFailed, match="has not withdrawn"):
        withdrawal_undo(participant=p, user=arbiter)
