"""An upload of FIDE's players list becomes an import job: the file kept on disk, its lines counted,
the task enqueued once the job is saved. Above the task (``ratings.tasks``), which calls the
service that runs the job (``ratings.services.rating_import_run``): neither imports this module."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction

from ratings.models import RatingImport
from ratings.services import RatingImportError
from ratings.tasks import rating_import_task

MAX_UPLOAD_BYTES = 1024 * 1024 * 1024


def rating_import_create(*, uploaded: UploadedFile, user: Any) -> RatingImport:
    """Keep the upload on disk, count its lines, and enqueue the import once this commits."""
    if not (user.is_staff or user.is_superuser):
        raise RatingImportError("Only site staff may import rating lists.")
    if not uploaded.size:
        raise RatingImportError("The file is empty.")
    if uploaded.size > MAX_UPLOAD_BYTES:
        raise RatingImportError("The file is larger than 1 GB; that is not a FIDE players list.")
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
        transaction.on_commit(lambda: rating_import_task.delay(job.pk))
    return job
