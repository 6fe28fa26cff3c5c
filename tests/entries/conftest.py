"""An event ready for online entries: Open A (1800+, fee 30, 4 places, a 1-place waiting list),
Open B (below 1800, fee 20), a junior section (14 or under, fee 10, closed); entries open."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from clubs.models import Club, Membership, RosterPlayer
from entries.services.setup import entry_settings_update, fee_reduction_add, section_entry_update
from tournaments.services.events import event_create, section_add


@pytest.fixture
def event_world(db, organiser):
    club = Club.objects.create(name="Riverside", slug="riverside")
    Membership.objects.create(club=club, user=organiser, role=Membership.Role.OWNER)
    event = event_create(
        user=organiser, club=club, name="Weekend Open", start_date=datetime.date(2026, 12, 12)
    )
    a = section_add(event=event, user=organiser, name="Open A", band_min_rating=1800, rounds_planned=3)
    b = section_add(event=event, user=organiser, name="Open B", band_max_rating=1800, rounds_planned=3)
    j = section_add(event=event, user=organiser, name="Juniors", max_age=14, rounds_planned=3)
    now = timezone.now()
    entry_settings_update(
        event=event,
        user=organiser,
        opens_at=now - datetime.timedelta(days=1),
        closes_at=now + datetime.timedelta(days=1),
        auto_accept=False,
        check_in="off",
        desk_code="rook-42",
    )
    section_entry_update(section=a, user=organiser, open=True, max_players=4, max_waiting=1, fee_cents=3000)
    section_entry_update(
        section=b, user=organiser, open=True, max_players=None, max_waiting=None, fee_cents=2000
    )
    section_entry_update(
        section=j, user=organiser, open=False, max_players=None, max_waiting=None, fee_cents=1000
    )
    fee_reduction_add(event=event, user=organiser, label="Juniors", percent=50, max_age=18)
    fee_reduction_add(event=event, user=organiser, label="Titled", percent=100, titles="GM,IM")
    roster = RosterPlayer.objects.create(
        club=club, name="Rosa Rook", search_key="rosa rook", rating=1650, email="secret@club.example"
    )
    return {"event": event, "a": a, "b": b, "j": j, "club": club, "roster": roster, "organiser": organiser}


def entry_data(section, **over):
    data = {
        "event": section.event,
        "address": "10.0.0.1",
        "section": section.pk,
        "email": "player@example.org",
        "name": "Ann Player",
        "rating": 1900,
    }
    data.update(over)
    return data
