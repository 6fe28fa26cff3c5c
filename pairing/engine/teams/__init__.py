"""Team competitions: the FIDE Swiss Team Pairing System (C.04.6), team round robins, match and game
points, team tie-breaks (C.07), lineups, board results and TRF-2026 team records. Plain Python like
the rest of the engine; ``python -m pairing.engine --teams`` is its command line."""

from __future__ import annotations

from .boards import BoardRow, board_rankings
from .checks import check_team_pairing
from .colours import Preference, TeamColours, initial_colour_by_lot, team_colours
from .event import (
    BoardResult,
    Lineup,
    MatchRecord,
    TeamEntry,
    TeamEvent,
    board_colours,
    match_points,
    team_rounds,
    team_swiss_request,
)
from .lineups import LineupRules, check_lineup, default_lineup
from .round_robin import TeamRoundRobinRound, board_pairings, team_round_robin
from .swiss import pair_team_round
from .tiebreaks import TEAM_TIEBREAKS, TeamStandingRow, TeamTiebreakInfo, board_points, team_standings
from .trf import read_team_trf, system_code, write_team_trf
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
    "TEAM_TIEBREAKS",
    "BoardResult",
    "BoardRow",
    "ColourType",
    "Lineup",
    "LineupRules",
    "MatchKind",
    "MatchRecord",
    "MatchScoring",
    "Preference",
    "PrimaryScore",
    "Team",
    "TeamColours",
    "TeamEntry",
    "TeamEvent",
    "TeamMatch",
    "TeamRound",
    "TeamRoundRobinRound",
    "TeamStandingRow",
    "TeamSwissRequest",
    "TeamSwissResult",
    "TeamTiebreakInfo",
    "board_colours",
    "board_pairings",
    "board_points",
    "board_rankings",
    "check_lineup",
    "check_team_pairing",
    "default_lineup",
    "initial_colour_by_lot",
    "match_points",
    "pair_team_round",
    "read_team_trf",
    "system_code",
    "team_colours",
    "team_round_robin",
    "team_rounds",
    "team_standings",
    "team_swiss_request",
    "write_team_trf",
]
