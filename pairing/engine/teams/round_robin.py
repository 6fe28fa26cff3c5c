"""Team round robins from the FIDE Berger tables (C.05 Annex 1, :mod:`pairing.engine.berger`).

The team written first in a Berger pair is the "White" team of the match: its player on board 1 has
White, and the colours alternate down the boards (the Olympiad rule; C.04.6 Art. 1.6.1 reads a
team's colour off board 1). A different board-colour sequence (TRF-2026 record 352) may be given.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..berger import berger_table
from ..types import Colour
from .event import board_colours
from .types import TeamMatch

__all__ = ["TeamRoundRobinRound", "board_pairings", "team_round_robin"]


@dataclass(frozen=True, slots=True)
class TeamRoundRobinRound:
    number: int
    matches: tuple[TeamMatch, ...]
    """White = the team with White on board 1; team numbers are the pairing numbers 1..N."""
    bye: int | None = None
    """With an odd number of teams, the one that sits out (no points unless the rules say so)."""


def team_round_robin(teams: int, *, double: bool = False) -> list[TeamRoundRobinRound]:
    """Every round of a (double) team round robin for pairing numbers 1..``teams``.

    The second cycle of a double round robin reverses the colours of the first, which has its last
    two rounds swapped (the FIDE recommendation, as :func:`~pairing.engine.berger.berger_table`).
    """
    return [
        TeamRoundRobinRound(
            rnd.number,
            tuple(TeamMatch(i, w, b, "Berger") for i, (w, b) in enumerate(rnd.boards, start=1)),
            rnd.bye,
        )
        for rnd in berger_table(teams, double=double)
    ]


def board_pairings(
    match: TeamMatch, boards: int, sequence: str = ""
) -> tuple[tuple[int, Colour, Colour], ...]:
    """(board, colour of the White team's player, colour of the Black team's player), board 1 first.

    >>> [(b, w.value, k.value) for b, w, k in board_pairings(TeamMatch(1, 3, 5), 4)]
    [(1, 'w', 'b'), (2, 'b', 'w'), (3, 'w', 'b'), (4, 'b', 'w')]
    """
    return tuple((k, c, c.opposite) for k, c in enumerate(board_colours(boards, sequence), start=1))
