"""The best club (or team, or school): the sum of each club's best members' points in one standings,
for a "best club" prize that goes to a club rather than to a player."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .model import Entrant

__all__ = ["ClubScore", "club_standings"]


@dataclass(frozen=True, slots=True)
class ClubScore:
    club: str
    points: int
    """Half-points of the counted members."""
    members: tuple[int, ...]
    """The counted members' ids, best placed first."""
    place: int


def club_standings(
    entrants: Iterable[Entrant], *, counted: int, field: str = "club", complete_only: bool = True
) -> tuple[ClubScore, ...]:
    """Clubs ranked by the points of their ``counted`` best-placed members.

    Ties are split by the lower sum of those members' places, then by the club's name (the organiser
    announces something else if they want). ``field`` may be any attribute :class:`Entrant` has,
    ``extra:team`` included. Players with no club are left out; with ``complete_only`` a club with
    fewer than ``counted`` players is too.
    """
    if counted <= 0:
        raise ValueError("count at least one player per club")
    clubs: dict[str, list[Entrant]] = {}
    for e in sorted(entrants, key=lambda e: e.rank):
        name = str(e.value(field)).strip()
        if name:
            clubs.setdefault(name, []).append(e)
    scored = [
        (name, members[:counted])
        for name, members in clubs.items()
        if len(members) >= counted or not complete_only
    ]
    scored.sort(key=lambda c: (-sum(e.points for e in c[1]), sum(e.rank for e in c[1]), c[0]))
    return tuple(
        ClubScore(name, sum(e.points for e in members), tuple(e.id for e in members), place)
        for place, (name, members) in enumerate(scored, start=1)
    )
