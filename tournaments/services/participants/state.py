"""What the participant services share: the audit snapshot of a participant and the last published
round (who has been paired is ``tournaments.records.paired_ids``)."""

from __future__ import annotations

from typing import Any

from django.db.models import Max

from tournaments.models import Participant, Round, Tournament


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
