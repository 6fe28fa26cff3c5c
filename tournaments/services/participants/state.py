"""What the participant services share: the audit snapshot of a participant and the last published
round (who has been paired is ``tournaments.records.paired_ids``)."""

from __future__ import annotations

from typing import Any

from django.db.models import Max
from django.utils.translation import gettext

from core.errors import ValidationFailed
from tournaments.models import Participant, Round, RoundBye, Tournament


def last_published_number(tournament: Tournament) -> int:
    """The number of the last published (or finished) round; 0 before round 1 is published."""
    return (
        Round.objects.filter(
            tournament=tournament, status__in=[Round.Status.PUBLISHED, Round.Status.FINISHED]
        ).aggregate(n=Max("number"))["n"]
        or 0
    )


def participant_snapshot(p: Participant) -> dict[str, Any]:
    """The fields the audit log records before and after a change to a participant."""
    return {
        "name": p.name,
        "rating": p.rating,
        "title": p.title,
        "pairing_number": p.pairing_number,
        "status": p.status,
        "joined_round": p.joined_round,
        "withdrawn_from_round": p.withdrawn_from_round,
    }


def leaving_round_check(tournament: Tournament, start: int, *, after_last: bool = False) -> None:
    """Refuse a first round missed (a withdrawal's, an expulsion's) outside 1 .. the last round
    planned or paired; ``after_last`` also admits the round after it (an expulsion found out at
    the end)."""
    if start < 1:
        raise ValidationFailed(gettext("Rounds are numbered from 1."))
    last = max(
        tournament.rounds_planned,
        Round.objects.filter(tournament=tournament).aggregate(n=Max("number"))["n"] or 0,
    )
    if start > last + after_last:
        raise ValidationFailed(
            gettext("Round %(start)s is beyond the %(last)s rounds planned.")
            % {"start": start, "last": last},
            errors={"from_round": [f"From 1 to {last}."]},
        )


def requested_byes_drop(p: Participant, start: int) -> list[tuple[int, str, int]]:
    """Delete the byes ``p`` asked for (not the pairing's nor a late entry's) from round ``start``
    on; returns them as ``(round, kind, points)`` for the audit record (a withdrawal's undo puts
    them back from it)."""
    asked = RoundBye.objects.filter(participant=p, round_number__gte=start).exclude(
        kind__in=[RoundBye.Kind.PAIRING_ALLOCATED, RoundBye.Kind.LATE_ENTRY]
    )
    dropped = list(asked.values_list("round_number", "kind", "points"))
    asked.delete()
    return dropped
