"""Races on one board, each side in its own thread and database connection (PostgreSQL: SQLite
serialises writers anyway). Whatever the interleaving, the outcome is one of the orders one after
the other: no IntegrityError, no deadlock, no lost or doubled result; the loser gets a message."""

from __future__ import annotations

import pytest

from core.errors import ServiceError
from reports.models import ResultReport
from reports.services.arbiter import report_accept
from reports.services.player import report_confirm, report_submit
from tests.reliability.test_concurrent_results import run_threads
from tournaments.models import AuditLog, Board
from tournaments.services.results import result_record

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
ROUNDS = 5


@pytest.mark.parametrize("second", ["1-0", "0-1"], ids=["same", "different"])
def test_both_players_reporting_at_once_make_one_report(night, second):
    def attempt() -> None:
        ResultReport.objects.all().delete()
        board = night.board(1)
        claims = [(board.white, "1-0"), (board.black, second)]

        def work(i: int) -> None:
            who, result = claims[i]
            report_submit(participant=who, board_id=board.pk, result=result)

        assert run_threads(2, work) == []
        [report] = ResultReport.objects.all()
        assert report.status == ("confirmed" if second == "1-0" else "disputed")
        assert Board.objects.get(pk=board.pk).result == ""

    for _ in range(ROUNDS):
        attempt()


def test_a_confirmation_racing_an_accept_ends_accepted_once(night, arbiter):
    def attempt() -> None:
        board = night.board(1)
        Board.objects.filter(pk=board.pk).update(result="", version=0)
        ResultReport.objects.all().delete()
        report = report_submit(participant=board.white, board_id=board.pk, result="1-0")
        errors: list[ServiceError] = []

        def work(i: int) -> None:
            try:
                if i == 0:
                    report_confirm(participant=board.black, board_id=board.pk, result="1-0")
                else:
                    report_accept(report_id=report.pk, user=arbiter)
            except ServiceError as exc:  # the confirmation came too late: refused with a message
                errors.append(exc)

        assert run_threads(2, work) == []
        board.refresh_from_db()
        assert board.result == "1-0" and board.version == 1
        assert ResultReport.objects.get(pk=report.pk).status == "accepted"
        assert all("already entered" in e.message for e in errors)

    for _ in range(ROUNDS):
        attempt()


def test_an_accept_racing_the_arbiters_direct_entry_lets_exactly_one_through(night, arbiter, organiser):
    def attempt() -> None:
        board = night.board(1)
        Board.objects.filter(pk=board.pk).update(result="", version=0)
        ResultReport.objects.all().delete()
        report_submit(participant=board.white, board_id=board.pk, result="1-0")
        report = report_confirm(participant=board.black, board_id=board.pk, result="1-0")
        audit_before = AuditLog.objects.filter(action="result_record").count()
        errors: list[ServiceError] = []

        def work(i: int) -> None:
            try:
                if i == 0:
                    report_accept(report_id=report.pk, user=arbiter)
                else:
                    result_record(board=board, user=organiser, result="0-1", expected_version=0)
            except ServiceError as exc:
                errors.append(exc)

        assert run_threads(2, work) == []
        board.refresh_from_db()
        assert len(errors) == 1 and "while you were looking at it" in errors[0].message
        assert board.version == 1 and board.result in ("1-0", "0-1")
        assert AuditLog.objects.filter(action="result_record").count() == audit_before + 1
        status = ResultReport.objects.get(pk=report.pk).status
        assert status == ("accepted" if board.result == "1-0" else "confirmed")

    for _ in range(ROUNDS):
        attempt()
