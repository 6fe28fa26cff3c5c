"""What the participant services share: the audit snapshot of a participant, the first open round,
and who has been paired (and so can no longer be deleted, only withdrawn)."""

from __future__ import annotations

from typing import Any

from django.db.models import Max

from tournaments.models import Board, Participant, Round, RoundBye, Tournament


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


def paired_ids(tournament: Tournament) -> set[int]:
    """Participants who ever sat at a board or got the pairing-allocated bye (two queries)."""
    boards = Board.objects.filter(round__tournament=tournament).values_list("white_id", "black_id")
    ids = {pk for pair in boards for pk in pair}
    ids.update(
        RoundBye.objects.filter(tournament=tournament, kind=RoundBye.Kind.PAIRING_ALLOCATED).values_list(
            "participant_id", flat=True
        )
    )
    if tournament.baku_last_ga_id:
        ids.add(tournament.baku_last_ga_id)
    return ids
