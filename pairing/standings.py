"""The one standings read model: the engine call, the place rule, the display rule and the caches.

Every table of places reads through here: the staff page (:func:`staff_standings`), the staff
and public APIs (:func:`standings_for_api`), the public pages and PDFs (:func:`ranking_cached`,
:func:`breakdown_cached`), and the exports (:func:`standings_for_tournament`, :func:`placings`,
:func:`shared_ranks`). The rules written once:

* the engine call (:func:`standings_for_tournament`): the tournament's tie-break list,
  unplayed-round rule and ``lots_seed``, after the last round with every result in by default;
* the place rule (:func:`placings`): lots are drawn in the final standings only, until then
  players level on everything share a place;
* the display rule (:func:`shown_value`): the direct encounter shows only where it decided;
* the caches: the engine's answer is cached in two shapes keyed on ``tournament.standings_version``
  (every change but a result in a round still in play) and :data:`STANDINGS_ALGORITHM`: a compact
  :class:`Ranking` (ids, places, points, values) that the pages join with the participants they
  have already loaded, and the breakdowns, in a few buckets by participant id, so one tapped
  value unpickles a few KiB, not the whole field. The ranking is computed without breakdowns
  (most of the engine's work in a big field); a bucket of breakdowns is computed when first
  wanted (a tapped value, a participant's page) with only that bucket's participants explained.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache

from core.cache import CACHE_SECONDS, kept_in_process, single_flight
from core.collector import collector_paused
from pairing.adapters import engine_participant
from pairing.engine.errors import InvalidRequestError
from pairing.engine.standings import RatingFrom, StandingsRequest, compute_standings
from pairing.engine.standings import StandingRow as EngineStandingRow
from pairing.engine.standings import Standings as EngineStandings
from pairing.engine.tiebreaks import TIEBREAKS, TiebreakValue
from pairing.engine.types import RoundRecord
from pairing.words import tiebreak_description, tiebreak_name
from tournaments.models import Participant, ParticipantRating, Tournament
from tournaments.records import histories_for_tournament, last_complete_round, scoring_for
from tournaments.scores import format_points

STANDINGS_ALGORITHM = 2
"""Bump when a change to the engine's standings or tie-breaks changes answers (2: issue 18's
SB-C1 and the cut of the least significant value): it is in every cache key, so tournaments
already cached show the fixed standings at once."""
COMPUTE_LOCK_SECONDS = 60
COMPUTE_WAIT_SECONDS = 10.0
BUCKETS = 32
"""Breakdowns are cached in this many pieces (participant id modulo BUCKETS)."""


# --- The engine call ---------------------------------------------------------------------------


def standings_for_tournament(
    tournament: Tournament,
    *,
    through_round: int | None = None,
    breakdowns: bool = True,
    explained: Callable[[int], bool] | None = None,
    loaded: tuple[list[Participant], dict[int, tuple[RoundRecord, ...]]] | None = None,
) -> EngineStandings:
    """Standings after ``through_round`` (default: the last round with every result in).

    ``breakdowns=False`` when only values and ranks are wanted (exports, rankings): the same
    answer without the breakdown of each value, a fraction of the work in a big field.
    ``explained``: only the participants (pks) it says yes to get their values' breakdowns
    (``None``: everyone). ``loaded``: every participant and their histories through
    ``through_round``, when the caller has already read them (an export), so they are not read
    twice.
    """
    with collector_paused():
        return _standings(tournament, through_round, breakdowns, explained, loaded)


def _standings(
    tournament: Tournament,
    through_round: int | None,
    breakdowns: bool,
    explained: Callable[[int], bool] | None,
    loaded: tuple[list[Participant], dict[int, tuple[RoundRecord, ...]]] | None,
) -> EngineStandings:
    rounds = last_complete_round(tournament) if through_round is None else through_round
    if loaded is not None:
        people, histories = loaded
    else:
        people = list(Participant.objects.filter(tournament=tournament).order_by("pairing_number", "pk"))
        histories = histories_for_tournament(tournament, rounds, participants=people)
    participants = tuple(engine_participant(p, histories[p.pk]) for p in people)
    withdrawn = frozenset(p.pk for p in people if p.status == Participant.Status.WITHDRAWN)
    # Expelled players get no place; their games count for their opponents (pairing.engine.standings).
    expelled = frozenset(p.pk for p in people if p.status == Participant.Status.EXPELLED)
    return compute_standings(
        StandingsRequest(
            participants=participants,
            rounds=rounds,
            tiebreaks=tuple(tournament.tiebreak_codes),
            unplayed=tournament.unplayed_rule,
            scoring=scoring_for(tournament),
            round_robin=tournament.format == Tournament.Format.ROUND_ROBIN,
            withdrawn=withdrawn,
            expelled=expelled,
            seed=tournament.lots_seed,
            unrated_rating=tournament.unrated_rating,
            **_long_tournament_ratings(tournament, people),
            breakdowns=breakdowns,
            explained=None if explained is None else frozenset(p.pk for p in people if explained(p.pk)),
        )
    )


def _long_tournament_ratings(tournament: Tournament, people: list[Participant]) -> dict[str, Any]:
    """A tournament lasting more than 30 days: the later ratings (``ParticipantRating``) and which
    rating the rating tie-breaks count (FIDE's endorsement checklist Q210-216); otherwise nothing,
    and the tie-breaks count each player's one rating."""
    if not tournament.long_tournament:
        return {}
    ids = {p.pk for p in people}
    later = ParticipantRating.objects.filter(participant__tournament=tournament).values_list(
        "participant_id", "from_round", "rating"
    )
    return {
        "later_ratings": tuple(
            RatingFrom(pk, from_round, rating) for pk, from_round, rating in later if pk in ids
        ),
        "rating_basis": tournament.rating_basis,
        "rating_round": tournament.rating_basis_round,
    }


def shared_ranks(standings: EngineStandings) -> dict[int, int]:
    """Participant id -> the best rank of the group only the drawing of lots separated (their own
    rank when no lot placed them), where tables show players level on everything sharing a place.

    One pass over the rows and the lots: a lot can hold most of the field (after round 1 of a big
    Swiss), so asking each member for the minimum over its whole group would be quadratic.
    """
    rank_of = {row.id: row.rank for row in standings.rows}
    for drawn in standings.lots:
        best = min(rank_of[pid] for pid in drawn)
        rank_of.update(dict.fromkeys(drawn, best))
    return rank_of


# --- What the tables show --------------------------------------------------------------------


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
class TiebreakHeading:
    code: str
    name: str
    description: str


def tiebreak_headings(tournament: Tournament) -> list[TiebreakHeading]:
    catalogue = {info.code: info for info in TIEBREAKS}
    headings = []
    for code in tournament.tiebreak_codes:
        info = catalogue.get(code)
        name, description = (info.name, info.description) if info else (code, "")
        # In the page's language (pairing.words); the engine's table is English.
        headings.append(
            TiebreakHeading(code, tiebreak_name(code, name), tiebreak_description(code, description))
        )
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


def placings(tournament: Tournament, result: EngineStandings) -> list[tuple[EngineStandingRow, int, bool]]:
    """Each engine row with the place and the "by lot" mark every table shows, best place first
    (players sharing a place: by pairing number).

    Lots are drawn for the final standings only: until then players level on everything share
    their place, untagged (after round 1 that is most of the field). The one place this rule is
    written: the pages, the PDFs, both APIs and the CSV export read their places through it.
    """
    final = result.rounds >= tournament.rounds_planned
    shared = {} if final else shared_ranks(result)
    placed = [(row, row.rank if final else shared[row.id], row.by_lot and final) for row in result.rows]
    placed.sort(key=lambda item: (item[1], item[0].tpn))
    return placed


def _ranking_from(tournament: Tournament, result: EngineStandings) -> Ranking:
    rows = tuple(
        RankedRow(
            row.id,
            rank,
            by_lot,
            _points(row),
            tuple(shown_value(row, v) for v in row.tiebreaks),
            row.tpn,
            row.name,
            row.points_display,
            row.withdrawn,
        )
        for row, rank, by_lot in placings(tournament, result)
    )
    return Ranking(rows, result.rounds, tiebreaks=result.tiebreaks, unplayed=result.unplayed)


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
    return kept_in_process(("ranking", _key(tournament, "ranking")), lambda: _cached(tournament, "ranking"))


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


def standings_for_api(tournament: Tournament, through_round: int | None = None) -> ApiStandings:
    """The APIs' standings (public and staff): the pages' places with every participant's
    breakdowns, in the API's shape, from one engine run (the JSON is then cached per standings
    version by the caller; the ranking the pages read is stored from the same run if it is missing).

    ``through_round``: the standings after that round (the staff API may ask for any round, the
    one in play included, whose missing results then count as unplayed); default, after the last
    complete round.

    Straight from the engine's rows to the API's: going through the breakdown buckets (built,
    pickled, stored, read back, converted again) added 0.3-0.7 s for a 5,000-player field.

    Raises ``InvalidRequestError`` (the API answers 409) when the engine cannot rank the field.
    """
    try:
        result: EngineStandings = standings_for_tournament(tournament, through_round=through_round)
    except InvalidRequestError as exc:
        if through_round is None:
            cache.add(_key(tournament, "ranking"), Ranking((), 0, str(exc)), CACHE_SECONDS)
        raise
    ranking = _ranking_from(tournament, result)
    if through_round is None:
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


# --- The staff table -----------------------------------------------------------------------------


@dataclass
class StaffStandingRow:
    rank: int
    tpn: int
    id: int
    name: str
    withdrawn: bool
    by_lot: bool
    points_display: str
    values: list[str]


@dataclass
class StaffStandings:
    rounds: int
    """The standings are those after this round."""
    tiebreaks: tuple[str, ...]
    rows: list[StaffStandingRow]
    expelled: list[tuple[int | None, str]]
    """Expelled participants (pairing number, name): no place, named under the table."""


def staff_standings(tournament: Tournament, through_round: int | None = None) -> StaffStandings:
    """The staff standings table after ``through_round`` (default: the last complete round).

    The default is the public site's cached ranking (the same rows, built the same way): after a
    change the engine runs once for every page, staff and public, instead of on each visit to
    this one, which took seconds for a 5,000-player field. An earlier round is computed, and so
    is the default when the engine cannot rank the field, so the staff see the engine's error.
    """
    ranking = ranking_cached(tournament) if through_round is None else None
    if ranking is None or ranking.problem:
        result = standings_for_tournament(tournament, through_round=through_round, breakdowns=False)
        ranking = _ranking_from(tournament, result)
    rows = [
        StaffStandingRow(
            row.rank,
            row.pairing_number,
            row.participant_id,
            row.name,
            row.withdrawn,
            row.by_lot,
            row.decimal_points,
            list(row.values),
        )
        for row in ranking.rows
    ]
    expelled = list(
        Participant.objects.filter(tournament=tournament, status=Participant.Status.EXPELLED)
        .order_by("pairing_number", "pk")
        .values_list("pairing_number", "name")
    )
    return StaffStandings(ranking.through_round, ranking.tiebreaks, rows, expelled)
