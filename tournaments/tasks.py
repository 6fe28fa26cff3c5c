"""Celery tasks: thin adapters that pass ids to services (the services hold the logic and are
what the tests exercise)."""

from __future__ import annotations

from celery import shared_task

from tournaments.services.rounds import round_pair_execute


@shared_task(name="tournaments.round_pair", acks_late=True, soft_time_limit=240, time_limit=300)
def round_pair_task(round_id: int) -> None:
    """Pair a round claimed by ``round_pair``; idempotent (does nothing unless the round is `pairing`)."""
    round_pair_execute(round_id=round_id)
