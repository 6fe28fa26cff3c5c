"""Give the demo's finished Swiss its prize list (``seed_demo`` calls this; safe to run again)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from prizes.demo import DEMO_TOURNAMENT, demo_prizes
from tournaments.models import Tournament, TournamentRole


class Command(BaseCommand):
    help = "Give the demo's finished Swiss a prize list. Safe to run again."

    def handle(self, *args: object, **options: object) -> None:
        tournament = Tournament.objects.filter(name=DEMO_TOURNAMENT).first()
        if tournament is None:
            self.stdout.write(f"{DEMO_TOURNAMENT}: not there, no prizes")
            return
        role = (
            TournamentRole.objects.filter(tournament=tournament, role="organiser")
            .select_related("user")
            .first()
        )
        user = role.user if role else tournament.created_by
        if demo_prizes(tournament, user):
            self.stdout.write(self.style.SUCCESS(f"{DEMO_TOURNAMENT}: a prize list of four groups"))
