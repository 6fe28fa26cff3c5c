"""Claiming, resuming and cancelling an import (issue 32 item 3): the service side of a worker
that died, a task delivered twice, and the page's retry and cancel."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from ratings import services
from ratings.models import RatedPlayer, RatingImport
from ratings.services import Outcome, rating_import_run
from ratings.uploads import rating_import_cancel, rating_import_retry
from tests.ratings.fide_sample import HEADER, line

pytestmark = pytest.mark.django_db


def _job(tmp_path: Path, site_staff, **fields) -> RatingImport:
    path = tmp_path / "list.txt"
    path.write_text("".join(f"{t}\n" for t in [HEADER] + [line(100 + i, f"Resume, P{i}") for i in range(10)]))
    return RatingImport.objects.create(
        original_name="list.txt", path=str(path), uploaded_by=site_staff, rows_total=10, **fields
    )


def test_a_stalled_import_is_taken_over_and_resumes_after_its_last_written_line(
    tmp_path, site_staff, settings
):
    stale = timezone.now() - timedelta(seconds=settings.RATING_IMPORT_STALE_SECONDS + 1)
    # The dead run wrote lines 2-5 (ids 100-103) and counted them before it was killed.
    job = _job(
        tmp_path,
        site_staff,
        status="running",
        claim="dead",
        heartbeat_at=stale,
        resume_line=5,
        rows_read=4,
        added=4,
    )
    assert rating_import_run(import_id=job.pk) is Outcome.RAN
    job.refresh_from_db()
    assert (job.status, job.rows_read, job.added, job.resume_line) == ("done", 10, 10, 11)
    assert set(RatedPlayer.objects.values_list("fide_id", flat=True)) == set(range(104, 110))


def test_a_running_import_with_a_fresh_sign_of_life_is_left_alone(tmp_path, site_staff):
    job = _job(tmp_path, site_staff, status="running", claim="alive", heartbeat_at=timezone.now())
    assert rating_import_run(import_id=job.pk) is Outcome.BUSY
    job.refresh_from_db()
    assert (job.claim, job.rows_read) == ("alive", 0)


def test_the_task_looks_again_later_while_another_run_is_alive(monkeypatch):
    from celery.exceptions import Retry

    from ratings.tasks import rating_import_task

    monkeypatch.setattr("ratings.tasks.rating_import_run", lambda import_id: Outcome.BUSY)
    with pytest.raises(Retry):
        rating_import_task.apply(args=(1,), throw=True)


def test_a_run_that_lost_its_claim_stops_at_its_next_batch(tmp_path, site_staff, monkeypatch):
    monkeypatch.setattr(services, "BATCH_SIZE", 3)
    job = _job(tmp_path, site_staff)
    real = services._write_batch

    def cancel_after_first(batch, import_id):
        result = real(batch, import_id)
        RatingImport.objects.filter(pk=import_id).update(status="cancelled", claim="")
        return result

    monkeypatch.setattr(services, "_write_batch", cancel_after_first)
    rating_import_run(import_id=job.pk)
    job.refresh_from_db()
    assert job.status == "cancelled" and RatedPlayer.objects.count() == 3


def test_retry_and_cancel(tmp_path, site_staff, django_capture_on_commit_callbacks):
    job = _job(tmp_path, site_staff, status="failed", error="boom", resume_line=5, rows_read=4, added=4)
    with django_capture_on_commit_callbacks(execute=True):
        rating_import_retry(import_id=job.pk, user=site_staff)
    job.refresh_from_db()
    assert (job.status, job.rows_read, job.error) == ("done", 10, "")
    with pytest.raises(services.RatingImportError):
        rating_import_retry(import_id=job.pk, user=site_staff)  # done: nothing to retry

    other = _job(tmp_path, site_staff)
    rating_import_cancel(import_id=other.pk, user=site_staff)
    other.refresh_from_db()
    assert other.status == "cancelled" and "stella" in other.error and not Path(other.path).exists()
    assert rating_import_run(import_id=other.pk) is Outcome.NOTHING
