"""The demo's online entries: the weekend open takes entries (fees per section, a junior
reduction, check-in by the players' links) and two players' entries wait for the organiser, so
``make run`` shows the entries page with something to answer."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from entries.models import Entry, EntrySettings
from entries.services.entries import entry_submit
from entries.services.setup import entry_settings_update, fee_reduction_add, section_entry_update
from tournaments.models import Event

DEMO_EVENT = "Riverside Weekend Open (demo event)"
FEES = {"Open A": 3000, "Open B": 2500, "Juniors": 1000}
WAITING = (
    ("Open B", {"name": "Moreau, Camille", "rating": 1640, "email": "camille@example.org"}),
    ("Juniors", {"name": "Ito, Ren", "rating": 1210, "birth_year": 2014, "email": "ren@example.org"}),
)


def demo_entries(event: Event, user: Any) -> bool:
    """Open the event's entries and add the waiting ones; False when it already has entries."""
    if EntrySettings.objects.filter(event=event).exists() or Entry.objects.filter(event=event).exists():
        return False
    now = timezone.now()
    entry_settings_update(
        event=event,
        user=user,
        opens_at=now - timedelta(days=14),
        closes_at=now + timedelta(days=2),
        auto_accept=False,
        check_in=EntrySettings.CheckInRule.OFF,
        currency="EUR",
    )
    sections = {s.name: s for s in event.sections.all()}
    for name, fee in FEES.items():
        if name in sections:
            section_entry_update(
                section=sections[name],
                user=user,
                open=True,
                max_players=None,
                max_waiting=None,
                fee_cents=fee,
            )
    fee_reduction_add(event=event, user=user, label="Juniors", percent=50, max_age=18)
    for name, fields in WAITING:
        if name in sections:
            entry_submit(event=event, address="127.0.0.1", section=sections[name], **fields)
    return True
