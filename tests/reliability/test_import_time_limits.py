"""Issue 32 item 6: the site-wide Celery time limits (CELERY_TASK_SOFT_TIME_LIMIT /
CELERY_TASK_TIME_LIMIT, applied to every task and sent with the message by the web process)
must not cut a rating import: its own limits apply. Pairing keeps the site-wide ones."""

from __future__ import annotations

from celery.app.annotations import prepare, resolve_all
from django.conf import settings


def _limits(task) -> dict[str, object]:
    """What the settings' annotations set on ``task``, in the order Celery applies them."""
    applied: dict[str, object] = {}
    for annotation in resolve_all(prepare(settings.CELERY_TASK_ANNOTATIONS), task):
        applied.update(annotation)
    return {k: applied[k] for k in ("soft_time_limit", "time_limit") if k in applied}


def test_the_site_wide_limits_leave_the_import_task_its_own():
    from ratings.tasks import rating_import_task

    assert _limits(rating_import_task) == {}


def test_the_site_wide_limits_still_apply_to_pairing():
    from pairing.tasks import round_pair_task

    assert _limits(round_pair_task) == {
        "soft_time_limit": settings.CELERY_TASK_SOFT_TIME_LIMIT,
        "time_limit": settings.CELERY_TASK_TIME_LIMIT,
    }


def test_the_message_the_web_process_sends_carries_the_import_tasks_own_limits():
    """The sender's task options go into the message (``timelimit`` header) and win on the worker."""
    from ratings.tasks import rating_import_task

    options = rating_import_task._get_exec_options()
    assert (options["soft_time_limit"], options["time_limit"]) == (3300, 3600)
    assert settings.CELERY_TASK_SOFT_TIME_LIMIT < 3300


def test_the_tasks_carry_the_limits_a_worker_enforces():
    from pairing.tasks import round_pair_task
    from ratings.tasks import rating_import_task

    pair = round_pair_task._get_exec_options()
    assert (pair["soft_time_limit"], pair["time_limit"]) == (
        settings.CELERY_TASK_SOFT_TIME_LIMIT,
        settings.CELERY_TASK_TIME_LIMIT,
    )
    for task in (round_pair_task, rating_import_task):
        assert task.acks_late and task.reject_on_worker_lost
