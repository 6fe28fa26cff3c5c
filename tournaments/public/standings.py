"""The public standings table: the read model's ranking (``pairing.standings``) joined with the
public snapshot's participants, in pages of :data:`STANDINGS_PAGE_ROWS` places.

Everything is worked out from a :class:`~tournaments.public.selectors.Snapshot`, so the number of
queries does not grow with the tournament.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pairing.standings import TiebreakHeading, ranking_cached, tiebreak_headings
from tournaments.models import Participant, Tournament
from tournaments.public.selectors import Snapshot
from tournaments.scores import format_points

STANDINGS_PAGE_ROWS = 200
"""Places a page of the public standings (a 5,000-player table in one page is 3 MB of HTML)."""


@dataclass(frozen=True, slots=True)
class PageLink:
    """One page of a long table (the standings, the crosstable), named by the places it holds."""

    number: int
    first: int
    last: int


def page_links(count: int, size: int) -> list[PageLink]:
    """The pages of ``count`` places, ``size`` a page."""
    return [
        PageLink(index, first + 1, min(first + size, count))
        for index, first in enumerate(range(0, count, size), start=1)
    ]


@dataclass(frozen=True, slots=True)
class StandingRow:
    rank: int
    by_lot: bool
    participant: Participant
    points: str
    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Standings:
    headings: list[TiebreakHeading]
    rows: list[StandingRow]
    through_round: int | None
    problem: str = ""
    tell_apart: dict[int, str] = field(default_factory=dict)
    """participant id → what tells a namesake apart (the snapshot's)."""
    pages: list[PageLink] = field(default_factory=list)
    """Every page of the table when it takes more than one (empty otherwise)."""
    page: int = 1
    expelled: list[Participant] = field(default_factory=list)
    """Participants expelled from the tournament: no place (FIDE's endorsement checklist, Q197-198), named
    under the table so that nobody seems to have vanished."""


def _expelled(snapshot: Snapshot) -> list[Participant]:
    return sorted(
        (p for p in snapshot.participants.values() if p.status == Participant.Status.EXPELLED),
        key=lambda p: (p.pairing_number or 0, p.id),
    )


def standings_build(snapshot: Snapshot, *, top: int | None = None, page: int | None = None) -> Standings:
    """The public standings: the cached ranking joined with the snapshot's participants.

    ``top`` keeps only the first places (the projector view); ``page`` (from 1; past the end, the
    last) keeps :data:`STANDINGS_PAGE_ROWS` places of a longer table and says which pages there are.
    """
    tournament = snapshot.tournament
    ranking = ranking_cached(tournament)
    if ranking.problem:
        return Standings(
            [],
            _rows_by_points(snapshot)[:top],
            None,
            ranking.problem,
            snapshot.tell_apart,
            expelled=[] if top else _expelled(snapshot),
        )
    ranked = [row for row in ranking.rows[:top] if row.participant_id in snapshot.participants]
    pages: list[PageLink] = []
    if page is not None and len(ranked) > STANDINGS_PAGE_ROWS:
        pages = page_links(len(ranked), STANDINGS_PAGE_ROWS)
        page = min(page, len(pages))
        ranked = ranked[(page - 1) * STANDINGS_PAGE_ROWS : page * STANDINGS_PAGE_ROWS]
    rows = [
        StandingRow(row.rank, row.by_lot, snapshot.participants[row.participant_id], row.points, row.values)
        for row in ranked
    ]
    return Standings(
        tiebreak_headings(tournament),
        rows,
        ranking.through_round,
        "",
        snapshot.tell_apart,
        pages,
        page if pages and page else 1,
        expelled=[] if top else _expelled(snapshot),
    )


def standings_page_of(tournament: Tournament, participant_id: int) -> int:
    """The page of the public standings that holds ``participant_id`` (1 when not ranked)."""
    for index, row in enumerate(ranking_cached(tournament).rows):
        if row.participant_id == participant_id:
            return index // STANDINGS_PAGE_ROWS + 1
    return 1


def _rows_by_points(snapshot: Snapshot) -> list[StandingRow]:
    """Live points only, level players sharing a place: what can be shown when the engine cannot rank.
    Expelled participants have no place here either."""
    people = sorted(
        (p for p in snapshot.participants.values() if p.status != Participant.Status.EXPELLED),
        key=lambda p: (-snapshot.score(p.id), p.pairing_number or 0, p.id),
    )
    rows: list[StandingRow] = []
    for index, p in enumerate(people, start=1):
        score = snapshot.score(p.id)
        rank = rows[-1].rank if rows and snapshot.score(rows[-1].participant.id) == score else index
        rows.append(StandingRow(rank, False, p, format_points(score), ()))
    return rows
