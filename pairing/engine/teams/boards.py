"""Board-by-board results: each player's score on each board, for board rankings and board prizes.

A board prize goes to the best score or the best performance on a board, usually with a minimum
number of games (the Olympiad's rule); neither is a FIDE pairing rule, so both are options here.
Performance is the FIDE one (Rating Regulations B.02 8.1.1): the average rating of the opponents
actually played plus dp of the percentage, over played games against rated opponents only.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from ..fide.tables import dp_for_score
from .event import TeamEvent

__all__ = ["BoardRow", "board_rankings"]


@dataclass(frozen=True, slots=True)
class BoardRow:
    board: int
    player: int
    team: int
    """The team's TPN."""
    games: int
    """Games scored on this board, forfeited boards included."""
    points: int
    """Half-points."""
    played: int
    """Games played over the board (forfeits excluded)."""
    performance: int | None
    """ARO + dp over the played games against rated opponents; ``None`` without such games."""

    @property
    def percentage(self) -> Fraction:
        return Fraction(self.points, 2 * self.games) if self.games else Fraction(0)


def board_rankings(
    event: TeamEvent,
    *,
    ratings: Mapping[int, int] | None = None,
    by: str = "points",
    min_games: int = 0,
) -> dict[int, list[BoardRow]]:
    """Per board (1..boards), the players who played on it, best first.

    ``by`` is ``"points"`` (then percentage, then fewer games), ``"percentage"`` (then points) or
    ``"performance"`` (players without one last). Players under ``min_games`` are left out.
    A whole-match forfeit gives no board results; a forfeited single board counts its points.
    """
    if by not in ("points", "percentage", "performance"):
        raise ValueError(f"unknown board ranking {by!r}")
    ratings = ratings or {}
    teams = {t.tpn: t for t in event.teams}
    games: dict[tuple[int, int], list[tuple[int, int | None, bool]]] = {}
    """(board, player) -> [(half-points, opponent, played)]"""
    team_of: dict[int, int] = {}
    for m in event.matches:
        if m.forfeit:
            continue
        wl = m.white_lineup.players if m.white_lineup else teams[m.white].players[: event.boards]
        bl = m.black_lineup.players if m.black_lineup else teams[m.black].players[: event.boards]
        for k, result in enumerate(m.boards):
            w, b = wl[k], bl[k]
            team_of[w], team_of[b] = m.white, m.black
            played = not result.forfeit
            games.setdefault((k + 1, w), []).append((result.white_points, b, played))
            games.setdefault((k + 1, b), []).append((result.black, w, played))
    rows: dict[int, list[BoardRow]] = {k: [] for k in range(1, event.boards + 1)}
    for (board, player), results in games.items():
        if len(results) < min_games:
            continue
        rated = [(p, ratings[o]) for p, o, played in results if played and o is not None and o in ratings]
        performance = None
        if rated:
            aro = math.floor(Fraction(sum(r for _, r in rated), len(rated)) + Fraction(1, 2))  # 0.5 up
            performance = aro + dp_for_score(Fraction(sum(p for p, _ in rated), 2), len(rated))
        rows[board].append(
            BoardRow(
                board,
                player,
                team_of[player],
                len(results),
                sum(p for p, _, _ in results),
                sum(1 for _, _, played in results if played),
                performance,
            )
        )
    for board_rows in rows.values():
        if by == "points":
            board_rows.sort(key=lambda r: (-r.points, -r.percentage, r.games, r.player))
        elif by == "percentage":
            board_rows.sort(key=lambda r: (-r.percentage, -r.points, r.player))
        else:
            board_rows.sort(key=lambda r: (r.performance is None, -(r.performance or 0), -r.points, r.player))
    return rows
