"""A small hand-made team event: 5 teams, 2 boards, 3 rounds (GP in half-points)."""

from __future__ import annotations

from pairing.engine.teams.event import BoardResult, MatchRecord, TeamEntry, TeamEvent


def r(*points: int) -> tuple[BoardResult, ...]:
    return tuple(BoardResult(p) for p in points)


def small_event() -> TeamEvent:
    teams = tuple(TeamEntry(t, f"Team {t}", (2 * t - 1, 2 * t)) for t in range(1, 6))
    matches = (
        # BoardResult: half-points of the White team's player on that board (2 win, 1 draw, 0 loss)
        MatchRecord(1, 1, 3, r(2, 2)),  # 1 wins 2-0
        MatchRecord(1, 4, 2, r(2, 1)),  # 4 wins 1.5-0.5
        MatchRecord(2, 2, 1, r(1, 0)),  # 1 wins 1.5-0.5
        MatchRecord(2, 3, 5, r(2, 2)),  # 3 wins 2-0
        MatchRecord(3, 4, 1, r(0, 1)),  # 1 wins 1.5-0.5
        MatchRecord(3, 5, 2, r(2, 0)),  # 1-1
    )
    byes = ((1, 5), (2, 4), (3, 3))
    return TeamEvent("small", 3, 2, teams, matches, byes)
