"""The entry form's service: every refusal writes nothing; waiting lists, auto-accept, fees."""

from __future__ import annotations

import datetime

import pytest
from django.core import mail
from django.utils import timezone

from core.errors import ValidationFailed
from entries.models import Entry, EntrySettings
from entries.services.entries import EntryRateLimited, entry_accept, entry_refuse, entry_submit
from ratings.models import RatedPlayer
from tests.entries.conftest import entry_data
from tournaments.models import Participant, RoundBye
from tournaments.services.events import event_register

pytestmark = pytest.mark.django_db


def _nothing_written(before_participants: int = 0) -> None:
    assert Entry.objects.count() == 0
    assert Participant.objects.count() == before_participants


def test_an_entry_waits_for_the_organiser_and_fixes_its_fee(event_world):
    done = entry_submit(**entry_data(event_world["a"]))
    entry = done.entry
    assert entry.status == Entry.Status.PENDING
    assert entry.fee_cents == 3000 and entry.reduction == ""
    assert entry.token_hash != done.token and len(done.token) > 15
    assert Participant.objects.count() == 0


def test_accepting_registers_the_player_in_the_section(event_world):
    entry = entry_submit(**entry_data(event_world["a"], birth_year=2010, rating=1850)).entry
    # a junior (16 in 2026) entering the open pays half
    assert entry.fee_cents == 1500 and entry.reduction == "Juniors"
    done = entry_accept(entry=entry, user=event_world["organiser"])
    assert done.status == Entry.Status.ACCEPTED
    assert done.participant.tournament == event_world["a"] and done.participant.email == "player@example.org"


def test_the_largest_reduction_counts(event_world):
    entry = entry_submit(**entry_data(event_world["a"], title="IM", birth_year=2012, rating=2300)).entry
    assert entry.fee_cents == 0 and entry.reduction == "Titled"


def test_auto_accept_registers_at_once(event_world):
    EntrySettings.objects.filter(event=event_world["event"]).update(auto_accept=True)
    entry = entry_submit(**entry_data(event_world["b"], rating=1500)).entry
    assert entry.status == Entry.Status.ACCEPTED
    assert Participant.objects.get().tournament == event_world["b"]


@pytest.mark.parametrize(
    "change, message",
    [
        ({"closes_at": "past"}, "closed"),
        ({"opens_at": "future"}, "closed"),
        ({"opens_at": None}, "closed"),
    ],
)
def test_a_closed_form_refuses_and_writes_nothing(event_world, change, message):
    now = timezone.now()
    values = {
        k: (
            now - datetime.timedelta(hours=1)
            if v == "past"
            else now + datetime.timedelta(hours=1)
            if v == "future"
            else None
        )
        for k, v in change.items()
    }
    EntrySettings.objects.filter(event=event_world["event"]).update(**values)
    with pytest.raises(ValidationFailed, match=message):
        entry_submit(**entry_data(event_world["a"]))
    _nothing_written()


def test_a_closed_section_refuses(event_world):
    with pytest.raises(ValidationFailed, match="Entries to Juniors are closed"):
        entry_submit(**entry_data(event_world["j"], rating=1200, birth_year=2015))
    _nothing_written()


def test_a_full_section_puts_the_next_on_its_waiting_list_then_refuses(event_world):
    a = event_world["a"]
    for i in range(4):
        entry_submit(**entry_data(a, name=f"Player {i}", address=f"10.0.1.{i}"))
    waiting = entry_submit(**entry_data(a, name="Fifth Player", address="10.0.2.1")).entry
    assert waiting.status == Entry.Status.WAITING
    with pytest.raises(ValidationFailed, match="full and so is its waiting list"):
        entry_submit(**entry_data(a, name="Sixth Player", address="10.0.2.2"))
    assert Entry.objects.count() == 5 and not Entry.objects.filter(name="Sixth Player").exists()
    # a waiting entry is accepted only once there is room
    with pytest.raises(ValidationFailed, match="full"):
        entry_accept(entry=waiting, user=event_world["organiser"])
    entry_refuse(entry=Entry.objects.get(name="Player 0"), user=event_world["organiser"], reason="no show")
    assert entry_accept(entry=waiting, user=event_world["organiser"]).status == Entry.Status.ACCEPTED


def test_desk_registrations_count_against_the_maximum(event_world):
    a = event_world["a"]
    for i in range(4):
        event_register(event=a.event, user=event_world["organiser"], section=a, name=f"Desk {i}", rating=2000)
    assert entry_submit(**entry_data(a)).entry.status == Entry.Status.WAITING


@pytest.mark.parametrize(
    "first, second",
    [
        ({"fide_id": "4100018"}, {"name": "Someone Else", "fide_id": "4100018"}),
        ({}, {"name": "ANN player", "rating": 1850, "email": "other@example.org"}),
    ],
)
def test_a_duplicate_is_refused_and_writes_nothing(event_world, first, second):
    entry_submit(**entry_data(event_world["a"], **first))
    with pytest.raises(ValidationFailed, match="already entered"):
        entry_submit(**entry_data(event_world["a"], address="10.9.9.9", **second))
    assert Entry.objects.count() == 1


def test_a_player_registered_at_the_desk_cannot_enter_online(event_world):
    event_register(event=event_world["event"], user=event_world["organiser"], name="Ann Player", rating=1900)
    with pytest.raises(ValidationFailed, match="already registered"):
        entry_submit(**entry_data(event_world["a"]))
    assert Entry.objects.count() == 0 and Participant.objects.count() == 1


def test_a_refused_entry_frees_the_name(event_world):
    entry = entry_submit(**entry_data(event_world["a"])).entry
    entry_refuse(entry=entry, user=event_world["organiser"])
    assert entry_submit(**entry_data(event_world["a"])).entry.status == Entry.Status.PENDING


@pytest.mark.parametrize(
    "section, fields",
    [("b", {"rating": 1900}), ("a", {"rating": 1500}), ("j", {"rating": 1200, "birth_year": 2000})],
)
def test_the_wrong_section_for_the_rating_is_refused(event_world, section, fields):
    if section == "j":
        from entries.models import SectionEntrySettings

        SectionEntrySettings.objects.filter(section=event_world["j"]).update(open=True)
    with pytest.raises(ValidationFailed, match="does not admit"):
        entry_submit(**entry_data(event_world[section], **fields))
    _nothing_written()


def test_a_fide_id_in_the_list_takes_the_lists_rating(event_world):
    RatedPlayer.objects.create(
        fide_id=4100018, name="Player, Ann", search_key="player ann", standard_rating=1950, checksum=1
    )
    # typed 1500 to slip into Open B: the list says 1950, so Open B does not admit her
    with pytest.raises(ValidationFailed, match="does not admit a player rated 1950"):
        entry_submit(**entry_data(event_world["b"], rating=1500, fide_id="4100018"))
    _nothing_written()


def test_picked_from_the_roster_takes_the_rosters_details_but_not_its_contact(event_world):
    entry = entry_submit(
        **entry_data(event_world["b"], name="", rating=None, roster_id=str(event_world["roster"].pk))
    ).entry
    assert (entry.name, entry.rating, entry.source, entry.email) == (
        "Rosa Rook",
        1650,
        "roster",
        "player@example.org",
    )


def test_the_honeypot_refuses_and_writes_nothing(event_world):
    with pytest.raises(ValidationFailed, match="could not be accepted"):
        entry_submit(**entry_data(event_world["a"], honeypot="http://spam.example"))
    _nothing_written()


def test_the_rate_limit_refuses_and_writes_nothing(event_world, settings):
    settings.ENTRIES_RATE_LIMIT = 3
    for i in range(3):
        entry_submit(**entry_data(event_world["b"], name=f"Kid {i}", rating=1200))
    with pytest.raises(EntryRateLimited):
        entry_submit(**entry_data(event_world["b"], name="Kid 4", rating=1200))
    assert Entry.objects.count() == 3
    # another address is not limited
    entry_submit(**entry_data(event_world["b"], name="Kid 5", rating=1200, address="10.0.0.2"))


def test_an_entry_accepted_after_round_1_is_a_late_entry(event_world):
    from tests.tournaments.services.conftest import pair_and_publish

    b = event_world["b"]
    for i in range(4):
        event_register(
            event=b.event, user=event_world["organiser"], section=b, name=f"Early {i}", rating=1500 + i
        )
    pair_and_publish(b, event_world["organiser"])
    entry = entry_submit(**entry_data(b, rating=1400)).entry
    p = entry_accept(entry=entry, user=event_world["organiser"]).participant
    assert p.joined_round == 2
    assert RoundBye.objects.filter(participant=p, round_number=1, kind="late").exists()
    assert len(mail.outbox) == 0  # mails are the view's (after the answer)


def test_the_player_is_mailed_the_organisers_answer_after_the_commit(
    event_world, django_capture_on_commit_callbacks
):
    """Before: accepting or refusing an entry mailed nothing; the player learnt it only by opening
    their link. Now each answer is mailed, once the decision is committed."""
    accepted = entry_submit(**entry_data(event_world["a"], rating=1850)).entry
    refused = entry_submit(**entry_data(event_world["a"], name="Other, Player", email="o@example.org")).entry
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        entry_accept(entry=accepted, user=event_world["organiser"])
    with django_capture_on_commit_callbacks(execute=True):
        entry_refuse(entry=refused, user=event_world["organiser"], reason="Too late for the seeding")
    assert [m.to for m in mail.outbox] == [["player@example.org"], ["o@example.org"]]
    assert "accepted" in mail.outbox[0].subject and event_world["a"].name in mail.outbox[0].body
    assert "not accepted" in mail.outbox[1].subject and "Too late for the seeding" in mail.outbox[1].body


def test_a_refused_decision_mails_nothing(event_world, django_capture_on_commit_callbacks):
    entry = entry_submit(**entry_data(event_world["a"], rating=1850)).entry
    entry_accept(entry=entry, user=event_world["organiser"])
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(ValidationFailed):
        entry_accept(entry=entry, user=event_world["organiser"])
    assert mail.outbox == []
