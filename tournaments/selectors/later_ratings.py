"""The ratings-by-round page of a tournament lasting more than 30 days (FIDE checklist Q210-216)."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import Participant, ParticipantRating, Tournament


@dataclass(frozen=True, slots=True)
class RatingsRow:
    participant: Participant
    later: tuple[tuple[int, int], ...]
    """(from round, rating), in round order."""


def later_ratings_rows(tournament: Tournament) -> list[RatingsRow]:
    """Every participant with their first rating and the ratings from later rounds, by pairing number."""
    later: dict[int, list[tuple[int, int]]] = {}
    rows = ParticipantRating.objects.filter(participant__tournament=tournament).order_by("from_round")
    for pk, from_round, rating in rows.values_list("participant_id", "from_round", "rating"):
        later.setdefault(pk, []).append((from_round, rating))
    people = Participant.objects.filter(tournament=tournament).order_by("pairing_number", "pk")
    return [RatingsRow(p, tuple(later.get(p.pk, ()))) for p in people]
