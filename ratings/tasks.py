"""Celery task: a thin adapter that passes the import's id to the service."""

from __future__ import annotations

from celery import shared_task

from ratings.services import rating_import_run


# A million-line list takes minutes: longer limits than the site-wide default for pairing.
@shared_task(name="ratings.rating_import", acks_late=True, soft_time_limit=3300, time_limit=3600)
def rating_import_task(import_id: int) -> None:
    rating_import_run(import_id=import_id)
