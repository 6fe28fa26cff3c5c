"""Expulsions: the arbiter expels a participant from a Swiss; they are not paired again and get no place.

``participant_expel(*, participant, user, reason, from_round=None) -> Participant``: from ``from_round`` on
(default: the next round not yet published, after the last one once every round is) the participant is not paired, like a withdrawal, and their
requested byes from then on are dropped. Their past games stand as played: they keep counting for their
opponents' scores and tie-breaks (C.07 16.1 and 16.3 treat the rounds after leaving as zero-point byes; the
FIDE Tournament Rules, C.06 V.5, keep a departed player's and their opponents' points "for ranking
purposes"). The standings leave them out of the ranking: the others are ranked as if they were not in the
list (FIDE's endorsement checklist, Q197-198, "excluded from Swiss standings";
:mod:`pairing.engine.standings`). The reason is required and goes to the audit log with the change.

A round robin has no expulsion here: its own rule (C.06 V.4) strikes or keeps the games depending on how many
were played, which is a withdrawal's "remaining games" setting.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from core.errors import ValidationFailed
from tournaments.models import Participant, Tournament
from tournaments.permissions import require_arbiter
from tournaments.services.audit import audit_record, latest_audit_after
from tournaments.services.locks import tournament_lock
from tournaments.services.participants.registration import TO_CHANGE_PARTICIPANTS
from tournaments.services.participants.state import (
    last_published_number,
    leaving_round_check,
    participant_snapshot,
    requested_byes_drop,
)
from tournaments.services.versions import tournament_changed

REASON_MAX = 300
"""The longest reason kept (the audit log and the TRF comment show it)."""


def participant_expel(
    *, participant: Participant, user: Any, reason: str, from_round: int | None = None
) -> Participant:
    """Expel a participant from a Swiss (module docstring): not paired from ``from_round`` on, no place in
    the standings, games kept for the opponents. ``reason`` is required."""
    tournament = participant.tournament
    require_arbiter(user, tournament, to=TO_CHANGE_PARTICIPANTS)
    reason = " ".join((reason or "").split())
    if not reason:
        raise ValidationFailed(
            gettext("Say why the player is expelled: the reason is recorded with the expulsion."),
            errors={"reason": [gettext("Required.")]},
        )
    if len(reason) > REASON_MAX:
        raise ValidationFailed(
            gettext("The reason is too long (at most %(max)s characters).") % {"max": REASON_MAX},
            errors={"reason": [gettext("Too long.")]},
        )
    with transaction.atomic():
        locked = tournament_lock(tournament.pk)
        if locked.format == Tournament.Format.ROUND_ROBIN:
            raise ValidationFailed(
                gettext(
                    "Players are expelled from Swiss tournaments only: in a round robin, withdraw the player and the tournament's setting for a withdrawal's remaining games applies."
                )
            )
        p = Participant.objects.select_for_update().get(pk=participant.pk, tournament=locked)
        if p.status == Participant.Status.EXPELLED:
            raise ValidationFailed(
                gettext("%(name)s has already been expelled (from round %(round)s).")
                % {"name": p.name, "round": p.withdrawn_from_round}
            )
        start = last_published_number(locked) + 1 if from_round is None else from_round
        # By default an expulsion after the last round (cheating found out at the end) takes the round after it.
        leaving_round_check(locked, start, after_last=from_round is None)
        if p.status == Participant.Status.WITHDRAWN and p.withdrawn_from_round is not None:
            # Already not paired since their withdrawal: the expulsion does not bring rounds back.
            start = min(start, p.withdrawn_from_round)
        before = participant_snapshot(p)
        p.status = Participant.Status.EXPELLED
        p.withdrawn_from_round = start
        p.save(update_fields=["status", "withdrawn_from_round"])
        dropped = requested_byes_drop(p, start)
        tournament_changed(locked.pk)
        audit_record(
            tournament=locked,
            user=user,
            action="participant_expel",
            obj=p,
            before=before,
            after={**participant_snapshot(p), "reason": reason, "byes_dropped": dropped},
        )
    participant.refresh_from_db()
    return participant


def expulsion_reason(participant: Participant) -> str:
    """The reason recorded with the participant's expulsion ("" when none is found)."""
    return str(latest_audit_after(participant, "participant_expel").get("reason", ""))
