"""Recording results.

``result_record(*, board, user, result, expected_version) -> Board`` records one board's result
(``result_record_by_id(*, tournament, board_id, ...)`` the same for a board the caller has not
loaded, as the arbiter's page posts it: ``NotFoundError`` when it is not in the tournament;
``result_record_at(*, tournament, round_number, board_number, ...)`` for one known by its numbers,
as the API addresses it):

1. Lock the tournament row, then the board (``select_for_update``), and compare its ``version`` with
   ``expected_version``, the version the arbiter's page showed. A different version means someone
   else changed the board meanwhile: raise ``ConflictError`` naming the current result and who
   entered it. Nothing is written. Entering the result the board already shows is accepted
   quietly whatever version it was based on (a double click), and changes nothing.
2. Refuse drafts (publish the round first) and unknown result codes.
3. Save the result and bump the board's version. If a later round has already been paired on the
   old result, the change is a correction: flag ``corrected_after_pairing`` and log it as
   ``result_correct`` (FIDE GHR 4.3: past rounds are never re-paired). With
   ``confirm_correction=False`` (the arbiter's page) such a correction first raises
   ``ConfirmationNeeded`` naming the paired rounds; once confirmed, each later round records the
   two players' scores its pairing used (``Round.scores_paired_on``), so its sheets show both
   scores and a draft asks to be paired again.
4. Mark the round finished when every result is in (or back to published when one is cleared),
   and the tournament finished when its last round is.
5. Bump ``tournament.version`` so public caches and the arbiters' live tables refresh.

``result_record_slip(*, round, number, user, result) -> Board`` records a paper slip typed by board
number, for any board of the round (the arbiter's page of a big round shows 100 of them).

``round_refresh_status(rnd)`` does step 4 for one round; other services call it after changing
results in bulk (a round-robin withdrawal).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.db import transaction
from django.db.models import Exists, OuterRef, QuerySet, Value
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext as _

from core.errors import ConfirmationNeeded, ConflictError, NotFoundError, ValidationFailed
from core.fields import fields_copy
from tournaments import records
from tournaments.models import AuditLog, Board, Round, Tournament
from tournaments.permissions import require_arbiter
from tournaments.services.audit import audit_record
from tournaments.services.fide_mode import correction_allowed
from tournaments.services.locks import tournament_lock
from tournaments.services.versions import tournament_changed

RESULT_CODES = {choice.value for choice in Board.Result}


class CorrectionNeedsConfirming(ConfirmationNeeded):
    """The change would correct a result a later round was paired on (asked as "Correct anyway")."""


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
    new_status = (
        _tournament_status(rnd, tournament.rounds_planned) if not pending else Tournament.Status.RUNNING
    )
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


def _record_scores_paired_on(board: Board, later: list[Round], tournament: Tournament) -> None:
    """Before a correction: note, in each later round, the two players' scores its pairing used."""
    scoring = records.scoring_for(tournament)
    people = [board.white, board.black]
    for rnd in later:
        known = dict(rnd.scores_paired_on or {})
        missing = [p for p in people if str(p.pk) not in known]
        if not missing:
            continue
        histories = records.histories_for_tournament(tournament, rnd.number - 1, participants=missing)
        for p in missing:
            known[str(p.pk)] = sum(scoring.points(r.result) for r in histories.get(p.pk, ()))
        rnd.scores_paired_on = known
        rnd.save(update_fields=["scores_paired_on"])


def result_record(
    *,
    board: Board,
    user: Any,
    result: str,
    expected_version: int,
    confirm_correction: bool = True,
    confirm_change: bool = True,
) -> Board:
    """Record (or correct) a board's result; see the module docstring. ``board`` gets the saved
    result and versions too."""
    locked = result_record_by_id(
        tournament=board.round.tournament,
        board_id=board.pk,
        user=user,
        result=result,
        expected_version=expected_version,
        confirm_correction=confirm_correction,
        confirm_change=confirm_change,
    )
    fields_copy(
        board, locked, ("result", "version", "changed_version", "updated_at", "corrected_after_pairing")
    )
    return locked


def result_record_by_id(
    *,
    tournament: Tournament,
    board_id: int,
    user: Any,
    result: str,
    expected_version: int,
    confirm_correction: bool = True,
    confirm_change: bool = True,
) -> Board:
    """``result_record`` for a board of ``tournament`` known by its id (the arbiter's page posts
    nothing else): read once, under the lock. Returns the board with its round and players.
    With ``confirm_change=False`` (the arbiter's keys and slips) replacing a result the board
    already shows raises ``ConfirmationNeeded`` first: a typo never silently changes a result.

    Every arbiter of the tournament queues on its row lock, so the locked section is kept to one
    read of the tournament, one of the board (with its round, without the round's explanation, and
    with what the rules below need to know about the other boards and rounds), one UPDATE of the
    board and one of the tournament, and the audit row; anything else only when it happens (a
    conflict, the round's last result).
    """
    return _record(
        tournament,
        {"pk": board_id},
        user=user,
        result=result,
        expected_version=expected_version,
        confirm_correction=confirm_correction,
        confirm_change=confirm_change,
    )


def result_record_at(
    *,
    tournament: Tournament,
    round_number: int,
    board_number: int,
    user: Any,
    result: str,
    expected_version: int,
    confirm_correction: bool = True,
) -> Board:
    """``result_record`` for board ``board_number`` of round ``round_number`` (the API's address
    of a board), found by the same locked read: ``NotFoundError`` when there is no such board.
    The board comes back with its round and players, as saved (nothing needs reading again)."""
    return _record(
        tournament,
        {"round__number": round_number, "number": board_number},
        user=user,
        result=result,
        expected_version=expected_version,
        confirm_correction=confirm_correction,
        confirm_change=True,
    )


def _record(
    tournament: Tournament,
    where: dict[str, int],
    *,
    user: Any,
    result: str,
    expected_version: int,
    confirm_correction: bool,
    confirm_change: bool,
) -> Board:
    require_arbiter(user, tournament, to="enter results")
    if result not in RESULT_CODES:
        raise ValidationFailed(
            gettext("%(result)s is not a result; use one of 1-0, 1/2-1/2, 0-1, +/-, -/+, -/-, 0-0.")
            % {"result": repr(result)}
        )
    with transaction.atomic():
        # Tournament row first, like every other service (withdrawals and late entries lock the
        # tournament, then players); the board query locks only the board (``of=("self",)``).
        # ``tournament_lock`` also refuses a tournament archived since the permission check.
        now = tournament_lock(tournament.pk, only=("version", "status", "rounds_planned", "fide_mode"))
        version, status, rounds_planned = now.version, now.status, now.rounds_planned
        locked = _board_locked(where, tournament.pk, swiss=tournament.format == Tournament.Format.SWISS)
        rnd = locked.round
        rnd.tournament = tournament
        if rnd.status not in (Round.Status.PUBLISHED, Round.Status.FINISHED):
            raise ValidationFailed(
                gettext("Round %(number)s is not published yet: publish the pairing before entering results.")
                % {"number": rnd.number}
            )
        if locked.result == result:
            # Already so (a double click, or a colleague entering the same result): nothing to do.
            return locked
        if locked.version != expected_version:
            shown = locked.get_result_display() if locked.result else "no result"
            raise ConflictError(
                gettext(
                    "Board %(number)s (%(white)s - %(black)s) was changed by %(_last_editor)s while you were looking at it: it now shows %(shown)s. Your entry was not saved; check the board and enter it again if it is still wrong."
                )
                % {
                    "number": locked.number,
                    "white": locked.white,
                    "black": locked.black,
                    "_last_editor": _last_editor(locked),
                    "shown": shown,
                }
            )
        # A round robin's schedule never depends on results; in a Swiss a later round may have been
        # paired on the old result.
        if locked.later_paired and result == Board.Result.PENDING:
            raise ValidationFailed(
                gettext(
                    "Round %(number)s has been paired on this result; it can be corrected but not cleared."
                )
                % {"number": rnd.number + 1}
            )
        correction = bool(locked.result) and locked.later_paired
        later = list(
            Round.objects.select_for_update()
            .filter(tournament_id=rnd.tournament_id, number__gt=rnd.number)
            .order_by("number")
            if correction
            else []
        )
        if correction and not correction_allowed(now, len(later)):
            raise ValidationFailed(
                gettext(
                    "FIDE mode: only the results of the round in play and the one before it can be changed; "
                    "round %(number)s has %(count)s rounds paired after it. A result wrong only for the "
                    "rating report can be recorded apart on the round's page."
                )
                % {"number": rnd.number, "count": len(later)}
            )
        if correction and not confirm_correction:
            raise CorrectionNeedsConfirming(_correction_question(locked, rnd, later, result))
        if locked.result and not confirm_change:
            raise ConfirmationNeeded(change_question(locked, result))
        if correction:
            _record_scores_paired_on(locked, later, tournament)
        before = {"result": locked.result, "version": locked.version}
        locked.result = result
        locked.version += 1
        locked.changed_version = version + 1
        fields = ["result", "version", "changed_version", "updated_at"]
        if correction:
            locked.corrected_after_pairing = True
            fields.append("corrected_after_pairing")
        locked.save(update_fields=fields)
        was_finished = rnd.status == Round.Status.FINISHED
        finished = not locked.others_pending and result != Board.Result.PENDING
        if finished != was_finished:
            rnd.status = Round.Status.FINISHED if finished else Round.Status.PUBLISHED
            rnd.save(update_fields=["status"])
        new_status = _tournament_status(rnd, rounds_planned) if finished else Tournament.Status.RUNNING
        # The standings are those after the last complete round: a result in a round still in
        # play leaves them as they are.
        tournament_changed(
            rnd.tournament_id,
            standings=finished or was_finished,
            **({"status": new_status} if new_status != status else {}),
        )
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
                "rounds_paired_on_old_result": [r.number for r in later],
            },
        )
    return locked


def change_question(board: Board, result: str) -> str:
    """The question before a result the board already shows is replaced (issue 33)."""
    return _("Board %(board)s (%(white)s - %(black)s) already shows %(old)s. Change it to %(new)s?") % {
        "board": board.number,
        "white": board.white,
        "black": board.black,
        "old": board.get_result_display(),
        "new": Board.Result(result).label,
    }


def _correction_question(board: Board, rnd: Round, later: list[Round], result: str) -> str:
    """The question before a correction a later round was paired on: "round 3 has", "rounds 2
    and 3 have"."""
    numbers = [str(r.number) for r in later]
    listed = numbers[0]
    if len(numbers) > 1:
        listed = _("%(some)s and %(last)s") % {"some": ", ".join(numbers[:-1]), "last": numbers[-1]}
    paired = ngettext(
        "round %(rounds)s has already been paired on %(old)s",
        "rounds %(rounds)s have already been paired on %(old)s",
        len(numbers),
    ) % {"rounds": listed, "old": board.get_result_display()}
    return _(
        "Board %(board)s of round %(round)s: %(paired)s. Correct it to %(new)s anyway? The pairing "
        "stays as it is; its sheets will show both scores."
    ) % {"board": board.number, "round": rnd.number, "paired": paired, "new": Board.Result(result).label}


@cache
def _boards_to_lock(swiss: bool) -> QuerySet[Board]:
    """The locked read of ``_board_locked`` without its ``WHERE``: built once per process (its two
    subqueries resolved once, a third of the read's CPU); every entry filters a copy of it (a
    queryset is copied by ``filter``, never changed, and this one is never evaluated itself)."""
    later = (
        Exists(
            Round.objects.filter(
                tournament_id=OuterRef("round__tournament_id"), number__gt=OuterRef("round__number")
            )
        )
        if swiss
        else Value(False)
    )
    return (
        Board.objects.select_for_update(of=("self",))
        .select_related("round", "white", "black")
        .defer("round__explanation", "round__error")
        .annotate(
            others_pending=Exists(
                Board.objects.filter(round_id=OuterRef("round_id"), result=Board.Result.PENDING).exclude(
                    pk=OuterRef("pk")
                )
            ),
            later_paired=later,
        )
        .order_by()  # one board at most: no ORDER BY (the model's ordering joins the round again)
    )


def _board_locked(where: dict[str, int], tournament_id: int, *, swiss: bool) -> Board:
    """The board ``where`` says (its ``pk``, or its round's and its own number), locked, with its
    round (not its explanation: a big round's is tens of KiB) and players, annotated with
    ``others_pending`` (another board of the round has no result) and ``later_paired`` (a Swiss
    has paired a later round); ``NotFoundError`` if it is not a board of the tournament."""
    found = list(_boards_to_lock(swiss).filter(**where, round__tournament_id=tournament_id)[:1])
    if not found:
        raise NotFoundError(gettext("There is no such board in this tournament."))
    return found[0]


def _tournament_status(rnd: Round, rounds_planned: int) -> str:
    """The one rule of a finished tournament: every planned round is paired and finished (``rnd``
    has just finished)."""
    rounds = Round.objects.filter(tournament_id=rnd.tournament_id)
    done = rounds.count() == rounds_planned and not rounds.exclude(status=Round.Status.FINISHED).exists()
    return Tournament.Status.FINISHED if done else Tournament.Status.RUNNING


def result_record_slip(*, round: Round, number: int, user: Any, result: str, confirm: bool = False) -> Board:
    """A result slip typed by board number (the quick-entry box), for a board that may not be on
    the arbiter's page. Nobody looked at the board, so the slip fills a board without a result, or
    repeats the one it has; a board showing another result is changed only with ``confirm`` (the
    box asks first: ``ConfirmationNeeded`` naming what the board shows, or the later rounds paired
    on it)."""
    board = (
        Board.objects.select_related("round", "white", "black")
        .defer("round__explanation", "round__error")
        .filter(round=round, number=number)
        .first()
    )
    if board is None:
        raise ValidationFailed(
            _("There is no board %(board)s in round %(round)s.") % {"board": number, "round": round.number}
        )
    board.round.tournament = round.tournament
    return result_record(
        board=board,
        user=user,
        result=result,
        expected_version=board.version,
        confirm_correction=confirm,
        confirm_change=confirm,
    )
