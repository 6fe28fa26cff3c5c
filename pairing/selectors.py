"""The reads the staff pages get from the pairing app: the Baku table (who is in GA and each
participant's virtual points for the round being paired; public pages show real scores)."""

from __future__ import annotations

from dataclasses import dataclass

from pairing import adapters
from tournaments import records
from tournaments.models import Participant, Tournament
from tournaments.scores import format_points


@dataclass
class BakuRow:
    participant: Participant
    in_ga: bool
    score: str
    virtual_points: str
    pairing_score: str


def baku_table(tournament: Tournament, round_number: int) -> list[BakuRow]:
    """Group GA and virtual points for ``round_number`` (empty unless the tournament uses Baku), for
    the players that round pairs (the plan itself counts everyone, as the engine does)."""
    if tournament.acceleration != Tournament.Acceleration.BAKU:
        return []
    people = list(Participant.objects.filter(tournament=tournament).order_by("pairing_number", "name"))
    scores = records.points_from_histories(
        tournament,
        records.histories_for_tournament(tournament, round_number - 1, participants=people),
    )
    ga = adapters.ga_participant_ids(tournament, people)
    vp = adapters.virtual_points(tournament, round_number, people)
    return [
        BakuRow(
            participant=p,
            in_ga=p.pk in ga,
            score=format_points(scores.get(p.pk, 0)),
            virtual_points=format_points(vp.get(p.pk, 0)),
            pairing_score=format_points(scores.get(p.pk, 0) + vp.get(p.pk, 0)),
        )
        for p in people
        # Only who is paired in that round: not a player withdrawn before it or entering after it.
        if not (p.withdrawn_from_round is not None and p.withdrawn_from_round <= round_number)
        and not (p.status == Participant.Status.WITHDRAWN and p.withdrawn_from_round is None)
        and p.joined_round <= round_number
    ]
