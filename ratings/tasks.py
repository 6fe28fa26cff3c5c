"""Celery task: a thin adapter that passes the import's id to the service."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings

from ratings.services import Outcome, rating_import_run

IMPORT_SOFT_TIME_LIMIT = 3300
IMPORT_TIME_LIMIT = 3600


# A million-line list takes minutes: longer limits than the site-wide default for pairing.
# ``own_time_limits`` keeps them: the site-wide limits (config.celery.SiteWideLimits) apply to
# every other task, and the web process sends the limits it sees with the message.
@shared_task(
    bind=True,
    name="ratings.rating_import",
    acks_late=True,
    soft_time_limit=IMPORT_SOFT_TIME_LIMIT,
    time_limit=IMPORT_TIME_LIMIT,
    own_time_limits=True,
    max_retries=60,
)
def rating_import_task(self, import_id: int) -> None:
    # Delivered again while another run still shows signs of life (Redis hands an unacknowledged
    # task on after its visibility timeout, or a killed pool process's task comes back at once):
    # look again once that run would count as stalled, and take the import over then.
    if rating_import_run(import_id=import_id) is Outcome.BUSY:
        raise self.retry(countdown=settings.RATING_IMPORT_STALE_SECONDS + 5)
