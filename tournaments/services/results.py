"""Recording results.

``result_record(*, board, user, result, expected_version) -> Board`` records one board's result:

1. Lock the tournament row, then the board (``select_for_update``), and compare its ``version`` with
   ``expected_version``, the version the arbiter's page showed. A different version means someone
   else changed the board meanwhile: raise ``ConflictError`` naming the current result and who
   entered it. Nothing is written.
2. Refuse drafts (publish the round first) and unknown result codes.
3. Save the result and bump the board's version. If a later round has already been paired on the
   old result, the change is a correction: flag ``corrected_after_pairing`` and log it as
   ``result_correct`` (FIDE GHR 4.3: past rounds are never re-paired).
4. Mark the round finished when every result is in (or back to published when one is cleared),
   and the tournament finished when its last round is.
5. Bump ``tournament.version`` so public caches and the arbiters' live tables refresh.

``round_refresh_status(rnd)`` does step 4 for one round; other services call it after changing
results in bulk (a round-robin withdrawal).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from tournaments.models import AuditLog, Board, Round, Tournament
from tournaments.permissions import require_arbiter
from tournaments.services.audit import audit_record
from tournaments.services.errors import ConflictError, ValidationFailed
from tournaments.services.versions import tournament_changed

RESULT_CODES = {choice.value for choice in Board.Result}


def round_refresh_status(rnd: Round) -> Round:
    """Finished when every board has a result; published again when one is missing."""
    if rnd.status not in (Round.Status.PUBLISHED, Round.Status.FINISHED):
        return rnd
    pending = Board.objects.filter(round=rnd, result=Board.Result.PENDING).exists()
    status = Round.Status.PUBLISHED if pending else Round.Status.FINISHED
    if status != rnd.status:
        rnd.status = status
        rnd.save(update_fields=["status"])
    tournament = Tournament.objects.get(pk=rnd.tournament_id)
    all_done = (
        not pending
        and Round.objects.filter(tournament=tournament).count() == tournament.rounds_planned
        and not Round.objects.filter(tournament=tournament).exclude(status=Round.Status.FINISHED).exists()
    )
    new_status = Tournament.Status.FINISHED if all_done else Tournament.Status.RUNNING
    if tournament.status != new_status:
        Tournament.objects.filter(pk=tournament.pk).update(status=new_status)
    return rnd


def _last_editor(board: Board) -> str:
    entry = (
        AuditLog.objects.filter(object_type="board", object_id=str(board.pk), action__startswith="result_")
        .select_related("user")
        .first()
    )
    if entry is None or entry.user is None:
        return "someone else"
    return entry.user.get_username()


def result_record(*, board: Board, user: Any, result: str, expected_version: int) -> Board:
    """Record (or correct) a board's result; see the module docstring."""
    tournament = board.round.tournament
    require_arbiter(user, tournament, to="enter results")
    if result not in RESULT_CODES:
        raise ValidationFailed(
            f"{result!r} is not a result; use one of 1-0, 1/2-1/2, 0-1, +/-, -/+, -/-, 0-0."
        )
    with transaction.atomic():
        # Tournament row first, like every other service: the board query below also locks the
        # round and both players (FOR UPDATE covers the joined rows), so a withdrawal or late entry
        # (tournament, then players) running meanwhile would otherwise deadlock with this entry.
        Tournament.objects.select_for_update().filter(pk=tournament.pk).values_list("pk").first()
        locked = Board.objects.select_for_update().select_related("round", "white", "black").get(pk=board.pk)
        rnd = locked.round
        if rnd.status not in (Round.Status.PUBLISHED, Round.Status.FINISHED):
            raise ValidationFailed(
                f"Round {rnd.number} is not published yet: publish the pairing before entering results."
            )
        if locked.version != expected_version:
            shown = locked.get_result_display() if locked.result else "no result"
            raise ConflictError(
                f"Board {locked.number} ({locked.white} - {locked.black}) was changed by {_last_editor(locked)} "
                f"while you were looking at it: it now shows {shown}. Your entry was not saved; "
                "check the board and enter it again if it is still wrong."
            )
        if locked.result == result:
            return locked
        # A round robin's schedule never depends on results; in a Swiss a later round may have been
        # paired on the old result.
        later_paired = (
            tournament.format == Tournament.Format.SWISS
            and Round.objects.filter(tournament_id=rnd.tournament_id, number__gt=rnd.number).exists()
        )
        if later_paired and result == Board.Result.PENDING:
            raise ValidationFailed(
                f"Round {rnd.number + 1} has been paired on this result; it can be corrected but not cleared."
            )
        correction = bool(locked.result) and later_paired
        before = {"result": locked.result, "version": locked.version}
        locked.result = result
        locked.version += 1
        fields = ["result", "version", "updated_at"]
        if correction:
            locked.corrected_after_pairing = True
            fields.append("corrected_after_pairing")
        locked.save(update_fields=fields)
        round_refresh_status(rnd)
        tournament_changed(rnd.tournament_id)
        audit_record(
            tournament=tournament,
            user=user,
            action="result_correct" if correction else "result_record",
            obj=locked,
            before=before,
            after={
                "result": locked.result,
                "version": locked.version,
                "round": rnd.number,
                "board": locked.number,
                "corrected_after_pairing": locked.corrected_after_pairing,
            },
        )
    board.refresh_from_db()
    return locked
