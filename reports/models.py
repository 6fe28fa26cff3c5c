"""Players reporting their own results from their phones.

A participant holds a personal ``ReportingLink`` (only the SHA-256 of its token is stored); with it
they report the result of their board in the published round (``ResultReport``), the opponent
confirms or disputes it, and an arbiter accepts or overrides it. A report never changes a board by
itself: only ``tournaments.services.results.result_record`` does, called by the arbiter's accept,
or by the auto-accept of a confirmed report when the organiser turned it on (``ReportingSettings``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Board, Participant, Tournament

PLAYER_RESULTS = (Board.Result.WHITE_WINS, Board.Result.DRAW, Board.Result.BLACK_WINS)
"""What a player may report: a game played over the board. Forfeits and byes are the arbiter's."""


class ReportingSettings(models.Model):
    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="reporting_settings")
    auto_accept_confirmed = models.BooleanField(
        default=False, help_text=_("A report both players confirmed becomes the result without the arbiter.")
    )
    auto_accept_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    """The organiser who turned auto-accept on: results it records are entered in their name."""
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Reporting settings of {self.tournament}"


class ReportingLink(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="reporting_links")
    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="reporting_links")
    token_hash = models.CharField(max_length=64, unique=True)
    """SHA-256 (hex) of the token: the token itself is shown once, on the slip or in the e-mail."""
    hint = models.CharField(max_length=8)
    """The token's first characters, to tell two links apart in the audit log and on the slip."""
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["participant", "-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["participant"],
                condition=Q(revoked_at__isnull=True),
                name="one_live_link_per_participant",
            )
        ]

    def __str__(self) -> str:
        return f"Reporting link {self.hint}… of {self.participant}"

    @property
    def is_live(self) -> bool:
        return self.revoked_at is None


class ResultReport(models.Model):
    class Status(models.TextChoices):
        REPORTED = "reported", _("Reported by one player")
        CONFIRMED = "confirmed", _("Confirmed by both players")
        DISPUTED = "disputed", _("Disputed")
        ACCEPTED = "accepted", _("Accepted")
        OVERRIDDEN = "overridden", _("Overridden by the arbiter")
        SUPERSEDED = "superseded", _("Replaced by a newer report")

    OPEN = (Status.REPORTED, Status.CONFIRMED, Status.DISPUTED)

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="result_reports")
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="reports")
    result = models.CharField(max_length=8, choices=Board.Result.choices)
    reported_by = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="+")
    board_version = models.PositiveIntegerField()
    """The board's version when the player reported: accepting applies the result only if nobody
    has changed the board since (``result_record``'s ``expected_version``)."""
    answered_by = models.ForeignKey(
        Participant, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    counter_result = models.CharField(max_length=8, choices=Board.Result.choices, blank=True)
    """What the opponent says the result was when disputing (blank: they only say it is wrong)."""
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.REPORTED)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["board", "-created_at"]
        indexes = [models.Index(fields=["tournament", "status"])]
        constraints = [
            models.UniqueConstraint(
                fields=["board"],
                condition=Q(status__in=["reported", "confirmed", "disputed"]),
                name="one_open_report_per_board",
            ),
            models.CheckConstraint(
                condition=Q(result__in=[r.value for r in PLAYER_RESULTS]), name="report_is_a_played_result"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.board}: {self.result} ({self.status})"

    @property
    def is_open(self) -> bool:
        return self.status in self.OPEN
