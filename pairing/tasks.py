"""The pairing app's Celery task: a thin adapter that passes a round id to the pairing service."""

from __future__ import annotations

from celery import shared_task

from pairing.services.swiss import round_pair_execute


# The name predates the move from the tournaments app; it stays so that queued tasks still run.
@shared_task(name="tournaments.round_pair", acks_late=True, soft_time_limit=240, time_limit=300)
def round_pair_task(round_id: int) -> None:
    """Pair a round claimed by ``round_pair``; idempotent (does nothing unless the round is `pairing`)."""
    round_pair_execute(round_id=round_id)
