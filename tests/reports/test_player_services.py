"""Players report, confirm and dispute through reports.services.player; nothing they send changes
a board unless the organiser turned auto-accept on."""

from __future__ import annotations

import pytest

from core.errors import ConflictError, NotAllowedError, ValidationFailed
from reports.models import ResultReport
from reports.services.arbiter import reporting_settings_update
from reports.services.player import report_confirm, report_dispute, report_submit
from tournaments.models import AuditLog, Board, Round, RoundBye
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db


def test_a_report_opens_a_pending_report_and_leaves_the_board_alone(night):
    board = night.board(1)
    report = report_submit(participant=board.white, board_id=board.pk, result="1-0")
    board.refresh_from_db()
    assert board.result == "" and board.version == 0
    assert report.status == ResultReport.Status.REPORTED
    assert report.board_version == 0 and report.reported_by == board.white
    entry = AuditLog.objects.get(action="report.submit")
    assert entry.user is None and entry.after["by"] == board.white.name and entry.after["result"] == "1-0"


def test_the_opponent_confirms_and_the_board_still_waits_for_the_arbiter(night):
    board = night.board(1)
    report_submit(participant=board.white, board_id=board.pk, result="1-0")
    report = report_confirm(participant=board.black, board_id=board.pk, result="1-0")
    board.refresh_from_db()
    assert report.status == ResultReport.Status.CONFIRMED and report.answered_by == board.black
    assert board.result == ""
    assert AuditLog.objects.filter(action="report.confirm", after__by=board.black.name).exists()


def test_the_opponent_reporting_the_same_result_confirms_and_a_different_one_disputes(night):
    one, two = night.board(1), night.board(2)
    report_submit(participant=one.white, board_id=one.pk, result="0-1")
    same = report_submit(participant=one.black, board_id=one.pk, result="0-1")
    report_submit(participant=two.black, board_id=two.pk, result="1/2-1/2")
    other = report_submit(participant=two.white, board_id=two.pk, result="1-0")
    assert same.status == ResultReport.Status.CONFIRMED
    assert other.status == ResultReport.Status.DISPUTED and other.counter_result == "1-0"
    assert ResultReport.objects.count() == 2


def test_a_dispute_records_what_the_opponent_says(night):
    board = night.board(3)
    report_submit(participant=board.white, board_id=board.pk, result="1-0")
    report = report_dispute(participant=board.black, board_id=board.pk, result="1-0", counter_result="0-1")
    assert report.status == ResultReport.Status.DISPUTED and report.counter_result == "0-1"
    assert AuditLog.objects.get(action="report.dispute").after["counter_result"] == "0-1"


def test_a_player_cannot_report_another_board(night):
    mine, theirs = night.board(1), night.board(2)
    with pytest.raises(NotAllowedError, match="your own game"):
        report_submit(participant=mine.white, board_id=theirs.pk, result="1-0")
    assert not ResultReport.objects.exists()


def test_a_player_cannot_confirm_their_own_report(night):
    board = night.board(1)
    report_submit(participant=board.white, board_id=board.pk, result="1-0")
    with pytest.raises(ValidationFailed, match="no report from your opponent"):
        report_confirm(participant=board.white, board_id=board.pk, result="1-0")
    assert ResultReport.objects.get().status == ResultReport.Status.REPORTED


def test_a_confirmation_of_a_result_the_report_does_not_say_is_refused(night):
    board = night.board(1)
    report_submit(participant=board.white, board_id=board.pk, result="1-0")
    with pytest.raises(ConflictError, match="look again"):
        report_confirm(participant=board.black, board_id=board.pk, result="0-1")
    assert ResultReport.objects.get().status == ResultReport.Status.REPORTED


@pytest.mark.parametrize("code", ["+/-", "-/+", "-/-", "0-0", "", "2-0"])
def test_forfeits_unplayed_and_nonsense_are_refused_with_a_message(night, code):
    board = night.board(1)
    with pytest.raises(ValidationFailed, match="decided by the arbiter"):
        report_submit(participant=board.white, board_id=board.pk, result=code)
    assert not ResultReport.objects.exists()


def test_a_report_for_a_finished_round_is_refused_with_a_message(night, arbiter):
    for board in Board.objects.filter(round=night.world.round):
        result_record(board=board, user=arbiter, result="1-0", expected_version=board.version)
    assert Round.objects.get(pk=night.world.round.pk).status == Round.Status.FINISHED
    board = night.board(1)
    with pytest.raises(ValidationFailed, match="Round 1 is finished"):
        report_submit(participant=board.white, board_id=board.pk, result="1-0")


def test_a_board_the_arbiter_already_entered_cannot_be_reported(night, arbiter):
    board = night.board(2)
    result_record(board=board, user=arbiter, result="0-1", expected_version=0)
    with pytest.raises(ValidationFailed, match="already entered the result of board 2"):
        report_submit(participant=board.white, board_id=board.pk, result="1-0")


def test_a_draft_round_cannot_be_reported(night):
    Round.objects.filter(pk=night.world.round.pk).update(status=Round.Status.DRAFT)
    board = night.board(1)
    with pytest.raises(ValidationFailed, match="not published"):
        report_submit(participant=board.white, board_id=board.pk, result="1-0")


def test_reporting_twice_the_same_is_harmless_and_changing_ones_mind_is_refused(night):
    board = night.board(1)
    first = report_submit(participant=board.white, board_id=board.pk, result="1-0")
    again = report_submit(participant=board.white, board_id=board.pk, result="1-0")
    assert again.pk == first.pk and AuditLog.objects.filter(action="report.submit").count() == 1
    with pytest.raises(ConflictError, match="already reported 1-0"):
        report_submit(participant=board.white, board_id=board.pk, result="0-1")


def test_with_auto_accept_on_a_confirmed_report_becomes_the_result_in_the_organisers_name(night, organiser):
    reporting_settings_update(tournament=night.tournament, user=organiser, auto_accept_confirmed=True)
    board = night.board(1)
    report_submit(participant=board.white, board_id=board.pk, result="1/2-1/2")
    report = report_confirm(participant=board.black, board_id=board.pk, result="1/2-1/2")
    board.refresh_from_db()
    assert board.result == "1/2-1/2" and board.version == 1
    assert report.status == ResultReport.Status.ACCEPTED and report.decided_by == organiser
    assert AuditLog.objects.filter(action="result_record", user=organiser).exists()
    assert AuditLog.objects.filter(action="report.auto_accept", user=organiser).exists()


def test_auto_accept_does_not_apply_one_sided_reports(night, organiser):
    reporting_settings_update(tournament=night.tournament, user=organiser, auto_accept_confirmed=True)
    board = night.board(1)
    report_submit(participant=board.white, board_id=board.pk, result="1-0")
    board.refresh_from_db()
    assert board.result == ""


def test_auto_accept_falls_back_to_the_arbiter_when_its_organiser_lost_the_role(night, organiser):
    reporting_settings_update(tournament=night.tournament, user=organiser, auto_accept_confirmed=True)
    night.tournament.roles.filter(user=organiser).delete()
    organiser.__dict__.pop("_tournament_roles", None)
    board = night.board(1)
    report_submit(participant=board.white, board_id=board.pk, result="1-0")
    report = report_confirm(participant=board.black, board_id=board.pk, result="1-0")
    board.refresh_from_db()
    assert board.result == ""
    assert ResultReport.objects.get(pk=report.pk).status == ResultReport.Status.CONFIRMED


def test_a_report_made_before_the_arbiter_changed_the_board_gives_way_to_a_new_one(night, arbiter):
    board = night.board(1)
    old = report_submit(participant=board.white, board_id=board.pk, result="1-0")
    result_record(board=board, user=arbiter, result="0-1", expected_version=0)
    board.refresh_from_db()
    result_record(board=board, user=arbiter, result="", expected_version=board.version)
    new = report_submit(participant=board.black, board_id=board.pk, result="0-1")
    assert new.pk != old.pk and new.status == ResultReport.Status.REPORTED
    assert ResultReport.objects.get(pk=old.pk).status == ResultReport.Status.SUPERSEDED
    assert AuditLog.objects.filter(action="report.superseded", object_id=str(old.pk)).exists()


def test_a_player_with_a_bye_has_no_board_to_report(night):
    from reports.selectors import player_view
    from tests import factories

    extra = factories.ParticipantFactory(tournament=night.tournament)
    RoundBye.objects.create(
        tournament=night.tournament, participant=extra, round_number=1, kind="pab", points=2
    )
    view = player_view(extra)
    assert view.state == "bye" and view.board is None
    with pytest.raises(NotAllowedError):
        report_submit(participant=extra, board_id=night.board(1).pk, result="1-0")
