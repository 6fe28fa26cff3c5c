"""Team tie-breaks of C.07 (2026 edition): a table row per code with its article, words and function,
and the team standings they order.

Scores are the event's integers: match points (MP) in :class:`~.types.MatchScoring` units, game
points (GP) in half-points; products stay integers. The primary score (C.04.6 Art. 1.2; C.07 Art.
11) is MP unless the event says GP.

Unplayed rounds follow C.07 Art. 16 with "team" for "player": a match not played (a PAB, a
whole-match forfeit, an absence) is an unplayed round. A team whose unplayed rounds are absences
followed only by other voluntary unplayed rounds (absences, forfeit losses) has its adjusted score
count those absences as drawn matches when it is somebody's opponent (16.3); each unplayed round of
the team itself counts as a match against a dummy with the team's own final score (16.4), capped
(2026, ``cap_dummy``) at the scheduled opponent's adjusted score for a forfeit (16.4.1) and at a
draw per round otherwise (16.4.2); a cut removes the lowest contribution of a voluntary unplayed
round instead of the least significant value, or for Sonneborn-Berger the higher of the two (16.5.1). Extended Sonneborn-Berger counts the dummy too, times the points the round brought; for BC,
TBR and BBE (Art. 12) a PAB counts a standard win's game points on every board. These readings
agree with Gacrux's tie-break checker on every generated tournament
(``scripts/teams_crosscheck.py --tiebreaks``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..errors import InvalidRequestError
from .event import MatchRecord, TeamEvent, team_rounds
from .types import MatchKind, PrimaryScore, TeamRound

__all__ = [
    "TEAM_TIEBREAKS",
    "TeamStandingRow",
    "TeamTiebreakInfo",
    "board_points",
    "team_standings",
]


@dataclass(frozen=True, slots=True)
class _Field:
    event: TeamEvent
    rounds: dict[int, tuple[TeamRound, ...]]
    primary: PrimaryScore
    cap_dummy: bool

    def total(self, tpn: int, score: str) -> int:
        recs = self.rounds[tpn]
        return sum(r.match_points for r in recs) if score == "MP" else sum(r.game_points for r in recs)

    def primary_code(self) -> str:
        return self.primary.value

    def secondary_code(self) -> str:
        return "GP" if self.primary is PrimaryScore.MATCH else "MP"


def _scored(r: TeamRound, score: str) -> int:
    return r.match_points if score == "MP" else r.game_points


_VOLUNTARY = (MatchKind.ZERO_BYE, MatchKind.HALF_BYE, MatchKind.FORFEIT_LOSS, MatchKind.DOUBLE_FORFEIT)
"""Art. 16.1: voluntary unplayed rounds (requested byes and forfeit losses; a PAB is not one)."""
_BYES = (MatchKind.ZERO_BYE, MatchKind.HALF_BYE)


def _draw(f: _Field, score: str) -> int:
    return f.event.scoring.draw if score == "MP" else f.event.boards


def _adjusted(f: _Field, tpn: int, score: str) -> int:
    """Art. 16.3: the team's score as an opponent: a requested bye (absence) followed only by voluntary
    unplayed rounds (category 16.2.5) counts as a draw."""
    rounds = f.rounds[tpn]
    total = 0
    for i, r in enumerate(rounds):
        if r.kind in _BYES and all(later.kind in _VOLUNTARY for later in rounds[i + 1 :]):
            total += _draw(f, score)
        else:
            total += _scored(r, score)
    return total


def _dummy(f: _Field, tpn: int, score: str, r: TeamRound) -> int:
    """Art. 16.4: the dummy opponent of an unplayed round has the team's own final score; from 2026
    (``cap_dummy``) at most the scheduled opponent's adjusted score for a forfeit (16.4.1), at most a
    draw per round otherwise (16.4.2)."""
    own = f.total(tpn, score)
    if not f.cap_dummy:
        return own
    if r.kind.paired and r.opponent is not None:
        return min(own, _adjusted(f, r.opponent, score))
    return min(own, _draw(f, score) * len(f.rounds[tpn]))


def _opponent_value(f: _Field, tpn: int, r: TeamRound, score: str) -> int:
    """What one round contributes as the opponent's score: its adjusted score if the match was played,
    the dummy's otherwise."""
    if r.kind is MatchKind.PLAYED and r.opponent is not None:
        return _adjusted(f, r.opponent, score)
    return _dummy(f, tpn, score, r)


def _buchholz_values(f: _Field, tpn: int, score: str) -> list[tuple[int, bool]]:
    """Per round: (contribution, a voluntary unplayed round)."""
    return [(_opponent_value(f, tpn, r, score), r.kind in _VOLUNTARY) for r in f.rounds[tpn]]


def _bh(f: _Field, tpn: int, cut: int) -> int:
    values = _buchholz_values(f, tpn, f.primary_code())
    kept = sorted(values, key=lambda v: (not v[1], v[0]))  # Art. 16.5: a voluntary unplayed round first
    return sum(v for v, _ in kept[min(cut, len(kept)) :])


def _esb(f: _Field, tpn: int, basis: str, scored: str, cut: int) -> int:
    """Art. 13.2: per opponent, its total ``basis`` score times the ``scored`` points made against it;
    an unplayed round counts against the Art. 16.4 dummy.

    The cut (Art. 14.1.2) drops the contribution of the opponent with the lowest basis score (the
    lowest contribution among several); when the team has voluntary unplayed rounds, the lowest of
    their contributions is the other candidate and the higher of the two is cut (16.5.1).
    """
    items = []
    for r in f.rounds[tpn]:
        other = _opponent_value(f, tpn, r, basis)
        items.append((other, other * _scored(r, scored), r.kind in _VOLUNTARY))
    for _ in range(min(cut, max(len(items) - 1, 0))):
        normal = min(items, key=lambda item: (item[0], item[1]))
        voluntary = [item for item in items if item[2]]
        victim = normal
        if voluntary:
            lowest = min(voluntary, key=lambda item: item[1])
            if lowest[1] > normal[1]:
                victim = lowest
        items.remove(victim)
    return sum(p for _, p, _ in items)


def board_points(event: TeamEvent, upto: int | None = None) -> dict[int, tuple[int, ...]]:
    """Each team's game points (half-points) per board over the event, board 1 first (C.07 Art. 12).

    A PAB and a won whole-match forfeit give a win's points on every board."""
    last = event.rounds_played if upto is None else upto
    totals = {t.tpn: [0] * event.boards for t in event.teams}
    for m in event.matches:
        if m.round > last:
            continue
        for k in range(event.boards):
            w, b = _board(m, k)
            totals[m.white][k] += w
            totals[m.black][k] += b
    for rnd, tpn in event.byes:
        if rnd <= last:
            for k in range(event.boards):
                totals[tpn][k] += 2
    return {tpn: tuple(v) for tpn, v in totals.items()}


def _board(m: MatchRecord, k: int) -> tuple[int, int]:
    if m.forfeit:
        return {"+-": (2, 0), "-+": (0, 2), "--": (0, 0)}[m.forfeit]
    return m.boards[k].white_points, m.boards[k].black


@dataclass(frozen=True, slots=True)
class TeamTiebreakInfo:
    code: str
    article: str
    """The C.07 (2026) article that defines it."""
    words: str
    compute: Callable[[_Field, int], int | tuple[int, ...]]
    higher_is_better: bool = True


def _win(f: _Field, tpn: int, played_only: bool) -> int:
    """Art. 7.1 / 7.2 on the primary score (Art. 13): matches won when match points are primary, games
    won when game points are (a won whole-match forfeit wins every board; ``played_only`` leaves
    forfeits out)."""
    if f.primary is PrimaryScore.GAME:
        return _games_won(f, tpn, played_only)
    return sum(
        1
        for r in f.rounds[tpn]
        if r.match_points == f.event.scoring.win
        and r.kind is not MatchKind.ZERO_BYE
        and (not played_only or r.kind is MatchKind.PLAYED)
    )


def _games_won(f: _Field, tpn: int, played_only: bool) -> int:
    last = len(f.rounds[tpn])
    won = 0
    for m in f.event.matches:
        if m.round > last or tpn not in (m.white, m.black):
            continue
        white = tpn == m.white
        if m.forfeit:
            if not played_only and m.forfeit == ("+-" if white else "-+"):
                won += f.event.boards
            continue
        won += sum(
            1
            for b in m.boards
            if (b.white_points if white else b.black) == 2 and not (played_only and b.forfeit)
        )
    return won


def _ps(f: _Field, tpn: int) -> int:
    running = total = 0
    for r in f.rounds[tpn]:
        running += _scored(r, f.primary_code())
        total += running
    return total


def _bbe(f: _Field, tpn: int) -> tuple[int, ...]:
    boards = board_points(f.event)[tpn]
    return tuple(sum(boards[: len(boards) - k]) for k in range(1, len(boards) + 1))


TEAM_TIEBREAKS: dict[str, TeamTiebreakInfo] = {
    row.code: row
    for row in (
        TeamTiebreakInfo("MP", "11.1.1", "match points", lambda f, t: f.total(t, "MP")),
        TeamTiebreakInfo("GP", "11.1.2", "game points", lambda f, t: f.total(t, "GP")),
        TeamTiebreakInfo(
            "MPVGP",
            "13.1",
            "the score that is not the primary one",
            lambda f, t: f.total(t, f.secondary_code()),
        ),
        TeamTiebreakInfo("BH", "8.1 (13)", "Buchholz on the primary score", lambda f, t: _bh(f, t, 0)),
        TeamTiebreakInfo(
            "BH/C1", "8.1, 14.1 (13)", "Buchholz cut-1 on the primary score", lambda f, t: _bh(f, t, 1)
        ),
        TeamTiebreakInfo(
            "EMMSB",
            "13.2.1",
            "opponents' MP times MP scored against them",
            lambda f, t: _esb(f, t, "MP", "MP", 0),
        ),
        TeamTiebreakInfo(
            "EMGSB",
            "13.2.2",
            "opponents' MP times GP scored against them (the Olympiad Sonneborn-Berger)",
            lambda f, t: _esb(f, t, "MP", "GP", 0),
        ),
        TeamTiebreakInfo(
            "EGMSB",
            "13.2.3",
            "opponents' GP times MP scored against them",
            lambda f, t: _esb(f, t, "GP", "MP", 0),
        ),
        TeamTiebreakInfo(
            "EGGSB",
            "13.2.4",
            "opponents' GP times GP scored against them",
            lambda f, t: _esb(f, t, "GP", "GP", 0),
        ),
        TeamTiebreakInfo(
            "EMGSB/C1",
            "13.2.2, 14.1.2",
            "EMGSB without the lowest-scored opponent",
            lambda f, t: _esb(f, t, "MP", "GP", 1),
        ),
        TeamTiebreakInfo(
            "EMMSB/C1",
            "13.2.1, 14.1.2",
            "EMMSB without the lowest-scored opponent",
            lambda f, t: _esb(f, t, "MP", "MP", 1),
        ),
        TeamTiebreakInfo(
            "WIN",
            "7.1 (13)",
            "matches won, with or without playing (games won when game points are primary)",
            lambda f, t: _win(f, t, False),
        ),
        TeamTiebreakInfo(
            "WON",
            "7.2 (13)",
            "matches won over the board (games, when game points are primary)",
            lambda f, t: _win(f, t, True),
        ),
        TeamTiebreakInfo("PS", "7.5 (13)", "progressive primary score", _ps),
        TeamTiebreakInfo(
            "BC",
            "12.1",
            "board count: board number times game points on it, summed (lower is better)",
            lambda f, t: sum((k + 1) * p for k, p in enumerate(board_points(f.event)[t])),
            higher_is_better=False,
        ),
        TeamTiebreakInfo(
            "TBR", "12.2", "game points on board 1, then board 2, ...", lambda f, t: board_points(f.event)[t]
        ),
        TeamTiebreakInfo("BBE", "12.3", "game points without the bottom board, then without two, ...", _bbe),
    )
}
"""``DE`` (Art. 6, on the primary score) and ``EDE`` (Art. 13.3.1: DE on the primary score, then, if
that separates nobody, on the secondary score) are group rules, handled by :func:`team_standings`."""

_GROUP_RULES = ("DE", "EDE")


@dataclass(frozen=True, slots=True)
class TeamStandingRow:
    rank: int
    tpn: int
    name: str
    match_points: int
    game_points: int
    values: tuple[int | tuple[int, ...], ...]
    """One value per tie-break asked for (``DE``/``EDE``: the place in its direct-encounter group, 0 if
    unused)."""


def team_standings(
    event: TeamEvent,
    tiebreaks: Sequence[str] = ("EMGSB", "BH", "DE"),
    *,
    upto: int | None = None,
    cap_dummy: bool = True,
) -> list[TeamStandingRow]:
    """The teams ranked by the primary score and then ``tiebreaks`` in order (C.07 Art. 4.2).

    Ties left at the end share the rank (no lots are drawn here).
    """
    for code in tiebreaks:
        if code not in _GROUP_RULES and code not in TEAM_TIEBREAKS:
            raise InvalidRequestError(f"unknown team tie-break {code!r}")
    last = event.rounds_played if upto is None else upto
    f = _Field(event, team_rounds(event, last), event.primary, cap_dummy)
    prim = f.primary_code()
    values = {
        t.tpn: [0 if c in _GROUP_RULES else TEAM_TIEBREAKS[c].compute(f, t.tpn) for c in tiebreaks]
        for t in event.teams
    }

    def order(group: list[int], depth: int) -> list[list[int]]:
        if len(group) <= 1 or depth == len(tiebreaks):
            return [group]
        code = tiebreaks[depth]
        if code in _GROUP_RULES:
            tiers = _direct_encounter(f, group, prim)
            if code == "EDE" and len(tiers) == 1:
                tiers = _direct_encounter(f, group, f.secondary_code())  # Art. 13.3.1
            for place, tier in enumerate(tiers, start=1):
                for t in tier:
                    values[t][depth] = place if len(tiers) > 1 else 0
        else:
            info = TEAM_TIEBREAKS[code]
            buckets: dict[object, list[int]] = {}
            for t in group:
                buckets.setdefault(values[t][depth], []).append(t)
            keys = sorted(buckets, key=lambda v: v, reverse=info.higher_is_better)  # type: ignore[arg-type, return-value]
            tiers = [buckets[k] for k in keys]
        return [sub for tier in tiers for sub in order(tier, depth + 1)]

    by_score: dict[int, list[int]] = {}
    for t in event.teams:
        by_score.setdefault(f.total(t.tpn, prim), []).append(t.tpn)
    rows: list[TeamStandingRow] = []
    names = {t.tpn: t.name for t in event.teams}
    place = 1
    for score in sorted(by_score, reverse=True):
        for tier in order(sorted(by_score[score]), 0):
            for tpn in tier:
                rows.append(
                    TeamStandingRow(
                        place, tpn, names[tpn], f.total(tpn, "MP"), f.total(tpn, "GP"), tuple(values[tpn])
                    )
                )
            place += len(tier)
    return rows


def _mini_table(
    f: _Field, group: Sequence[int], score: str
) -> tuple[dict[int, Fraction], dict[int, set[int]]]:
    """Points in the played matches among ``group`` (repeated meetings averaged, 6.1.2) and who met whom."""
    members = set(group)
    pts: dict[int, Fraction] = {}
    met: dict[int, set[int]] = {t: set() for t in group}
    for t in group:
        per_opp: dict[int, list[int]] = {}
        for r in f.rounds[t]:
            if r.kind is MatchKind.PLAYED and r.opponent in members:
                per_opp.setdefault(r.opponent, []).append(_scored(r, score))
                met[t].add(r.opponent)
        pts[t] = sum((Fraction(sum(v), len(v)) for v in per_opp.values()), Fraction(0))
    return pts, met


def _direct_encounter(f: _Field, group: list[int], score: str) -> list[list[int]]:
    """C.07 Art. 6 on the primary score: a mini-table of the matches among the tied teams (6.1).
    When all have met (6.2) it ranks them, re-applied to any subgroup still tied; otherwise (6.3) a
    team goes first only if no result of its group's missing matches could catch it."""
    pts, met = _mini_table(f, group, score)
    if all(len(met[t]) == len(group) - 1 for t in group):
        buckets: dict[Fraction, list[int]] = {}
        for t in group:
            buckets.setdefault(pts[t], []).append(t)
        tiers = [buckets[k] for k in sorted(buckets, reverse=True)]
        if len(tiers) == 1:
            return tiers
        return [
            sub for tier in tiers for sub in (_direct_encounter(f, tier, score) if len(tier) > 1 else [tier])
        ]
    win = f.event.scoring.win if score == "MP" else 2 * f.event.boards
    remaining = list(group)
    ranked: list[list[int]] = []
    while len(remaining) > 1:
        pts, met = _mini_table(f, remaining, score)
        missing = {t: len(remaining) - 1 - len(met[t]) for t in remaining}
        first = next(
            (t for t in remaining if all(pts[t] > pts[o] + win * missing[o] for o in remaining if o != t)),
            None,
        )
        if first is None:
            break
        ranked.append([first])
        remaining = [t for t in remaining if t != first]
    ranked.append(remaining)
    return ranked
