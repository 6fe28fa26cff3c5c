"""What happened to every participant in every round, as TRF round records, for the exports.

The records come from :func:`tournaments.records.histories_for_tournament`, the same view of the
database the engine pairs and ranks with, so an exported file says exactly what the app itself
used. Only the complete rounds are exported (rounds 1..n all finished, :func:`last_complete_round`),
because TRF has no code for "result not known yet"; byes already known for later rounds (requested
byes, absences) are listed separately so the TRF writer can put them in ``240`` records.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.types import ResultCode, RoundRecord
from tournaments.models import Participant, RoundBye, Tournament
from tournaments.records import bye_code, histories_for_tournament, last_complete_round


@dataclass(frozen=True)
class TournamentRecords:
    participants: list[Participant]
    """Every participant, withdrawn ones included, in pairing-number order."""
    rounds: int
    """Number of complete rounds (1..rounds are in ``records``)."""
    records: dict[int, tuple[RoundRecord, ...]]
    """Participant pk -> one record per complete round; opponents are participant pks."""
    later_byes: list[tuple[RoundBye, ResultCode]]
    """Byes already known for rounds after the complete ones, with their TRF letter (``F H Z``)."""


def complete_rounds(tournament: Tournament) -> int:
    return last_complete_round(tournament)


def tournament_records(tournament: Tournament) -> TournamentRecords:
    rounds = last_complete_round(tournament)
    participants = list(Participant.objects.filter(tournament=tournament).order_by("pairing_number", "pk"))
    records = histories_for_tournament(tournament, rounds, participants=participants)
    later = [
        (bye, bye_code(bye))
        for bye in RoundBye.objects.filter(tournament=tournament, round_number__gt=rounds)
        .exclude(kind=RoundBye.Kind.PAIRING_ALLOCATED)
        .order_by("round_number", "participant_id")
    ]
    return TournamentRecords(participants, rounds, records, later)
