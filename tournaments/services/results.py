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

from functools import lru_cache
from typing import Any

from django.db import connection, models, transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext as _

from core.errors import ConfirmationNeeded, ConflictError, NotFoundError, ValidationFailed
from core.fields import fields_copy
from core.prepared import prepared_cursor
from tournaments import records
from tournaments.models import AuditLog, Board, Participant, Round, Tournament
from tournaments.permissions import require_arbiter
from tournaments.services.audit import audit_statement
from tournaments.services.fide_mode import correction_allowed
from tournaments.services.locks import rows_to_instances, tournament_lock
from tournaments.services.versions import tournament_changed_statement

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

    Every arbiter of the tournament queues on its row lock, so the locked section is kept to three
    round trips to the database: one read of the tournament, one of the board (with its round,
    without the round's explanation, its players, and what the rules below need to know about the
    other boards and rounds), and one statement for every write (the board, the round when its
    status changes, the tournament's version and the audit row), then the COMMIT; anything else
    only when it happens (a conflict, a correction). Those statements are written here, not
    compiled by the ORM on each entry: the Python run under the lock is everyone's wait (issue 38,
    README "Load").
    """
    return _record(
        tournament,
        (board_id,),
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
        (round_number, board_number),
        user=user,
        result=result,
        expected_version=expected_version,
        confirm_correction=confirm_correction,
        confirm_change=True,
    )


def _record(
    tournament: Tournament,
    where: tuple[int, ...],
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
    swiss = tournament.format == Tournament.Format.SWISS
    with transaction.atomic():
        # Tournament row first, like every other service (withdrawals and late entries lock the
        # tournament, then players); the board query locks only the board (``FOR UPDATE OF b``).
        # ``tournament_lock`` also refuses a tournament archived since the permission check.
        # The board is read (and locked) right after, in the same round trip on PostgreSQL.
        sql, params, parts = _board_read(where, tournament.pk, swiss=swiss)
        now = tournament_lock(
            tournament.pk, only=("version", "status", "rounds_planned", "fide_mode"), then=(sql, params)
        )
        version, status, rounds_planned = now.version, now.status, now.rounds_planned
        locked = _board_locked(now.then_row, parts)
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
        locked.updated_at = timezone.now()
        fields = ["result", "version", "changed_version", "updated_at"]
        if correction:
            locked.corrected_after_pairing = True
            fields.append("corrected_after_pairing")
        writes = [_update_statement(locked, fields)]
        was_finished = rnd.status == Round.Status.FINISHED
        finished = not locked.others_pending and result != Board.Result.PENDING
        if finished != was_finished:
            rnd.status = Round.Status.FINISHED if finished else Round.Status.PUBLISHED
            writes.append(_update_statement(rnd, ["status"]))
        # The one rule of a finished tournament (``_tournament_status``), from the locked read:
        # every planned round is paired and finished (this one just now, or already).
        done = finished and locked.rounds_count == rounds_planned and not locked.other_rounds_open
        new_status = Tournament.Status.FINISHED if done else Tournament.Status.RUNNING
        # The standings are those after the last complete round: a result in a round still in
        # play leaves them as they are.
        writes.append(
            tournament_changed_statement(
                rnd.tournament_id,
                standings=finished or was_finished,
                **({"status": new_status} if new_status != status else {}),
            )
        )
        writes.append(
            audit_statement(
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
        )
        _write_all(writes)
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


def _update_statement(instance: models.Model, fields: list[str]) -> tuple[str, list[Any]]:
    """``instance.save(update_fields=fields)`` as SQL and parameters (the values as they are:
    ``updated_at`` is set by the caller)."""
    qn = connection.ops.quote_name
    meta = instance._meta
    sets, params = [], []
    for name in fields:
        field = meta.get_field(name)
        sets.append(f"{qn(field.column)} = %s")
        params.append(field.get_db_prep_save(getattr(instance, field.attname), connection))
    params.append(instance.pk)
    return f"UPDATE {qn(meta.db_table)} SET {', '.join(sets)} WHERE {qn(meta.pk.column)} = %s", params


def _write_all(statements: list[tuple[str, list[Any]]]) -> None:
    """Run the locked section's writes, on PostgreSQL as one statement (each write a ``WITH``
    clause: one round trip, the writes touch different tables), elsewhere one after the other."""
    with prepared_cursor(connection) as cursor:
        if connection.vendor == "postgresql" and len(statements) > 1:
            clauses = ", ".join(f"w{i} AS ({sql})" for i, (sql, _) in enumerate(statements))
            cursor.execute(f"WITH {clauses} SELECT 1", [p for _, params in statements for p in params])
        else:
            for sql, params in statements:
                cursor.execute(sql, params)


_ROUND_UNREAD = ("explanation", "error")
"""Round columns the locked read leaves out: a big round's explanation is tens of KiB."""


@lru_cache(maxsize=16)
def _locked_read(vendor: str, for_update: bool, swiss: bool, by_numbers: bool):  # noqa: ANN202
    """The statement of ``_board_locked`` and the fields it reads, written once per process: the
    ORM took a third of an entry's CPU compiling this read of some 60 columns on every entry, with
    the tournament's row locked."""
    qn = connection.ops.quote_name
    board = list(Board._meta.concrete_fields)
    rnd = [f for f in Round._meta.concrete_fields if f.name not in _ROUND_UNREAD]
    person = list(Participant._meta.concrete_fields)
    b_table, r_table, p_table = (qn(m._meta.db_table) for m in (Board, Round, Participant))
    col = {  # the columns the joins and the rules name
        "b.id": "b." + qn(Board._meta.pk.column),
        "b.round": "b." + qn(Board._meta.get_field("round").column),
        "b.number": "b." + qn(Board._meta.get_field("number").column),
        "b.white": "b." + qn(Board._meta.get_field("white").column),
        "b.black": "b." + qn(Board._meta.get_field("black").column),
        "result": qn(Board._meta.get_field("result").column),
        "r.id": "r." + qn(Round._meta.pk.column),
        "tournament": qn(Round._meta.get_field("tournament").column),
        "number": qn(Round._meta.get_field("number").column),
        "status": qn(Round._meta.get_field("status").column),
        "round": qn(Board._meta.get_field("round").column),
        "id": qn(Board._meta.pk.column),
        "p.id": qn(Participant._meta.pk.column),
    }

    def listed(alias: str, fields: list[models.Field]) -> str:
        return ", ".join(f"{alias}.{qn(f.column)}" for f in fields)

    # The two constants the rules compare with are written into the statement, not bound: as
    # parameters, PostgreSQL planned the prepared read afresh on every entry (0.4 ms), its generic
    # plan costed above the custom one for want of their statistics.
    pending, finished = (_literal(v) for v in (Board.Result.PENDING.value, Round.Status.FINISHED.value))

    later = (
        f"EXISTS (SELECT 1 FROM {r_table} l WHERE l.{col['tournament']} = r.{col['tournament']} "
        f"AND l.{col['number']} > r.{col['number']})"
        if swiss
        else "(1 = 0)"
    )
    where = f"r.{col['number']} = %s AND {col['b.number']} = %s" if by_numbers else f"{col['b.id']} = %s"
    sql = (
        f"SELECT {listed('b', board)}, {listed('r', rnd)}, {listed('w', person)}, {listed('k', person)}, "
        # others_pending: another board of the round has no result
        f"EXISTS (SELECT 1 FROM {b_table} o WHERE o.{col['round']} = {col['b.round']} "
        f"AND o.{col['result']} = {pending} AND o.{col['id']} <> {col['b.id']}), "
        # later_paired: a Swiss has paired a later round
        f"{later}, "
        # rounds_count, other_rounds_open: what the rule of a finished tournament needs
        f"(SELECT COUNT(*) FROM {r_table} c WHERE c.{col['tournament']} = r.{col['tournament']}), "
        f"EXISTS (SELECT 1 FROM {r_table} u WHERE u.{col['tournament']} = r.{col['tournament']} "
        f"AND u.{col['r.id'][2:]} <> {col['r.id']} AND u.{col['status']} <> {finished}) "
        f"FROM {b_table} b INNER JOIN {r_table} r ON {col['r.id']} = {col['b.round']} "
        f"INNER JOIN {p_table} w ON w.{col['p.id']} = {col['b.white']} "
        f"INNER JOIN {p_table} k ON k.{col['p.id']} = {col['b.black']} "
        f"WHERE r.{col['tournament']} = %s AND {where}" + (" FOR UPDATE OF b" if for_update else "")
    )
    return sql, ((Board, board), (Round, rnd), (Participant, person), (Participant, person))


def _literal(value: str) -> str:
    """One of our own constant codes as an SQL string literal."""
    if not value.replace("_", "").isalnum() and value != "":
        raise ValueError(f"not a plain code: {value!r}")
    return f"'{value}'"


def _board_read(where: tuple[int, ...], tournament_id: int, *, swiss: bool):  # noqa: ANN202
    """The locked read of the board ``where`` says (its ``pk``, or its round's and its own number)
    if it is a board of the tournament: its SQL, its parameters and its parts for ``_board_locked``."""
    sql, parts = _locked_read(
        connection.vendor, connection.features.has_select_for_update, swiss, len(where) == 2
    )
    return sql, [tournament_id, *where], parts


def _board_locked(row: Any, parts: Any) -> Board:
    """The board of the locked read's ``row``, with its round (not its explanation: a big
    round's is tens of KiB) and players, annotated with ``others_pending`` (another board of the
    round has no result), ``later_paired`` (a Swiss has paired a later round), ``rounds_count`` and
    ``other_rounds_open`` (the tournament's rounds, and whether one but this one is not finished);
    ``NotFoundError`` if there was no row (not a board of the tournament)."""
    if row is None:
        raise NotFoundError(gettext("There is no such board in this tournament."))
    board, rnd, white, black, others_pending, later_paired, rounds_count, other_open = rows_to_instances(
        row, parts
    )
    cached = Board._meta.get_field
    cached("round").set_cached_value(board, rnd)
    cached("white").set_cached_value(board, white)
    cached("black").set_cached_value(board, black)
    board.others_pending = bool(others_pending)
    board.later_paired = bool(later_paired)
    board.rounds_count = rounds_count
    board.other_rounds_open = bool(other_open)
    return board


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
