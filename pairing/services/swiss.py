"""A Swiss round's life on the arbiter's side: claim and enqueue, publish, delete, pair again.

* ``round_pair(*, tournament, user) -> Round``: claim the next round and enqueue its pairing.
  Refuses while a result of the last round is missing (the message names the boards). The claim
  is idempotent: under a row lock on the tournament it returns the round already being paired or
  in draft, so twenty simultaneous clicks create one round (and send one task). A round whose
  pairing failed, or whose claim is stale, is claimed again (the stale claim is first recorded
  as failed).
* A claim stores a fresh task id and its time on the round (``task_id``, ``claimed_at``); the
  Celery task (:mod:`pairing.tasks`) is sent under that id once the claim is committed
  (``transaction.on_commit``). If the broker cannot be reached, the claim is undone (a new round is
  deleted, an existing one is marked failed) and :class:`PairingUnavailable` (503) says so.
* What the task runs (pair, check, save) and the stale-claim rule are
  :mod:`pairing.services.execute`'s, below the task: this module enqueues the task, the task
  imports that one, and nothing imports back up.
* ``round_publish(*, round, user)``, ``round_delete(*, round, user)`` (drafts, failed rounds and
  rounds being paired: "Cancel"), ``round_repair(*, round, user)`` (pair a draft, a failed round
  or a round being paired again, under a new claim).

Baku: when round 1 is paired, the engine's plan names the last GA participant and the tournament
stores it (C.04.7 1.3: later rounds keep the same one); deleting or re-pairing round 1 forgets it.
"""

from __future__ import annotations

import logging
import uuid
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from kombu.exceptions import OperationalError as BrokerError

from core.errors import ConflictError, ServiceUnavailable, ValidationFailed
from pairing import adapters
from pairing.engine.checks import check_pairing
from pairing.engine.types import Board as EngineBoard
from pairing.engine.types import PairingResult, Violation
from pairing.services.execute import (
    claim_expire,
    pairing_is_stale,
)
from pairing.tasks import round_pair_task
from tournaments import permissions
from tournaments.models import Board, Round, RoundBye, Tournament
from tournaments.services.audit import audit_record
from tournaments.services.locks import round_tournament_lock, tournament_lock
from tournaments.services.participants.numbers import pairing_numbers_assign
from tournaments.services.versions import tournament_changed

logger = logging.getLogger(__name__)


class PairingUnavailable(ServiceUnavailable):
    """The pairing task could not be handed to the broker; the claim has been undone."""


UNAVAILABLE = (
    "The pairing service is unavailable (the task queue cannot be reached), so nothing was paired. "
    "Please try again in a minute; if it keeps happening, the site's Redis or Celery worker is down."
)


def require_arbiter(user: Any, tournament: Tournament) -> None:
    """Pairing and changing rounds is for the tournament's organisers and arbiters."""
    permissions.require_arbiter(user, tournament, to="pair and change rounds")


def _claim(rnd: Round, *, created: bool) -> None:
    """Mark the round ``pairing`` under a new task id and send that task once committed."""
    rnd.status = Round.Status.PAIRING
    rnd.error = ""
    rnd.task_id = str(uuid.uuid4())
    rnd.claimed_at = timezone.now()
    rnd.save(update_fields=["status", "error", "task_id", "claimed_at"])
    _enqueue(rnd, created=created)


def _enqueue(rnd: Round, *, created: bool) -> None:
    round_id, task_id = rnd.pk, rnd.task_id

    def send() -> None:
        try:
            round_pair_task.apply_async(args=(round_id,), task_id=task_id)
        except (BrokerError, OSError) as exc:
            logger.warning("Pairing round %s: the broker cannot be reached (%s)", round_id, exc)
            _abandon_claim(round_id, task_id, created=created)
            raise PairingUnavailable(UNAVAILABLE) from exc

    transaction.on_commit(send)


def _abandon_claim(round_id: int, task_id: str, *, created: bool) -> None:
    """Undo a claim whose task never reached the broker: a round created for it is deleted (as if
    never paired), a round claimed again is marked failed with the reason."""
    with transaction.atomic():
        round_tournament_lock(round_id, archived_ok=True)  # undoing a claim: allowed when archived
        rnd = (
            Round.objects.select_for_update()
            .select_related("tournament")
            .filter(pk=round_id, status=Round.Status.PAIRING, task_id=task_id)
            .first()
        )
        if rnd is None:  # moved on meanwhile (cancelled, or claimed again)
            return
        tournament = rnd.tournament
        if created:
            number = rnd.number
            _remove_round(tournament, rnd)
            audit_record(
                tournament=tournament,
                user=None,
                action="round_pair_unavailable",
                obj=None,
                before={"number": number},
            )
        else:
            rnd.status = Round.Status.FAILED
            rnd.error = UNAVAILABLE
            rnd.save(update_fields=["status", "error"])
            audit_record(
                tournament=tournament,
                user=None,
                action="round_pair_failed",
                obj=rnd,
                after={"error": UNAVAILABLE},
            )
        tournament_changed(tournament.pk)


def missing_results(rnd: Round) -> list[int]:
    return list(Board.objects.filter(round=rnd, result=Board.Result.PENDING).values_list("number", flat=True))


def next_round_offered(tournament: Tournament, latest: Round | None) -> bool:
    """Whether pairing a new round is on offer: a Swiss with rounds left whose latest round (if
    any) is published or finished. :func:`round_pair` still refuses while a result is missing."""
    if tournament.format != Tournament.Format.SWISS:
        return False
    if latest is None:
        return True
    return (
        latest.status in (Round.Status.PUBLISHED, Round.Status.FINISHED)
        and latest.number < tournament.rounds_planned
    )


def round_pair(*, tournament: Tournament, user: Any) -> Round:
    """Claim the next round for pairing (see the module docstring)."""
    require_arbiter(user, tournament)
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        raise ValidationFailed(
            gettext("A round robin is not paired round by round: start it, and every round is drawn up.")
        )
    with transaction.atomic():
        locked = tournament_lock(tournament.pk)
        latest = Round.objects.filter(tournament=locked).order_by("-number").first()
        if latest is not None and pairing_is_stale(latest):
            latest = Round.objects.select_for_update().get(pk=latest.pk)
            claim_expire(latest)
        if latest is not None and latest.status in (Round.Status.PAIRING, Round.Status.DRAFT):
            return latest  # a second click: the task sent for the first one is on its way
        if latest is not None and latest.status == Round.Status.FAILED:
            audit_record(
                tournament=locked,
                user=user,
                action="round_pair_retry",
                obj=latest,
                after={"number": latest.number},
            )
            _claim(latest, created=False)
            return latest
        if latest is not None and latest.status == Round.Status.PUBLISHED:
            boards = missing_results(latest)
            listed = ", ".join(str(n) for n in boards)
            raise ValidationFailed(
                ngettext(
                    "Round %(number)s is not finished: board %(listed)s has no result yet. The next pairing depends on the scores, so enter every result first.",
                    "Round %(number)s is not finished: boards %(listed)s have no result yet. The next pairing depends on the scores, so enter every result first.",
                    len(boards),
                )
                % {"number": latest.number, "listed": listed}
            )
        if not next_round_offered(locked, latest):
            raise ValidationFailed(
                gettext("All %(rounds_planned)s rounds have been paired.")
                % {"rounds_planned": locked.rounds_planned}
            )
        number = 1 if latest is None else latest.number + 1
        if number == 1:
            pairing_numbers_assign(locked)
        request = adapters.pairing_request_for_round(locked, number)
        available = sum(1 for p in request.participants if p.available)
        if available < 2:
            raise ValidationFailed(
                ngettext(
                    "Only %(available)s participant can be paired in round %(number)s; at least two are needed.",
                    "Only %(available)s participants can be paired in round %(number)s; at least two are needed.",
                    available,
                )
                % {"available": available, "number": number}
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
        _claim(rnd, created=True)
    return rnd


def current_check(rnd: Round) -> list[Violation]:
    """The rules the round's boards break now, as the independent checker sees them."""
    request = adapters.pairing_request_for_round(rnd.tournament, rnd.number)
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


def locked_draft(rnd: Round, *, allow_failed: bool = False) -> Round:
    """The round, locked (tournament first: :func:`round_tournament_lock`, which re-checks the archive), if it is still a draft
    (or, with ``allow_failed``, a round whose pairing failed or is under way)."""
    round_tournament_lock(rnd.pk)
    try:
        locked = Round.objects.select_for_update().select_related("tournament").get(pk=rnd.pk)
    except Round.DoesNotExist:  # deleted by a request that got the lock first (a double click)
        raise ConflictError(
            gettext("Round %(number)s has just been deleted by someone else.") % {"number": rnd.number}
        ) from None
    allowed = (
        (Round.Status.DRAFT, Round.Status.FAILED, Round.Status.PAIRING)
        if allow_failed
        else (Round.Status.DRAFT,)
    )
    if locked.status not in allowed:
        raise ValidationFailed(
            gettext("Round %(number)s is %(lower)s: only a draft can be changed.")
            % {"number": locked.number, "lower": locked.get_status_display().lower()}
        )
    return locked


def round_publish(*, round: Round, user: Any) -> Round:  # noqa: A002 - the brief's keyword
    """Publish a draft: players see it and results can be entered."""
    require_arbiter(user, round.tournament)
    with transaction.atomic():
        tournament_lock(round.tournament_id)
        rnd = locked_draft(round)
        blocking = [
            v for v in current_check(rnd) if v.rule in ("unavailable-paired", "not-paired", "paired-twice")
        ]
        if blocking:
            raise ValidationFailed(
                gettext(
                    "The draft no longer fits who is playing: %(problems)s. Pair the round again before publishing."
                )
                % {"problems": "; ".join(v.message for v in blocking)}
            )
        rnd.status = Round.Status.PUBLISHED
        rnd.published_at = timezone.now()
        rnd.save(update_fields=["status", "published_at"])
        tournament_changed(rnd.tournament_id)
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


def _remove_round(tournament: Tournament, rnd: Round) -> None:
    """Delete the latest round with its pairing; round 1 takes the tournament back to registration."""
    _clear_pairing(rnd)
    number = rnd.number
    rnd.delete()
    if number == 1:
        tournament.baku_last_ga = None
        tournament.status = Tournament.Status.REGISTRATION
        tournament.save(update_fields=["baku_last_ga", "status", "updated_at"])


def round_delete(*, round: Round, user: Any) -> None:  # noqa: A002
    """Delete a draft, a failed round or one being paired ("Cancel": its task, if it still comes,
    finds no round and does nothing); the previous round becomes the latest again."""
    require_arbiter(user, round.tournament)
    with transaction.atomic():
        tournament = tournament_lock(round.tournament_id)
        rnd = locked_draft(round, allow_failed=True)
        boards = list(Board.objects.filter(round=rnd).values_list("number", "white_id", "black_id"))
        number = rnd.number
        _remove_round(tournament, rnd)
        tournament_changed(tournament.pk)
        audit_record(
            tournament=tournament,
            user=user,
            action="round_delete",
            obj=None,
            before={"number": number, "boards": [list(b) for b in boards]},
        )


def round_repair(*, round: Round, user: Any) -> Round:  # noqa: A002
    """Pair the round again under a new claim: a draft (its pairing thrown away, e.g. after a bye
    request), a failed round, or one being paired (the old task, should it still run, does nothing)."""
    require_arbiter(user, round.tournament)
    with transaction.atomic():
        tournament = tournament_lock(round.tournament_id)
        rnd = locked_draft(round, allow_failed=True)
        if pairing_is_stale(rnd):
            claim_expire(rnd)  # the dead claim is recorded as failed before the new one (as round_pair does)
        _clear_pairing(rnd)
        if rnd.number == 1:
            pairing_numbers_assign(tournament)
            if tournament.baku_last_ga_id is not None:
                tournament.baku_last_ga = None
                tournament.save(update_fields=["baku_last_ga"])
        rnd.explanation = {}
        rnd.violations = []
        rnd.save(update_fields=["explanation", "violations"])
        audit_record(
            tournament=tournament, user=user, action="round_repair", obj=rnd, after={"number": rnd.number}
        )
        _claim(rnd, created=False)
    round.refresh_from_db()
    return round
