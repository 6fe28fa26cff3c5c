"""The Celery application. Settings come from Django's settings, prefixed CELERY_.

Options given in a task's ``@shared_task(...)`` decorator would win over the global settings, so
settings.py also applies the time limits and late acknowledgement to every task as annotations
(``CELERY_TASK_ANNOTATIONS``): the limits in the environment are the ones a worker enforces.
"""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


class SiteWideLimits:
    """The task annotation of ``CELERY_TASK_ANNOTATIONS``: the site-wide time limits and late
    acknowledgement for every task; a task declaring ``own_time_limits = True`` keeps the time
    limits of its decorator (Celery applies a ``"*"`` map after a task's own entry, so a plain
    dict could not exempt one). The sender puts a task's limits in its message, so the web
    process and the worker must agree: both read them here."""

    def annotate(self, task: object) -> dict[str, object]:
        from django.conf import settings

        values: dict[str, object] = {
            "acks_late": settings.CELERY_TASK_ACKS_LATE,
            "reject_on_worker_lost": settings.CELERY_TASK_REJECT_ON_WORKER_LOST,
        }
        if not getattr(task, "own_time_limits", False):
            values["soft_time_limit"] = settings.CELERY_TASK_SOFT_TIME_LIMIT
            values["time_limit"] = settings.CELERY_TASK_TIME_LIMIT
        return values

    def annotate_any(self) -> None:
        return None


app = Celery("chessclub")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
