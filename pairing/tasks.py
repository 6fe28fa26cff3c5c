"""The pairing app's Celery tasks: thin adapters over the pairing service."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from pairing.services.execute import round_pair_execute, stale_pairings_expire


# The name predates the move from the tournaments app; it stays so that queued tasks still run.
# Time limits, late acknowledgement and redelivery on a lost worker come from the settings
# (CELERY_TASK_ANNOTATIONS), so the environment's limits are the ones enforced. The round itself
# records the outcome: no result is stored, and sending the task never waits for a result store.
@shared_task(name="tournaments.round_pair", bind=True, ignore_result=True)
def round_pair_task(self: Any, round_id: int) -> None:
    """Pair a round claimed by ``round_pair``; idempotent (does nothing unless the round is still
    `pairing` under this task's claim)."""
    round_pair_execute(round_id=round_id, task_id=self.request.id)


# The stale-claim rule as a periodic task (for a beat schedule; ``manage.py expire_stale_pairings``
# is the same for cron): the pages only show a stale claim, they never write it.
@shared_task(name="pairing.expire_stale_pairings", ignore_result=True)
def expire_stale_pairings_task() -> int:
    """Mark every round whose pairing claim outlived the task's hard time limit as failed;
    returns how many."""
    return stale_pairings_expire()
