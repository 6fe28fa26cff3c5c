"""Registering participants, before round 1 and as late entries."""

from __future__ import annotations

import pytest

from core.errors import NotAllowedError, ValidationFailed
from pairing.adapters import ga_participant_ids, pairing_request_for_round
from pairing.services.round_robin import tournament_start
from tests import factories
from tournaments.models import Participant, RoundBye
from tournaments.services.participants.byes import bye_request
from tournaments.services.participants.csv_import import participants_import_csv
from tournaments.services.participants.registration import late_entry, participant_register
from tournaments.services.participants.withdrawals import participant_withdraw
from tournaments.services.tournaments import tournament_create

from .conftest import add_players, pair_and_publish, play_round
from .test_participants_csv import CSV_OK


def test_registration_refuses_bad_input_and_duplicates(tournament, arbiter, stranger):
    participant_register(tournament=tournament, user=arbiter, name="Ann Lee", rating=1500, fide_id="123")
    with pytest.raises(ValidationFailed, match="already registered"):
        participant_register(tournament=tournament, user=arbiter, name="ann lee", rating=1500)
    with pytest.raises(ValidationFailed, match="FIDE id 123 is already registered"):
        participant_register(tournament=tournament, user=arbiter, name="Ann Lee", rating=1200, fide_id="123")
    with pytest.raises(ValidationFailed, match="Rating 9000 is outside"):
        participant_register(tournament=tournament, user=arbiter, name="Bob", rating=9000)
    with pytest.raises(ValidationFailed, match="Title 'XX'"):
        participant_register(tournament=tournament, user=arbiter, name="Bob", title="XX")
    with pytest.raises(NotAllowedError):
        participant_register(tournament=tournament, user=stranger, name="Bob")
    assert Participant.objects.filter(tournament=tournament).count() == 1


def test_two_real_players_with_the_same_name_may_both_enter(tournament, arbiter):
    """Issue 22 (13): namesakes differ by rating, club or FIDE id; only a true duplicate is refused."""
    participant_register(
        tournament=tournament, user=arbiter, name="John Smith", rating=1500, club_name="Hull"
    )
    participant_register(
        tournament=tournament, user=arbiter, name="John Smith", rating=1500, club_name="York"
    )
    participant_register(
        tournament=tournament, user=arbiter, name="john smith", rating=1720, club_name="Hull"
    )
    participant_register(tournament=tournament, user=arbiter, name="John Smith", fide_id="400", rating=1500)
    with pytest.raises(ValidationFailed, match="same rating and club"):
        participant_register(
            tournament=tournament, user=arbiter, name="JOHN SMITH", rating=1500, club_name="york"
        )
    with pytest.raises(ValidationFailed, match="FIDE id 400 is already registered"):
        participant_register(tournament=tournament, user=arbiter, name="John Smith", fide_id="400", rating=9)
    assert Participant.objects.filter(tournament=tournament, name__iexact="john smith").count() == 4


def test_the_csv_import_takes_namesakes_and_refuses_true_duplicates(tournament, arbiter):
    text = "name,rating,club_name\nJohn Smith,1500,Hull\nJohn Smith,1500,York\n"
    preview = participants_import_csv(tournament=tournament, user=arbiter, text=text, commit=True)
    assert preview.saved, [row.errors for row in preview.rows]
    again = participants_import_csv(
        tournament=tournament, user=arbiter, text="name,rating,club_name\nJohn Smith,1500,Hull\n", commit=True
    )
    assert not again.saved and "same rating and club" in again.rows[0].errors[0]


def test_a_late_entry_misses_the_paired_rounds_with_zero_and_gets_a_rating_number(tournament, arbiter):
    add_players(tournament, 6)
    rnd = pair_and_publish(tournament, arbiter)
    play_round(rnd, arbiter)
    late = participant_register(
        tournament=tournament, user=arbiter, name="Latecomer", rating=2300
    ).participant
    assert late.joined_round == 2 and late.pairing_number == 1
    bye = RoundBye.objects.get(participant=late)
    assert (bye.round_number, bye.kind, bye.points) == (1, "late", 0)
    request = pairing_request_for_round(tournament, 2)
    entry = next(p for p in request.participants if p.id == late.pk)
    assert entry.available and entry.history[0].result.value == "Z"


def test_a_late_entry_can_get_half_a_point_per_missed_round(tournament, organiser, arbiter):
    tournament.late_entry_points = "half"
    tournament.save()
    add_players(tournament, 4)
    play_round(pair_and_publish(tournament, arbiter), arbiter)
    play_round(pair_and_publish(tournament, arbiter), arbiter)
    late = late_entry(tournament=tournament, user=arbiter, name="Late", rating=1000).participant
    assert list(RoundBye.objects.filter(participant=late).values_list("round_number", "points")) == [
        (1, 1),
        (2, 1),
    ]
    entry = next(p for p in pairing_request_for_round(tournament, 3).participants if p.id == late.pk)
    assert [r.result.value for r in entry.history] == ["H", "H"]


def test_baku_keeps_the_same_last_ga_participant_when_a_late_entry_arrives(organiser, arbiter):
    t = tournament_create(
        user=organiser, name="Baku open", rounds_planned=7, acceleration="baku", lots_seed=3
    )
    t.roles.create(user=arbiter, role="arbiter")
    add_players(t, 10)
    play_round(pair_and_publish(t, arbiter), arbiter)
    t.refresh_from_db()
    last_ga = t.baku_last_ga
    assert last_ga.pairing_number == 6  # 2 * ceil(10 / 4)
    ga_before = ga_participant_ids(t)
    late = late_entry(tournament=t, user=arbiter, name="Strong late", rating=2150).participant
    t.refresh_from_db()
    assert t.baku_last_ga == last_ga
    assert ga_participant_ids(t) == ga_before | {late.pk}
    assert len(ga_participant_ids(t)) == 7


def test_late_entry_is_refused_in_a_round_robin_once_started(organiser):
    t = tournament_create(user=organiser, name="Closed", format="round_robin")
    add_players(t, 4)
    tournament_start(tournament=t, user=organiser)
    with pytest.raises(ValidationFailed, match="schedule is fixed"):
        late_entry(tournament=t, user=organiser, name="Late")


def test_stranger_cannot_touch_participants(tournament, stranger):
    p = factories.ParticipantFactory(tournament=tournament)
    with pytest.raises(NotAllowedError):
        participant_withdraw(participant=p, user=stranger)
    with pytest.raises(NotAllowedError):
        bye_request(participant=p, round_number=1, kind="half", user=stranger)
    with pytest.raises(NotAllowedError):
        participants_import_csv(tournament=tournament, user=stranger, text=CSV_OK, commit=True)
