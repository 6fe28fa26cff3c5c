"""Team competitions: the FIDE Swiss Team Pairing System (C.04.6), team round robins, match and game
points, team tie-breaks and TRF-2026 team records. Plain Python like the rest of the engine."""

from __future__ import annotations

from .colours import Preference, TeamColours, team_colours
from .swiss import pair_team_round
from .types import (
    ColourType,
    MatchKind,
    MatchScoring,
    PrimaryScore,
    Team,
    TeamMatch,
    TeamRound,
    TeamSwissRequest,
    TeamSwissResult,
)

__all__ = [
    "ColourType",
    "MatchKind",
    "MatchScoring",
    "Preference",
    "PrimaryScore",
    "Team",
    "TeamColours",
    "TeamMatch",
    "TeamRound",
    "TeamSwissRequest",
    "TeamSwissResult",
    "pair_team_round",
    "team_colours",
]
