"""The FIDE Swiss Team Pairing System, C.04.6 (Council 28/10/2025, applied from 1 February 2026).

The process of Art. 3.3.2: (1) the pairing-allocated bye (Art. 3.4); (2) the top-scoregroup with a
set of upfloaters (Art. 3.5) is a bracket, paired in the order of Art. 3.6; (3) repeat until every
team is paired; (4) colours (Art. 4, :mod:`.colours`). There are no downfloaters: every team of the
top-scoregroup is paired in its own bracket, and a bracket that cannot be paired takes other
upfloaters instead.

Criteria (Art. 2): absolute [C1] no rematch (2.1.1; forfeited matches are not meetings, GHR 3.5) and
[C2] no second PAB, nor a PAB after a forfeit win or full-point bye (2.1.2); completion [C3] (2.2.1);
quality, in descending priority: [C4] fewest upfloaters, [C5] highest upfloater scores, [C6] the
following scoregroup stays pairable, [C7] fewest upfloaters who floated last round, [C8] fewest
unfulfilled colour preferences, [C9] (Type B) fewest unfulfilled strong ones, [C10] fewest
upfloaters' opponents who floated last round. [C7] and [C10] do not apply in the last two rounds.

Baku acceleration (C.04.7, :mod:`.baku`): when the request asks for it, the score every rule above
reads is the pairing score of Art. 1.5, the real score plus the round's virtual points: scoregroups,
upfloaters ([C4]-[C6]), the PAB's "lowest score" (Art. 3.4.2), who floated last round ([C7], [C10],
on last round's pairing scores) and the match order (GHR 3.6). The colours (Art. 4.2) read the real
scores, which Art. 1.5 leaves alone.

"Complies with" a minimising criterion is read as "attains the least value possible at that point";
this is also Gacrux's reading (the TEC's reference tool), and the cross-check in
``scripts/teams_crosscheck.py`` compares every round with it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product

from ..baku import BakuPlan
from ..errors import InvalidRequestError, NoValidPairingError
from ..matching import max_weight_matching, maximum_matching
from ..types import Colour
from .baku import round_one_field, team_baku_plan
from .colours import TeamColours, allocate, team_colours
from .types import (
    ColourType,
    MatchKind,
    PrimaryScore,
    Team,
    TeamMatch,
    TeamSwissRequest,
    TeamSwissResult,
)

__all__ = ["pair_team_round"]


def _primary(team: Team, primary: PrimaryScore, upto: int | None = None) -> int:
    rounds = team.history if upto is None else team.history[:upto]
    if primary is PrimaryScore.MATCH:
        return sum(r.match_points for r in rounds)
    return sum(r.game_points for r in rounds)


def _secondary(team: Team, primary: PrimaryScore) -> int:
    other = PrimaryScore.GAME if primary is PrimaryScore.MATCH else PrimaryScore.MATCH
    return _primary(team, other)


class _Round:
    """The field of one round: scores, meetings, floats and colours, read once."""

    def __init__(self, request: TeamSwissRequest) -> None:
        self.request = request
        rnd = request.round_number
        by_id = {t.id: t for t in request.teams}
        if len(by_id) != len(request.teams):
            raise InvalidRequestError("a team is listed twice")
        if sorted(t.tpn for t in request.teams) != list(range(1, len(request.teams) + 1)):
            raise InvalidRequestError("TPNs must be 1 to the number of teams, each once (C.04.6 Art. 1.1.1)")
        for t in request.teams:
            if len(t.history) != rnd - 1:
                raise InvalidRequestError(
                    f"team {t.id} has {len(t.history)} rounds of history, not {rnd - 1}"
                )
            for r in t.history:
                if r.opponent is not None and r.opponent not in by_id:
                    raise InvalidRequestError(f"team {t.id} met unknown team {r.opponent}")
        self.by_id = by_id
        self.teams = sorted((t for t in request.teams if t.available), key=lambda t: t.tpn)
        p = request.primary
        # C.04.7: the Baku plan (refused with 3/1/0 or game points primary, Art. 1.1 and 1.4.4).
        self.baku: BakuPlan | None = None
        if request.baku:
            self.baku = team_baku_plan(
                request.teams,
                request.total_rounds,
                request.scoring,
                p,
                round_one_field(request.teams, rnd),
            )
        self.real = {t.id: _primary(t, p) for t in request.teams}
        # Art. 1.5 of C.04.7: the pairing score is the real score plus this round's virtual points.
        self.score = {t.id: self.real[t.id] + self.virtual(t.id, rnd) for t in request.teams}
        # Art. 4.2 of C.04.6: the colours go by the real primary and secondary scores.
        self.scores = {t.id: (self.real[t.id], _secondary(t, p)) for t in request.teams}
        self.met = {
            t.id: frozenset(
                r.opponent for r in t.history if r.kind is MatchKind.PLAYED and r.opponent is not None
            )
            for t in request.teams
        }
        self.played = {t.id: sum(1 for r in t.history if r.kind is MatchKind.PLAYED) for t in request.teams}
        # [C2] Art. 2.1.2
        self.no_pab = {
            t.id
            for t in request.teams
            if any(r.kind in (MatchKind.PAB, MatchKind.FORFEIT_WIN, MatchKind.FULL_BYE) for r in t.history)
        }
        # Art. 1.5: a floater played an opponent with a different score; [C7]/[C10] read the
        # previous round only.
        self.floated: set[int] = set()
        if rnd > 1:
            for t in request.teams:
                last = t.history[-1]
                if last.kind is MatchKind.PLAYED and last.opponent is not None:
                    other = by_id[last.opponent]
                    # on last round's pairing scores (C.04.7 Art. 1.5: virtual points included)
                    own = _primary(t, p, rnd - 2) + self.virtual(t.id, rnd - 1)
                    theirs = _primary(other, p, rnd - 2) + self.virtual(other.id, rnd - 1)
                    if own != theirs:
                        self.floated.add(t.id)
        self.last_two = rnd > request.total_rounds - 2
        is_last = rnd >= request.total_rounds
        self.colours: dict[int, TeamColours] = {
            t.id: team_colours(t, request.colour_type, is_last) for t in request.teams
        }
        self.levels = sorted({self.score[t.id] for t in self.teams}, reverse=True)

    def virtual(self, tid: int, round_number: int) -> int:
        """Virtual points of team ``tid`` in ``round_number`` (C.04.7 Art. 1.4); 0 unaccelerated."""
        if self.baku is None or round_number < 1:
            return 0
        values = self.baku.virtual_points.get(tid, ())
        return values[round_number - 1] if round_number <= len(values) else 0

    def compatible(self, a: int, b: int) -> bool:
        """[C1] Art. 2.1.1 (and the competition's forbidden pairs)."""
        return (
            b not in self.met[a]
            and a not in self.met[b]
            and frozenset((a, b)) not in self.request.forbidden_pairs
        )

    def pairable(self, ids: Sequence[int]) -> bool:
        """Whether ``ids`` can all be paired among themselves under [C1] ([C3], Art. 2.2.1)."""
        n = len(ids)
        if n % 2:
            return False
        if n == 0:
            return True
        mate = maximum_matching(n, lambda i, j: self.compatible(ids[i], ids[j]))
        return all(m >= 0 for m in mate)

    def wants(self, tid: int) -> Colour | None:
        pref = self.colours[tid].preference
        return None if pref is None else pref.colour


def _pab(field: _Round, notes: list[str]) -> tuple[int | None, list[Team]]:
    """Art. 3.4: the bye goes to the team that (1) leaves a legal pairing for all the others, (2) has
    the lowest score, (3) has played the most matches, (4) has the largest TPN; never one [C2] bars."""
    teams = field.teams
    if len(teams) % 2 == 0:
        return None, teams
    order = sorted(
        (t for t in teams if t.id not in field.no_pab),
        key=lambda t: (field.score[t.id], -field.played[t.id], -t.tpn),
    )
    for rank, t in enumerate(order):
        rest = [u for u in teams if u.id != t.id]
        if field.pairable([u.id for u in rest]):
            why = "the lowest score, then the most matches played, then the largest TPN (Art. 3.4.2-3.4.4)"
            if rank:
                why = (
                    f"{why}; the {rank} team(s) before it in that order would have left the others "
                    "impossible to pair (Art. 3.4.1)"
                )
            barred = len(teams) - len(order)
            if barred:
                why += (
                    f"; {barred} team(s) could not have it: already a bye or a forfeit win ([C2] Art. 2.1.2)"
                )
            label = _label(t)
            notes.append(f"{label[0].upper()}{label[1:]} gets the pairing-allocated bye: {why}.")
            return t.id, rest
    raise NoValidPairingError(
        "no team can get the pairing-allocated bye and leave the others a legal pairing "
        "(C.04.6 Art. 3.4.1); the Chief Arbiter decides (Art. 3.3.3)"
    )


def _label(team: Team) -> str:
    return f"{team.name} (TPN {team.tpn})" if team.name else f"team {team.tpn}"


def _score_words(field: _Round, tid: int) -> str:
    """A team's pairing score, with its virtual points named when it has some (C.04.7 Art. 1.5)."""
    vp = field.score[tid] - field.real[tid]
    text = _points(field, field.score[tid])
    return f"{text} ({vp} of them virtual)" if vp else text


def _baku_note(field: _Round) -> str | None:
    """The acceleration in plain words (C.04.7), or ``None`` when the round is not accelerated and the
    previous one was not either."""
    plan = field.baku
    if plan is None:
        return None
    rnd = field.request.round_number
    accelerated = sum(1 for v in plan.by_round if v)
    now = plan.by_round[rnd - 1] if rnd <= len(plan.by_round) else 0
    if now:
        return (
            f"Baku acceleration (C.04.7): round {rnd} is one of the first {accelerated} rounds, which are "
            f"accelerated (Art. 1.4.1). The {len(plan.ga)} teams of group GA (TPN 1 to {len(plan.ga)}, "
            f"Art. 1.2) get {now} MP of virtual points for this pairing only (Art. 1.4.2-1.4.3). They "
            "count in the scoregroups, the upfloaters, the bye and the match order (Art. 1.5), never in "
            "the standings, and the colours go by the real scores (C.04.6 Art. 4.2)."
        )
    if rnd - 1 <= accelerated:
        return (
            f"Baku acceleration (C.04.7): the {accelerated} accelerated rounds are over, so no team has "
            "virtual points now; last round's virtual points still decide who floated then (Art. 1.5)."
        )
    return None


def _points(field: _Round, score: int) -> str:
    """A score as people write it: ``6 MP``, ``10.5 GP`` (game points are kept in half-points)."""
    if field.request.primary is PrimaryScore.MATCH:
        return f"{score} MP"
    return (f"{score // 2}" if score % 2 == 0 else f"{score / 2:g}") + " GP"


COLOUR_RULES = {
    "4.3.1": "neither team has played yet: the initial colour by the first-team's TPN parity",
    "4.3.2": "only one team has a colour preference",
    "4.3.3": "the two preferences are opposite",
    "4.3.4": "the strong preference wins over the mild one (Type B)",
    "4.3.5": "the team with the lower colour difference gets White",
    "4.3.6": "the colours alternate from the last round in which the two teams had different colours",
    "4.3.7": "the first-team's preference is granted",
    "4.3.8": "the first-team alternates from its last played match",
    "4.3.9": "the other team alternates from its last played match",
}
"""C.04.6 Art. 4.3, in the words the explanation uses."""


def _profiles(lower: Sequence[Team], count: int, score: dict[int, int]) -> list[tuple[int, ...]]:
    """Score profiles of ``count`` upfloaters, best first by [C5] Art. 2.3.2 (their scores taken in
    ascending order, the larger the better)."""
    available: dict[int, int] = {}
    for t in lower:
        available[score[t.id]] = available.get(score[t.id], 0) + 1
    levels = sorted(available, reverse=True)
    found: list[tuple[int, ...]] = []

    def extend(i: int, left: int, acc: tuple[int, ...]) -> None:
        if left == 0:
            found.append(acc)
            return
        if i == len(levels):
            return
        for k in range(min(left, available[levels[i]]), -1, -1):
            extend(i + 1, left - k, acc + (levels[i],) * k)

    extend(0, count, ())
    return sorted(found, key=lambda p: sorted(p), reverse=True)


def _sets(lower: Sequence[Team], profile: tuple[int, ...], score: dict[int, int]) -> Iterator[list[Team]]:
    """Every set with this profile, in the order of Art. 3.5.3-3.5.4: each set read by descending
    score then ascending TPN, the sets in lexicographic order of those TPNs."""
    levels = sorted(set(profile), reverse=True)
    per_level = [
        list(
            combinations(
                sorted((t for t in lower if score[t.id] == s), key=lambda t: t.tpn), profile.count(s)
            )
        )
        for s in levels
    ]
    for choice in product(*per_level):
        yield [t for group in choice for t in group]


class _Bracket:
    """One bracket: the residents of the top-scoregroup and the chosen upfloaters."""

    def __init__(self, field: _Round, level: int, residents: list[Team], upfloaters: list[Team]) -> None:
        self.field = field
        self.level = level
        self.teams = sorted(residents + upfloaters, key=lambda t: t.tpn)
        self.up = {t.id for t in upfloaters}

    def pair_quality(self, a: int, b: int) -> tuple[int, int, int]:
        """([C8], [C9], [C10]) of one pair."""
        f = self.field
        pa, pb = f.colours[a].preference, f.colours[b].preference
        c8 = c9 = c10 = 0
        if pa is not None and pb is not None and pa.colour is pb.colour:
            c8 = 1  # Art. 2.3.5: one of the two is left without the colour it prefers
            if f.request.colour_type is ColourType.B and pa.strong and pb.strong:
                c9 = 1  # Art. 2.3.6 (Art. 4.3.4 grants a strong one against a mild one)
        if not f.last_two:
            c10 = sum(1 for x, y in ((a, b), (b, a)) if x in self.up and y in f.floated)  # Art. 2.3.7
        return c8, c9, c10

    def pair(self) -> list[tuple[int, int]]:
        """Art. 3.6: the first pairing in identifier order among those best on [C8], [C9], [C10].

        The identifier (Art. 3.6.2) is the top members' TPNs ascending, then their bottom members'.
        Both parts and the three criteria are packed into one integer cost per pair, each part
        weighing more than every sum of the parts below it, so a minimum-cost perfect matching is
        exactly that first pairing.
        """
        n = len(self.teams)
        half = n // 2
        natural = [(self.teams[i].id, self.teams[i + half].id) for i in range(half)]
        if all(self.field.compatible(a, b) and self.pair_quality(a, b) == (0, 0, 0) for a, b in natural):
            # The smallest identifier of all (tops 1..n/2 in order, bottoms n/2+1..n in order) breaks
            # nothing: it is the answer, without the matching (round 1 of a big event, for instance).
            return natural
        pos = {t.id: i + 1 for i, t in enumerate(self.teams)}
        base = n + 1
        unit_top = base**n  # above every sum of bottom parts
        w10 = unit_top * 2**n  # above every sum of top parts
        w9 = w10 * (n + 1)
        w8 = w9 * (n + 1)
        big = w8 * (n + 1) * 4
        weights: list[list[int | None]] = [[None] * n for _ in range(n)]
        for i, a in enumerate(self.teams):
            for j in range(i + 1, n):
                b = self.teams[j]
                if not self.field.compatible(a.id, b.id):
                    continue
                c8, c9, c10 = self.pair_quality(a.id, b.id)
                top, bottom = pos[a.id], pos[b.id]  # i < j: a is the top member (Art. 3.6.1)
                cost = (
                    c8 * w8 + c9 * w9 + c10 * w10 + unit_top * 2 ** (n - bottom) + bottom * base ** (n - top)
                )
                weights[i][j] = weights[j][i] = big - cost
        mate = max_weight_matching(weights)
        if any(m < 0 for m in mate):
            raise NoValidPairingError("a bracket with a legal pairing could not be paired (internal)")
        return [(self.teams[i].id, self.teams[m].id) for i, m in enumerate(mate) if i < m]


def _following_pairable(field: _Round, level: int, rest: list[Team]) -> bool:
    """[C6] Art. 2.3.3: the next scoregroup below, unless now empty, can be paired with [C1], [C3]
    and the fewest upfloaters [C4] its own size allows (none when even, one when odd)."""
    lower_levels = [s for s in field.levels if s < level]
    if not lower_levels:
        return True
    nxt = lower_levels[0]
    group = [t.id for t in rest if field.score[t.id] == nxt]
    if not group:
        return True
    below = [t.id for t in rest if field.score[t.id] < nxt]
    options: list[list[int]] = [[]] if len(group) % 2 == 0 else [[u] for u in below]
    for extra in options:
        ids = group + extra
        if field.pairable(ids) and field.pairable([x for x in [t.id for t in rest] if x not in ids]):
            return True
    return False


def _choose_upfloaters(
    field: _Round, level: int, residents: list[Team], pool: list[Team], notes: list[str]
) -> list[Team]:
    """Art. 3.5: [C4] then [C5] fix the number and scores; within them the first set in the order of
    Art. 3.5.4 that leaves a legal pairing ([C1], [C3]) and is best on [C6] then [C7]."""
    lower = [t for t in pool if field.score[t.id] < level]
    score = field.score
    for count in range(len(residents) % 2, len(lower) + 1, 2):
        for profile in _profiles(lower, count, score):
            best: tuple[tuple[int, int, int], list[Team]] | None = None
            skipped_illegal = 0
            for index, ups in enumerate(_sets(lower, profile, score)):
                ids = [t.id for t in residents + ups]
                chosen = set(ids)
                rest = [t for t in pool if t.id not in chosen]
                if not field.pairable(ids) or not field.pairable([t.id for t in rest]):
                    skipped_illegal += 1
                    continue  # [C1] in the bracket, [C3] for the teams left
                c6 = 0 if _following_pairable(field, level, rest) else 1
                c7 = 0 if field.last_two else sum(1 for t in ups if t.id in field.floated)
                key = (c6, c7, index)
                if best is None or key < best[0]:
                    best = (key, ups)
                if c6 == 0 and c7 == 0:
                    break
            if best is not None:
                (c6, c7, index), ups = best
                _explain_upfloaters(field, level, ups, index, skipped_illegal, c6, c7, notes)
                return ups
    raise NoValidPairingError(
        f"the scoregroup on {level} has no legal pairing with any set of upfloaters "
        "(C.04.6 Art. 3.3.3: the Chief Arbiter decides)"
    )


def _explain_upfloaters(
    field: _Round, level: int, ups: list[Team], index: int, illegal: int, c6: int, c7: int, notes: list[str]
) -> None:
    if not ups:
        return
    names = ", ".join(f"{_label(t)} on {_score_words(field, t.id)}" for t in ups)
    text = (
        f"Scoregroup {_points(field, level)}: upfloater(s) {names} "
        "(the fewest, with the highest scores: [C4], [C5])"
    )
    if index:
        reasons = []
        if illegal:
            reasons.append("earlier sets left a rematch or unpairable teams ([C1]/[C3])")
        if index > illegal:
            reasons.append("earlier sets were worse on [C6]/[C7]")
        text += f"; set {index + 1} in TPN order, because " + " and ".join(reasons)
    if c6:
        text += (
            "; [C6] could not be met: whatever the choice, the next scoregroup cannot then be paired "
            "with the fewest upfloaters its size allows"
        )
    if c7:
        text += f"; [C7] could not be met: {c7} of them also floated last round"
    notes.append(text + ".")


def pair_team_round(request: TeamSwissRequest) -> TeamSwissResult:
    """Pair one round of a team Swiss with the FIDE Swiss Team Pairing System (C.04.6, 2026).

    Parameters
    ----------
    request:
        The teams with their histories, the colour-preference type (Art. 1.7), the primary score
        (Art. 1.2), the initial colour (Art. 4.1) and whether the Baku acceleration applies
        (C.04.7).

    Returns
    -------
    TeamSwissResult
        The matches in GHR 3.6 order (White = the team whose board-1 player has White), the bye, the
        upfloaters and a plain-words explanation.

    Raises
    ------
    InvalidRequestError
        Inconsistent input (TPNs not 1..N, unknown opponents, wrong history length).
    NoValidPairingError
        No pairing satisfies [C1]-[C3] (Art. 3.3.3 leaves the decision to the Chief Arbiter).
    AccelerationNotApplicableError
        Baku acceleration asked for with 3/1/0 match points (C.04.7 Art. 1.1) or with game points as
        the primary score (C.04.7 Art. 1.4.4).

    Notes
    -----
    Deterministic: no randomness at all once the initial colour is given. The upfloater search
    enumerates the sets of Art. 3.5.4 lazily and stops at the first compliant one; each test is a
    cardinality matching, and each bracket is paired by one exact weighted matching (``O(n^3)``).
    """
    field = _Round(request)
    notes: list[str] = []
    baku = _baku_note(field)
    if baku:
        notes.append(baku)
    bye, pool = _pab(field, notes)
    pairs: list[tuple[int, int]] = []
    all_up: list[int] = []
    broken = {"C8": 0, "C9": 0, "C10": 0}
    while pool:
        level = max(field.score[t.id] for t in pool)
        residents = [t for t in pool if field.score[t.id] == level]
        ups = _choose_upfloaters(field, level, residents, pool, notes)
        bracket = _Bracket(field, level, residents, ups)
        chosen = bracket.pair()
        for a, b in chosen:
            c8, c9, c10 = bracket.pair_quality(a, b)
            broken["C8"] += c8
            broken["C9"] += c9
            broken["C10"] += c10
        pairs.extend(chosen)
        all_up.extend(t.id for t in ups)
        taken = {t.id for t in bracket.teams}
        pool = [t for t in pool if t.id not in taken]
    matches = _colour_and_order(field, pairs, notes)
    if broken["C8"]:
        notes.append(
            f"{broken['C8']} match(es) pair two teams that want the same colour ([C8] Art. 2.3.5 could not be met)."
        )
    if broken["C9"]:
        notes.append(f"{broken['C9']} of them leave a strong preference unmet ([C9] Art. 2.3.6).")
    if broken["C10"]:
        notes.append(f"{broken['C10']} upfloater opponent(s) also floated last round ([C10] Art. 2.3.7).")
    return TeamSwissResult(tuple(matches), bye, tuple(notes), tuple(all_up))


def _colour_and_order(field: _Round, pairs: list[tuple[int, int]], notes: list[str]) -> list[TeamMatch]:
    """Art. 4 for each pair, then the GHR 3.6 board order (the higher score of the pair, the sum of
    both, the smaller TPN)."""
    req = field.request
    use_secondary = req.secondary_for_colour
    coloured = []
    for a, b in pairs:
        white, black, rule = allocate(
            field.by_id[a],
            field.by_id[b],
            field.colours,
            field.scores,
            colour_type=req.colour_type,
            use_secondary=use_secondary,
            initial_colour=req.initial_colour,
        )
        coloured.append((white, black, rule))

    def key(item: tuple[int, int, str]) -> tuple[int, int, int]:
        w, b, _ = item
        sw, sb = field.score[w], field.score[b]
        return (-max(sw, sb), -(sw + sb), min(field.by_id[w].tpn, field.by_id[b].tpn))

    matches = []
    for number, (w, b, rule) in enumerate(sorted(coloured, key=key), start=1):
        matches.append(TeamMatch(number, w, b, rule))
        pw, pb = field.wants(w), field.wants(b)
        if pw is Colour.BLACK or pb is Colour.WHITE:
            loser = field.by_id[w] if pw is Colour.BLACK else field.by_id[b]
            winner = field.by_id[b] if loser.id == w else field.by_id[w]
            wanted = field.wants(loser.id)
            assert wanted is not None
            notes.append(
                f"Match {number}: {_label(loser)} and {_label(winner)} both prefer "
                f"{'White' if wanted is Colour.WHITE else 'Black'}; {_label(winner)} gets it: "
                f"{COLOUR_RULES[rule]} (Art. {rule})."
            )
    return matches
