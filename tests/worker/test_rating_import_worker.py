"""The rating-list import on a real Celery worker process (Redis broker, the PostgreSQL test
database): the upload only stores the file and queues the task; the worker reads the file, and
the progress row the staff page polls ends ``done`` with the counts."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from ratings.models import RatedPlayer, RatingImport
from ratings.uploads import rating_import_create
from tests.ratings.fide_sample import HEADER, line
from tests.worker.conftest import wait_for

pytestmark = pytest.mark.worker


def test_the_worker_imports_an_uploaded_list(celery_worker_process, django_user_model, settings, tmp_path):
    settings.RATING_LIST_DIR = tmp_path / "lists"
    staff = django_user_model.objects.create_user("stella", is_staff=True)
    lines = [HEADER] + [line(2000 + i, f"Worker, Player{i}", "NED", srtng=1500 + i) for i in range(50)]
    upload = SimpleUploadedFile("players_list_foa.txt", "".join(f"{t}\n" for t in lines + ["bad"]).encode())
    job = rating_import_create(uploaded=upload, user=staff)
    assert RatingImport.objects.get(pk=job.pk).status == RatingImport.Status.PENDING  # not run here

    def finished() -> bool:
        return RatingImport.objects.get(pk=job.pk).status not in ("pending", "running")

    wait_for(finished, timeout=120, what="the worker to import the list")
    job.refresh_from_db()
    assert (job.status, job.rows_read, job.added, job.bad) == ("done", 51, 50, 1), job.error
    assert RatedPlayer.objects.filter(fide_id__gte=2000, fide_id__lt=2050).count() == 50
    assert "ratings.rating_import" in celery_worker_process.output()
