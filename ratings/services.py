"""Importing a FIDE players list: store the upload, then read it in a background task.

``ratings.uploads.rating_import_create`` keeps the uploaded file on disk and enqueues the task after commit;
``rating_import_run`` (what the task calls) streams the file, a batch of lines at a time:

1. claim the import (pending -> running) with a conditional update, so two workers never
   run the same one;
2. parse each line (``ratings.fide_list``); bad lines are counted and the first few kept
   with their reason, never fatal;
3. per batch, read the stored checksums of those FIDE ids, and write only the new and the
   changed players with one ``INSERT ... ON CONFLICT (fide_id) DO UPDATE``;
4. store the counts after every batch (the staff page polls them), and the final status.

Each batch commits on its own so the progress is visible while the import runs; a failed
import leaves the batches before it written, and importing the same file again finishes the job
(the upsert is idempotent).
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
from collections.abc import Iterable, Iterator
from pathlib import Path

from django.db import connection, reset_queries, transaction
from django.utils import timezone

from core.errors import ValidationFailed
from ratings.fide_list import BadLine, FideRecord, read_records
from ratings.models import RatedPlayer, RatingImport
from ratings.text import search_key

logger = logging.getLogger(__name__)

BATCH_SIZE = 5000
BAD_SAMPLES = 20
STORED_FIELDS = tuple(f.name for f in RatedPlayer._meta.concrete_fields)
RECORD_FIELDS = tuple(f.name for f in dataclasses.fields(FideRecord) if f.name in STORED_FIELDS)
UPDATE_FIELDS = [f for f in RECORD_FIELDS if f != "fide_id"] + ["search_key", "checksum", "updated_by_import"]


class RatingImportError(ValidationFailed):
    """Bad input for an import: the message is for the user."""


def checksum(record: FideRecord) -> int:
    """A signed 64-bit digest of every field: equal digests mean nothing changed."""
    values = repr(tuple(getattr(record, f) for f in RECORD_FIELDS)).encode()
    return int.from_bytes(hashlib.blake2b(values, digest_size=8).digest(), "big", signed=True)


def rating_import_run(*, import_id: int) -> None:
    """Run a pending import to the end (see the module docstring). Does nothing if already claimed."""
    claimed = RatingImport.objects.filter(pk=import_id, status=RatingImport.Status.PENDING).update(
        status=RatingImport.Status.RUNNING, started_at=timezone.now()
    )
    if not claimed:
        return
    job = RatingImport.objects.get(pk=import_id)
    try:
        _import_file(job)
    except Exception as exc:  # noqa: BLE001 - any failure is reported on the page, not lost in a log
        logger.exception("rating import %s failed", import_id)
        RatingImport.objects.filter(pk=import_id).update(
            status=RatingImport.Status.FAILED,
            error=f"{type(exc).__name__}: {exc}",
            finished_at=timezone.now(),
        )
        return
    RatingImport.objects.filter(pk=import_id).update(
        status=RatingImport.Status.DONE, finished_at=timezone.now()
    )
    Path(job.path).unlink(missing_ok=True)


class _EncodingWatch:
    """Passes lines through and notes which encodings the non-ASCII ones were in."""

    def __init__(self, lines: Iterable[bytes]) -> None:
        self.lines = lines
        self.seen: set[str] = set()

    def __iter__(self) -> Iterator[bytes]:
        for raw in self.lines:
            if not raw.isascii():
                try:
                    raw.decode("utf-8")
                    self.seen.add("utf-8")
                except UnicodeDecodeError:
                    self.seen.add("latin-1")
            yield raw

    @property
    def label(self) -> str:
        if not self.seen:
            return "ascii"
        return "mixed" if len(self.seen) > 1 else next(iter(self.seen))


def _import_file(job: RatingImport) -> None:
    counts = {"rows_read": 0, "added": 0, "updated": 0, "unchanged": 0, "bad": 0}
    samples: list[dict[str, object]] = []
    batch: dict[int, FideRecord] = {}

    def bad(line_number: int, reason: str) -> None:
        counts["bad"] += 1
        if len(samples) < BAD_SAMPLES:
            samples.append({"line": line_number, "reason": reason})

    def flush() -> None:
        added, updated, unchanged = _write_batch(batch, job.pk)
        counts["added"] += added
        counts["updated"] += updated
        counts["unchanged"] += unchanged
        batch.clear()
        # With DEBUG on (the quickstart, a dev worker) Django keeps the text of the last 9000
        # queries; these are large inserts, so that log alone grew the import to 300 MB.
        reset_queries()
        RatingImport.objects.filter(pk=job.pk).update(**counts, bad_samples=samples, encoding=watch.label)

    with open(job.path, "rb") as stream:
        watch = _EncodingWatch(stream)
        for number, item in enumerate(read_records(watch), start=1):
            counts["rows_read"] += 1
            if isinstance(item, BadLine):
                bad(item.line_number, item.reason)
                continue
            if item.fide_id in batch:
                bad(number, f"FIDE id {item.fide_id} appears twice; the later line is kept")
            batch[item.fide_id] = item
            if len(batch) >= BATCH_SIZE:
                flush()
        flush()


def _stored_checksums(ids: list[int]) -> dict[int, int]:
    if connection.vendor == "postgresql":
        # One array parameter: an IN list of thousands costs more to quote than to run.
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT fide_id, checksum FROM {RatedPlayer._meta.db_table} WHERE fide_id = ANY(%s)", [ids]
            )
            return dict(cursor.fetchall())
    return dict(RatedPlayer.objects.filter(fide_id__in=ids).values_list("fide_id", "checksum"))


def _write_batch(batch: dict[int, FideRecord], import_id: int) -> tuple[int, int, int]:
    """Write the new and changed players of one batch; returns (added, updated, unchanged)."""
    if not batch:
        return 0, 0, 0
    stored = _stored_checksums(list(batch))
    rows = []
    added = updated = 0
    for fide_id, record in batch.items():
        digest = checksum(record)
        before = stored.get(fide_id)
        if before == digest:
            continue
        if before is None:
            added += 1
        else:
            updated += 1
        rows.append(
            RatedPlayer(
                **{f: getattr(record, f) for f in RECORD_FIELDS},
                search_key=search_key(record.name)[:100],
                checksum=digest,
                updated_by_import_id=import_id,
            )
        )
    if rows:
        with transaction.atomic():
            if connection.vendor == "postgresql":
                # Do not wait for each batch to reach the disk: after a crash the import is
                # simply run again (the upsert is idempotent).
                with connection.cursor() as cursor:
                    cursor.execute("SET LOCAL synchronous_commit TO OFF")
            RatedPlayer.objects.bulk_create(
                rows,
                batch_size=1000,
                update_conflicts=True,
                unique_fields=["fide_id"],
                update_fields=UPDATE_FIELDS,
            )
    return added, updated, len(batch) - added - updated
