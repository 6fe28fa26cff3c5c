"""What a player does with their personal link: report, confirm, dispute.

The caller is the ``Participant`` the link belongs to (the view resolved the token); players have
no user account, so the audit rows carry their name and the link's hint instead of a user.

``report_submit`` is the one entry point for "this was the result": if the opponent has already
reported, the same result confirms their report and a different one disputes it, so two players
reporting at the same moment end up with one report either way (the board row lock orders them).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from core.errors import ArchivedError, ConflictError, NotAllowedError, ValidationFailed
from reports.models import PLAYER_RESULTS, ReportingLink, ResultReport
from reports.services.arbiter import auto_accept_if_enabled
from tournaments.models import Board, Participant, Round, Tournament
from tournaments.services.audit import audit_record

NOT_YOUR_BOARD = "You can only report the result of your own game."


def _label(result: str) -> str:
    return Board.Result(result).label if result else "no result"


def _check_result(result: str, *, allow_blank: bool = False) -> None:
    if allow_blank and result == "":
        return
    if result not in PLAYER_RESULTS:
        raise ValidationFailed(
            gettext(
                "Report the result of a game you played: 1-0, ½-½ or 0-1. Forfeits and byes are decided by the arbiter."
            )
        )


def _lock_board(participant: Participant, board_id: int) -> Board:
    """Lock the tournament, then the player's board, and check the board can still take a report."""
    archived_at = (
        Tournament.objects.select_for_update()
        .filter(pk=participant.tournament_id)
        .values_list("archived_at", flat=True)
        .first()
    )
    if archived_at is not None:
        raise ArchivedError(
            gettext("This tournament is archived: results can no longer be reported. Ask the arbiter.")
        )
    board = (
        Board.objects.select_for_update()
        .select_related("round", "white", "black")
        .filter(pk=board_id, round__tournament_id=participant.tournament_id)
        .first()
    )
    if board is None or participant.pk not in (board.white_id, board.black_id):
        raise NotAllowedError(NOT_YOUR_BOARD)
    rnd = board.round
    if rnd.status == Round.Status.FINISHED:
        raise ValidationFailed(
            gettext(
                "Round %(number)s is finished: its results can no longer be reported from a phone. If a result is wrong, tell the arbiter."
            )
            % {"number": rnd.number}
        )
    if rnd.status != Round.Status.PUBLISHED:
        raise ValidationFailed(
            gettext("Round %(number)s is not published: there is nothing to report yet.")
            % {"number": rnd.number}
        )
    if board.result:
        raise ValidationFailed(
            gettext(
                "The arbiter has already entered the result of board %(number)s: %(_label)s. If it is wrong, tell the arbiter."
            )
            % {"number": board.number, "_label": _label(board.result)}
        )
    return board


def _open_report(board: Board) -> ResultReport | None:
    """The board's open report, or None. A report made before the arbiter changed the board (entered
    a result, then cleared it) no longer describes it: it is closed here so a new one can start."""
    report = (
        ResultReport.objects.select_for_update().filter(board=board, status__in=ResultReport.OPEN).first()
    )
    if report is None:
        return None
    report.board = board
    if report.board_version != board.version:
        before = {"status": report.status, "result": report.result, "board_version": report.board_version}
        report.status = ResultReport.Status.SUPERSEDED
        report.save(update_fields=["status", "updated_at"])
        audit_record(
            tournament=board.round.tournament,
            user=None,
            action="report.superseded",
            obj=report,
            before=before,
            after={"status": report.status, "board": board.number, "board_version": board.version},
        )
        return None
    return report


def _audit(action: str, report: ResultReport, participant: Participant, link: ReportingLink | None, **extra):
    audit_record(
        tournament=participant.tournament,
        user=None,
        action=action,
        obj=report,
        after={
            "by": participant.name,
            "participant_id": participant.pk,
            "link": f"{link.hint}…" if link else "",
            "round": report.board.round.number,
            "board": report.board.number,
            "result": report.result,
            **extra,
        },
    )


def report_submit(
    *, participant: Participant, board_id: int, result: str, link: ReportingLink | None = None
) -> ResultReport:
    """Report the result of the player's own board in a published round.

    1. Only 1-0, ½-½ and 0-1; only the player's own board; only a published round whose board has
       no result yet (forfeits, byes, finished rounds and the arbiter's entries are final here).
    2. No open report yet: open one, remembering the board's version.
    3. The opponent's report is open: the same result confirms it, another disputes it.
    4. The player's own report is open: the same result again is a no-op (a double tap); a
       different one is refused (the opponent may already be answering the first).
    """
    _check_result(result)
    with transaction.atomic():
        board = _lock_board(participant, board_id)
        report = _open_report(board)
        if report is None:
            report = ResultReport.objects.create(
                tournament_id=participant.tournament_id,
                board=board,
                result=result,
                reported_by=participant,
                board_version=board.version,
            )
            _audit("report.submit", report, participant, link)
            return report
        if report.reported_by_id == participant.pk:
            if report.result == result:
                return report
            raise ConflictError(
                gettext("You already reported %(_label)s. If that was a mistake, tell the arbiter.")
                % {"_label": _label(report.result)}
            )
        if report.status != ResultReport.Status.REPORTED:
            raise ConflictError(
                gettext("You have already answered your opponent's report; the arbiter decides now.")
            )
        if report.result == result:
            return _confirm_locked(report, participant, link)
        return _dispute_locked(report, participant, link, result)


def report_confirm(
    *, participant: Participant, board_id: int, result: str, link: ReportingLink | None = None
) -> ResultReport:
    """The opponent agrees with the report; ``result`` is the one their phone showed them."""
    with transaction.atomic():
        report = _answerable(participant, board_id, result)
        return _confirm_locked(report, participant, link)


def report_dispute(
    *,
    participant: Participant,
    board_id: int,
    result: str,
    counter_result: str = "",
    link: ReportingLink | None = None,
) -> ResultReport:
    """The opponent says the report is wrong, optionally with the result they think it was."""
    _check_result(counter_result, allow_blank=True)
    with transaction.atomic():
        report = _answerable(participant, board_id, result)
        return _dispute_locked(report, participant, link, counter_result)


def _answerable(participant: Participant, board_id: int, result: str) -> ResultReport:
    board = _lock_board(participant, board_id)
    report = _open_report(board)
    if report is None or report.reported_by_id == participant.pk:
        raise ValidationFailed(gettext("There is no report from your opponent to answer."))
    if report.status != ResultReport.Status.REPORTED:
        raise ConflictError(
            gettext("You have already answered your opponent's report; the arbiter decides now.")
        )
    if report.result != result:
        raise ConflictError(
            gettext("Your opponent's report now says %(_label)s, not %(_label2)s: look again.")
            % {"_label": _label(report.result), "_label2": _label(result)}
        )
    return report


def _confirm_locked(
    report: ResultReport, participant: Participant, link: ReportingLink | None
) -> ResultReport:
    report.status = ResultReport.Status.CONFIRMED
    report.answered_by = participant
    report.save(update_fields=["status", "answered_by", "updated_at"])
    _audit("report.confirm", report, participant, link, reported_by=report.reported_by.name)
    auto_accept_if_enabled(report)
    return report


def _dispute_locked(
    report: ResultReport, participant: Participant, link: ReportingLink | None, counter_result: str
) -> ResultReport:
    report.status = ResultReport.Status.DISPUTED
    report.answered_by = participant
    report.counter_result = counter_result
    report.save(update_fields=["status", "answered_by", "counter_result", "updated_at"])
    _audit(
        "report.dispute",
        report,
        participant,
        link,
        reported_by=report.reported_by.name,
        counter_result=counter_result,
    )
    return report
