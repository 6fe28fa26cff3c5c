"""Pairing, publishing and adjusting rounds.

Swiss:

* ``round_pair(*, tournament, user) -> Round``: claim the next round and enqueue its pairing.
  Refuses while a result of the last round is missing (the message names the boards). The claim
  is idempotent: under a row lock on the tournament it returns the round already being paired or
  in draft, so twenty simultaneous clicks create one round. A round whose pairing failed is
  claimed again. The Celery task is enqueued with ``transaction.on_commit``.
* ``round_pair_execute(*, round_id)``: the task body. In one transaction: lock the round, build the
  engine request (``pairing.services``), pair with ``least_bad=True``, verify with
  ``check_pairing`` (the checker must find exactly the violations the engine reported), save the
  boards and the pairing-allocated bye, the explanation and the violations, and set the round to
  ``draft``. Any error rolls all of that back and marks the round ``failed`` with the reason; it
  can then be paired again.
* ``round_publish(*, round, user)``, ``round_delete(*, round, user)`` (drafts and failed rounds),
  ``round_repair(*, round, user)`` (pair a draft again, e.g. after a late bye request).
* ``board_swap_colours(*, board, user)`` and ``boards_exchange_opponents(*, board_a, board_b,
  user)`` change a draft by hand; both return the rules the change newly breaks (as dicts with
  ``rule``, ``message``, ``names``), checked with ``check_pairing``, and store the round's current
  violations.

Round robin:

* ``tournament_start(*, tournament, user) -> list[Round]``: organisers only. Assigns pairing
  numbers (by lot from ``lots_seed`` or by rating order) and creates every round of the Berger
  schedule (single or double; with an odd field, whoever meets the dummy sits the round out),
  all published.
"""

from __future__ import annotations

import logging
import random
from dataclasses import asdict
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from pairing import services as pairing_services
from pairing.engine.types import Board as EngineBoard
from pairing.engine.types import PairingResult, Violation
from tournaments.models import Board, Participant, Round, RoundBye, Tournament
from tournaments.permissions import can_arbitrate, can_organise
from tournaments.services.audit import audit_record
from tournaments.services.errors import ConflictError, NotAllowedError, ValidationFailed
from tournaments.services.players import initial_order_key, pairing_numbers_assign

logger = logging.getLogger(__name__)

OPEN_STATUSES = (Round.Status.PAIRING, Round.Status.DRAFT, Round.Status.FAILED)


class PairingCheckFailed(Exception):
    """The engine's pairing did not pass the independent checker: never saved."""


def _require_arbiter(user: Any, tournament: Tournament) -> None:
    if not can_arbitrate(user, tournament):
        raise NotAllowedError("Only the tournament's organisers and arbiters can pair and change rounds.")


def _bump(tournament_id: int) -> None:
    Tournament.objects.filter(pk=tournament_id).update(version=F("version") + 1, updated_at=timezone.now())


def _enqueue(rnd: Round) -> None:
    from tournaments.tasks import round_pair_task

    round_id = rnd.pk
    transaction.on_commit(lambda: round_pair_task.delay(round_id))


def missing_results(rnd: Round) -> list[int]:
    return list(Board.objects.filter(round=rnd, result=Board.Result.PENDING).values_list("number", flat=True))


# --- Swiss ------------------------------------------------------------------------------------


def round_pair(*, tournament: Tournament, user: Any) -> Round:
    """Claim the next round for pairing (see the module docstring)."""
    _require_arbiter(user, tournament)
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        raise ValidationFailed(
            "A round robin is not paired round by round: start it, and every round is drawn up."
        )
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        latest = Round.objects.filter(tournament=locked).order_by("-number").first()
        if latest is not None and latest.status in (Round.Status.PAIRING, Round.Status.DRAFT):
            if latest.status == Round.Status.PAIRING:
                # Re-enqueueing is safe (the task only acts on a round still in `pairing`) and
                # rescues a round whose worker died.
                _enqueue(latest)
            return latest
        if latest is not None and latest.status == Round.Status.FAILED:
            latest.status = Round.Status.PAIRING
            latest.error = ""
            latest.save(update_fields=["status", "error"])
            audit_record(
                tournament=locked,
                user=user,
                action="round_pair_retry",
                obj=latest,
                after={"number": latest.number},
            )
            _enqueue(latest)
            return latest
        if latest is not None:
            if latest.status == Round.Status.PUBLISHED:
                boards = missing_results(latest)
                listed = ", ".join(str(n) for n in boards)
                raise ValidationFailed(
                    f"Round {latest.number} is not finished: board{'s' if len(boards) > 1 else ''} {listed} "
                    f"{'have' if len(boards) > 1 else 'has'} no result yet. The next pairing depends on the scores, "
                    "so enter every result first."
                )
            if latest.number >= locked.rounds_planned:
                raise ValidationFailed(f"All {locked.rounds_planned} rounds have been paired.")
        number = 1 if latest is None else latest.number + 1
        if number == 1:
            pairing_numbers_assign(locked)
        request = pairing_services.pairing_request_for_round(locked, number)
        available = sum(1 for p in request.participants if p.available)
        if available < 2:
            raise ValidationFailed(
                f"Only {available} participant{'s' if available != 1 else ''} can be paired in round {number}; "
                "at least two are needed."
            )
        try:
            with transaction.atomic():
                rnd = Round.objects.create(tournament=locked, number=number, status=Round.Status.PAIRING)
        except IntegrityError:
            # Another request got there first (possible only where the row lock is not honoured).
            return Round.objects.get(tournament=locked, number=number)
        if locked.status == Tournament.Status.REGISTRATION:
            locked.status = Tournament.Status.RUNNING
            locked.save(update_fields=["status", "updated_at"])
        audit_record(tournament=locked, user=user, action="round_pair", obj=rnd, after={"number": number})
        _enqueue(rnd)
    return rnd


def _violation_key(v: Violation) -> tuple[str, tuple[int, ...]]:
    return (v.rule, tuple(sorted(v.participants)))


def _violations_json(
    violations: list[Violation] | tuple[Violation, ...], names: dict[int, str]
) -> list[dict[str, Any]]:
    return [
        {
            "rule": v.rule,
            "participants": list(v.participants),
            "names": [names.get(pk, str(pk)) for pk in v.participants],
            "message": v.message,
        }
        for v in violations
    ]


def _lock_tournament_of(round_id: int) -> None:
    """Lock the round's tournament row before the round itself, the order every other service uses
    (round_publish, round_repair, round_delete, players...). Locking both in one joined
    ``SELECT ... FOR UPDATE`` leaves the order to the query plan: the task could hold the round and
    wait for the tournament while a re-pair clicked meanwhile held the tournament and waited for the
    round, and PostgreSQL would kill one of them (a 500, or a round failed for no reason)."""
    tournament_id = Round.objects.filter(pk=round_id).values_list("tournament_id", flat=True).first()
    if tournament_id is not None:
        list(Tournament.objects.select_for_update().filter(pk=tournament_id).values_list("pk", flat=True))


def _pair(round_id: int) -> None:
    from pairing.engine.checks import check_pairing
    from pairing.engine.dutch import pair_round

    with transaction.atomic():
        _lock_tournament_of(round_id)
        rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
        if rnd.status != Round.Status.PAIRING:
            return
        tournament = rnd.tournament
        if (
            rnd.number == 1
            and tournament.acceleration == Tournament.Acceleration.BAKU
            and tournament.baku_last_ga_id is None
        ):
            people = list(Participant.objects.filter(tournament=tournament))
            last = pairing_services.baku_last_ga_default(tournament, people)
            tournament.baku_last_ga = last
            tournament.save(update_fields=["baku_last_ga"])
        request = pairing_services.pairing_request_for_round(tournament, rnd.number, least_bad=True)
        result = pair_round(request)
        found = check_pairing(request, result)
        if sorted(map(_violation_key, found)) != sorted(map(_violation_key, result.violations)):
            reported = set(map(_violation_key, result.violations))
            unexpected = [v.message.rstrip(".") for v in found if _violation_key(v) not in reported]
            raise PairingCheckFailed(
                "The pairing did not pass the independent check"
                + (
                    f": {'; '.join(unexpected)}"
                    if unexpected
                    else " (it reported a broken rule the checker did not find)"
                )
                + ". Nothing was saved."
            )
        Board.objects.bulk_create(
            Board(round=rnd, number=b.number, white_id=b.white, black_id=b.black) for b in result.boards
        )
        if result.bye is not None:
            RoundBye.objects.create(
                tournament=tournament,
                participant_id=result.bye,
                round_number=rnd.number,
                kind=RoundBye.Kind.PAIRING_ALLOCATED,
                points=tournament.bye_points,
            )
        names = pairing_services.engine_participant_names(request)
        explanation = asdict(result.explanation)
        explanation["names"] = {str(k): v for k, v in names.items()}
        if tournament.acceleration == Tournament.Acceleration.BAKU:
            vp = pairing_services.virtual_points(tournament, rnd.number)
            explanation["baku"] = {
                "ga": sorted(pairing_services.ga_participant_ids(tournament)),
                "virtual_points": {str(k): v for k, v in vp.items()},
            }
        rnd.explanation = explanation
        rnd.violations = _violations_json(result.violations, names)
        rnd.status = Round.Status.DRAFT
        rnd.error = ""
        rnd.save(update_fields=["explanation", "violations", "status", "error"])
        _bump(tournament.pk)
        audit_record(
            tournament=tournament,
            user=None,
            action="round_paired",
            obj=rnd,
            after={
                "boards": [[b.number, b.white, b.black] for b in result.boards],
                "bye": result.bye,
                "violations": [v.rule for v in result.violations],
            },
        )


def round_pair_execute(*, round_id: int) -> None:
    """Pair a claimed round (the Celery task body). Failures leave nothing half-done: the round is
    marked ``failed`` with the reason, and pairing it again is allowed."""
    try:
        _pair(round_id)
    except Exception as exc:
        logger.exception("Pairing round %s failed", round_id)
        message = str(exc) or exc.__class__.__name__
        with transaction.atomic():
            _lock_tournament_of(round_id)
            updated = Round.objects.filter(pk=round_id, status=Round.Status.PAIRING).update(
                status=Round.Status.FAILED, error=message[:2000]
            )
            rnd = Round.objects.filter(pk=round_id).select_related("tournament").first()
            if updated and rnd is not None:
                _bump(rnd.tournament_id)
                audit_record(
                    tournament=rnd.tournament,
                    user=None,
                    action="round_pair_failed",
                    obj=rnd,
                    after={"error": message},
                )


def _current_check(rnd: Round) -> list[Violation]:
    from pairing.engine.checks import check_pairing

    request = pairing_services.pairing_request_for_round(rnd.tournament, rnd.number)
    boards = tuple(
        EngineBoard(number=b.number, white=b.white_id, black=b.black_id)
        for b in Board.objects.filter(round=rnd).order_by("number")
    )
    bye = (
        RoundBye.objects.filter(
            round_number=rnd.number, tournament=rnd.tournament, kind=RoundBye.Kind.PAIRING_ALLOCATED
        )
        .values_list("participant_id", flat=True)
        .first()
    )
    return check_pairing(request, PairingResult(boards=boards, bye=bye))


def _names(rnd: Round) -> dict[int, str]:
    return dict(Participant.objects.filter(tournament=rnd.tournament).values_list("pk", "name"))


CHANGED_MEANWHILE = "Someone else changed this draft at the same moment; reload the page and check it."


def _locked_draft(rnd: Round, *, allow_failed: bool = False) -> Round:
    # Tournament first (a no-op where the caller holds it already): see _lock_tournament_of.
    _lock_tournament_of(rnd.pk)
    try:
        locked = Round.objects.select_for_update().select_related("tournament").get(pk=rnd.pk)
    except Round.DoesNotExist:  # deleted by a request that got the lock first (a double click)
        raise ConflictError(f"Round {rnd.number} has just been deleted by someone else.") from None
    allowed = (Round.Status.DRAFT, Round.Status.FAILED) if allow_failed else (Round.Status.DRAFT,)
    if locked.status not in allowed:
        raise ValidationFailed(
            f"Round {locked.number} is {locked.get_status_display().lower()}: only a draft can be changed."
        )
    return locked


def round_publish(*, round: Round, user: Any) -> Round:  # noqa: A002 - the brief's keyword
    """Publish a draft: players see it and results can be entered."""
    _require_arbiter(user, round.tournament)
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=round.tournament_id)
        rnd = _locked_draft(round)
        blocking = [
            v for v in _current_check(rnd) if v.rule in ("unavailable-paired", "not-paired", "paired-twice")
        ]
        if blocking:
            raise ValidationFailed(
                "The draft no longer fits who is playing: "
                + "; ".join(v.message for v in blocking)
                + ". Pair the round again before publishing."
            )
        rnd.status = Round.Status.PUBLISHED
        rnd.published_at = timezone.now()
        rnd.save(update_fields=["status", "published_at"])
        _bump(rnd.tournament_id)
        audit_record(
            tournament=rnd.tournament,
            user=user,
            action="round_publish",
            obj=rnd,
            after={"number": rnd.number},
        )
    round.refresh_from_db()
    return round


def _clear_pairing(rnd: Round) -> None:
    Board.objects.filter(round=rnd).delete()
    RoundBye.objects.filter(
        tournament=rnd.tournament, round_number=rnd.number, kind=RoundBye.Kind.PAIRING_ALLOCATED
    ).delete()


def round_delete(*, round: Round, user: Any) -> None:  # noqa: A002
    """Delete a draft (or failed) round; the previous round becomes the latest again."""
    _require_arbiter(user, round.tournament)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=round.tournament_id)
        rnd = _locked_draft(round, allow_failed=True)
        boards = list(Board.objects.filter(round=rnd).values_list("number", "white_id", "black_id"))
        _clear_pairing(rnd)
        number = rnd.number
        rnd.delete()
        if number == 1:
            tournament.baku_last_ga = None
            tournament.status = Tournament.Status.REGISTRATION
            tournament.save(update_fields=["baku_last_ga", "status", "updated_at"])
        _bump(tournament.pk)
        audit_record(
            tournament=tournament,
            user=user,
            action="round_delete",
            obj=None,
            before={"number": number, "boards": [list(b) for b in boards]},
        )


def round_repair(*, round: Round, user: Any) -> Round:  # noqa: A002
    """Throw away a draft's pairing and pair the round again (e.g. after a bye request)."""
    _require_arbiter(user, round.tournament)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=round.tournament_id)
        rnd = _locked_draft(round, allow_failed=True)
        _clear_pairing(rnd)
        if rnd.number == 1:
            pairing_numbers_assign(tournament)
            if tournament.baku_last_ga_id is not None:
                tournament.baku_last_ga = None
                tournament.save(update_fields=["baku_last_ga"])
        rnd.status = Round.Status.PAIRING
        rnd.error = ""
        rnd.explanation = {}
        rnd.violations = []
        rnd.save(update_fields=["status", "error", "explanation", "violations"])
        audit_record(
            tournament=tournament, user=user, action="round_repair", obj=rnd, after={"number": rnd.number}
        )
        _enqueue(rnd)
    round.refresh_from_db()
    return round


def _manual_change(
    rnd: Round, change: Any, *, user: Any, action: str, detail: dict[str, Any]
) -> list[dict[str, Any]]:
    before = {_violation_key(v) for v in _current_check(rnd)}
    change()
    after = _current_check(rnd)
    names = _names(rnd)
    new = [v for v in after if _violation_key(v) not in before]
    rnd.violations = _violations_json(after, names)
    rnd.save(update_fields=["violations"])
    _bump(rnd.tournament_id)
    audit_record(
        tournament=rnd.tournament,
        user=user,
        action=action,
        obj=rnd,
        after={**detail, "breaks": [v.rule for v in new]},
    )
    return _violations_json(new, names)


def board_swap_colours(*, board: Board, user: Any) -> list[dict[str, Any]]:
    """Swap the colours on one board of a draft; returns the rules the change newly breaks."""
    rnd = board.round
    _require_arbiter(user, rnd.tournament)
    with transaction.atomic():
        rnd = _locked_draft(rnd)
        try:
            locked = Board.objects.select_for_update().get(pk=board.pk, round=rnd)
        except Board.DoesNotExist:  # an exchange of opponents recreated the board meanwhile
            raise ConflictError(CHANGED_MEANWHILE) from None

        def change() -> None:
            # One UPDATE swaps both columns, so the per-round uniqueness holds throughout.
            Board.objects.filter(pk=locked.pk).update(
                white=F("black"), black=F("white"), version=F("version") + 1
            )

        warnings = _manual_change(
            rnd, change, user=user, action="board_swap_colours", detail={"board": locked.number}
        )
    board.refresh_from_db()
    return warnings


def boards_exchange_opponents(*, board_a: Board, board_b: Board, user: Any) -> list[dict[str, Any]]:
    """Give the two boards' Black players to each other (a draft only); returns newly broken rules."""
    rnd = board_a.round
    _require_arbiter(user, rnd.tournament)
    if board_a.pk == board_b.pk or board_a.round_id != board_b.round_id:
        raise ValidationFailed("Choose two different boards of the same round.")
    with transaction.atomic():
        rnd = _locked_draft(rnd)
        try:
            a = Board.objects.select_for_update().get(pk=board_a.pk, round=rnd)
            b = Board.objects.select_for_update().get(pk=board_b.pk, round=rnd)
        except Board.DoesNotExist:  # the same exchange (a double click) recreated the boards first
            raise ConflictError(CHANGED_MEANWHILE) from None

        def change() -> None:
            # Delete and recreate: swapping Black players row by row would break "black once per round".
            pairs = [(a.number, a.white_id, b.black_id), (b.number, b.white_id, a.black_id)]
            Board.objects.filter(pk__in=[a.pk, b.pk]).delete()
            Board.objects.bulk_create(Board(round=rnd, number=n, white_id=w, black_id=k) for n, w, k in pairs)

        warnings = _manual_change(
            rnd,
            change,
            user=user,
            action="boards_exchange_opponents",
            detail={"boards": [a.number, b.number]},
        )
    return warnings


# --- round robin ------------------------------------------------------------------------------


def berger_rounds(n: int) -> list[list[tuple[int, int]]]:
    """FIDE Berger table for ``n`` (even) players: per round, (white, black) pairing numbers.

    Round 1 pairs b - (n+1-b); from round to round every number but n moves on by n/2 modulo n-1,
    and n alternates colours on its board (rules digest section 4).
    """
    if n % 2:
        raise ValueError("Berger tables are for an even number of players")
    m = n - 1
    rounds = []
    for r in range(1, n):
        if r % 2:
            a = (r + 1) // 2
            games = [(a, n)]
        else:
            a = n // 2 + r // 2
            games = [(n, a)]
        for i in range(1, n // 2):
            games.append((((a - 1 + i) % m) + 1, ((a - 1 - i) % m) + 1))
        rounds.append(games)
    return rounds


def _schedule(n_players: int, double: bool) -> list[list[tuple[int, int]]]:
    size = n_players + (n_players % 2)
    single = berger_rounds(size)
    if not double:
        return single
    first = single[:-2] + [single[-1], single[-2]] if len(single) >= 2 else single
    return first + [[(b, w) for w, b in games] for games in single]


def tournament_start(*, tournament: Tournament, user: Any) -> list[Round]:
    """Draw up a round robin: pairing numbers, then every round's boards (all published)."""
    if not can_organise(user, tournament):
        raise NotAllowedError("Only the tournament's organisers can start it.")
    if tournament.format != Tournament.Format.ROUND_ROBIN:
        raise ValidationFailed("A Swiss starts when round 1 is paired.")
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if Round.objects.filter(tournament=locked).exists():
            raise ValidationFailed("The tournament has already started.")
        people = list(Participant.objects.filter(tournament=locked, status=Participant.Status.ACTIVE))
        if len(people) < 2:
            raise ValidationFailed("A round robin needs at least two players.")
        if locked.pairing_numbers == Tournament.PairingNumbers.LOT:
            people.sort(key=lambda p: p.pk)
            random.Random(f"{locked.lots_seed}:berger").shuffle(people)
        else:
            people.sort(key=initial_order_key)
        Participant.objects.filter(tournament=locked).exclude(pk__in=[p.pk for p in people]).delete()
        pairing_numbers_assign(locked, order=people)
        by_number = {i: p for i, p in enumerate(people, start=1)}
        schedule = _schedule(len(people), locked.double_round_robin)
        locked.rounds_planned = len(schedule)
        locked.status = Tournament.Status.RUNNING
        locked.save(update_fields=["rounds_planned", "status", "updated_at"])
        now = timezone.now()
        created = []
        for number, games in enumerate(schedule, start=1):
            rnd = Round.objects.create(
                tournament=locked, number=number, status=Round.Status.PUBLISHED, published_at=now
            )
            boards = []
            for w, b in games:
                if w in by_number and b in by_number:
                    boards.append((by_number[w], by_number[b]))
                else:
                    sitting_out = by_number.get(w) or by_number.get(b)
                    RoundBye.objects.create(
                        tournament=locked,
                        participant=sitting_out,
                        round_number=number,
                        kind=RoundBye.Kind.PAIRING_ALLOCATED,
                        points=locked.bye_points,
                    )
            Board.objects.bulk_create(
                Board(round=rnd, number=i, white=w, black=b) for i, (w, b) in enumerate(boards, start=1)
            )
            created.append(rnd)
        _bump(locked.pk)
        audit_record(
            tournament=locked,
            user=user,
            action="tournament_start",
            obj=locked,
            after={
                "pairing_numbers": {p.name: i for i, p in by_number.items()},
                "rounds": len(schedule),
                "by": locked.pairing_numbers,
            },
        )
    tournament.refresh_from_db()
    return created
