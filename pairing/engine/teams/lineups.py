"""Lineups: who plays on which board, and the board-order rule the organiser chose.

The usual rule (the Olympiad's, and most leagues'): a team lists its players in a fixed board order
before the event, and in every match the players who play keep that order; reserves may replace
anyone, but nobody moves above a team-mate listed ahead of them. Some leagues allow a player to
move up a little (``max_jump`` places). None of this is a FIDE pairing rule: it belongs to the
competition's regulations, so it is a setting here.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .event import TeamEntry

__all__ = ["LineupRules", "check_lineup", "default_lineup"]


@dataclass(frozen=True, slots=True)
class LineupRules:
    boards: int
    max_jump: int = 0
    """How many team-mates listed ahead of a player the player may be placed above (0: strict order)."""


def default_lineup(team: TeamEntry, boards: int, unavailable: Collection[int] = ()) -> tuple[int, ...]:
    """The first ``boards`` available players in list order (what a team plays when nobody says
    otherwise); shorter when too few are available (the empty boards are forfeited)."""
    return tuple(p for p in team.players if p not in unavailable)[:boards]


def check_lineup(team: TeamEntry, lineup: Sequence[int], rules: LineupRules) -> list[str]:
    """What is wrong with ``lineup`` (player ids, board 1 first) in plain words; empty when it is valid."""
    problems = []
    if len(lineup) > rules.boards:
        problems.append(f"{len(lineup)} players for {rules.boards} boards")
    listed = {p: i for i, p in enumerate(team.players)}
    strangers = [p for p in lineup if p not in listed]
    if strangers:
        problems.append("not on the team's list: " + ", ".join(map(str, strangers)))
    if len(set(lineup)) != len(lineup):
        problems.append("a player is on two boards")
    if problems:
        return problems
    for board, player in enumerate(lineup, start=1):
        passed = [q for q in lineup[board:] if listed[q] < listed[player]]
        if len(passed) > rules.max_jump:
            names = ", ".join(map(str, passed))
            allowed = "no team-mate" if rules.max_jump == 0 else f"at most {rules.max_jump} team-mate(s)"
            problems.append(
                f"board {board}: player {player} is placed above {names}, listed ahead of them; "
                f"the rules allow {allowed}"
            )
    return problems
