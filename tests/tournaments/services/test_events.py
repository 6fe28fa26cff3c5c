"""Events with sections: the desk, the bands, moves, the event's CSV and who may act where."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model

from core.errors import NotAllowedError, ValidationFailed
from tournaments.models import AuditLog, EventRole, Participant, Round, Tournament, TournamentRole
from tournaments.permissions import can_arbitrate, can_organise, role_of, sections_for, visible_tournaments
from tournaments.services.events import (
    event_create,
    event_import_csv,
    event_register,
    event_role_grant,
    participant_move,
    section_add,
    sections_suggested,
)
from tournaments.services.tournaments import role_grant, tournament_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def users(db):
    make = get_user_model().objects.create_user
    return {
        name: make(name, password="pw-" + name + "-123")
        for name in ("olga", "chief", "dep_a", "dep_b", "eve")
    }


@pytest.fixture
def weekend(users):
    event = event_create(
        user=users["olga"], name="Weekend Open", place="Town hall", start_date=datetime.date(2026, 12, 5)
    )
    a = section_add(event=event, user=users["olga"], name="Open A", band_min_rating=1800)
    b = section_add(event=event, user=users["olga"], name="Open B", band_max_rating=1800)
    junior = section_add(event=event, user=users["olga"], name="Juniors", max_age=14)
    event_role_grant(event=event, user=users["olga"], username="chief", role=EventRole.Role.ARBITER)
    role_grant(tournament=a, user=users["olga"], username="dep_a", role=TournamentRole.Role.ARBITER)
    role_grant(tournament=b, user=users["olga"], username="dep_b", role=TournamentRole.Role.ARBITER)
    return event, a, b, junior


def test_sections_inherit_the_event_and_are_ordered(weekend):
    event, a, b, junior = weekend
    assert [s.name for s in event.sections.order_by("section_order")] == ["Open A", "Open B", "Juniors"]
    assert a.place == "Town hall" and a.start_date == datetime.date(2026, 12, 5)


def test_roles_chief_everywhere_deputy_only_in_their_section(weekend, users):
    event, a, b, junior = weekend
    for section in (a, b, junior):
        assert can_arbitrate(users["chief"], section)
        assert can_organise(users["olga"], section)
        assert not can_organise(users["chief"], section)
    assert can_arbitrate(users["dep_a"], a) and role_of(users["dep_a"], b) is None
    assert can_arbitrate(users["dep_b"], b) and role_of(users["dep_b"], a) is None
    assert list(sections_for(users["dep_a"], event)) == [a]
    assert set(visible_tournaments(users["chief"])) == {a, b, junior}
    assert role_of(users["eve"], a) is None


def test_the_desk_suggests_a_section_by_band_and_age(weekend):
    event, a, b, junior = weekend
    assert sections_suggested(event, 2100) == [a]
    assert sections_suggested(event, 1500) == [b]
    assert sections_suggested(event, 1500, birth_year=2014) == [junior, b]
    assert sections_suggested(event, 1799) == [b] and sections_suggested(event, 1800) == [a]


def test_register_places_by_band_and_refuses_a_second_section(weekend, users):
    event, a, b, junior = weekend
    strong = event_register(event=event, user=users["olga"], name="Anna Strong", rating=2050, fide_id="123")
    assert strong.participant.tournament == a
    with pytest.raises(ValidationFailed, match="already entered in Open A"):
        event_register(
            event=event, user=users["olga"], section=b, name="Anna Strong", rating=2050, fide_id="123"
        )
    assert Participant.objects.filter(tournament__event=event).count() == 1
    event.one_section_per_player = False
    event.save()
    event_register(event=event, user=users["olga"], section=b, name="Anna Strong", rating=2050, fide_id="123")
    assert Participant.objects.filter(tournament__event=event).count() == 2


def test_a_deputy_registers_only_in_their_section(weekend, users):
    event, a, b, junior = weekend
    event_register(event=event, user=users["dep_a"], name="Strong One", rating=2000)
    with pytest.raises(NotAllowedError):
        event_register(event=event, user=users["dep_a"], name="Weak One", rating=1200)
    assert not Participant.objects.filter(name="Weak One").exists()


def test_move_before_round_one_is_audited_and_refused_after(weekend, users):
    event, a, b, junior = weekend
    entry = event_register(event=event, user=users["olga"], name="Ben Mover", rating=1750).participant
    event_register(event=event, user=users["olga"], name="Other Player", rating=1900)
    moved = participant_move(participant=entry, section=a, user=users["chief"])
    assert moved.tournament == a and moved.pairing_number is not None
    assert AuditLog.objects.filter(action="participant_move_in", tournament=a).exists()
    assert AuditLog.objects.filter(action="participant_move_out", tournament=b).exists()
    Round.objects.create(tournament=a, number=1)
    with pytest.raises(ValidationFailed, match="has started"):
        participant_move(participant=moved, section=b, user=users["chief"])
    assert Participant.objects.get(pk=entry.pk).tournament == a


def test_a_deputy_cannot_move_a_player_into_another_section(weekend, users):
    event, a, b, junior = weekend
    entry = event_register(event=event, user=users["olga"], name="Ben Mover", rating=1900).participant
    with pytest.raises(NotAllowedError):
        participant_move(participant=entry, section=b, user=users["dep_a"])
    assert Participant.objects.get(pk=entry.pk).tournament == a


def test_event_csv_places_rows_by_section_column_or_band_all_or_nothing(weekend, users):
    event, a, b, junior = weekend
    text = "name,rating,birth year,section\nAnna,2100,,\nBob,1500,,\nCid,1400,2015,\nDan,2000,,Open B\n"
    checked = event_import_csv(event=event, user=users["olga"], text=text, commit=False)
    assert checked.ok
    assert [(name, where) for _line, name, where in checked.placed] == [
        ("Anna", "Open A"),
        ("Bob", "Open B"),
        ("Cid", "Juniors"),
        ("Dan", "Open B"),
    ]
    assert not Participant.objects.filter(tournament__event=event).exists()
    bad = text + "Eve,1700,,No such section\n"
    refused = event_import_csv(event=event, user=users["olga"], text=bad, commit=True)
    assert not refused.ok and "no section is called" in refused.errors[0]
    assert not Participant.objects.filter(tournament__event=event).exists()
    saved = event_import_csv(event=event, user=users["olga"], text=text, commit=True)
    assert saved.saved
    assert sorted(Participant.objects.filter(tournament=b).values_list("name", flat=True)) == ["Bob", "Dan"]
    again = event_import_csv(event=event, user=users["olga"], text="name,rating\nAnna,2100\n", commit=True)
    assert not again.saved
    assert Participant.objects.filter(tournament__event=event).count() == 4


def test_a_tournament_made_alone_is_an_event_of_one_section(users):
    tournament = tournament_create(user=users["olga"], name="Club night")
    assert tournament.event.name == "Club night"
    assert list(tournament.event.sections.all()) == [tournament]
    assert EventRole.objects.filter(event=tournament.event, user=users["olga"], role="organiser").exists()
    bare = Tournament.objects.create(name="Made in the back office")
    assert bare.event_id is not None


def test_every_desk_of_the_event_keeps_one_section_per_player(weekend, users):
    """The section's own desk (quick add, a section's CSV) refuses a player of another section too."""
    from tournaments.services.participants.csv_import import participants_import_csv
    from tournaments.services.participants.registration import participant_register

    event, a, b, junior = weekend
    event_register(event=event, user=users["olga"], name="Anna Strong", rating=2050, fide_id="123")
    with pytest.raises(ValidationFailed, match="already entered in Open A"):
        participant_register(
            tournament=b, user=users["dep_b"], name="Anna Strong", rating=2050, fide_id="123"
        )
    preview = participants_import_csv(
        tournament=b, user=users["dep_b"], text="name,rating,fide id\nAnna Strong,2050,123\n", commit=True
    )
    assert not preview.saved and "already entered in Open A" in preview.rows[0].errors[0]
    assert Participant.objects.filter(tournament=b).count() == 0
