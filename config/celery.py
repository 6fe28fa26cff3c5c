"""The Celery application. Settings come from Django's settings, prefixed CELERY_.

Options given in a task's ``@shared_task(...)`` decorator would win over the global settings, so
settings.py also applies the time limits and late acknowledgement to every task as annotations
(``CELERY_TASK_ANNOTATIONS``): the limits in the environment are the ones a worker enforces.
"""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("chessclub")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
