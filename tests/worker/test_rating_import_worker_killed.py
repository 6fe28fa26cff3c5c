"""Issue 32 item 3: a rating-list import whose worker dies must not show "Importing" for ever.

A real Celery worker (Redis broker, the PostgreSQL test database) imports an uploaded list and is
killed with SIGKILL part-way. Once the import has shown no sign of life for
``RATING_IMPORT_STALE_SECONDS`` the page says it stopped and offers "Retry" and "Cancel"; a retry
on a new worker resumes after the last written batch and ends with every line imported once.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from django.urls import reverse

from ratings.models import RatedPlayer, RatingImport
from tests.ratings.fide_sample import HEADER, line
from tests.worker.conftest import start_worker, wait_for

pytestmark = pytest.mark.worker

LINES = 60_000
STALE = 4


@pytest.fixture
def staff_client(client, django_user_model, settings, tmp_path):
    settings.RATING_LIST_DIR = tmp_path / "lists"
    settings.RATING_IMPORT_STALE_SECONDS = STALE
    staff = django_user_model.objects.create_user("stella", is_staff=True)
    client.force_login(staff)
    return client


def _upload(client, tmp_path) -> RatingImport:
    path = tmp_path / "players_list_foa.txt"
    with path.open("w") as out:
        out.write(HEADER + "\n")
        for i in range(LINES):
            out.write(line(10_000 + i, f"Killed, Player{i}", "NED", srtng=1000 + i % 1500) + "\n")
    with path.open("rb") as handle:
        response = client.post(reverse("ratings:imports"), {"file": handle})
    assert response.status_code == 302, response.content[:500]
    return RatingImport.objects.get()


def _job() -> RatingImport:
    return RatingImport.objects.get()


def _kill_part_way(worker) -> RatingImport:
    wait_for(lambda: _job().rows_read >= 5000, timeout=180, interval=0.05, what="the first batch")
    worker.kill()
    job = _job()
    assert job.status == RatingImport.Status.RUNNING and job.rows_read < LINES, (
        "the import finished before the kill: make the list longer"
    )
    return job


def test_a_killed_import_says_it_stopped_and_a_retry_resumes_it(
    celery_worker_process, staff_client, tmp_path
):
    env = {"RATING_IMPORT_STALE_SECONDS": str(STALE)}
    _upload(staff_client, tmp_path)
    killed_at = _kill_part_way(celery_worker_process)

    detail = reverse("ratings:import_detail", kwargs={"import_id": killed_at.pk})

    def stalled_page() -> str | None:
        content = staff_client.get(detail).content.decode()
        return content if "import-stalled" in content else None

    page = wait_for(
        stalled_page,
        timeout=STALE * 5,
        interval=0.5,
        what="the page to say the import stopped",
    )
    assert "has stopped after line" in page
    assert reverse("ratings:import_retry", kwargs={"import_id": killed_at.pk}) in page
    assert reverse("ratings:import_cancel", kwargs={"import_id": killed_at.pk}) in page

    again = start_worker(celery_worker_process.queue, tmp_path / "worker2.log", extra_env=env)
    try:
        wait_for(lambda: "ready." in again.output(), timeout=60, what="the second worker")
        response = staff_client.post(reverse("ratings:import_retry", kwargs={"import_id": killed_at.pk}))
        assert response.status_code == 302
        wait_for(lambda: _job().status not in ("pending", "running"), timeout=240, what="the resumed import")
        job = _job()
        assert job.status == RatingImport.Status.DONE, job.error
        assert (job.rows_read, job.added, job.bad) == (LINES, LINES, 0)
        assert RatedPlayer.objects.count() == LINES
        assert f"resumed after line {killed_at.resume_line}" in again.output()
        assert b"import-stalled" not in staff_client.get(detail).content
    finally:
        again.kill()


def test_a_killed_import_can_be_cancelled(celery_worker_process, staff_client, tmp_path):
    _upload(staff_client, tmp_path)
    killed_at = _kill_part_way(celery_worker_process)
    wait_for(lambda: _job().stalled, timeout=STALE * 5, what="the import to count as stalled")
    response = staff_client.post(reverse("ratings:import_cancel", kwargs={"import_id": killed_at.pk}))
    assert response.status_code == 302
    job = _job()
    assert job.status == RatingImport.Status.CANCELLED and not job.in_progress
    page = staff_client.get(reverse("ratings:import_detail", kwargs={"import_id": job.pk})).content.decode()
    assert 'hx-trigger="every 2s"' not in page and "import-stalled" not in page


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def test_a_killed_pool_process_is_resumed_by_itself(celery_worker_process, staff_client, tmp_path):
    """Only the pool process dies (the OOM killer's pick): the worker hands the task back at once;
    it finds the import's run alive still, looks again once that run is stale, takes it over and
    resumes after the last written batch, with no click."""
    celery_worker_process.kill()  # this test needs a prefork worker
    worker = start_worker(
        celery_worker_process.queue,
        tmp_path / "prefork.log",
        pool="prefork",
        extra_env={"RATING_IMPORT_STALE_SECONDS": str(STALE)},
    )
    try:
        wait_for(lambda: "ready." in worker.output(), timeout=60, what="the prefork worker")
        _upload(staff_client, tmp_path)
        wait_for(lambda: _job().rows_read >= 5000, timeout=180, interval=0.05, what="the first batch")
        (child,) = _children(worker.popen.pid)
        os.kill(child, signal.SIGKILL)
        killed_at = _job()
        assert killed_at.status == RatingImport.Status.RUNNING and killed_at.rows_read < LINES
        wait_for(lambda: _job().status not in ("pending", "running"), timeout=240, what="the import to end")
        job = _job()
        assert job.status == RatingImport.Status.DONE, job.error + worker.output()[-3000:]
        assert (job.rows_read, job.added, job.bad) == (LINES, LINES, 0)
        assert RatedPlayer.objects.count() == LINES
        assert "resumed after line" in worker.output()
    finally:
        worker.kill()
