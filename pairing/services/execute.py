"""What the pairing tasks run: pair a claimed round, and close the claims whose task died.

* ``round_pair_execute(*, round_id, task_id=None)``: the task body. In one transaction: lock the
  round's tournament (the archive checked again) and the round; do nothing unless the round is
  still ``pairing`` under this task's claim (a task delivered again after its worker died, or one
  superseded by "Pair again", or one for a cancelled round, is a no-op); build the engine request
  (:mod:`pairing.adapters`), pair with ``least_bad=True``, verify with ``check_pairing`` (the
  checker must find exactly the violations the engine reported), save the boards and the
  pairing-allocated bye, the explanation and the violations, and set the round to ``draft``. Any
  error rolls all of that back and marks the round ``failed`` with the reason; it can then be
  paired again.
* Stale claims: the task's hard time limit (``CELERY_TASK_TIME_LIMIT``) bounds a pairing, so a
  round still ``pairing`` longer than that after its claim has lost its task (a worker killed
  before redelivery, a broker that lost it). :func:`round_pairing_expire` marks it ``failed`` with
  :func:`stale_claim_error`'s message; :func:`stale_pairings_expire` sweeps them all (``manage.py
  expire_stale_pairings`` for cron, or the ``pairing.expire_stale_pairings`` task). The pages only
  read :func:`pairing_is_stale`.

The claim and the enqueue are :mod:`pairing.services.swiss`'s, above the task (:mod:`pairing.tasks`),
which imports this module: no module imports back up.
"""

from __future__ import annotations

import copy
import logging
from dataclasses import asdict
from datetime import timedelta
from typing import Any

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from pairing import adapters
from pairing.engine.checks import check_pairing
from pairing.engine.dutch import pair_round
from pairing.engine.types import Violation
from tournaments.models import Board, Round, RoundBye, Tournament
from tournaments.services.audit import audit_record
from tournaments.services.locks import round_tournament_lock
from tournaments.services.versions import tournament_changed

logger = logging.getLogger(__name__)


class PairingCheckFailed(Exception):
    """The engine's pairing did not pass the independent checker: never saved."""


def _duration(seconds: int) -> str:
    if seconds % 60 == 0:
        minutes = seconds // 60
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"{seconds} seconds"


def stale_after() -> timedelta:
    """How long a claim may stay ``pairing``: the task's hard time limit, past which no worker
    can still be running it."""
    return timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT)


def pairing_limit_text() -> str:
    """The stale limit in words ("5 minutes"), for the pages."""
    return _duration(settings.CELERY_TASK_TIME_LIMIT)


def pairing_is_stale(rnd: Round) -> bool:
    """A round still ``pairing`` longer than a task may run (or claimed before claims were timed)."""
    if rnd.status != Round.Status.PAIRING:
        return False
    return rnd.claimed_at is None or timezone.now() - rnd.claimed_at > stale_after()


def stale_claim_error() -> str:
    """Why a stale claim failed: stored on the round when it is expired, and shown by the pages
    for a stale claim not expired yet."""
    return (
        f"Pairing did not finish within {pairing_limit_text()}: "
        "the pairing worker stopped or never received the task."
    )


def round_as_seen(rnd: Round) -> Round:
    """The round as a read shows it: a stale claim reads as ``failed`` with
    :func:`stale_claim_error`'s message (an unsaved copy; nothing is written: a read never
    applies the rule, the next write or the periodic check does)."""
    if not pairing_is_stale(rnd):
        return rnd
    shown = copy.copy(rnd)
    shown.status = Round.Status.FAILED
    shown.error = stale_claim_error()
    return shown


def stale_pairings_expire() -> int:
    """The stale-claim rule over every round still ``pairing`` (the periodic check: the
    ``expire_stale_pairings`` command, for cron, and the ``pairing.expire_stale_pairings`` task).
    Returns how many rounds it failed."""
    candidates = Round.objects.filter(status=Round.Status.PAIRING).select_related("tournament")
    return sum(
        1
        for rnd in candidates
        if pairing_is_stale(rnd) and round_pairing_expire(round=rnd).status == Round.Status.FAILED
    )


def claim_expire(rnd: Round) -> None:
    """Mark a stale claim failed (the caller holds the locks and has checked it is stale)."""
    rnd.status = Round.Status.FAILED
    rnd.error = stale_claim_error()
    rnd.save(update_fields=["status", "error"])
    tournament_changed(rnd.tournament_id)
    audit_record(
        tournament=rnd.tournament, user=None, action="round_pair_expired", obj=rnd, after={"error": rnd.error}
    )


def round_pairing_expire(*, round: Round) -> Round:  # noqa: A002
    """The stale-claim rule for one round: a stale claim becomes ``failed`` with
    :func:`stale_claim_error`. Returns the round as it now is. Cheap when the claim is fresh (no
    lock is taken: a running task holds them). It writes: call it from a write (a POST, the
    command, the task), never to draw a page (the pages read :func:`pairing_is_stale`)."""
    if not pairing_is_stale(round):
        return round
    with transaction.atomic():
        round_tournament_lock(round.pk, archived_ok=True)  # closing a dead claim: allowed when archived
        locked = Round.objects.select_for_update().select_related("tournament").filter(pk=round.pk).first()
        if locked is None:
            return round
        if pairing_is_stale(locked):
            claim_expire(locked)
    return locked


def violation_key(v: Violation) -> tuple[str, tuple[int, ...]]:
    return (v.rule, tuple(sorted(v.participants)))


def violations_json(
    violations: list[Violation] | tuple[Violation, ...], names: dict[int, str]
) -> list[dict[str, Any]]:
    """Violations as stored on the round (JSON): rule, participant ids, their names, message."""
    return [
        {
            "rule": v.rule,
            "participants": list(v.participants),
            "names": [names.get(pk, str(pk)) for pk in v.participants],
            "message": v.message,
        }
        for v in violations
    ]


def _freeze_baku_boundary(tournament: Tournament) -> None:
    """Round 1: store the last GA participant the engine's plan names (C.04.7 1.3)."""
    if tournament.baku_last_ga_id is not None:
        return
    plan = adapters.baku_plan_for(tournament)
    if plan is not None:
        tournament.baku_last_ga_id = plan.last_ga
        tournament.save(update_fields=["baku_last_ga"])


def _pair(round_id: int, task_id: str | None) -> None:
    with transaction.atomic():
        # The archive is checked again under the lock: a tournament archived after the round was
        # claimed gets no boards (the round is marked failed below, with the reason).
        round_tournament_lock(round_id)
        rnd = Round.objects.select_for_update().select_related("tournament").filter(pk=round_id).first()
        if rnd is None:
            logger.info("Pairing round %s: the round was cancelled; nothing to do", round_id)
            return
        if rnd.status != Round.Status.PAIRING:
            return  # paired, failed (or expired) already: a task delivered twice does nothing
        if task_id and rnd.task_id and rnd.task_id != task_id:
            logger.info("Pairing round %s: task %s was superseded by %s", round_id, task_id, rnd.task_id)
            return
        tournament = rnd.tournament
        if rnd.number == 1:
            _freeze_baku_boundary(tournament)
        request = adapters.pairing_request_for_round(tournament, rnd.number, least_bad=True)
        result = pair_round(request)
        found = check_pairing(request, result)
        if sorted(map(violation_key, found)) != sorted(map(violation_key, result.violations)):
            reported = set(map(violation_key, result.violations))
            unexpected = [v.message.rstrip(".") for v in found if violation_key(v) not in reported]
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
        names = adapters.engine_participant_names(request)
        explanation = asdict(result.explanation)
        explanation["names"] = {str(k): v for k, v in names.items()}
        # The engine's own pairing, kept so a later hand edit can be compared with it (drafts.py).
        explanation["engine_boards"] = [[b.number, b.white, b.black] for b in result.boards]
        explanation["engine_bye"] = result.bye
        if tournament.acceleration == Tournament.Acceleration.BAKU:
            vp = adapters.virtual_points(tournament, rnd.number)
            explanation["baku"] = {
                "ga": sorted(vp),
                "virtual_points": {str(k): v for k, v in vp.items()},
            }
        rnd.explanation = explanation
        rnd.violations = violations_json(result.violations, names)
        rnd.status = Round.Status.DRAFT
        rnd.error = ""
        rnd.save(update_fields=["explanation", "violations", "status", "error"])
        tournament_changed(tournament.pk)
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


def round_pair_execute(*, round_id: int, task_id: str | None = None) -> None:
    """Pair a claimed round (the Celery task body; ``task_id`` is the delivering task's id, None
    when called directly). Failures leave nothing half-done: the round is marked ``failed`` with
    the reason, and pairing it again is allowed."""
    try:
        _pair(round_id, task_id)
    except Exception as exc:
        logger.exception("Pairing round %s failed", round_id)
        if isinstance(exc, SoftTimeLimitExceeded):
            message = (
                f"Pairing took longer than {_duration(settings.CELERY_TASK_SOFT_TIME_LIMIT)} and was stopped."
            )
        else:
            message = str(exc) or exc.__class__.__name__
        # Only this task's claim (or a claim from before claims had ids) is failed by it.
        claim = Q(task_id=task_id) | Q(task_id="") if task_id else Q()
        with transaction.atomic():
            round_tournament_lock(round_id, archived_ok=True)  # recording the failure closes the claim
            updated = Round.objects.filter(claim, pk=round_id, status=Round.Status.PAIRING).update(
                status=Round.Status.FAILED, error=message[:2000]
            )
            rnd = Round.objects.filter(pk=round_id).select_related("tournament").first()
            if updated and rnd is not None:
                tournament_changed(rnd.tournament_id)
                audit_record(
                    tournament=rnd.tournament,
                    user=None,
                    action="round_pair_failed",
                    obj=rnd,
                    after={"error": message},
                )
