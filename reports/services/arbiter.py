"""The arbiter's side: accept a report, accept every confirmed report of a round, override one;
and the organiser's "auto-accept confirmed reports" switch.

A report is applied with ``tournaments.services.results.result_record`` and the board version the
player saw (``ResultReport.board_version``) as ``expected_version``: if the arbiter (or another one)
entered or changed the board since, the accept is refused with ``result_record``'s message naming
who changed it and what the board shows now, and nothing is written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from core.errors import ConflictError, NotAllowedError, ServiceError, ValidationFailed
from reports.models import ReportingSettings, ResultReport
from tournaments.models import Board, Round, Tournament
from tournaments.permissions import can_arbitrate, can_organise, require_not_archived
from tournaments.services.audit import audit_record
from tournaments.services.results import result_record


@dataclass
class AcceptOutcome:
    accepted: list[int] = field(default_factory=list)
    """Board numbers whose confirmed report became the result."""
    refused: list[str] = field(default_factory=list)
    """One message per report that could not be applied (the board changed meanwhile)."""


def _lock(tournament_id: int, board_id: int) -> Board:
    Tournament.objects.select_for_update().filter(pk=tournament_id).values_list("pk").first()
    return Board.objects.select_for_update().select_related("round__tournament").get(pk=board_id)


def _lock_report(**filters: Any) -> ResultReport | None:
    return (
        ResultReport.objects.select_for_update(of=("self",))
        .select_related("reported_by", "answered_by")
        .filter(**filters)
        .first()
    )


def _decide(report: ResultReport, user: Any, status: str, action: str, **extra: Any) -> None:
    before = {"status": report.status, "result": report.result}
    report.status = status
    report.decided_by = user if getattr(user, "is_authenticated", False) else None
    report.decided_at = timezone.now()
    report.save(update_fields=["status", "decided_by", "decided_at", "updated_at"])
    audit_record(
        tournament=report.board.round.tournament,
        user=user,
        action=action,
        obj=report,
        before=before,
        after={
            "status": status,
            "round": report.board.round.number,
            "board": report.board.number,
            "reported_by": report.reported_by.name,
            "answered_by": report.answered_by.name if report.answered_by else "",
            **extra,
        },
    )


def _apply(report: ResultReport, user: Any, action: str) -> Board:
    try:
        board = result_record(
            board=report.board, user=user, result=report.result, expected_version=report.board_version
        )
    except ConflictError as exc:
        raise ConflictError(
            gettext("The players' report was not applied. %(message)s") % {"message": exc.message}
        ) from None
    _decide(report, user, ResultReport.Status.ACCEPTED, action, result=report.result)
    return board


def report_accept(*, report_id: int, user: Any, board_id: int | None = None) -> Board:
    """Make an open report the board's result.

    1. Arbiters and organisers only; ``board_id``, when given, must be the report's board (the
       page the arbiter looked at); a disputed report cannot be accepted (the players disagree:
       override it with the right result instead).
    2. Lock the tournament and the board, then the report; it must still be open.
    3. ``result_record`` with the version the players saw; mark the report accepted; audit.
    """
    report = ResultReport.objects.select_related("board__round__tournament").filter(pk=report_id).first()
    if report is None or board_id is not None and report.board_id != board_id:
        raise ValidationFailed(gettext("There is no such report on this board: reload the page."))
    if not can_arbitrate(user, report.board.round.tournament):
        raise NotAllowedError(gettext("Only the tournament's organisers and arbiters can accept reports."))
    with transaction.atomic():
        board = _lock(report.tournament_id, report.board_id)
        report = _lock_report(pk=report_id)
        report.board = board
        if not report.is_open:
            raise ConflictError(
                gettext("The report on board %(number)s is already %(lower)s.")
                % {"number": board.number, "lower": report.get_status_display().lower()}
            )
        if report.status == ResultReport.Status.DISPUTED:
            raise ValidationFailed(
                gettext("The players disagree about board %(number)s: enter the right result with Override.")
                % {"number": board.number}
            )
        return _apply(report, user, "report.accept")


def reports_accept_confirmed(*, round: Round, user: Any) -> AcceptOutcome:
    """Accept every report of the round both players confirmed, each in its own transaction, so
    one board changed meanwhile does not hold back the others."""
    if not can_arbitrate(user, round.tournament):
        raise NotAllowedError(gettext("Only the tournament's organisers and arbiters can accept reports."))
    # Said once for the round, not once per board (each accept would refuse it on its own).
    require_not_archived(round.tournament)
    outcome = AcceptOutcome()
    pending = (
        ResultReport.objects.filter(board__round=round, status=ResultReport.Status.CONFIRMED)
        .order_by("board__number")
        .values_list("pk", "board__number")
    )
    for report_id, number in list(pending):
        try:
            report_accept(report_id=report_id, user=user)
        except ServiceError as exc:
            outcome.refused.append(f"Board {number}: {exc.message}")
        else:
            outcome.accepted.append(number)
    return outcome


def report_override(*, board: Board, user: Any, result: str, expected_version: int) -> Board:
    """The arbiter enters the result themselves on a board the players reported (typically a
    disputed one): ``result_record`` with the version the arbiter's page showed, and the open
    report is closed as overridden (or accepted, when the arbiter chose the reported result)."""
    tournament = board.round.tournament
    if not can_arbitrate(user, tournament):
        raise NotAllowedError(gettext("Only the tournament's organisers and arbiters can override reports."))
    with transaction.atomic():
        locked = _lock(tournament.pk, board.pk)
        report = _lock_report(board=locked, status__in=ResultReport.OPEN)
        recorded = result_record(board=locked, user=user, result=result, expected_version=expected_version)
        if report is not None:
            report.board = recorded
            same = report.result == result
            _decide(
                report,
                user,
                ResultReport.Status.ACCEPTED if same else ResultReport.Status.OVERRIDDEN,
                "report.override",
                reported=report.result,
                result=result,
            )
    return recorded


def auto_accept_if_enabled(report: ResultReport) -> None:
    """Called inside the confirming transaction: when the organiser turned auto-accept on, the
    confirmed report becomes the result in that organiser's name. If it cannot (they lost their
    role, the board changed), the report simply stays confirmed for the arbiter."""
    settings_row = ReportingSettings.objects.filter(tournament_id=report.tournament_id).first()
    if settings_row is None or not settings_row.auto_accept_confirmed or settings_row.auto_accept_by is None:
        return
    try:
        with transaction.atomic():
            _apply(report, settings_row.auto_accept_by, "report.auto_accept")
    except ServiceError:
        report.refresh_from_db(fields=["status"])


def reporting_settings_update(
    *, tournament: Tournament, user: Any, auto_accept_confirmed: bool
) -> ReportingSettings:
    """Turn "auto-accept confirmed reports" on or off (organisers only). Reports already confirmed
    stay for the arbiter: the switch applies to confirmations from now on."""
    if not can_organise(user, tournament):
        raise NotAllowedError(
            gettext("Only the tournament's organisers can change how reports are accepted.")
        )
    require_not_archived(tournament)
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).values_list("pk").first()
        row, _ = ReportingSettings.objects.select_for_update().get_or_create(tournament=tournament)
        before = {"auto_accept_confirmed": row.auto_accept_confirmed}
        row.auto_accept_confirmed = auto_accept_confirmed
        row.auto_accept_by = user if auto_accept_confirmed else None
        row.save()
        audit_record(
            tournament=tournament,
            user=user,
            action="reporting.settings",
            obj=row,
            before=before,
            after={"auto_accept_confirmed": auto_accept_confirmed},
        )
    return row
