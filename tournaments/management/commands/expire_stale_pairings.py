"""The stale-claim rule as a periodic check: every round still "being paired" longer than the
pairing task's hard time limit (``CELERY_TASK_TIME_LIMIT``) becomes "failed" with a message, so the
arbiter finds "Pair again" and "Cancel round" instead of a spinner. The pages and the API apply the
same rule when they look at a round; run this from cron (every few minutes) to catch the rest."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from pairing.services.swiss import stale_pairings_expire


class Command(BaseCommand):
    help = "Mark rounds whose pairing claim is older than the task's hard time limit as failed."

    def handle(self, *args: object, **options: object) -> None:
        count = stale_pairings_expire()
        self.stdout.write(f"{count} stale pairing{'s' if count != 1 else ''} marked failed.")
