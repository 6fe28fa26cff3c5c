"""Importing a FIDE players list: store the upload, then read it in a background task.

``ratings.uploads.rating_import_create`` keeps the uploaded file on disk and enqueues the task after commit;
``rating_import_run`` (what the task calls) streams the file, a batch of lines at a time:

1. claim the import (pending -> running, or a running one whose run went silent: its worker
   died) with a conditional update and a token of this run, so two workers never run the same
   one; a run that finds its token gone (cancelled, taken over) stops at its next batch;
2. parse each line (``ratings.fide_list``); bad lines are counted and the first few kept
   with their reason, never fatal;
3. per batch, read the stored checksums of those FIDE ids, and write only the new and the
   changed players with one ``INSERT ... ON CONFLICT (fide_id) DO UPDATE``;
4. store the counts after every batch (the staff page polls them) with the last line written
   and a sign of life (``heartbeat_at``), and the final status.

Each batch commits on its own so the progress is visible while the import runs; an interrupted
import (a killed worker, a failure, a retry from the page) resumes after the last line written,
with the counts so far (the upsert is idempotent, so a batch written twice does no harm).
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import logging
import uuid
from collections.abc import Iterable, Iterator
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.db import DatabaseError, connection, reset_queries, transaction
from django.db.models import Q, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from core.errors import ValidationFailed
from core.names import search_key
from ratings.fide_list import BadLine, FideRecord, read_numbered
from ratings.models import RatedPlayer, RatingImport

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


class Outcome(enum.Enum):
    """What a call of :func:`rating_import_run` did."""

    RAN = "ran"
    """Claimed and ran it (to the end, to a failure, or until it was cancelled or taken over)."""
    BUSY = "busy"
    """Another run holds it and showed a sign of life lately: try again once that would be stale."""
    NOTHING = "nothing"
    """Nothing left to do: finished, failed, cancelled, or gone."""


def rating_import_run(*, import_id: int) -> Outcome:
    """Run an import to the end (see the module docstring).

    Claims a pending import, or a running one whose run went silent for
    ``RATING_IMPORT_STALE_SECONDS`` (its worker was killed: the task is delivered again, or retried
    from the page), and resumes it after the last line written. A run that loses its claim
    (cancelled, or taken over after a long stall) stops at its next batch."""
    now = timezone.now()
    stale_before = now - timedelta(seconds=settings.RATING_IMPORT_STALE_SECONDS)
    token = uuid.uuid4().hex
    claimed = (
        RatingImport.objects.filter(pk=import_id)
        .filter(
            Q(status=RatingImport.Status.PENDING)
            | Q(status=RatingImport.Status.RUNNING, heartbeat_at__lt=stale_before)
            | Q(status=RatingImport.Status.RUNNING, heartbeat_at__isnull=True)
        )
        .update(
            status=RatingImport.Status.RUNNING,
            started_at=Coalesce("started_at", Value(now)),
            heartbeat_at=now,
            claim=token,
            error="",
        )
    )
    if not claimed:
        running = RatingImport.objects.filter(pk=import_id, status=RatingImport.Status.RUNNING).exists()
        return Outcome.BUSY if running else Outcome.NOTHING
    job = RatingImport.objects.get(pk=import_id)
    if job.resume_line:
        logger.warning("rating import %s resumed after line %s", import_id, job.resume_line)
    try:
        finished = _import_file(job, token)
    except Exception as exc:  # noqa: BLE001 - any failure is reported on the page, not lost in a log
        logger.exception("rating import %s failed", import_id)
        RatingImport.objects.filter(pk=import_id, claim=token).update(
            status=RatingImport.Status.FAILED,
            error=f"{type(exc).__name__}: {exc}",
            finished_at=timezone.now(),
        )
        return Outcome.RAN
    if finished:
        done = RatingImport.objects.filter(pk=import_id, claim=token).update(
            status=RatingImport.Status.DONE, finished_at=timezone.now()
        )
        if done:
            Path(job.path).unlink(missing_ok=True)
    return Outcome.RAN


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


def _import_file(job: RatingImport, token: str) -> bool:
    """Read the file after ``job.resume_line``, writing a batch at a time. False if the run lost
    its claim (cancelled, or taken over) and stopped."""
    counts = {f: getattr(job, f) for f in ("rows_read", "added", "updated", "unchanged", "bad")}
    samples: list[dict[str, object]] = list(job.bad_samples or [])
    batch: dict[int, tuple[int, FideRecord]] = {}
    last_line = job.resume_line

    def bad(line_number: int, reason: str) -> None:
        counts["bad"] += 1
        if len(samples) < BAD_SAMPLES:
            samples.append({"line": line_number, "reason": reason})

    def flush() -> bool:
        added, updated, unchanged, refused = _write_batch(batch, job.pk)
        for line in refused:
            bad(line.line_number, line.reason)
        counts["added"] += added
        counts["updated"] += updated
        counts["unchanged"] += unchanged
        batch.clear()
        # With DEBUG on (the quickstart, a dev worker) Django keeps the text of the last 9000
        # queries; these are large inserts, so that log alone grew the import to 300 MB.
        reset_queries()
        # The counts, the line to resume after and the sign of life, only while this run holds
        # the claim: a cancelled or taken-over run stops here.
        return bool(
            RatingImport.objects.filter(pk=job.pk, claim=token, status=RatingImport.Status.RUNNING).update(
                **counts,
                bad_samples=samples,
                encoding=watch.label,
                resume_line=last_line,
                heartbeat_at=timezone.now(),
            )
        )

    with open(job.path, "rb") as stream:
        watch = _EncodingWatch(stream)
        for number, item in read_numbered(watch, after_line=job.resume_line):
            counts["rows_read"] += 1
            last_line = number
            if isinstance(item, BadLine):
                bad(item.line_number, item.reason)
                continue
            if item.fide_id in batch:
                bad(number, f"FIDE id {item.fide_id} appears twice; the later line is kept")
            batch[item.fide_id] = (number, item)
            if len(batch) >= BATCH_SIZE and not flush():
                return False
        return flush()


def _stored_checksums(ids: list[int]) -> dict[int, int]:
    if connection.vendor == "postgresql":
        # One array parameter: an IN list of thousands costs more to quote than to run.
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT fide_id, checksum FROM {RatedPlayer._meta.db_table} WHERE fide_id = ANY(%s)", [ids]
            )
            return dict(cursor.fetchall())
    return dict(RatedPlayer.objects.filter(fide_id__in=ids).values_list("fide_id", "checksum"))


def _player_row(record: FideRecord, import_id: int) -> RatedPlayer:
    return RatedPlayer(
        **{f: getattr(record, f) for f in RECORD_FIELDS},
        search_key=search_key(record.name)[:100],
        checksum=checksum(record),
        updated_by_import_id=import_id,
    )


def _upsert(rows: list[RatedPlayer]) -> None:
    RatedPlayer.objects.bulk_create(
        rows,
        batch_size=1000,
        update_conflicts=True,
        unique_fields=["fide_id"],
        update_fields=UPDATE_FIELDS,
    )


def _write_batch(
    batch: dict[int, tuple[int, FideRecord]], import_id: int
) -> tuple[int, int, int, list[BadLine]]:
    """Write the new and changed players of one batch; returns (added, updated, unchanged, refused).

    A row the database refuses (a value the reader let through but a column does not take) must
    not cost the batch: the batch is then written row by row, each in a savepoint, and the
    refused rows come back as bad lines."""
    if not batch:
        return 0, 0, 0, []
    stored = _stored_checksums(list(batch))
    rows: list[tuple[int, RatedPlayer, bool]] = []
    for fide_id, (line_number, record) in batch.items():
        row = _player_row(record, import_id)
        before = stored.get(fide_id)
        if before == row.checksum:
            continue
        rows.append((line_number, row, before is None))
    refused: list[BadLine] = []
    if rows:
        with transaction.atomic():
            if connection.vendor == "postgresql":
                # Do not wait for each batch to reach the disk: after a crash the import is
                # resumed or run again (the upsert is idempotent).
                with connection.cursor() as cursor:
                    cursor.execute("SET LOCAL synchronous_commit TO OFF")
            try:
                with transaction.atomic():
                    _upsert([row for _, row, _ in rows])
            except DatabaseError:
                kept = []
                for line_number, row, new in rows:
                    try:
                        with transaction.atomic():
                            _upsert([row])
                    except DatabaseError as exc:
                        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                        refused.append(BadLine(line_number, f"the database refused the line: {reason}"))
                    else:
                        kept.append((line_number, row, new))
                rows = kept
    added = sum(1 for _, _, new in rows if new)
    updated = len(rows) - added
    return added, updated, len(batch) - added - updated - len(refused), refused
