"""Check-in: not checked in = absent when the round is paired (through the pairing button's hook),
the arbiter's override, a late check-in before the pairing is published, the 'once' rule."""

from __future__ import annotations

import pytest

from core.errors import NotAllowedError, ValidationFailed
from entries.models import CheckIn, CheckInAbsence, EntrySettings
from entries.services.checkin import absences_before_pairing, check_in, check_in_round
from pairing.services.execute import round_pair_execute
from pairing.services.swiss import round_pair
from tests.tournaments.services.conftest import pair_and_publish, play_round
from tournaments.models import Board, Round, RoundBye
from tournaments.services.events import event_register
from tournaments.services.participants.byes import bye_request
from tournaments.services.prepair import pre_pair_run

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(event_world):
    b = event_world["b"]
    for i in range(6):
        event_register(event=b.event, user=event_world["organiser"], section=b, name=f"P{i}", rating=1500 - i)
    EntrySettings.objects.filter(event=b.event).update(check_in="every")
    return b


def _people(section):
    return {p.name: p for p in section.participants.all()}


def _paired(rnd):
    boards = Board.objects.filter(round=rnd)
    return {b.white.name for b in boards} | {b.black.name for b in boards}


def test_players_not_checked_in_are_absent_and_not_paired(section, organiser):
    people = _people(section)
    for name in ("P0", "P1", "P2", "P3"):
        check_in(participant=people[name], via=CheckIn.Via.LINK)
    notes = pre_pair_run(section, organiser)  # the hook the pairing button runs
    assert "2 players had not checked in for round 1" in notes[0]
    assert set(RoundBye.objects.filter(kind="absent").values_list("participant__name", flat=True)) == {
        "P4",
        "P5",
    }
    rnd = round_pair(tournament=section, user=organiser)
    round_pair_execute(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert _paired(rnd) == {"P0", "P1", "P2", "P3"}


def test_running_the_step_twice_marks_nobody_twice(section, organiser):
    absences_before_pairing(section, organiser)
    assert absences_before_pairing(section, organiser) == []
    assert CheckInAbsence.objects.count() == 6


def test_a_late_check_in_before_publishing_undoes_the_absence(section, organiser):
    people = _people(section)
    for name in ("P0", "P1", "P2", "P3"):
        check_in(participant=people[name], via=CheckIn.Via.DESK)
    absences_before_pairing(section, organiser)
    rnd = round_pair(tournament=section, user=organiser)
    round_pair_execute(round_id=rnd.pk)
    late = check_in(participant=people["P4"], via=CheckIn.Via.LINK)  # anonymous: the player's link
    assert late.absence_cancelled and late.draft_needs_repair
    assert not RoundBye.objects.filter(participant=people["P4"]).exists()
    # the arbiter pairs the draft again: P4 is in, P5 still absent
    absences_before_pairing(section, organiser)
    from pairing.services.swiss import round_repair

    rnd.refresh_from_db()
    round_repair(round=rnd, user=organiser)
    round_pair_execute(round_id=rnd.pk)
    rnd.refresh_from_db()
    pab = set(RoundBye.objects.filter(round_number=1, kind="pab").values_list("participant__name", flat=True))
    assert _paired(rnd) | pab == {"P0", "P1", "P2", "P3", "P4"}
    assert RoundBye.objects.filter(participant=people["P5"], kind="absent").exists()


def test_a_check_in_after_publishing_counts_for_the_next_round(section, organiser):
    people = _people(section)
    for name in ("P0", "P1", "P2", "P3"):
        check_in(participant=people[name], via=CheckIn.Via.LINK)
    absences_before_pairing(section, organiser)
    rnd = pair_and_publish(section, organiser)
    assert check_in_round(section) == 2
    done = check_in(participant=people["P4"], via=CheckIn.Via.LINK)
    assert done.check_in.round_number == 2 and not done.absence_cancelled
    assert RoundBye.objects.filter(participant=people["P4"], round_number=1, kind="absent").exists()
    play_round(rnd, organiser)


def test_the_arbiters_override_pairs_a_player_who_did_not_check_in(section, organiser, stranger):
    people = _people(section)
    with pytest.raises(NotAllowedError):
        check_in(participant=people["P5"], via=CheckIn.Via.ARBITER, user=stranger)
    for p in people.values():
        check_in(participant=p, via=CheckIn.Via.ARBITER, user=organiser)
    assert absences_before_pairing(section, organiser) == []


def test_a_requested_bye_is_not_expected_and_not_marked_absent(section, organiser):
    people = _people(section)
    bye_request(participant=people["P5"], round_number=1, kind="half", user=organiser)
    with pytest.raises(ValidationFailed, match="not expected"):
        check_in(participant=people["P5"], via=CheckIn.Via.LINK)
    absences_before_pairing(section, organiser)
    assert RoundBye.objects.get(participant=people["P5"]).kind == "half"


def test_once_a_check_in_counts_for_every_later_round(section, organiser):
    EntrySettings.objects.filter(event=section.event).update(check_in="once")
    people = _people(section)
    for name in ("P0", "P1", "P2", "P3"):
        check_in(participant=people[name], via=CheckIn.Via.LINK)
    absences_before_pairing(section, organiser)
    rnd = pair_and_publish(section, organiser)
    play_round(rnd, organiser)
    check_in(participant=people["P4"], via=CheckIn.Via.LINK)  # late: from round 2 on
    absences_before_pairing(section, organiser)
    absent_2 = set(
        RoundBye.objects.filter(round_number=2, kind="absent").values_list("participant__name", flat=True)
    )
    assert absent_2 == {"P5"}
    rnd2 = pair_and_publish(section, organiser)
    assert _paired(rnd2) | set(
        RoundBye.objects.filter(round_number=2, kind="pab").values_list("participant__name", flat=True)
    ) == {"P0", "P1", "P2", "P3", "P4"}


def test_no_check_in_rule_no_step(section, organiser):
    EntrySettings.objects.filter(event=section.event).update(check_in="off")
    assert check_in_round(section) is None
    assert absences_before_pairing(section, organiser) == []
    with pytest.raises(ValidationFailed, match="no check-in"):
        check_in(participant=section.participants.first(), via=CheckIn.Via.LINK)


def test_nobody_is_marked_absent_while_results_are_missing(section, organiser):
    for p in section.participants.all():
        check_in(participant=p, via=CheckIn.Via.LINK)
    pair_and_publish(section, organiser)
    assert absences_before_pairing(section, organiser) == []
    assert not RoundBye.objects.filter(round_number=2).exists()
    assert Round.objects.count() == 1


def test_withdrawn_players_and_late_entries_are_not_expected(section, organiser):
    from tournaments.services.participants.withdrawals import participant_withdraw

    people = _people(section)
    participant_withdraw(participant=people["P5"], user=organiser)
    for name in ("P0", "P1", "P2", "P3"):
        check_in(participant=people[name], via=CheckIn.Via.LINK)
    absences_before_pairing(section, organiser)
    assert set(RoundBye.objects.filter(kind="absent").values_list("participant__name", flat=True)) == {"P4"}
    rnd = pair_and_publish(section, organiser)
    late = event_register(event=section.event, user=organiser, section=section, name="Late", rating=1000)
    assert late.participant.joined_round == 2
    play_round(rnd, organiser)
    # the late entry checks in for round 2 like everyone; P4, absent in round 1, checks in too
    for name in ("P0", "P1", "P2", "P3", "P4"):
        check_in(participant=people[name], via=CheckIn.Via.LINK)
    check_in(participant=late.participant, via=CheckIn.Via.LINK)
    assert absences_before_pairing(section, organiser) == []
    rnd2 = pair_and_publish(section, organiser)
    assert "Late" in _paired(rnd2) | set(
        RoundBye.objects.filter(round_number=2, kind="pab").values_list("participant__name", flat=True)
    )
