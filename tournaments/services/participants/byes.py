"""Requested byes and known absences, recorded before their round is paired.

* ``bye_request(*, participant, round_number, kind, user) -> ByeRecorded``: ``kind`` is ``half``
  or ``zero``. Half-point byes are limited to ``max_half_byes`` per participant, are not allowed
  in the last ``no_byes_in_last_rounds`` rounds, and are refused to a participant the arbiter barred
  from them (``Participant.half_byes_barred``, FIDE's endorsement checklist Q171-176).
* ``absence_mark(*, participant, round_number, user) -> ByeRecorded``: known absence, zero points.
* ``bye_record(...)``: either of the two above, by ``kind`` (what the desk and the API call).
* ``bye_cancel(*, bye, user)``: withdraw a requested bye or absence before its round is published.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from core.errors import ValidationFailed
from tournaments.models import Participant, Round, RoundBye, Tournament
from tournaments.permissions import require_arbiter
from tournaments.services.audit import audit_record
from tournaments.services.locks import tournament_lock
from tournaments.services.participants.registration import TO_CHANGE_PARTICIPANTS
from tournaments.services.versions import tournament_changed


@dataclass(frozen=True, slots=True)
class ByeRecorded:
    bye: RoundBye
    draft_needs_repair: bool
    """The round is already a draft pairing that ignores this bye: it must be paired again."""
    half_byes_before: int = 0
    """Half-point byes the participant already had: a second one is worth a word to the arbiter
    (FIDE's endorsement checklist, 171-176), though the organiser's limit allows it."""


def _bye_checks(participant: Participant, round_number: int, tournament: Tournament) -> None:
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        raise ValidationFailed(
            gettext("A round robin has no requested byes: every game is scheduled. Record a forfeit instead.")
        )
    if participant.status == Participant.Status.WITHDRAWN and (
        participant.withdrawn_from_round is None or participant.withdrawn_from_round <= round_number
    ):
        raise ValidationFailed(
            gettext("%(name)s has withdrawn; they are not paired anyway.") % {"name": participant.name}
        )
    if participant.status == Participant.Status.EXPELLED and (
        participant.withdrawn_from_round is None or participant.withdrawn_from_round <= round_number
    ):
        raise ValidationFailed(
            gettext("%(name)s has been expelled; they are not paired any more.") % {"name": participant.name}
        )
    if not participant.joined_round <= round_number <= tournament.rounds_planned:
        raise ValidationFailed(
            gettext("%(name)s can only be given a bye for rounds %(joined_round)s-%(rounds_planned)s.")
            % {
                "name": participant.name,
                "joined_round": participant.joined_round,
                "rounds_planned": tournament.rounds_planned,
            }
        )
    rnd = Round.objects.filter(tournament=tournament, number=round_number).first()
    if rnd is not None and rnd.status in (Round.Status.PUBLISHED, Round.Status.FINISHED):
        raise ValidationFailed(
            gettext(
                "Round %(round_number)s has already been published; a bye must be recorded before the round is paired."
            )
            % {"round_number": round_number}
        )
    existing = RoundBye.objects.filter(participant=participant, round_number=round_number).first()
    if existing:
        raise ValidationFailed(
            gettext("%(name)s already has a %(lower)s in round %(round_number)s.")
            % {
                "name": participant.name,
                "lower": existing.get_kind_display().lower(),
                "round_number": round_number,
            }
        )


def _record_bye(
    *, participant: Participant, round_number: int, kind: str, user: Any, action: str
) -> ByeRecorded:
    tournament = participant.tournament
    require_arbiter(user, tournament, to=TO_CHANGE_PARTICIPANTS)
    with transaction.atomic():
        locked = tournament_lock(tournament.pk)
        p = Participant.objects.get(pk=participant.pk)
        _bye_checks(p, round_number, locked)
        points = taken = 0
        if kind == RoundBye.Kind.HALF_POINT:
            last_allowed = locked.rounds_planned - locked.no_byes_in_last_rounds
            if round_number > last_allowed:
                raise ValidationFailed(
                    gettext(
                        "No half-point byes in the last %(no_byes_in_last_rounds)s round(s): round %(round_number)s is too late (the organiser's rule)."
                    )
                    % {"no_byes_in_last_rounds": locked.no_byes_in_last_rounds, "round_number": round_number}
                )
            if p.half_byes_barred:
                raise ValidationFailed(
                    gettext(
                        "%(name)s is barred from half-point byes in this tournament (the arbiter's decision); record a zero-point bye or an absence instead."
                    )
                    % {"name": p.name}
                )
            taken = RoundBye.objects.filter(participant=p, kind=RoundBye.Kind.HALF_POINT).count()
            if taken >= locked.max_half_byes:
                raise ValidationFailed(
                    gettext(
                        "%(name)s has already had %(taken)s half-point bye(s); the organiser allows %(max_half_byes)s."
                    )
                    % {"name": p.name, "taken": taken, "max_half_byes": locked.max_half_byes}
                )
            points = locked.draw_points
        bye = RoundBye.objects.create(
            tournament=locked, participant=p, round_number=round_number, kind=kind, points=points
        )
        needs_repair = Round.objects.filter(
            tournament=locked, number=round_number, status=Round.Status.DRAFT
        ).exists()
        tournament_changed(locked.pk)
        audit_record(
            tournament=locked,
            user=user,
            action=action,
            obj=bye,
            before=None,
            after={"participant": p.name, "round": round_number, "kind": kind, "points": points},
        )
    return ByeRecorded(bye, needs_repair, taken)


def bye_request(*, participant: Participant, round_number: int, kind: str, user: Any) -> ByeRecorded:
    """Record a requested bye (``half`` or ``zero``) for a round not yet published."""
    if kind not in (RoundBye.Kind.HALF_POINT, RoundBye.Kind.ZERO_POINT):
        raise ValidationFailed(gettext("A requested bye is either a half-point bye or a zero-point bye."))
    return _record_bye(
        participant=participant, round_number=round_number, kind=kind, user=user, action="bye_request"
    )


def absence_mark(*, participant: Participant, round_number: int, user: Any) -> ByeRecorded:
    """Record that a participant will miss a round (zero points, not paired)."""
    return _record_bye(
        participant=participant,
        round_number=round_number,
        kind=RoundBye.Kind.ABSENT,
        user=user,
        action="absence_mark",
    )


def bye_record(*, participant: Participant, round_number: int, kind: str, user: Any) -> ByeRecorded:
    """Record any kind a person may ask for: a half- or zero-point bye, or a known absence."""
    if kind == RoundBye.Kind.ABSENT:
        return absence_mark(participant=participant, round_number=round_number, user=user)
    return bye_request(participant=participant, round_number=round_number, kind=kind, user=user)


def bye_cancel(*, bye: RoundBye, user: Any) -> None:
    """Remove a requested bye or absence whose round has not been published."""
    tournament = bye.tournament
    require_arbiter(user, tournament, to=TO_CHANGE_PARTICIPANTS)
    if bye.kind not in (RoundBye.Kind.HALF_POINT, RoundBye.Kind.ZERO_POINT, RoundBye.Kind.ABSENT):
        raise ValidationFailed(gettext("Only requested byes and absences can be cancelled."))
    with transaction.atomic():
        tournament_lock(tournament.pk)
        if Round.objects.filter(
            tournament=tournament,
            number=bye.round_number,
            status__in=[Round.Status.PUBLISHED, Round.Status.FINISHED],
        ).exists():
            raise ValidationFailed(
                gettext("Round %(round_number)s has been published; its byes stand.")
                % {"round_number": bye.round_number}
            )
        snapshot = {"participant": bye.participant.name, "round": bye.round_number, "kind": bye.kind}
        audit_record(
            tournament=tournament, user=user, action="bye_cancel", obj=bye, before=snapshot, after=None
        )
        bye.delete()
        tournament_changed(tournament.pk)
