"""The Celery time limits and delivery guarantees come from the environment, as documented."""

from __future__ import annotations

import json

from tests.config.production import run_python

SHOW_TASK = """
import json
from config.celery import app
app.loader.import_default_modules()
task = app.tasks["tournaments.round_pair"]
print(json.dumps({
    "soft": task.soft_time_limit,
    "hard": task.time_limit,
    "acks_late": task.acks_late,
    "reject_on_worker_lost": task.reject_on_worker_lost,
    "visibility": app.conf.broker_transport_options.get("visibility_timeout"),
}))
"""


def task_options(**env: str) -> dict[str, object]:
    out = run_python(SHOW_TASK, CELERY_BROKER_URL="redis://127.0.0.1:6379/4", **env)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_pairing_task_takes_its_time_limits_from_the_environment():
    options = task_options(CELERY_TASK_SOFT_TIME_LIMIT="50", CELERY_TASK_TIME_LIMIT="70")
    assert (options["soft"], options["hard"]) == (50, 70)


def test_the_task_is_acknowledged_late_and_requeued_when_its_worker_dies():
    options = task_options()
    assert options["acks_late"] is True
    assert options["reject_on_worker_lost"] is True


def test_the_broker_visibility_timeout_follows_the_hard_limit_and_can_be_set():
    # Redelivery of a dead worker's task must wait for the hard limit, no more (Redis's default
    # is an hour), and never less (a task still running would be handed out twice).
    assert task_options(CELERY_TASK_TIME_LIMIT="300")["visibility"] == 360
    assert task_options(CELERY_VISIBILITY_TIMEOUT="900")["visibility"] == 900


def test_limits_that_contradict_each_other_are_refused_with_a_message():
    out = run_python(
        "import config.settings", CELERY_TASK_SOFT_TIME_LIMIT="300", CELERY_TASK_TIME_LIMIT="200"
    )
    assert out.returncode != 0
    assert "CELERY_TASK_SOFT_TIME_LIMIT must be positive and below CELERY_TASK_TIME_LIMIT" in out.stderr
    out = run_python("import config.settings", CELERY_VISIBILITY_TIMEOUT="100")
    assert out.returncode != 0
    assert "CELERY_VISIBILITY_TIMEOUT (100) must be longer than CELERY_TASK_TIME_LIMIT (300)" in out.stderr
