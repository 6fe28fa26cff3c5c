"""A real Celery worker process against the real broker, for the PostgreSQL + Redis CI run.

The worker is a separate process: it sees only committed data, so tests using it need
``transactional_db``. It connects to the test database pytest-django created and listens on a
queue of its own, so it never picks up anybody else's tasks.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def _skip_reason() -> str | None:
    if not os.environ.get("CELERY_BROKER_URL"):
        return "needs CELERY_BROKER_URL (a real Redis broker); .ci/run's second pass sets it"
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        return (
            "needs DATABASE_URL pointing at PostgreSQL: a worker process cannot share SQLite's test database"
        )
    return None


class WorkerProcess:
    def __init__(self, queue: str, popen: subprocess.Popen[bytes], log: Path) -> None:
        self.queue = queue
        self.popen = popen
        self.log = log

    def kill(self) -> None:
        """SIGKILL the worker and its pool children: the way a worker dies for real."""
        if self.popen.poll() is None:
            os.killpg(self.popen.pid, signal.SIGKILL)
            self.popen.wait(timeout=10)

    def output(self) -> str:
        return self.log.read_text(errors="replace")


def worker_database_url() -> str:
    """The test database pytest-django created, for another process to connect to."""
    db = settings.DATABASES["default"]
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{connection.settings_dict['NAME']}"


def start_worker(
    queue: str, log: Path, pool: str = "solo", extra_env: dict[str, str] | None = None
) -> WorkerProcess:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": worker_database_url(),
        "CELERY_QUEUE": queue,
        "DB_CONN_MAX_AGE": "0",
        **(extra_env or {}),
    }
    handle = log.open("wb")
    popen = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            f"--pool={pool}",
            "--concurrency=1",
            "-Q",
            queue,
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
            "--loglevel=INFO",
        ],
        cwd=ROOT,
        env=env,
        stdout=handle,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    return WorkerProcess(queue, popen, log)


def wait_for(predicate, *, timeout: float = 60.0, interval: float = 0.2, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout:.0f}s waiting for {what}")


@pytest.fixture
def celery_worker_process(transactional_db, tmp_path) -> Iterator[WorkerProcess]:
    """Start a worker on a fresh queue; route this test's tasks there; stop it afterwards."""
    reason = _skip_reason()
    if reason:
        pytest.skip(reason)
    from config.celery import app

    queue = f"test-{uuid.uuid4().hex[:12]}"
    old = (app.conf.task_always_eager, app.conf.task_default_queue)
    app.conf.task_always_eager = False
    app.conf.task_default_queue = queue
    worker = start_worker(queue, tmp_path / "worker.log")
    try:
        wait_for(
            lambda: worker.popen.poll() is not None or "ready." in worker.output(),
            timeout=60,
            what="the Celery worker to start",
        )
        assert worker.popen.poll() is None, f"worker exited early:\n{worker.output()}"
        yield worker
    finally:
        worker.kill()
        app.conf.task_always_eager, app.conf.task_default_queue = old
