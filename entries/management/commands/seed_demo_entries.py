"""Open the demo weekend open's entries (``seed_demo`` calls this; safe to run again)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from entries.demo import DEMO_EVENT, demo_entries
from tournaments.models import Event, EventRole


class Command(BaseCommand):
    help = "Open the demo weekend open's online entries, with two entries to answer. Safe to run again."

    def handle(self, *args: object, **options: object) -> None:
        event = Event.objects.filter(name=DEMO_EVENT).first()
        if event is None:
            self.stdout.write(f"{DEMO_EVENT}: not there, no entries")
            return
        role = EventRole.objects.filter(event=event, role="organiser").select_related("user").first()
        user = role.user if role else None
        if user is None:
            self.stdout.write(f"{DEMO_EVENT}: no organiser, no entries")
            return
        if demo_entries(event, user):
            self.stdout.write(self.style.SUCCESS(f"{DEMO_EVENT}: entries open, two waiting for an answer"))
