"""The arbiter accepts, accepts every confirmed report, overrides; a stale accept is refused."""

from __future__ import annotations

import pytest

from core.errors import ConflictError, NotAllowedError, ValidationFailed
from reports.models import ReportingSettings, ResultReport
from reports.services.arbiter import (
    report_accept,
    report_override,
    reporting_settings_update,
    reports_accept_confirmed,
)
from reports.services.player import report_confirm, report_dispute, report_submit
from tournaments.models import AuditLog, Board
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db


def confirmed(night, number: int, result: str = "1-0") -> ResultReport:
    board = night.board(number)
    report_submit(participant=board.white, board_id=board.pk, result=result)
    return report_confirm(participant=board.black, board_id=board.pk, result=result)


def test_accepting_a_confirmed_report_records_the_result_in_the_arbiters_name(night, arbiter):
    report = confirmed(night, 1, "0-1")
    board = report_accept(report_id=report.pk, user=arbiter)
    assert board.result == "0-1" and board.version == 1
    report.refresh_from_db()
    assert report.status == ResultReport.Status.ACCEPTED and report.decided_by == arbiter
    assert AuditLog.objects.filter(action="result_record", user=arbiter, object_id=str(board.pk)).exists()
    accept = AuditLog.objects.get(action="report.accept")
    assert accept.user == arbiter
    assert accept.after["reported_by"] == board.white.name and accept.after["answered_by"] == board.black.name


def test_a_one_sided_report_can_be_accepted_but_a_disputed_one_cannot(night, arbiter):
    one = night.board(1)
    lone = report_submit(participant=one.white, board_id=one.pk, result="1-0")
    assert report_accept(report_id=lone.pk, user=arbiter).result == "1-0"
    two = night.board(2)
    report_submit(participant=two.white, board_id=two.pk, result="1-0")
    disputed = report_dispute(participant=two.black, board_id=two.pk, result="1-0")
    with pytest.raises(ValidationFailed, match="disagree"):
        report_accept(report_id=disputed.pk, user=arbiter)
    assert Board.objects.get(pk=two.pk).result == ""


def test_an_accept_after_the_arbiter_entered_the_board_directly_is_refused_and_changes_nothing(
    night, arbiter, organiser
):
    report = confirmed(night, 1, "1-0")
    board = night.board(1)
    result_record(board=board, user=organiser, result="1/2-1/2", expected_version=0)
    audit_rows = AuditLog.objects.count()
    with pytest.raises(ConflictError, match="not applied.*olga.*½-½"):
        report_accept(report_id=report.pk, user=arbiter)
    board.refresh_from_db()
    assert board.result == "1/2-1/2" and board.version == 1
    assert ResultReport.objects.get(pk=report.pk).status == ResultReport.Status.CONFIRMED
    assert AuditLog.objects.count() == audit_rows


def test_an_accepted_report_cannot_be_accepted_again(night, arbiter):
    report = confirmed(night, 1)
    report_accept(report_id=report.pk, user=arbiter)
    with pytest.raises(ConflictError, match="already accepted"):
        report_accept(report_id=report.pk, user=arbiter)


def test_only_staff_of_the_tournament_can_accept(night, stranger):
    report = confirmed(night, 1)
    with pytest.raises(NotAllowedError):
        report_accept(report_id=report.pk, user=stranger)
    assert Board.objects.get(pk=report.board_id).result == ""


def test_accept_all_confirmed_takes_every_confirmed_report_and_names_the_ones_it_could_not(night, arbiter):
    for number in (1, 2, 3):
        confirmed(night, number, "1-0")
    four = night.board(4)
    report_submit(participant=four.white, board_id=four.pk, result="0-1")  # one-sided: left alone
    two = night.board(2)
    result_record(board=two, user=arbiter, result="0-1", expected_version=0)
    outcome = reports_accept_confirmed(round=night.world.round, user=arbiter)
    assert outcome.accepted == [1, 3]
    assert len(outcome.refused) == 1 and outcome.refused[0].startswith("Board 2:")
    results = dict(Board.objects.filter(round=night.world.round).values_list("number", "result"))
    assert results == {1: "1-0", 2: "0-1", 3: "1-0", 4: ""}


def test_an_override_enters_the_arbiters_result_and_closes_the_report(night, arbiter):
    board = night.board(2)
    report_submit(participant=board.white, board_id=board.pk, result="1-0")
    report = report_dispute(participant=board.black, board_id=board.pk, result="1-0", counter_result="0-1")
    recorded = report_override(board=board, user=arbiter, result="1/2-1/2", expected_version=0)
    assert recorded.result == "1/2-1/2"
    report.refresh_from_db()
    assert report.status == ResultReport.Status.OVERRIDDEN and report.decided_by == arbiter
    entry = AuditLog.objects.get(action="report.override")
    assert entry.after["reported"] == "1-0" and entry.after["result"] == "1/2-1/2"


def test_an_override_on_a_stale_page_is_refused(night, arbiter, organiser):
    board = night.board(2)
    report_submit(participant=board.white, board_id=board.pk, result="1-0")
    result_record(board=board, user=organiser, result="0-1", expected_version=0)
    with pytest.raises(ConflictError):
        report_override(board=board, user=arbiter, result="1/2-1/2", expected_version=0)
    assert Board.objects.get(pk=board.pk).result == "0-1"


def test_only_organisers_switch_auto_accept_and_the_switch_is_audited(night, arbiter, organiser):
    with pytest.raises(NotAllowedError):
        reporting_settings_update(tournament=night.tournament, user=arbiter, auto_accept_confirmed=True)
    assert not ReportingSettings.objects.exists()
    row = reporting_settings_update(tournament=night.tournament, user=organiser, auto_accept_confirmed=True)
    assert row.auto_accept_confirmed and row.auto_accept_by == organiser
    entry = AuditLog.objects.get(action="reporting.settings")
    assert entry.user == organiser and entry.after == {"auto_accept_confirmed": True}
