"""Forbidden pairs: two participants the pairing keeps apart for some rounds.

* ``forbidden_pair_add(*, tournament, user, first, second, first_round=None, last_round=None,
  reason="") -> ForbiddenPair``. ``first_round`` empty (or 1) means from the start, ``last_round``
  empty means to the end. Refused: the same participant twice, a participant of another
  tournament, a round robin (its schedule is fixed when it starts), an empty range, a range
  outside the tournament's rounds or already over (it ends before the next round to pair), a
  range overlapping one already recorded for the same two, and a pair that the current draft
  round already puts on one board (the draft has to go first, then the round is paired again).
* ``forbidden_pair_remove(*, pair, user)``.

Organisers and arbiters may do both (``can_arbitrate``). Both lock the tournament row, write in
one transaction, bump ``tournament.version`` and record the change in the audit log. The pairing
service (``pairing.adapters.pairing_request_for_round``) hands the pairs that apply to the round
being paired to the engine.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext

from core.errors import ConflictError, ValidationFailed
from tournaments.models import Board, ForbiddenPair, Participant, Round, Tournament
from tournaments.permissions import require_arbiter
from tournaments.services.audit import audit_record
from tournaments.services.locks import tournament_lock
from tournaments.services.versions import tournament_changed

MAX_REASON = 200


def _snapshot(pair: ForbiddenPair) -> dict[str, Any]:
    return {
        "first": pair.first.name,
        "second": pair.second.name,
        "first_round": pair.first_round,
        "last_round": pair.last_round,
        "reason": pair.reason,
    }


def _clean_range(first_round: int | None, last_round: int | None, tournament: Tournament) -> int | None:
    """Check the rounds; return ``first_round`` normalised (1 means the same as empty)."""
    for label, value in (("from", first_round), ("to", last_round)):
        if value is not None and value < 1:
            raise ValidationFailed(
                gettext("Rounds are numbered from 1 (got %(value)s as the '%(label)s' round).")
                % {"value": value, "label": label},
                errors={f"{'first' if label == 'from' else 'last'}_round": ["Rounds are numbered from 1."]},
            )
    if first_round is not None and last_round is not None and first_round > last_round:
        raise ValidationFailed(
            gettext(
                "Rounds %(first_round)s to %(last_round)s is an empty range: the first round must not come after the last."
            )
            % {"first_round": first_round, "last_round": last_round},
            errors={"last_round": [f"At least {first_round}."]},
        )
    planned = tournament.rounds_planned
    for name, value in (("first_round", first_round), ("last_round", last_round)):
        if value is not None and value > planned:
            raise ValidationFailed(
                gettext(
                    "The tournament has %(planned)s rounds; there is no round %(value)s. Leave the last round empty to keep them apart until the end."
                )
                % {"planned": planned, "value": value},
                errors={name: [f"At most {planned}."]},
            )
    return None if first_round == 1 else first_round


def _overlaps(first_round: int | None, last_round: int | None) -> Q:
    """Existing ranges that share at least one round with ``first_round``..``last_round``."""
    query = Q()
    if last_round is not None:
        query &= Q(first_round__isnull=True) | Q(first_round__lte=last_round)
    if first_round is not None:
        query &= Q(last_round__isnull=True) | Q(last_round__gte=first_round)
    return query


def _label(first_round: int | None, last_round: int | None) -> str:
    return ForbiddenPair(first_round=first_round, last_round=last_round).rounds_display


def forbidden_pair_add(
    *,
    tournament: Tournament,
    user: Any,
    first: Participant,
    second: Participant,
    first_round: int | None = None,
    last_round: int | None = None,
    reason: str = "",
) -> ForbiddenPair:
    """Keep ``first`` and ``second`` apart in the given rounds (see the module docstring).

    1. Check the caller's role and the input (same person, other tournament, round range, reason).
    2. Under a lock on the tournament row: refuse a range already over, an overlapping record for
       the same two, and a draft round that already pairs them.
    3. Save (lower primary key first), bump the tournament's version and write the audit row.
    """
    require_arbiter(user, tournament, to="keep participants apart")
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        raise ValidationFailed(
            gettext(
                "A round robin's games are all drawn up when it starts, so there is nothing to keep apart; forbidden pairs are for Swiss tournaments."
            )
        )
    if first.pk == second.pk:
        raise ValidationFailed(
            gettext("Choose two different participants: %(name)s cannot be kept apart from themselves.")
            % {"name": first.name},
            errors={"second": ["Choose someone else."]},
        )
    for field, person in (("first", first), ("second", second)):
        if person.tournament_id != tournament.pk:
            raise ValidationFailed(
                gettext("%(name)s is not a participant of %(name2)s.")
                % {"name": person.name, "name2": tournament.name},
                errors={field: ["Not a participant of this tournament."]},
            )
    reason = " ".join(str(reason or "").split())
    if len(reason) > MAX_REASON or "\x00" in reason:
        raise ValidationFailed(
            gettext("The reason must be plain text of at most %(MAX_REASON)s characters.")
            % {"MAX_REASON": MAX_REASON},
            errors={"reason": [f"At most {MAX_REASON} characters."]},
        )
    low, high = sorted((first, second), key=lambda p: p.pk)
    with transaction.atomic():
        locked = tournament_lock(tournament.pk)
        first_round = _clean_range(first_round, last_round, locked)
        latest = Round.objects.filter(tournament=locked).order_by("-number").first()
        open_round = latest is not None and latest.status in (
            Round.Status.PAIRING,
            Round.Status.DRAFT,
            Round.Status.FAILED,
        )
        next_round = 1 if latest is None else latest.number if open_round else latest.number + 1
        ends = locked.rounds_planned if last_round is None else last_round
        if ends < next_round:
            said = {
                "ends": ends,
                "name": low.name,
                "name2": high.name,
                "rounds": _label(first_round, last_round),
            }
            raise ValidationFailed(
                (
                    gettext(
                        "Rounds up to %(ends)s have all been paired already, so keeping %(name)s and %(name2)s apart in %(rounds)s would change nothing. The next round to pair is round %(next)s."
                    )
                    % {**said, "next": next_round}
                    if next_round <= locked.rounds_planned
                    else gettext(
                        "Rounds up to %(ends)s have all been paired already, so keeping %(name)s and %(name2)s apart in %(rounds)s would change nothing. Every round has been paired."
                    )
                    % said
                ),
                errors={"last_round": [gettext("At least %(next)s.") % {"next": next_round}]},
            )
        existing = (
            ForbiddenPair.objects.filter(tournament=locked, first=low, second=high)
            .filter(_overlaps(first_round, last_round))
            .first()
        )
        if existing is not None:
            same = (existing.first_round, existing.last_round) == (first_round, last_round)
            said = {
                "name": low.name,
                "name2": high.name,
                "rounds": existing.rounds_display,
                "asked": _label(first_round, last_round),
            }
            raise ValidationFailed(
                gettext("%(name)s and %(name2)s are already kept apart in %(rounds)s.") % said
                if same
                else gettext(
                    "%(name)s and %(name2)s are already kept apart in %(rounds)s, which overlaps %(asked)s; remove that entry first to change the rounds."
                )
                % said
            )
        if latest is not None and latest.status == Round.Status.DRAFT:
            applies = (first_round or 1) <= latest.number <= ends
            board = (
                Board.objects.filter(round=latest)
                .filter(Q(white=low, black=high) | Q(white=high, black=low))
                .values_list("number", flat=True)
                .first()
            )
            if applies and board is not None:
                raise ValidationFailed(
                    gettext(
                        "The draft of round %(number)s already pairs %(name)s with %(name2)s (board %(board)s). The round must be paired again: delete the draft, add this pair, then pair round %(number)s again."
                    )
                    % {"number": latest.number, "name": low.name, "name2": high.name, "board": board}
                )
        pair = ForbiddenPair.objects.create(
            tournament=locked,
            first=low,
            second=high,
            first_round=first_round,
            last_round=last_round,
            reason=reason,
        )
        tournament_changed(locked.pk)
        audit_record(
            tournament=locked,
            user=user,
            action="forbidden_pair_add",
            obj=pair,
            before=None,
            after=_snapshot(pair),
        )
    return pair


def forbidden_pair_remove(*, pair: ForbiddenPair, user: Any) -> None:
    """Let the two meet again. A draft paired while they were kept apart stays as it is."""
    tournament = pair.tournament
    require_arbiter(user, tournament, to="keep participants apart")
    with transaction.atomic():
        locked = tournament_lock(tournament.pk)
        current = (
            ForbiddenPair.objects.select_related("first", "second")
            .filter(pk=pair.pk, tournament=locked)
            .first()
        )
        if current is None:
            raise ConflictError(gettext("This pair has just been removed by someone else."))
        audit_record(
            tournament=locked,
            user=user,
            action="forbidden_pair_remove",
            obj=current,
            before=_snapshot(current),
            after=None,
        )
        current.delete()
        tournament_changed(locked.pk)
