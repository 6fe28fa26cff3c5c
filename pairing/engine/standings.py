"""Standings: points, then the tie-break list per still-tied subgroup, then a recorded drawing of lots.

C.07 Art. 4.2: the tie-breaks are applied in order, each one only to the participants still level after the
previous ones (so direct encounter is computed inside the tied group it is asked to split); when the list
is exhausted, lots are drawn. The lots here are seeded and reproducible: each final tied group is shuffled
by ``random.Random`` seeded with the request's seed and the group's ids, so one group's draw never depends
on another's, and the result says who was placed by lot.

Product choices (the players' explainer, ``seeds/003``, is the specification):

- Unplayed rounds default to the virtual opponent (``unplayed="virtual-opponent"``); the C.07 2024 and 2026
  dummy rules are options (:data:`pairing.engine.tiebreaks.REGIMES`).
- Direct encounter decides only when every tied player has met every other (C.07 6.2, the explainer's
  "it only applies when they have all met"); FIDE's 6.3 is available as ``direct_encounter="fide"``.
- Koya (KS) decides its 50 % limit on the opponents' real final scores, in every unplayed-round rule (C.07 9.2
  is written for round robins and does not say); a Swiss round without a game counts against the unplayed-round
  rule's stand-in opponent on its score (C.07 16.4; see :func:`pairing.engine.tiebreaks.opponents.koya`).
- ARO and TPR leave unrated opponents out unless the request gives them a rating (``unrated_rating``, C.07 10).
- Cuts remove the least significant value (C.07 14.1.1): for SB-C1 the part from the lowest-scoring opponent.
  Where a cut leaves nothing (BH-M2 in four rounds or fewer, ARO-C1 with one rated opponent) the value is 0.
- Default lists: Swiss ``DE, BH-C1, BH, SB, WIN``; round robin ``DE, WIN, SB, KS`` (never Buchholz).
- Withdrawn participants keep their place and games; their rounds after withdrawal are unplayed rounds.
- Expelled participants (``StandingsRequest.expelled``) get no place: the others are ranked as if they were not
  in the list, while every game against them still counts for the opponents' scores and tie-breaks, as a
  withdrawal's does (C.07 2026 16.1 and 16.3: the rounds after leaving are zero-point byes, of category 16.2.5
  for the opponents; the FIDE Tournament Rules, C.06 V.5: "the points scored by him and by his opponents
  shall remain in the cross-table for ranking purposes"). Leaving them out of the ranking itself is the
  endorsement checklist's (VCL4THP.13 Q197-198: "expelled players ... excluded from Swiss standings"); their
  rows, with their values and no rank, are in ``Standings.expelled``.
"""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pairing.engine.errors import InvalidRequestError
from pairing.engine.tiebreaks import (
    DE_RULES,
    RATING_BASES,
    REGIMES,
    ROUND_ROBIN_DEFAULT,
    SWISS_DEFAULT,
    RatingFrom,
    TiebreakValue,
    TournamentTiebreaks,
    UnknownTiebreakError,
    format_points,
    validate_tiebreaks,
)
from pairing.engine.types import Participant, Scoring

if TYPE_CHECKING:  # trf.py is a sibling the CLI loads; standings only needs its shape
    from pairing.engine.trf import TrfTournament

__all__ = [
    "RATING_BASES",
    "RatingFrom",
    "StandingRow",
    "Standings",
    "StandingsRequest",
    "compute_standings",
    "standings_csv",
    "trf_rating_fields",
]


@dataclass(frozen=True, slots=True)
class StandingsRequest:
    """Everything needed to rank a tournament after some round."""

    participants: tuple[Participant, ...]
    """Everyone, withdrawn participants included; ``history`` holds their round records."""
    rounds: int
    """Rounds to count (standings after this round); histories may be longer (later rounds are ignored)
    or shorter (missing rounds count as zero-point absences)."""
    tiebreaks: tuple[str, ...] | None = None
    """Codes from :data:`pairing.engine.tiebreaks.TIEBREAKS`, most important first; ``None`` means the
    product default for the format (:data:`SWISS_DEFAULT` or :data:`ROUND_ROBIN_DEFAULT`)."""
    unplayed: str = "virtual-opponent"
    """One of :data:`pairing.engine.tiebreaks.REGIMES`."""
    scoring: Scoring = field(default_factory=Scoring)
    round_robin: bool = False
    """True for a round robin: forfeits count as games (C.07 15.2) and Buchholz tie-breaks are refused."""
    withdrawn: frozenset[int] = frozenset()
    """Ids of participants who have withdrawn; they stay in the standings with their games."""
    expelled: frozenset[int] = frozenset()
    """Ids of participants expelled: their games count for everyone else, but they get no rank and the
    others are ranked as if they were not there (module docstring; their rows are ``Standings.expelled``)."""
    seed: int = 0
    """Seed of the drawing of lots that ends every tie the tie-breaks leave."""
    direct_encounter: str = "all-met"
    """:data:`pairing.engine.tiebreaks.DE_RULES`: ``all-met`` (the explainer: DE only when every tied
    player has met every other, C.07 6.2) or ``fide`` (6.2 and 6.3)."""
    breakdowns: bool = True
    """False when only the values and the ranks are wanted (an export, a ranking): every value's ``parts``
    and ``notes`` are then empty and no breakdown text is built, which is most of the engine's work in a
    big field. Values, displays, ranks and lots are the same either way."""
    explained: frozenset[int] | None = None
    """With ``breakdowns``: the ids whose values get a breakdown (``None``: everyone). The others' values
    come without one, except direct encounter in a tied group holding one of these ids."""
    unrated_rating: int | None = None
    """The rating an unrated opponent (rating 0) counts with in ARO and TPR, a whole number >= 0 (C.07
    Art. 10: the tournament says beforehand how unrated players count; 0 is allowed). ``None``: unrated
    opponents are left out of ARO and TPR (the behaviour before this setting)."""
    later_ratings: tuple[RatingFrom, ...] = ()
    """A tournament lasting more than 30 days: each participant's ratings from later rounds (a new rating
    list; FIDE's endorsement checklist Q210-216). ``Participant.rating`` is the first one, and the pairing's."""
    rating_basis: str = "first"
    """Which rating ARO and TPR count (:data:`pairing.engine.tiebreaks.RATING_BASES`): the first (C.07 10's
    default), the one valid in each round, or the one valid in ``rating_round``."""
    rating_round: int | None = None
    """With ``rating_basis="chosen"``: the round whose valid ratings count."""


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings."""

    rank: int
    """1-based position; every row has its own (ties end in a drawing of lots)."""
    id: int
    tpn: int
    name: str
    points: Fraction
    """Score in the scoring system's points."""
    points_display: str
    tiebreaks: tuple[TiebreakValue, ...]
    """One value per requested tie-break, in the requested order, each with its breakdown (without one when
    the request said ``breakdowns=False``)."""
    withdrawn: bool = False
    expelled: bool = False
    """Expelled: a row of ``Standings.expelled``, with ``rank`` 0 (no place)."""
    by_lot: bool = False
    """True when this participant's place among the others level with them came from the drawing of lots."""
    lot_group: tuple[int, ...] = ()
    """When ``by_lot``: the ids that stayed level after every tie-break, in the order the lot put them."""
    decided_by: str | None = None
    """The tie-break that first separated this participant from someone level on points (``None`` if
    nobody was level on points, ``"LOT"`` if only the drawing of lots did)."""
    deciding: tuple[str, ...] = ()
    """Every tie-break that split a group this participant was in (in the order applied): a value
    of a tie-break not listed here did not decide this participant's place."""


@dataclass(frozen=True, slots=True)
class Standings:
    rows: tuple[StandingRow, ...]
    tiebreaks: tuple[str, ...]
    unplayed: str
    rounds: int
    seed: int
    lots: tuple[tuple[int, ...], ...] = ()
    """Every drawing of lots made, as the ids in the order drawn, best placed first."""
    expelled: tuple[StandingRow, ...] = ()
    """The expelled participants' rows (rank 0, by points then pairing number): not in ``rows``."""

    def row(self, participant_id: int) -> StandingRow:
        """The row of one participant, ranked or expelled."""
        for row in (*self.rows, *self.expelled):
            if row.id == participant_id:
                return row
        raise KeyError(participant_id)


def compute_standings(request: StandingsRequest) -> Standings:
    """Rank the participants (C.07 Art. 4.2) and give every tie-break value with its breakdown.

    Complexity: O(participants x rounds x tie-breaks) plus, for DE, O(group size x rounds) per tied group.

    Raises
    ------
    UnknownTiebreakError
        An unknown tie-break code or unplayed-round rule.
    TiebreakNotAllowedError
        Buchholz asked for a round robin.
    InvalidRequestError
        Inconsistent histories or an unknown withdrawn id.
    """
    asked = request.tiebreaks
    if asked is None:
        asked = ROUND_ROBIN_DEFAULT if request.round_robin else SWISS_DEFAULT
    codes = validate_tiebreaks(asked, round_robin=request.round_robin)
    if request.unplayed not in REGIMES:
        raise UnknownTiebreakError(
            f"unknown unplayed-round rule {request.unplayed!r}; choose one of: {', '.join(REGIMES)}"
        )
    t = TournamentTiebreaks(
        request.participants,
        request.rounds,
        scoring=request.scoring,
        regime=request.unplayed,
        round_robin=request.round_robin,
        direct_encounter=request.direct_encounter,
        unrated_rating=request.unrated_rating,
        later_ratings=request.later_ratings,
        rating_basis=request.rating_basis,
        rating_round=request.rating_round,
    )
    unknown = sorted(request.withdrawn - t.by_id.keys())
    if unknown:
        raise InvalidRequestError(f"withdrawn participant(s) {unknown} are not in the tournament")
    unknown = sorted(request.expelled - t.by_id.keys())
    if unknown:
        raise InvalidRequestError(f"expelled participant(s) {unknown} are not in the tournament")
    tpns = [p.tpn for p in request.participants]
    if len(set(tpns)) != len(tpns):
        raise InvalidRequestError("two participants share a pairing number")

    explained = request.explained

    def explain(pids: Iterable[int]) -> bool:
        return request.breakdowns and (explained is None or any(pid in explained for pid in pids))

    values: dict[int, dict[str, TiebreakValue]] = {}
    for pid in t.by_id:
        with_parts = explain((pid,))
        values[pid] = {code: t.value(pid, code, explain=with_parts) for code in codes if code != "DE"}
    decided_by: dict[int, str | None] = {pid: None for pid in t.by_id}
    lots: list[tuple[int, ...]] = []
    lot_of: dict[int, tuple[int, ...]] = {}

    deciding: dict[int, list[str]] = {pid: [] for pid in t.by_id}

    def mark(group: list[int], code: str) -> None:
        for pid in group:
            if decided_by[pid] is None:
                decided_by[pid] = code
            deciding[pid].append(code)

    def rank(group: list[int], index: int) -> list[int]:
        if len(group) == 1:
            return group
        if index == len(codes):
            ids = sorted(group, key=t.tpn_of)
            rng = random.Random(f"{request.seed}:{','.join(map(str, sorted(ids)))}")
            rng.shuffle(ids)
            drawn = tuple(ids)
            lots.append(drawn)
            for pid in ids:
                lot_of[pid] = drawn
            mark(ids, "LOT")
            return ids
        code = codes[index]
        if code == "DE":
            levels, de_values = t.direct_encounter(group, explain=explain(group))
            for pid, v in de_values.items():
                values[pid]["DE"] = v
        else:
            by_value: dict[Fraction, list[int]] = {}
            for pid in group:
                by_value.setdefault(values[pid][code].value, []).append(pid)
            levels = [sorted(by_value[v], key=t.tpn_of) for v in sorted(by_value, reverse=True)]
        if len(levels) > 1:
            mark(group, code)
        out: list[int] = []
        for level in levels:
            out.extend(rank(level, index + 1))
        return out

    # Expelled participants are not ranked: every tied group, direct encounter and drawing of lots is among the
    # others only (their games still count in everyone's values, computed above with them in the tournament).
    by_points: dict[int, list[int]] = {}
    for pid in t.by_id:
        if pid not in request.expelled:
            by_points.setdefault(t.total[pid], []).append(pid)
    order: list[int] = []
    for pts in sorted(by_points, reverse=True):
        order.extend(rank(sorted(by_points[pts], key=t.tpn_of), 0))
    out_of_ranking = sorted(request.expelled, key=lambda pid: (-t.total[pid], t.tpn_of(pid)))

    rows = []
    for position, pid in [*enumerate(order, start=1), *((0, pid) for pid in out_of_ranking)]:
        p = t.by_id[pid]
        per_code = values[pid]
        if "DE" in codes and "DE" not in per_code:
            _, alone = t.direct_encounter([pid], explain=explain((pid,)))
            per_code["DE"] = alone[pid]
        points = Fraction(t.total[pid], 2)
        rows.append(
            StandingRow(
                rank=position,
                id=pid,
                tpn=p.tpn,
                name=p.name,
                points=points,
                points_display=format_points(points),
                tiebreaks=tuple(per_code[code] for code in codes),
                withdrawn=pid in request.withdrawn,
                expelled=pid in request.expelled,
                by_lot=pid in lot_of,
                lot_group=lot_of.get(pid, ()),
                decided_by=decided_by[pid],
                deciding=tuple(deciding[pid]),
            )
        )
    ranked = len(order)
    return Standings(
        tuple(rows[:ranked]),
        codes,
        request.unplayed,
        request.rounds,
        request.seed,
        tuple(lots),
        expelled=tuple(rows[ranked:]),
    )


def standings_csv(
    tournament: TrfTournament,
    tiebreaks: list[str],
    unplayed: str,
    *,
    seed: int = 0,
    direct_encounter: str = "all-met",
) -> str:
    """Standings of a parsed TRF tournament as CSV (the CLI's ``--standings``).

    ``tournament`` is a :class:`pairing.engine.trf.TrfTournament` (from ``parse_trf``). The header is
    ``rank,pairing_number,name,points,`` followed by one column per tie-break in the order asked; points and
    point-valued tie-breaks are decimals (``3.5``), counts and ratings integers. ``direct_encounter`` is one
    of :data:`pairing.engine.tiebreaks.DE_RULES`.

    Raises
    ------
    UnknownTiebreakError
        An unknown tie-break code (checked before anything else), unplayed-round rule or direct-encounter
        rule.
    InvalidRequestError
        Anything else wrong with the tournament (no players, inconsistent games).
    """
    codes = validate_tiebreaks(tiebreaks)
    if unplayed not in REGIMES:
        raise UnknownTiebreakError(
            f"unknown unplayed-round rule {unplayed!r}; choose one of: {', '.join(REGIMES)}"
        )
    if direct_encounter not in DE_RULES:
        raise UnknownTiebreakError(
            f"unknown direct-encounter rule {direct_encounter!r}; choose one of: {', '.join(DE_RULES)}"
        )
    request = replace(
        _request_from_trf(tournament, codes, unplayed, seed),
        direct_encounter=direct_encounter,
        breakdowns=False,
    )
    standings = compute_standings(request)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["rank", "pairing_number", "name", "points", *codes])
    for row in standings.rows:
        writer.writerow(
            [row.rank, row.tpn, row.name, row.points_display, *(v.display for v in row.tiebreaks)]
        )
    return buffer.getvalue()


def trf_rating_fields(tournament: TrfTournament) -> dict[str, Any]:
    """A tournament over 30 days, as this program's ``###`` lines say it: the :class:`StandingsRequest`
    fields of its later ratings and of the rating its rating tie-breaks count (checklist Q210-216), so a
    file is ranked as it was computed; empty for any other file."""
    basis = tournament.rating_basis
    if basis is None:
        return {}
    ids = {p.id for p in tournament.players}
    later = tuple(
        RatingFrom(pid, from_round, rating)
        for pid, from_round, rating in tournament.later_ratings
        if pid in ids and from_round >= 1
    )
    return {"later_ratings": later, "rating_basis": basis[0], "rating_round": basis[1]}


def _request_from_trf(
    tournament: TrfTournament, codes: tuple[str, ...], unplayed: str, seed: int
) -> StandingsRequest:
    """Adapt a parsed TRF to a :class:`StandingsRequest`.

    Pairing numbers are the ``001`` ids, or the line order under ``XXC rank``. The rounds counted are the
    rounds already paired (a record for the round about to be paired, such as a known absence, is left out).
    A file says nothing about withdrawals, so nobody is marked withdrawn; players this program's ``###`` lines
    say were expelled (:attr:`TrfTournament.expelled`) are left out of the ranking. A round robin is recognised from
    records ``092``/``192`` naming a round robin or Berger tables.
    """
    if not tournament.players:
        raise InvalidRequestError("the tournament has no players")
    ordered = (
        list(enumerate(tournament.players, start=1))
        if tournament.pair_by_rank
        else [(p.id, p) for p in sorted(tournament.players, key=lambda p: p.id)]
    )
    participants = tuple(
        Participant(id=p.id, tpn=tpn, rating=p.rating, name=p.name, title=p.title, history=p.records)
        for tpn, p in ordered
    )
    kind = f"{tournament.tournament_type} {tournament.type_code}".upper()
    return StandingsRequest(
        participants=participants,
        rounds=tournament.played_rounds,
        tiebreaks=codes,
        unplayed=unplayed,
        scoring=tournament.scoring,
        round_robin="ROBIN" in kind or "BERGER" in kind,
        seed=seed,
        expelled=frozenset(
            pid for pid in tournament.expelled if any(p.id == pid for p in tournament.players)
        ),
        **trf_rating_fields(tournament),
    )
