"""The stale-claim rule as a periodic check: every round still "being paired" longer than the
pairing task's hard time limit (``CELERY_TASK_TIME_LIMIT``) becomes "failed" with a message. The
round page already shows such a round as failed, with "Pair again" and "Cancel round" (whose POST
applies the rule before claiming), but only shows it: a page is never a write. Run this from cron
(every few minutes; the ``pairing.expire_stale_pairings`` task is the same for a beat schedule) so
the rounds' stored status and the audit log catch up on their own."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from pairing.services.execute import stale_pairings_expire


class Command(BaseCommand):
    help = "Mark rounds whose pairing claim is older than the task's hard time limit as failed."

    def handle(self, *args: object, **options: object) -> None:
        count = stale_pairings_expire()
        self.stdout.write(f"{count} stale pairing{'s' if count != 1 else ''} marked failed.")
