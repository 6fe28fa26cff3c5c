from __future__ import annotations

import pytest

from core.errors import ConfirmationNeeded, ConflictError, NotAllowedError, ValidationFailed
from pairing.services.execute import round_pair_execute
from pairing.services.swiss import round_pair
from tournaments.models import AuditLog, Board, Round, Tournament
from tournaments.services.results import result_record

from .conftest import pair_and_publish, play_round


def test_a_result_is_recorded_versioned_and_audited(swiss, arbiter):
    rnd = pair_and_publish(swiss, arbiter)
    board = Board.objects.filter(round=rnd).first()
    version_before = Tournament.objects.get(pk=swiss.pk).version
    saved = result_record(board=board, user=arbiter, result="1/2-1/2", expected_version=0)
    assert (saved.result, saved.version) == ("1/2-1/2", 1)
    assert Tournament.objects.get(pk=swiss.pk).version == version_before + 1
    entry = AuditLog.objects.get(action="result_record")
    assert entry.user == arbiter and entry.before["result"] == "" and entry.after["result"] == "1/2-1/2"


def test_a_stale_edit_is_refused_with_a_clear_message_and_changes_nothing(swiss, arbiter, organiser):
    rnd = pair_and_publish(swiss, arbiter)
    board = Board.objects.filter(round=rnd).first()
    result_record(board=board, user=organiser, result="1-0", expected_version=0)
    with pytest.raises(ConflictError) as exc:
        result_record(board=board, user=arbiter, result="0-1", expected_version=0)
    assert "changed by olga" in exc.value.message and "now shows 1-0" in exc.value.message
    assert "not saved" in exc.value.message
    board.refresh_from_db()
    assert (board.result, board.version) == ("1-0", 1)


def test_the_round_finishes_with_its_last_result_and_reopens_when_one_is_cleared(swiss, arbiter):
    rnd = pair_and_publish(swiss, arbiter)
    boards = list(Board.objects.filter(round=rnd))
    for board in boards:
        rnd.refresh_from_db()
        assert rnd.status == Round.Status.PUBLISHED
        result_record(board=board, user=arbiter, result="0-1", expected_version=board.version)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.FINISHED
    result_record(board=boards[0], user=arbiter, result="", expected_version=1)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PUBLISHED


def test_a_correction_after_the_next_round_was_paired_is_flagged_and_logged(swiss, arbiter):
    rnd = play_round(pair_and_publish(swiss, arbiter), arbiter)
    round_pair_execute(round_id=round_pair(tournament=swiss, user=arbiter).pk)
    board = Board.objects.filter(round=rnd).first()
    corrected = result_record(board=board, user=arbiter, result="0-1", expected_version=board.version)
    assert corrected.corrected_after_pairing
    entry = AuditLog.objects.get(action="result_correct")
    assert entry.before["result"] == "1-0" and entry.after["result"] == "0-1"
    with pytest.raises(ValidationFailed, match="corrected but not cleared"):
        result_record(board=corrected, user=arbiter, result="", expected_version=corrected.version)


def test_a_correction_before_the_next_pairing_is_not_flagged(swiss, arbiter):
    rnd = play_round(pair_and_publish(swiss, arbiter), arbiter)
    board = Board.objects.filter(round=rnd).first()
    assert not result_record(
        board=board, user=arbiter, result="0-1", expected_version=1
    ).corrected_after_pairing


def test_results_cannot_go_into_a_draft_or_be_nonsense(swiss, arbiter):
    rnd = round_pair(tournament=swiss, user=arbiter)
    round_pair_execute(round_id=rnd.pk)
    board = Board.objects.filter(round=rnd).first()
    with pytest.raises(ValidationFailed, match="not published"):
        result_record(board=board, user=arbiter, result="1-0", expected_version=0)
    with pytest.raises(ValidationFailed, match="is not a result"):
        result_record(board=board, user=arbiter, result="2-0", expected_version=0)


def test_strangers_cannot_enter_results(swiss, arbiter, stranger):
    rnd = pair_and_publish(swiss, arbiter)
    board = Board.objects.filter(round=rnd).first()
    with pytest.raises(NotAllowedError):
        result_record(board=board, user=stranger, result="1-0", expected_version=0)
    board.refresh_from_db()
    assert board.result == ""


def test_the_locked_section_is_short_and_never_reads_the_explanation(swiss, arbiter):
    """Before: 11 queries, 8 of them under the tournament lock (the board query joined and locked
    the round, its explanation decoded, and both players; a second read of the tournament; the
    board refreshed after the commit). Now, under the lock: the tournament, the board (with its
    round minus the explanation and whether other boards are pending), then the writes: UPDATE the
    board, UPDATE the tournament, INSERT the audit row, on PostgreSQL in one statement (issue 38:
    three round trips under the lock, the COMMIT's included)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    rnd = pair_and_publish(swiss, arbiter)
    boards = list(Board.objects.filter(round=rnd).select_related("round__tournament"))
    with CaptureQueriesContext(connection) as ctx:
        result_record(board=boards[0], user=arbiter, result="1-0", expected_version=0)
    sql = [q["sql"] for q in ctx.captured_queries]
    assert not any('"explanation"' in q for q in sql)
    if connection.vendor == "postgresql":
        (combined,) = [q for q in sql if q.startswith("WITH ")]
        words = [w.lstrip("(") for w in combined.split()]
        assert [w for w in words if w in ("UPDATE", "INSERT")] == ["UPDATE", "UPDATE", "INSERT"]
        assert len(sql) == 5, sql  # with the savepoint and its release
    else:
        writes = [q.split()[0] for q in sql if q.split()[0] in ("UPDATE", "INSERT")]
        assert writes == ["UPDATE", "UPDATE", "INSERT"]  # board, tournament (version), audit
        assert len(sql) == 7, sql  # with the savepoint and its release
    board = boards[0]
    board.refresh_from_db()
    swiss.refresh_from_db()
    assert board.changed_version == swiss.version
    entry = AuditLog.objects.get(object_type="board", object_id=str(board.pk))
    assert (entry.action, entry.user, entry.tournament_id) == ("result_record", arbiter, swiss.pk)
    assert entry.before == {"result": "", "version": 0}
    assert entry.after["result"] == "1-0" and entry.after["version"] == 1 and entry.at is not None


def test_the_correction_question_names_every_later_round_in_plain_words(swiss, arbiter):
    """Issue 33 (6): "rounds 2 and 3 have already been paired on 1-0", not "round 2 (finished),
    round 3 (finished) has". Outside FIDE mode (in FIDE mode round 1 could no longer change)."""
    Tournament.objects.filter(pk=swiss.pk).update(fide_mode=False)
    swiss.refresh_from_db()
    first = play_round(pair_and_publish(swiss, arbiter), arbiter)
    play_round(pair_and_publish(swiss, arbiter), arbiter)
    round_pair_execute(round_id=round_pair(tournament=swiss, user=arbiter).pk)
    board = Board.objects.get(round=first, number=1)
    with pytest.raises(ConfirmationNeeded) as exc:
        result_record(
            board=board, user=arbiter, result="0-1", expected_version=board.version, confirm_correction=False
        )
    assert "rounds 2 and 3 have already been paired on 1-0" in exc.value.message
    assert "(finished)" not in exc.value.message


def test_a_change_asks_first_only_when_told_to_and_a_first_result_never_does(swiss, arbiter):
    """Issue 33 (2): the keyboard's and the slips' entries (``confirm_change=False``)."""
    board = pair_and_publish(swiss, arbiter).boards.get(number=1)
    result_record(board=board, user=arbiter, result="1-0", expected_version=0, confirm_change=False)
    with pytest.raises(ConfirmationNeeded, match="already shows 1-0. Change it to ½-½?"):
        result_record(board=board, user=arbiter, result="1/2-1/2", expected_version=1, confirm_change=False)
    assert Board.objects.get(pk=board.pk).result == "1-0"
