"""The public site's one standings read path: the engine's ranking, cached per version, for pages, PDFs and API.

Standings come from the pairing app (``pairing.adapters.standings_for_tournament``: the engine's
ranking with every tie-break value and its breakdown). The engine runs once per change of the
standings: its answer is cached in two shapes keyed on ``tournament.standings_version`` (every
change but a result in a round still in play) and :data:`STANDINGS_ALGORITHM`:

* a compact :class:`Ranking` (ids, places, points, values) that the standings, crosstable,
  projector and participant pages join with the participants they have already loaded, and that
  the public API answers from (:func:`standings_for_api`);
* the breakdowns, which are most of the bulk (several MiB for a 1000-player open), in a few
  buckets by participant id, so one tapped value unpickles a few KiB, not the whole field.

The ranking is computed without breakdowns (most of the engine's work in a big field); a
bucket of breakdowns is computed when first wanted (a tapped value, a participant's page) with
only that bucket's participants explained. The public API's standings, which show every
breakdown, come from one engine run of their own, cached as JSON (:func:`standings_for_api`).

Everything else is worked out from a :class:`~tournaments.public.selectors.Snapshot`, so the
number of queries does not grow with the tournament.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache

from core.cache import CACHE_SECONDS, single_flight
from pairing.adapters import shared_ranks, standings_for_tournament
from pairing.engine.errors import InvalidRequestError
from pairing.engine.standings import StandingRow as EngineStandingRow
from pairing.engine.standings import Standings as EngineStandings
from pairing.engine.tiebreaks import TIEBREAKS, TiebreakValue
from tournaments.models import Participant, Tournament
from tournaments.public.selectors import Snapshot, kept
from tournaments.scores import format_points

STANDINGS_ALGORITHM = 2
"""Bump when a change to the engine's standings or tie-breaks changes answers (2: issue 18's
SB-C1 and the cut of the least significant value): it is in every cache key, so tournaments
already cached show the fixed standings at once."""
COMPUTE_LOCK_SECONDS = 60
COMPUTE_WAIT_SECONDS = 10.0
BUCKETS = 32
STANDINGS_PAGE_ROWS = 200
"""Places a page of the public standings (a 5,000-player table in one page is 3 MB of HTML)."""
"""Breakdowns are cached in this many pieces (participant id modulo BUCKETS)."""


class _Pickled:
    """Pickled as the class and its field values in order. The cache stores the ranking and the
    breakdowns (tens of thousands of these for a 5,000-player field), and the default for a
    slotted dataclass asks ``dataclasses.fields()`` once per object: a third of the pickling."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), tuple(getattr(self, name) for name in self.__slots__))


@dataclass(frozen=True, slots=True)
class TiebreakCell(_Pickled):
    code: str
    name: str
    value: str
    breakdown: str
    """Plain words: "Buchholz 24.5 = 5.0 (Ann) + 4.5 (Bob) + …" (the engine's summary)."""
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RankedRow(_Pickled):
    participant_id: int
    rank: int
    by_lot: bool
    """True when only the drawing of lots separated the participant from someone level with them."""
    points: str
    values: tuple[str, ...]
    """Tie-break values in the announced order, as text."""
    pairing_number: int
    name: str
    decimal_points: str
    """The points as the API writes them ("3.5"); ``points`` is the pages' "3½"."""
    withdrawn: bool


@dataclass(frozen=True, slots=True)
class Ranking(_Pickled):
    rows: tuple[RankedRow, ...]
    through_round: int
    problem: str = ""
    """Why the engine could not rank the field (e.g. a tie-break the format does not allow)."""
    tiebreaks: tuple[str, ...] = ()
    unplayed: str = ""
    """The unplayed-round rule the tie-breaks were computed with."""


@dataclass(frozen=True, slots=True)
class Breakdown(_Pickled):
    """One participant's place and every tie-break with how it was worked out."""

    name: str
    rank: int
    points: str
    cells: tuple[TiebreakCell, ...]

    def cell(self, code: str) -> TiebreakCell | None:
        return next((cell for cell in self.cells if cell.code == code), None)


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
class TiebreakHeading:
    code: str
    name: str
    description: str


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


def tiebreak_headings(tournament: Tournament) -> list[TiebreakHeading]:
    catalogue = {info.code: info for info in TIEBREAKS}
    headings = []
    for code in tournament.tiebreak_codes:
        info = catalogue.get(code)
        headings.append(TiebreakHeading(code, info.name if info else code, info.description if info else ""))
    return headings


def _key(tournament: Tournament, what: str) -> str:
    # ``standings_version`` moves on every change but a result in a round still in play, which
    # the standings (after the last complete round) do not show: no rerun of the engine for it.
    return (
        f"public-data:{tournament.public_token}:{tournament.pk}:"
        f"s{tournament.standings_version}:a{STANDINGS_ALGORITHM}:{what}"
    )


def _points(row) -> str:
    doubled = row.points * 2
    return format_points(int(doubled)) if doubled.denominator == 1 else row.points_display


def _empty_buckets(tournament: Tournament) -> dict[str, dict[int, Breakdown]]:
    return {_key(tournament, f"breakdowns-{bucket}"): {} for bucket in range(BUCKETS)}


def shown_value(row: EngineStandingRow, value: TiebreakValue) -> str:
    """A tie-break value as the tables show it: direct encounter only where it decided the order."""
    if value.code == "DE" and "DE" not in row.deciding:
        return "–"
    return value.display


def _compute(tournament: Tournament) -> Ranking:
    """Run the engine's standings without breakdowns (four queries) and cache the ranking.

    The standings are those after the last round with every result in. A round still in play is
    left out on purpose: counting its missing results as unplayed rounds would move Buchholz and
    friends about with every result. Its results show on the pairings, the crosstable and each
    participant's page as they come in.
    """
    try:
        result: EngineStandings = standings_for_tournament(tournament, breakdowns=False)
    except InvalidRequestError as exc:
        # A settings mistake must not take every public page down: they fall back to points.
        ranking = Ranking((), 0, str(exc))
        cache.set_many(_empty_buckets(tournament) | {_key(tournament, "ranking"): ranking}, CACHE_SECONDS)
        return ranking
    ranking = _ranking_from(tournament, result)
    cache.set(_key(tournament, "ranking"), ranking, CACHE_SECONDS)
    return ranking


def _ranking_from(tournament: Tournament, result: EngineStandings) -> Ranking:
    rows = []
    # Lots are drawn for the final standings only: until then players level on everything share
    # their place, untagged (after round 1 that is most of the field).
    final = result.rounds >= tournament.rounds_planned
    shared = shared_ranks(result)
    for row in result.rows:
        rows.append(
            RankedRow(
                row.id,
                row.rank if final else shared[row.id],
                row.by_lot and final,
                _points(row),
                tuple(shown_value(row, v) for v in row.tiebreaks),
                row.tpn,
                row.name,
                row.points_display,
                row.withdrawn,
            )
        )
    rows.sort(key=lambda row: (row.rank, row.pairing_number))  # players sharing a place: by number
    return Ranking(tuple(rows), result.rounds, tiebreaks=result.tiebreaks, unplayed=result.unplayed)


def _compute_breakdowns(tournament: Tournament, bucket: int) -> dict[int, Breakdown]:
    """Run the engine's standings with the breakdowns of one bucket's participants and cache
    them, and the ranking with them (the same answer: a participant's page, which asks for both,
    runs the engine once)."""
    key = _key(tournament, f"breakdowns-{bucket}")
    buckets: dict[str, dict[int, Breakdown]] = {key: {}}
    try:
        result: EngineStandings = standings_for_tournament(
            tournament, explained=lambda pid: pid % BUCKETS == bucket
        )
    except InvalidRequestError as exc:
        cache.set_many(buckets | {_key(tournament, "ranking"): Ranking((), 0, str(exc))}, CACHE_SECONDS)
        return {}
    breakdowns = {
        row.id: Breakdown(
            row.name,
            row.rank,
            _points(row),
            tuple(TiebreakCell(v.code, v.name, v.display, v.summary, tuple(v.notes)) for v in row.tiebreaks),
        )
        for row in result.rows
        if row.id % BUCKETS == bucket
    }
    # Stored even when empty, so asking for an unknown id is a cache hit, not a rerun.
    buckets[key] = breakdowns
    cache.set_many(buckets | {_key(tournament, "ranking"): _ranking_from(tournament, result)}, CACHE_SECONDS)
    return breakdowns


def _cached(tournament: Tournament, what: str) -> Any:
    """``what`` from the cache; on a miss, one request runs the engine while the others wait for it.

    After each result every open standings, crosstable and participant page (and the public API)
    wants the new ranking at once; running the engine for each of them would multiply the slowest
    step of the lot. A waiter that sees nothing after ``COMPUTE_WAIT_SECONDS`` computes it itself.
    """

    def compute() -> Any:
        if what == "ranking":
            return _compute(tournament)
        return _compute_breakdowns(tournament, int(what.rsplit("-", 1)[1]))

    return single_flight(
        _key(tournament, what),
        compute,
        lock_key=_key(tournament, "computing" if what == "ranking" else "computing-breakdowns"),
        lock_seconds=COMPUTE_LOCK_SECONDS,
        wait_seconds=COMPUTE_WAIT_SECONDS,
        stores_itself=True,
    )


def ranking_cached(tournament: Tournament) -> Ranking:
    # Kept unpickled per process too: a 1000-row ranking costs ~25 ms to unpickle.
    return kept(("ranking", _key(tournament, "ranking")), lambda: _cached(tournament, "ranking"))


def breakdown_cached(tournament: Tournament, participant_id: int) -> Breakdown | None:
    return _cached(tournament, f"breakdowns-{participant_id % BUCKETS}").get(participant_id)


@dataclass(frozen=True, slots=True)
class ApiTiebreak:
    code: str
    name: str
    display: str
    summary: str


@dataclass(frozen=True, slots=True)
class ApiStandingRow:
    """One row as the API shows it; the names match the engine's rows, so one serializer reads both."""

    rank: int
    id: int
    tpn: int
    name: str
    points_display: str
    by_lot: bool
    withdrawn: bool
    tiebreaks: tuple[ApiTiebreak, ...]


@dataclass(frozen=True, slots=True)
class ApiStandings:
    rounds: int
    tiebreaks: tuple[str, ...]
    unplayed: str
    rows: tuple[ApiStandingRow, ...]


def standings_for_api(tournament: Tournament) -> ApiStandings:
    """The public API's standings: the pages' ranking with every participant's breakdowns, in the
    API's shape, from one engine run (the API's JSON is then cached per standings version by
    ``public_json``; the ranking the pages read is stored from the same run if it is missing).

    Straight from the engine's rows to the API's: going through the breakdown buckets (built,
    pickled, stored, read back, converted again) added 0.3-0.7 s for a 5,000-player field.

    Raises ``InvalidRequestError`` (the API answers 409) when the engine cannot rank the field.
    """
    try:
        result: EngineStandings = standings_for_tournament(tournament)
    except InvalidRequestError as exc:
        cache.add(_key(tournament, "ranking"), Ranking((), 0, str(exc)), CACHE_SECONDS)
        raise
    ranking = _ranking_from(tournament, result)
    cache.add(_key(tournament, "ranking"), ranking, CACHE_SECONDS)
    values = {row.id: row.tiebreaks for row in result.rows}
    rows = tuple(
        ApiStandingRow(
            row.rank,
            row.participant_id,
            row.pairing_number,
            row.name,
            row.decimal_points,
            row.by_lot,
            row.withdrawn,
            tuple(ApiTiebreak(v.code, v.name, v.display, v.summary) for v in values[row.participant_id]),
        )
        for row in ranking.rows
    )
    return ApiStandings(ranking.through_round, ranking.tiebreaks, ranking.unplayed, rows)


def standings_build(snapshot: Snapshot, *, top: int | None = None, page: int | None = None) -> Standings:
    """The public standings: the cached ranking joined with the snapshot's participants.

    ``top`` keeps only the first places (the projector view); ``page`` (from 1; past the end, the
    last) keeps :data:`STANDINGS_PAGE_ROWS` places of a longer table and says which pages there are.
    """
    tournament = snapshot.tournament
    ranking = ranking_cached(tournament)
    if ranking.problem:
        return Standings([], _rows_by_points(snapshot)[:top], None, ranking.problem, snapshot.tell_apart)
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
    )


def standings_page_of(tournament: Tournament, participant_id: int) -> int:
    """The page of the public standings that holds ``participant_id`` (1 when not ranked)."""
    for index, row in enumerate(ranking_cached(tournament).rows):
        if row.participant_id == participant_id:
            return index // STANDINGS_PAGE_ROWS + 1
    return 1


def _rows_by_points(snapshot: Snapshot) -> list[StandingRow]:
    """Live points only, level players sharing a place: what can be shown when the engine cannot rank."""
    people = sorted(
        snapshot.participants.values(), key=lambda p: (-snapshot.score(p.id), p.pairing_number or 0, p.id)
    )
    rows: list[StandingRow] = []
    for index, p in enumerate(people, start=1):
        score = snapshot.score(p.id)
        rank = rows[-1].rank if rows and snapshot.score(rows[-1].participant.id) == score else index
        rows.append(StandingRow(rank, False, p, format_points(score), ()))
    return rows
