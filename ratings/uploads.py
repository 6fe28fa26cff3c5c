"""An upload of FIDE's players list becomes an import job: the file kept on disk, its lines counted,
the task enqueued once the job is saved; and the page's retry and cancel of a job. Above the task
(``ratings.tasks``), which calls the service that runs the job (``ratings.services.rating_import_run``):
neither imports this module.

Without a broker (``make run``: eager Celery) the job runs in a thread of the web process
(``RATING_IMPORT_IN_THREAD``), so the upload answers at once and the progress page shows it
advancing; with a broker that cannot be reached, the job is marked failed with the reason and the
page offers a retry."""

from __future__ import annotations

import logging
import threading
import uuid
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from ratings.models import RatingImport
from ratings.services import RatingImportError, rating_import_run
from ratings.tasks import rating_import_task

logger = logging.getLogger(__name__)

MAX_UPLOAD_BYTES = 1024 * 1024 * 1024


def rating_import_create(*, uploaded: UploadedFile, user: Any) -> RatingImport:
    """Keep the upload on disk, count its lines, and enqueue the import once this commits."""
    if not (user.is_staff or user.is_superuser):
        raise RatingImportError(gettext("Only site staff may import rating lists."))
    if not uploaded.size:
        raise RatingImportError(gettext("The file is empty."))
    if uploaded.size > MAX_UPLOAD_BYTES:
        raise RatingImportError(gettext("The file is larger than 1 GB; that is not a FIDE players list."))
    folder = Path(settings.RATING_LIST_DIR)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{uuid.uuid4().hex}.txt"
    lines, first = 0, b""
    with path.open("wb") as out:
        for chunk in uploaded.chunks():
            if not first:
                first = chunk[:16]
            lines += chunk.count(b"\n")
            out.write(chunk)
        if not chunk.endswith(b"\n"):
            lines += 1
    if first.lstrip().upper().startswith(b"ID"):
        lines -= 1
    with transaction.atomic():
        job = RatingImport.objects.create(
            original_name=uploaded.name[:255] if uploaded.name else "upload",
            path=str(path),
            size=uploaded.size,
            uploaded_by=user,
            rows_total=max(lines, 0),
        )
        transaction.on_commit(lambda: _enqueue(job.pk))
    return job


def _enqueue(import_id: int) -> None:
    """Hand the job to a worker, or to a thread of this process when there is no broker."""
    if rating_import_task.app.conf.task_always_eager and settings.RATING_IMPORT_IN_THREAD:
        threading.Thread(target=_run_in_thread, args=(import_id,), daemon=True).start()
        return
    try:
        rating_import_task.delay(import_id)
    except Exception as exc:  # noqa: BLE001 - the broker is down: say so on the page, offer a retry
        logger.exception("rating import %s could not be queued", import_id)
        RatingImport.objects.filter(pk=import_id, status=RatingImport.Status.PENDING).update(
            status=RatingImport.Status.FAILED,
            error=_("The task queue could not be reached (%(error)s). Try again in a minute.")
            % {"error": type(exc).__name__},
            finished_at=timezone.now(),
        )


def _run_in_thread(import_id: int) -> None:
    try:
        rating_import_run(import_id=import_id)
    finally:
        connection.close()


def _require_staff(user: Any) -> None:
    if not (user.is_staff or user.is_superuser):
        raise RatingImportError(_("Only site staff may import rating lists."))


def rating_import_retry(*, import_id: int, user: Any) -> RatingImport:
    """Start a failed or stalled import again; it resumes after the last line it wrote."""
    _require_staff(user)
    job = RatingImport.objects.get(pk=import_id)
    if not (job.status == RatingImport.Status.FAILED or job.stalled):
        raise RatingImportError(_("This import is not stopped: there is nothing to retry."))
    if not Path(job.path).exists():
        raise RatingImportError(_("The uploaded file is gone: upload the list again."))
    with transaction.atomic():
        retried = RatingImport.objects.filter(
            Q(status=RatingImport.Status.FAILED)
            | Q(pk=job.pk, status=job.status, heartbeat_at=job.heartbeat_at),
            pk=job.pk,
        ).update(
            status=RatingImport.Status.PENDING,
            claim="",
            error="",
            finished_at=None,
            heartbeat_at=timezone.now(),
        )
        if not retried:
            raise RatingImportError(_("Someone else changed this import first: look at it again."))
        transaction.on_commit(lambda: _enqueue(job.pk))
    job.refresh_from_db()
    return job


def rating_import_cancel(*, import_id: int, user: Any) -> RatingImport:
    """Stop an import for good: a run in progress stops at its next batch (what it wrote stays)."""
    _require_staff(user)
    job = RatingImport.objects.get(pk=import_id)
    cancelled = RatingImport.objects.filter(
        pk=job.pk,
        status__in=[RatingImport.Status.PENDING, RatingImport.Status.RUNNING, RatingImport.Status.FAILED],
    ).update(
        status=RatingImport.Status.CANCELLED,
        claim="",
        error=_("Cancelled by %(user)s.") % {"user": user.get_username()},
        finished_at=timezone.now(),
    )
    if not cancelled:
        raise RatingImportError(_("This import has already ended."))
    Path(job.path).unlink(missing_ok=True)
    job.refresh_from_db()
    return job
