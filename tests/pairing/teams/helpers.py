"""Small builders for hand-made team histories."""

from __future__ import annotations

from pairing.engine.teams import MatchKind, Team, TeamRound
from pairing.engine.types import Colour

W, B = Colour.WHITE, Colour.BLACK


def played(opponent: int, colour: Colour, mp: int = 1, gp: int = 4) -> TeamRound:
    """A played match: 2/1/0 match points, game points in half-points (4 = 2 of 4 boards)."""
    return TeamRound(MatchKind.PLAYED, opponent, colour, mp, gp)


def team(tid: int, *history: TeamRound, available: bool = True) -> Team:
    return Team(tid, tid, tuple(history), available=available)
