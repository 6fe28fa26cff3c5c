"""The site-wide reference table of FIDE-rated players, and the imports that fill it."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class RatedPlayer(models.Model):
    """One player of the latest imported FIDE list: what registration needs (name, ratings,
    titles, federation, birth year). The games and K-factor columns of the file are not kept:
    each stored column costs import time on a million rows. ``checksum`` covers the stored
    fields, so a re-import skips unchanged rows."""

    fide_id = models.PositiveBigIntegerField(unique=True)
    name = models.CharField(max_length=100)
    search_key = models.CharField(max_length=100, help_text=_("Lower case, no accents: what searches match."))
    federation = models.CharField(max_length=3, blank=True)
    sex = models.CharField(max_length=1, blank=True)
    title = models.CharField(max_length=4, blank=True)
    women_title = models.CharField(max_length=4, blank=True)
    other_titles = models.CharField(max_length=15, blank=True)
    standard_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    rapid_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    blitz_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True)
    flag = models.CharField(max_length=4, blank=True)
    checksum = models.BigIntegerField()
    # Never queried by it, so no index: one index less to maintain on a million-row import.
    updated_by_import = models.ForeignKey(
        "RatingImport", on_delete=models.SET_NULL, null=True, blank=True, related_name="+", db_index=False
    )

    class Meta:
        ordering = ["search_key", "fide_id"]
        indexes = [
            # varchar_pattern_ops lets PostgreSQL use the index for LIKE 'prefix%' in any locale;
            # other databases ignore the operator class.
            models.Index(
                fields=["search_key"], name="ratedplayer_search_key", opclasses=["varchar_pattern_ops"]
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.fide_id})"

    @property
    def best_title(self) -> str:
        return self.title or self.women_title


class RatingImport(models.Model):
    """One uploaded list and the progress of its import (polled by the staff page)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for a worker")
        RUNNING = "running", _("Importing")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")
        CANCELLED = "cancelled", _("Cancelled")

    original_name = models.CharField(max_length=255)
    path = models.CharField(max_length=500, help_text=_("Where the uploaded file is kept on the server."))
    size = models.PositiveBigIntegerField(default=0)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    claim = models.CharField(
        max_length=32, blank=True, help_text=_("Which run holds the import: a run that lost it stops.")
    )
    heartbeat_at = models.DateTimeField(
        null=True, blank=True, help_text=_("The running import's last sign of life (every batch).")
    )
    resume_line = models.PositiveIntegerField(
        default=0, help_text=_("Lines of the file written and counted: a resumed import starts after it.")
    )
    rows_total = models.PositiveIntegerField(default=0)
    rows_read = models.PositiveIntegerField(default=0)
    added = models.PositiveIntegerField(default=0)
    updated = models.PositiveIntegerField(default=0)
    unchanged = models.PositiveIntegerField(default=0)
    bad = models.PositiveIntegerField(default=0)
    bad_samples = models.JSONField(
        default=list, blank=True, help_text=_("The first bad lines: number and reason.")
    )
    encoding = models.CharField(max_length=20, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.original_name} ({self.get_status_display()})"

    @property
    def in_progress(self) -> bool:
        return self.status in (self.Status.PENDING, self.Status.RUNNING)

    @property
    def stalled(self) -> bool:
        """Running, or waiting for a worker, with no sign of life for ``RATING_IMPORT_STALE_SECONDS``:
        the process running it died (or no worker took it). The page then offers retry and cancel."""
        if not self.in_progress:
            return False
        last = self.heartbeat_at or self.created_at
        if last is None:
            return False
        return (timezone.now() - last).total_seconds() > settings.RATING_IMPORT_STALE_SECONDS

    @property
    def percent(self) -> int:
        if self.status == self.Status.DONE:
            return 100
        if not self.rows_total:
            return 0
        return min(100, self.rows_read * 100 // self.rows_total)
