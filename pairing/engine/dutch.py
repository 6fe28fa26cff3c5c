"""FIDE Dutch system (C.04.3, rules in force from 1 February 2026): one round's pairing.

How it works
------------
1. **State** (``_state.py``): every available participant gets its pairing score (points plus this
   round's virtual points, Dutch 1.2 / C.04.7), colour difference and preference computed on
   played games only (1.6, 1.7, GHR 3.4), the opponents actually played (C1; forfeits are not
   meetings, GHR 3.5), PAB eligibility (C2, C.04.1 Art. 4), float history for rounds r-1 and
   r-2 computed from the pairing scores *of those rounds* (1.4), unplayed-round count (C9) and
   topscorer status (1.8, final round only).
2. **Completion and the bye score** (C4, C5): a general-graph maximum-cardinality matching
   (Edmonds' blossom, ``_matching.py``) over the whole field, with a virtual "bye" vertex joined
   to every PAB-eligible participant when the field is odd, tells whether any legal round
   pairing exists, and the lowest score ``s*`` a bye receiver can have while everyone else is
   paired. From then on a bye may only go to an eligible participant with score ``s*``.
   For every bracket, the maximum matchings of "everybody below this bracket" are prepared
   bottom-up once, so checking whether a bracket's downfloaters can still be completed (C4)
   costs only a few augmenting-path searches.
3. **Brackets** (1.9.2, Art. 3): from the top scoregroup down, each bracket (MDPs + residents)
   is paired by enumerating candidates in the exact generation order of Art. 4: MDP sets
   (4.4) > S2 transpositions for the MDP-pairing (4.2) > remainder resident exchanges (4.3) >
   remainder transpositions (4.2). Each candidate gets a failure vector compared
   lexicographically in the order C6, C7, C8, C9, C10 ... C21 (after the absolute C1-C3 and
   C4 completion, which are filters). The first candidate that reaches a provable lower
   bound of that vector is accepted (a "perfect" candidate generalised to brackets where some
   failures are unavoidable); otherwise the best candidate wins and ties go to the one
   generated first (3.8).
4. **Exactness and speed**: the enumeration is a depth-first search in generation order with
   branch-and-bound. A subtree is cut only when an optimistic bound of every candidate in it
   (pairs fixed so far, plus admissible lower bounds for colour conflicts of the pairs still
   to be made and for the floaters still possible) is not *strictly* better than the best
   candidate already found; since earlier candidates win ties, cutting such subtrees never
   changes the answer. A bipartite matching maintained along the search prunes dead ends
   (S1 players who could no longer be paired) immediately, and whole exchanges are skipped
   from counts alone. In ordinary rounds the lower bound is reached by the first or one of
   the first candidates, so a bracket costs about ``O(n)`` candidate steps, not ``O(n!)``.
   In brackets of up to 48 players (and up to 160 once a search has taken 2000 steps: the
   search then starts again, so that the choices already made are judged too) every subtree
   is also bounded *exactly* on its pair and floater criteria: a maximum-weight matching
   (Edmonds, exact integer weights packing the failure vector) of what is left to pair for a
   remainder or an MDP choice, and for a transposition a minimum-cost assignment of S1 to S2
   that is updated by one augmenting path per pair tried (``_matching.Assignment``). The
   search then walks almost straight to the earliest best candidate even in heavily
   constrained final rounds, where count-based bounds let it wander.
   The floaters of a transposition are the S2 players it leaves over. Where the sets of
   players who may float together can be listed, each one C4 allows gets its cost (its own
   failures and C8/C9): exchanges whose S2 holds no set within the target are skipped, and a
   prefix is bounded by the cheapest set still free.
   A node budget still protects against pathological brackets. When it is hit, a greedy pass
   finds a good candidate (or, if C4 rejected everything reached, one maximum-weight matching
   of the bracket plus everybody below gives one that completes), and a branch and bound in
   generation order, seeded with it, looks for better or equally good earlier ones within a
   second budget; the explanation then says the budget was reached, because exactness is no
   longer guaranteed there. After three fruitless search rounds the same matching also
   raises the target to the number of downfloaters C4 really forces.
   Whether one downfloater can still be completed (asked for every player of a large bracket)
   is answered from one Gallai-Edmonds search per bracket: the players a maximum matching
   below can leave free.
5. **Colours** (Art. 5.2): both preferences, stronger preference (absolute: larger colour
   difference), alternation from the last round in which the two played-colour histories
   differ, the higher-ranked player's preference, then the higher-ranked player's TPN parity
   against the initial colour. Boards are ordered by GHR 3.6.

Reading of the criteria (where the text leaves room, the reference implementation's reading,
checked against the corpus): C8 counts the pairs the next bracket (these downfloaters plus the
next scoregroup, two downfloaters never together) can make while everybody below it can still be
completed, then which downfloaters it leaves unpaired, highest scores first (any maximum
matching may be the one that leaves residents unpaired instead of downfloaters); C9 counts the
unplayed rounds of the bye receiver and applies only to a bracket that downfloats exactly one
player; C12 counts pairs whose two players want
the same colour, C13 those where both of them have a strong or absolute preference (not both
absolute). Art. 5.2.5 takes the parity of the higher-ranked player's position by TPN among the
participants who have entered the event (paired now or in an earlier round; equal to the TPN when
nobody is missing), which is what the reference engine does in every corpus round. The float criteria follow the
reference implementation's reading: C14/C16 count players with a
downfloat in r-1/r-2 who downfloat again (left unpaired, or paired to a lower score); C15/C17
count residents with an upfloat history who are paired with a higher-scored player; C18/C20
minimise the scores of unpaired players with a downfloat history; C19/C21 the scores of the
MDPs whose opponent had an upfloat.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from itertools import combinations

from ._matching import Assignment, augment_from, free_alternatives, greedy_extend
from ._state import ABSOLUTE, DOWN, STRONG, UP, PlayerState, build_states
from .errors import NoValidPairingError
from .least_bad import max_weight_matching
from .types import (
    Board,
    BoardNote,
    Colour,
    Explanation,
    FloatNote,
    PairingRequest,
    PairingResult,
    Violation,
)

__all__ = ["pair_round"]

NODE_BUDGET = 40_000
"""Search steps allowed per bracket before the best candidate so far is taken."""

EXACT_LIMIT = 48
"""Brackets up to this size bound subtrees exactly with weighted matchings (see _Bracket.exact)."""

EXACT_LATE_LIMIT = 160
EXACT_LATE_AFTER = 2_000
EXACT_LATE_WORK = 40_000_000
"""Brackets up to EXACT_LATE_LIMIT players switch the exact bounds on once the search has taken
EXACT_LATE_AFTER steps without reaching its target (each bound costs a cubic matching), until
their matchings have cost EXACT_LATE_WORK (the sum of the cubes of their sizes: a few seconds)."""

FLOATER_SETS_LIMIT = 2_000
"""A transposition search bounds its floaters by the cheapest set still free when there are at
most this many sets of S2 players who could float (see :meth:`_Bracket._floater_sets`)."""


_DEBUG = False


class _Budget(Exception):
    """Raised when a bracket search has used its node budget."""


class _Restart(Exception):
    """Raised when exact bounds are switched on during a search: the decisions already taken
    (MDP choices, exchanges) were made without them, so the search starts again."""


class _Done(Exception):
    """Raised inside a bracket search when a candidate reaches the bracket's lower bound."""


def _fmt(score: int) -> str:
    return f"{score // 2}" if score % 2 == 0 else f"{score / 2:g}"


class _Round:
    """The pairing of one round: global data shared by every bracket."""

    def __init__(self, request: PairingRequest, players: list[PlayerState]) -> None:
        self.request = request
        self.P = players
        n = len(players)
        self.n = n
        self.dummy = n
        for i, p in enumerate(players):
            p.index = i
        id_to_idx = {p.id: i for i, p in enumerate(players)}
        self.bad: list[set[int]] = []
        for p in players:
            b = {id_to_idx[o] for o in p.met | p.forbidden if o in id_to_idx}
            self.bad.append(b)
        self.absc: list[Colour | None] = [
            p.pref if p.strength == ABSOLUTE and not p.topscorer else None for p in players
        ]
        self.final = any(p.topscorer for p in players)
        scores = sorted({p.score for p in players}, reverse=True)
        self.level = {s: i for i, s in enumerate(scores)}
        self.K = len(scores)
        self.odd = n % 2 == 1
        self.bye_cand: list[bool] = [False] * (n + 1)
        self._pv_cache: dict[tuple[int, int], list[int]] = {}
        K = self.K
        self.O7 = 1
        self.O8 = 1 + K
        self.O9 = 2 + 2 * K
        self.O10 = 3 + 2 * K
        self.O14 = 7 + 2 * K
        self.O18 = 11 + 2 * K
        self.VL = 11 + 6 * K

    def criterion(self, k: int) -> str:
        """Name of the criterion at position ``k`` of a failure vector."""
        names = [
            (0, "C6 (number of downfloaters)"),
            (self.O7, "C7 (scores of the downfloaters)"),
            (self.O8, "C8 (pairing of the next bracket)"),
            (self.O9, "C9 (unplayed games of the bye receiver)"),
            (self.O10, "C10 (topscorers' colour difference)"),
            (self.O10 + 1, "C11 (topscorers' same colour three times)"),
            (self.O10 + 2, "C12 (colour preferences)"),
            (self.O10 + 3, "C13 (strong colour preferences)"),
            (self.O14, "C14 (repeated downfloat from the previous round)"),
            (self.O14 + 1, "C15 (repeated upfloat from the previous round)"),
            (self.O14 + 2, "C16 (repeated downfloat from two rounds before)"),
            (self.O14 + 3, "C17 (repeated upfloat from two rounds before)"),
            (self.O18, "C18 (scores of repeated downfloaters)"),
            (self.O18 + self.K, "C19 (scores against repeated upfloaters)"),
            (self.O18 + 2 * self.K, "C20 (scores of downfloaters from two rounds before)"),
            (self.O18 + 3 * self.K, "C21 (scores against upfloaters from two rounds before)"),
        ]
        name = names[0][1]
        for start, label in names:
            if k >= start:
                name = label
        return name

    # ----- compatibility (C1-C3) -----------------------------------------------------------
    def ok(self, i: int, j: int) -> bool:
        if i == self.dummy:
            return self.bye_cand[j]
        if j == self.dummy:
            return self.bye_cand[i]
        if j in self.bad[i]:
            return False
        a = self.absc[i]
        return a is None or a is not self.absc[j]

    # ----- completion (C4) and bye score (C5) ----------------------------------------------
    def _search_ok(self, active: list[bool]) -> Callable[[int, int], bool]:
        ok = self.ok

        def f(i: int, j: int) -> bool:
            return active[i] and active[j] and ok(i, j)

        return f

    def prepare(self, groups: list[list[int]]) -> None:
        """Decide s* (C5) and the bottom-up maximum matchings used by the C4 checks."""
        n = self.n
        players = self.P
        size = n + 1
        if self.odd:
            for i, p in enumerate(players):
                self.bye_cand[i] = p.bye_ok
        active = [True] * n + [self.odd]
        f = self._search_ok(active)
        mate = [-1] * size
        everyone = list(range(n)) + ([self.dummy] if self.odd else [])
        greedy_extend(everyone, f, mate)
        augment_from([v for v in everyone if mate[v] == -1], size, f, mate, everyone)
        if any(active[v] and mate[v] == -1 for v in range(size)):
            raise NoValidPairingError(
                "no pairing satisfies the absolute criteria C1-C3 for every participant"
                + (" with one eligible bye receiver" if self.odd else "")
            )
        self.bye_score: int | None = None
        if self.odd:
            eligible_scores = sorted({p.score for p in players if p.bye_ok})
            for s in eligible_scores:
                v = mate[self.dummy]
                if players[v].score <= s:
                    self.bye_score = s
                    break
                saved = list(self.bye_cand)
                for i, p in enumerate(players):
                    self.bye_cand[i] = p.bye_ok and p.score <= s
                mate[v] = -1
                mate[self.dummy] = -1
                if augment_from([self.dummy], size, f, mate, everyone):
                    self.bye_score = s
                    break
                mate[v] = self.dummy
                mate[self.dummy] = v
                self.bye_cand = saved
            assert self.bye_score is not None
            for i, p in enumerate(players):
                self.bye_cand[i] = p.bye_ok and p.score <= self.bye_score
        # Bottom-up maximum matchings of "everybody below group g" (+ the bye vertex).
        active = [False] * size
        active[self.dummy] = self.odd
        f = self._search_ok(active)
        mate = [-1] * size
        self.below: list[list[int]] = [[] for _ in groups]
        self.snap: list[list[int]] = [[] for _ in groups]
        members: list[int] = [self.dummy] if self.odd else []
        for g in range(len(groups) - 1, -1, -1):
            self.below[g] = list(members)
            self.snap[g] = list(mate)
            for v in groups[g]:
                active[v] = True
            members = groups[g] + members
            greedy_extend(members, f, mate)
            augment_from([v for v in members if mate[v] == -1], size, f, mate, members)
        self._feas_cache: dict[tuple[int, frozenset[int]], bool] = {}
        self._alt: dict[int, list[int]] = {}

    def _alternatives(self, g: int) -> list[int] | None:
        """The vertices below bracket g that a maximum matching of them can leave as the one free
        vertex; [] when none can (no single downfloater is completable); None when unknown."""
        if g in self._alt:
            return self._alt[g]
        below = self.below[g]
        mate = list(self.snap[g])
        free = [v for v in below if mate[v] == -1]
        res: list[int] | None
        if len(free) != 1:
            res = []
        else:
            active = [False] * (self.n + 1)
            for v in below:
                active[v] = True
            res = free_alternatives(free[0], self.n + 1, self._search_ok(active), mate, below)
        if res is not None:
            self._alt[g] = res
        return res

    def feasible(self, g: int, floaters: Iterable[int]) -> bool:
        """C4: can the bracket-g downfloaters plus everyone below still be completed?"""
        d = frozenset(floaters)
        key = (g, d)
        hit = self._feas_cache.get(key)
        if hit is not None:
            return hit
        below = self.below[g]
        alt = self._alternatives(g) if len(d) == 1 else None
        if not d and not below:
            res = True
        elif alt is not None:
            # one downfloater: it completes exactly when it can take the place of a vertex that
            # some maximum matching below leaves free
            (x,) = d
            res = any(self.ok(x, v) for v in alt)
        else:
            size = self.n + 1
            active = [False] * size
            for v in below:
                active[v] = True
            for v in d:
                active[v] = True
            mate = list(self.snap[g])
            f = self._search_ok(active)
            verts = sorted(d) + below
            res = True
            # A vertex with no augmenting path now never gets one later (Edmonds), so the first
            # failure proves that no perfect matching exists.
            for v in verts:
                if mate[v] == -1 and not augment_from([v], size, f, mate, verts):
                    res = False
                    break
        self._feas_cache[key] = res
        return res

    # ----- failure vectors -----------------------------------------------------------------
    def pv(self, i: int, j: int) -> list[int]:
        """Failure contributions of the pair {i, j} (C10-C13, C14-C21 pair parts)."""
        if i > j:
            i, j = j, i
        key = (i, j)
        v = self._pv_cache.get(key)
        if v is not None:
            return v
        a, b = self.P[i], self.P[j]  # a is higher-ranked (sorted order)
        v = [0] * self.VL
        if self.final and (a.topscorer or b.topscorer):
            white, _black, _r, _m = allocate(a, b, self.request.initial_colour)
            for p in (a, b):
                got = Colour.WHITE if p is white else Colour.BLACK
                cd = p.cd + (1 if got is Colour.WHITE else -1)
                if abs(cd) > 2:
                    v[self.O10] += 1
                if len(p.colours) >= 2 and p.colours[-1] is got and p.colours[-2] is got:
                    v[self.O10 + 1] += 1
        if a.pref is not None and a.pref is b.pref:
            v[self.O10 + 2] += 1
            if (
                a.strength >= STRONG
                and b.strength >= STRONG
                and not (a.strength == ABSOLUTE and b.strength == ABSOLUTE)
            ):
                v[self.O10 + 3] += 1
        if a.score > b.score:
            la = self.level[a.score]
            if a.floats[0] == DOWN:
                v[self.O14] += 1
            if b.floats[0] == UP:
                v[self.O14 + 1] += 1
                v[self.O18 + self.K + la] += 1
            if a.floats[1] == DOWN:
                v[self.O14 + 2] += 1
            if b.floats[1] == UP:
                v[self.O14 + 3] += 1
                v[self.O18 + 3 * self.K + la] += 1
        self._pv_cache[key] = v
        return v

    def fv(self, x: int) -> list[int]:
        """Failure contributions of leaving ``x`` unpaired in its bracket (C6, C7, C14, C16, C18, C20)."""
        p = self.P[x]
        v = [0] * self.VL
        lv = self.level[p.score]
        v[0] = 1
        v[self.O7 + lv] = 1
        if p.floats[0] == DOWN:
            v[self.O14] = 1
            v[self.O18 + lv] = 1
        if p.floats[1] == DOWN:
            v[self.O14 + 2] = 1
            v[self.O18 + 2 * self.K + lv] = 1
        return v


def _add(a: list[int], b: list[int]) -> list[int]:
    return [x + y for x, y in zip(a, b, strict=True)]


def _cmin(vs: list[list[int]]) -> list[int]:
    return [min(col) for col in zip(*vs, strict=True)]


class _Bracket:
    """Pairs one bracket by generation-order search with branch and bound (see module docstring)."""

    def __init__(self, rnd: _Round, g: int, mdps: list[int], residents: list[int], nxt: list[int]) -> None:
        self.r = rnd
        self.g = g
        self.mdps = mdps
        self.res = residents
        self.nxt = nxt
        self.is_last = not rnd.below[g] or rnd.below[g] == [rnd.dummy]
        self.best: list[int] | None = None
        self.best_pairs: list[tuple[int, int]] = []
        self.best_floaters: list[int] = []
        self.best_info: str = ""
        self.nodes = 0
        self.exhausted = False
        self.greedy = False
        self.bnb = False
        self.bnb_generated = False
        self.lower: list[int] = []
        self.target: list[int] = []
        self.next_target: list[int] | None = None
        self._c89_cache: dict[frozenset[int], list[int]] = {}
        self._flb_cache: dict[tuple[tuple[int, ...], tuple[int, ...], int], list[int] | None] = {}
        self.bracket = mdps + residents
        self.exact = len(self.bracket) <= EXACT_LIMIT
        self.exact_work = 0
        self.base = 2 * len(self.bracket) + 4
        self.sat = self.base ** (rnd.VL + 2)
        self._sfv: dict[int, int] = {}
        self._spv: dict[tuple[int, int], int] = {}
        self._exact_cache: dict[tuple[frozenset[int], frozenset[int]], list[int] | None] = {}
        self._completion: tuple[list[tuple[int, int]], list[int]] | None = None
        self._tcost: tuple[tuple[tuple[int, ...], tuple[int, ...]], list[list[int | None]]] | None = None
        """The cost matrix of the last exchange a transposition search bounded exactly."""
        self._sets_cache: dict[
            tuple[tuple[int, ...], tuple[int, ...], int], list[tuple[list[int], frozenset[int]]]
        ] = {}

    # ----- exact bounds by weighted matching ---------------------------------------------
    def _scalar(self, v: list[int]) -> int:
        s = 0
        for x in v:
            s = s * self.base + x
        return s

    def _vector(self, s: int) -> list[int]:
        out = [0] * self.r.VL
        for k in range(self.r.VL - 1, -1, -1):
            s, out[k] = divmod(s, self.base)
        return out

    def _sf(self, x: int) -> int:
        v = self._sfv.get(x)
        if v is None:
            v = self._sfv[x] = self._scalar(self.r.fv(x))
        return v

    def _sp(self, x: int, y: int) -> int:
        key = (x, y) if x < y else (y, x)
        v = self._spv.get(key)
        if v is None:
            v = self._spv[key] = self._scalar(self.r.pv(x, y))
        return v

    def exact_bound(self, must: list[int], free: list[int]) -> list[int] | None:
        """The least pair-and-floater part (every criterion but C8/C9) of any way to pair every
        player of ``must`` (never two of them together) with players of ``free`` and the other
        ``free`` players among themselves, each unpaired ``free`` player counting as a floater.
        None when ``must`` cannot all be paired. (A transposition, where ``free`` players are
        never paired together, is bounded by :meth:`_trans_state` instead.)

        A maximum-weight matching (Edmonds) with weight fv(a) + fv(b) - pv(a, b) for a pair of
        free players and SAT + fv(b) - pv(a, b) for a pair with a player of ``must``: the total
        floater cost minus the weight is the cost of the matching, and SAT forces ``must`` to be
        matched. Every vector component stays below ``self.base``, so the scalar packs exactly.
        """
        key = (frozenset(must), frozenset(free))
        if key in self._exact_cache:
            return self._exact_cache[key]
        r = self.r
        verts = must + free
        nm = len(must)
        m = len(verts)
        self.exact_work += m**3
        sat = self.sat
        w: list[list[int | None]] = [[None] * m for _ in range(m)]
        for i in range(m):
            a = verts[i]
            for j in range(max(i + 1, nm), m):
                b = verts[j]
                if not r.ok(a, b):
                    continue
                if i < nm:
                    wt = sat + self._sf(b) - self._sp(a, b)
                else:
                    wt = self._sf(a) + self._sf(b) - self._sp(a, b)
                w[i][j] = w[j][i] = wt
        mate = max_weight_matching(w)
        res: list[int] | None
        if any(mate[i] == -1 for i in range(nm)):
            res = None
        else:
            cost = sum(self._sf(b) for b in free)
            for i in range(m):
                j = mate[i]
                if j > i:
                    wt = w[i][j]
                    assert wt is not None
                    cost -= wt - (sat if i < nm else 0)
            res = self._vector(cost)
        self._exact_cache[key] = res
        return res

    def exact_ok(self, vec: list[int], must: list[int], free: list[int], flb: list[int]) -> bool:
        """Exact-bound pruning of a subtree (small brackets only): False when no candidate in it
        can reach the current target (see :meth:`bound_ok`)."""
        if not self.exact_on():
            return True
        part = self.exact_bound(must, free)
        if part is None:
            return False
        return self.part_ok(vec, part, flb)

    def exact_on(self) -> bool:
        """Whether exact bounds are in use now (see EXACT_LATE_WORK)."""
        if self.exact and len(self.bracket) > EXACT_LIMIT and self.exact_work > EXACT_LATE_WORK:
            self.exact = False
        return self.exact

    def part_ok(self, vec: list[int], part: list[int], flb: list[int]) -> bool:
        """:meth:`bound_ok` for the failures ``vec`` so far plus an exact bound ``part`` of the
        rest, with the C8/C9 part of ``flb``."""
        r = self.r
        bound = _add(vec, part)
        if part[0] == flb[0]:
            # ``flb`` bounds C8/C9 for its own number of floaters only; a candidate with more
            # floaters than the matching's is already worse on C6
            for k in range(r.O8, r.O10):
                bound[k] += flb[k]
        return self.bound_ok(bound)

    # ----- exact bounds of a transposition search, kept up to date pair by pair -------------
    def _trans_costs(self, s1: list[int], s2: list[int]) -> list[list[int | None]]:
        """Square cost matrix of an exchange: row k < len(s1) is S1[k], the other rows stand for
        the floaters (cost 0), column c is S2[c]. A pair costs its pair failures minus the
        failures its S2 player would have as a floater, so that an assignment's cost plus the
        floater failures of all of S2 is the pair-and-floater part of the candidate."""
        r = self.r
        rows: list[list[int | None]] = []
        for x in s1:
            rows.append([self._sp(x, y) - self._sf(y) if r.ok(x, y) else None for y in s2])
        rows.extend([0] * len(s2) for _ in range(len(s2) - len(s1)))
        return rows

    def _trans_state(
        self, s1: list[int], s2: list[int], i: int, used: set[int]
    ) -> tuple[Assignment, int] | None:
        """The optimal assignment of S1[i:] (and the floaters) to the S2 players not in
        ``used``, with the floater failures of those S2 players as a scalar; None if S1[i:]
        cannot all be paired."""
        key = (tuple(s1), tuple(s2))
        if self._tcost is None or self._tcost[0] != key:
            self._tcost = (key, self._trans_costs(s1, s2))
        cols = [c for c, y in enumerate(s2) if y not in used]
        self.exact_work += len(cols) ** 3
        a = Assignment.solve(self._tcost[1], [*range(i, len(s1)), *range(len(s1), len(s2))], cols)
        if a is None:
            return None
        return a, sum(self._sf(s2[c]) for c in cols)

    def vector(self, pairs: list[tuple[int, int]], floaters: list[int]) -> list[int]:
        """The whole failure vector of one candidate of this bracket."""
        r = self.r
        vec = self.c89(floaters)
        for a, b in pairs:
            vec = _add(vec, r.pv(a, b))
        for x in floaters:
            vec = _add(vec, r.fv(x))
        return vec

    # ----- set-level criteria C8 / C9 ----------------------------------------------------
    def c89(self, floaters: Iterable[int]) -> list[int]:
        d = frozenset(floaters)
        hit = self._c89_cache.get(d)
        if hit is not None:
            return hit
        r = self.r
        v = [0] * r.VL
        if self.nxt:
            # C8: how well the next bracket (these downfloaters + the next scoregroup) can pair
            # while everybody below it is still completed. Two downfloaters never count as a
            # pair of the next bracket (they would be a pair of this one).
            size = r.n + 1
            xs = sorted(d) + self.nxt
            in_x = [False] * size
            for x in xs:
                in_x[x] = True
            active = [False] * size
            for x in xs:
                active[x] = True

            def ok(i: int, j: int) -> bool:
                return active[i] and active[j] and not (i in d and j in d) and r.ok(i, j)

            mate = list(r.snap[self.g + 1]) if self.g + 1 < len(r.snap) else [-1] * size
            greedy_extend(xs, ok, mate)
            augment_from([x for x in xs if mate[x] == -1], size, ok, mate, xs)
            unmatched = [x for x in xs if mate[x] == -1]
            if self.g + 1 < len(r.below) and (
                not r.feasible(self.g + 1, unmatched) or any(x in d for x in unmatched)
            ):
                # another maximum matching may leave residents unpaired instead of downfloaters,
                # or leave players below that can still be completed
                swapped = self._swap_unmatched(xs, d, mate, ok, active, unmatched)
                if swapped is not None:
                    unmatched = swapped
            if self.g + 1 < len(r.below) and not r.feasible(self.g + 1, unmatched):
                # the rest cannot be completed that way: complete it, keeping what we can
                for w in r.below[self.g + 1]:
                    active[w] = True
                verts = xs + r.below[self.g + 1]
                augment_from([w for w in verts if mate[w] == -1], size, ok, mate, verts)
                unmatched = [x for x in xs if mate[x] == -1 or not in_x[mate[x]]]
            v[r.O8] = len(unmatched)
            for m in unmatched:
                if m in d:
                    v[r.O8 + 1 + r.level[r.P[m].score]] += 1

        def receiver(x: int) -> bool:
            return r.bye_cand[x] and r.P[x].score == r.bye_score

        if r.odd and len(d) == 1 and any(receiver(x) for x in d):
            # C9 applies only to a bracket that downfloats exactly one player (the one who is
            # to end up with the PAB): the bye receiver (score s*) will be that downfloater or
            # somebody below; the fewest unplayed rounds any of them could bring to the bye.
            pool = [x for x in d if receiver(x)] + [
                x for x in r.below[self.g] if x != r.dummy and receiver(x)
            ]
            v[r.O9] = min(r.P[x].unplayed for x in pool)
        self._c89_cache[d] = v
        return v

    def _swap_unmatched(
        self,
        xs: list[int],
        d: frozenset[int],
        mate: list[int],
        ok: Callable[[int, int], bool],
        active: list[bool],
        unmatched: list[int],
    ) -> list[int] | None:
        """Another choice of the next bracket's unpaired players whose leftovers can be completed
        below: first one unpaired player swapped for a paired one, then one or two more pairs
        given up. Among those that work, leave the fewest downfloaters (highest scores first)
        unpaired."""
        r = self.r
        if len(xs) > 60:
            return None
        xset = set(xs)

        def key(left: list[int]) -> tuple[list[int], list[int]]:
            # fewest downfloaters left unpaired at the highest score, then at the next score, ...
            levels = [0] * r.K
            for x in left:
                if x in d:
                    levels[r.level[r.P[x].score]] += 1
            return (levels, sorted(-x for x in left))

        if len(xs) <= 14:
            # small next bracket: every choice of unpaired players, fewest first
            for size in range(len(unmatched), len(xs) + 1, 2):
                for left in sorted((list(c) for c in combinations(xs, size)), key=key):
                    if r.feasible(self.g + 1, left) and self._x_perfect(sorted(xset.difference(left)), d):
                        return left
            return None
        rest = [x for x in xs if x not in unmatched]
        batches: list[list[list[int]]] = [
            [[x for x in unmatched if x != u] + [v] for u in unmatched for v in rest],
            [[*unmatched, *c] for c in combinations(rest, 2)],
        ]
        if len(rest) <= 20:
            batches.append([[*unmatched, *c] for c in combinations(rest, 4)])

        for batch in batches:
            for left in sorted(batch, key=key):
                if r.feasible(self.g + 1, left) and self._x_perfect(sorted(xset.difference(left)), d):
                    return left
        return None

    def _x_perfect(self, members: list[int], d: frozenset[int]) -> bool:
        """Can ``members`` all be paired among themselves (two downfloaters never together)?"""
        r = self.r
        n = len(members)
        if n % 2:
            return False

        def ok(i: int, j: int) -> bool:
            a, b = members[i], members[j]
            return not (a in d and b in d) and r.ok(a, b)

        mate = [-1] * n
        greedy_extend(range(n), ok, mate)
        augment_from([k for k in range(n) if mate[k] == -1], n, ok, mate)
        return all(m != -1 for m in mate)

    def leaf(self, pairs: list[tuple[int, int]], floaters: list[int], vec: list[int], info: str) -> None:
        """Evaluate a complete candidate whose pair and per-floater parts are already in ``vec``."""
        r = self.r
        if not r.feasible(self.g, floaters):
            return
        full = _add(vec, self.c89(floaters))
        if self.bnb:
            # branch and bound in generation order: strictly better, or as good as a candidate
            # that was not found in generation order
            if self.best is None or full < self.best or (full == self.best and not self.bnb_generated):
                self.best = full
                self.best_pairs = list(pairs)
                self.best_floaters = list(floaters)
                self.best_info = info
                self.bnb_generated = True
                if full <= self.lower:
                    raise _Done
            return
        if self.best is None or full < self.best:
            self.best = full
            self.best_pairs = list(pairs)
            self.best_floaters = list(floaters)
            self.best_info = info
        if full <= self.target:
            # Every earlier candidate was proved worse than the target: this one is the answer.
            self.best = full
            self.best_pairs = list(pairs)
            self.best_floaters = list(floaters)
            self.best_info = info
            raise _Done
        if self.next_target is None or full < self.next_target:
            self.next_target = full

    def bound_ok(self, bound: list[int]) -> bool:
        """False (prune) when no candidate below this node can reach the current target."""
        if self.bnb:
            if self.best is None:
                return True
            return bound < self.best if self.bnb_generated else bound <= self.best
        if bound <= self.target:
            return True
        if self.next_target is None or bound < self.next_target:
            self.next_target = bound
        return False

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes == EXACT_LATE_AFTER and len(self.bracket) <= EXACT_LATE_LIMIT and not self.exact:
            self.exact = True
            if not self.bnb and not self.greedy:
                raise _Restart
        if self.nodes > NODE_BUDGET:
            self.exhausted = True
            raise _Budget

    # ----- explanation --------------------------------------------------------------------
    def plain(self) -> tuple[list[tuple[int, int]], list[int]]:
        """The candidate generated first: MDPs against the top residents, then S1 against S2."""
        pairs = list(zip(self.mdps, self.res, strict=False))
        rem = self.res[len(pairs) :]
        half = len(rem) // 2
        pairs += list(zip(rem[:half], rem[half : 2 * half], strict=False))
        used = {x for p in pairs for x in p}
        return pairs, [x for x in self.bracket if x not in used]

    def departure(self) -> str:
        """Why the chosen candidate is not the plain S1-against-S2 order (empty when it is)."""
        r = self.r
        pairs, floaters = self.plain()
        chosen = {frozenset(p) for p in self.best_pairs}
        if {frozenset(p) for p in pairs} == chosen:
            return ""
        how = self.best_info or "transposition of S2"
        for a, b in pairs:
            if not r.ok(a, b):
                pa, pb = r.P[a], r.P[b]
                if pb.id in pa.met:
                    rule = f"C1: {pa.label} and {pb.label} have already played each other"
                elif pb.id in pa.forbidden:
                    rule = f"C1: {pa.label} and {pb.label} must not be paired (forbidden pair)"
                else:
                    rule = f"C3: {pa.label} and {pb.label} both need {_cname(pa.pref)}"  # type: ignore[arg-type]
                return f"{how}, because {rule}"
        if not r.feasible(self.g, floaters):
            return f"{how}, because C4: the plain order would leave players below impossible to pair"
        vec = self.vector(pairs, floaters)
        best = self.best or vec
        for k, (x, y) in enumerate(zip(vec, best, strict=True)):
            if x != y:
                return f"{how}, because it is better on {r.criterion(k)}"
        return f"{how} (equal on every criterion; generated first)"

    # ----- lower bounds --------------------------------------------------------------------
    def colour_lb(self, s1: list[int], s2: list[int]) -> tuple[int, int]:
        """Admissible bound on C12/C13 failures when S1 players are paired into S2."""
        P = self.r.P
        w1 = b1 = sw1 = sb1 = 0
        for x in s1:
            p = P[x]
            if p.pref is Colour.WHITE:
                w1 += 1
                sw1 += p.strength >= STRONG
            elif p.pref is Colour.BLACK:
                b1 += 1
                sb1 += p.strength >= STRONG
        w2 = b2 = sw2 = sb2 = 0
        for x in s2:
            p = P[x]
            if p.pref is Colour.WHITE:
                w2 += 1
                sw2 += p.strength >= STRONG
            elif p.pref is Colour.BLACK:
                b2 += 1
                sb2 += p.strength >= STRONG
        n2 = len(s2)
        c12 = max(0, w1 - (n2 - w2)) + max(0, b1 - (n2 - b2))
        if self.r.final:
            return c12, 0
        c13 = max(0, sw1 - (n2 - sw2)) + max(0, sb1 - (n2 - sb2))
        return c12, c13

    def general_colour_lb(self, players: list[int], f: int) -> tuple[int, int]:
        """Admissible bound on C12/C13 failures of any pairing of ``players`` leaving ``f`` unpaired."""
        P = self.r.P
        pairs = (len(players) - f) // 2
        w = b = sw = sb = 0
        for x in players:
            p = P[x]
            if p.pref is Colour.WHITE:
                w += 1
                sw += p.strength >= STRONG
            elif p.pref is Colour.BLACK:
                b += 1
                sb += p.strength >= STRONG
        c12 = max(0, w - f - pairs) + max(0, b - f - pairs)
        if self.r.final:
            return c12, 0
        return c12, max(0, sw - f - pairs) + max(0, sb - f - pairs)

    def general_lb(self) -> list[int]:
        r = self.r
        n = len(self.bracket)
        m0, nr = len(self.mdps), len(self.res)
        f0 = max(n % 2, m0 - nr)
        v = [0] * r.VL
        v[0] = f0
        if f0:
            lowest = r.level[r.P[self.bracket[-1]].score]
            v[r.O7 + lowest] = f0
        if f0 == 1:
            opts = []
            for x in self.bracket:
                if r.feasible(self.g, [x]):
                    opts.append(_add(r.fv(x), self.c89([x])))
            if opts:
                m = _cmin(opts)
                for k in range(r.O8, r.O10):
                    v[k] = m[k]
                v[r.O14] = m[r.O14]
                v[r.O14 + 2] = m[r.O14 + 2]
                # C18/C20 bounds at their levels
                for k in range(r.O18, r.O18 + r.K):
                    v[k] = m[k]
                for k in range(r.O18 + 2 * r.K, r.O18 + 3 * r.K):
                    v[k] = m[k]
        elif f0 == 0:
            c = self.c89([])
            for k in range(r.O8, r.O10):
                v[k] = c[k]
        # colour bound over any matching of the bracket
        P = r.P
        pairs = (n - f0) // 2
        w = sum(1 for x in self.bracket if P[x].pref is Colour.WHITE)
        b = sum(1 for x in self.bracket if P[x].pref is Colour.BLACK)
        v[r.O10 + 2] = max(0, w - f0 - pairs) + max(0, b - f0 - pairs)
        if not r.final:
            sw = sum(1 for x in self.bracket if P[x].pref is Colour.WHITE and P[x].strength >= STRONG)
            sb = sum(1 for x in self.bracket if P[x].pref is Colour.BLACK and P[x].strength >= STRONG)
            v[r.O10 + 3] = max(0, sw - f0 - pairs) + max(0, sb - f0 - pairs)
        return v

    # ----- the search ----------------------------------------------------------------------
    def run(self) -> None:
        """Iterative deepening on the failure vector (IDA*): search in generation order for a
        candidate that reaches ``target``; if none does, raise the target to the smallest bound
        or candidate vector seen, and search again. The first candidate found is therefore the
        earliest-generated one among the best."""
        self.target = self.general_lb()
        self.lower = list(self.target)
        if _DEBUG:
            print(
                "START",
                self.g,
                len(self.mdps),
                len(self.res),
                {i: v for i, v in enumerate(self.target) if v},
                self.r.O8,
                self.r.O10,
                self.r.O14,
                self.r.O18,
            )
        try:
            rounds = 0
            while True:
                self.next_target = None
                try:
                    self._heterogeneous()
                except _Restart:
                    continue
                if _DEBUG:
                    print("IDA", self.g, self.nodes, self.target, self.next_target)
                if self.next_target is None:
                    return
                self.target = self.next_target
                rounds += 1
                if rounds == 3:
                    self.target = max(self.target, self._completion_lb())
        except _Done:
            pass
        except _Budget:
            # The bound was not reached within the budget. Find a good candidate greedily (each
            # S1 player takes the least costly legal partner first), then look for the earliest
            # candidate in generation order that is at least as good, with a second budget.
            found = self.best
            found_state = (self.best_pairs, self.best_floaters, self.best_info)
            self.greedy = True
            self.best = None
            self.target = [1 << 30] * self.r.VL
            self.nodes = 0
            try:
                self._heterogeneous()
            except (_Done, _Budget):
                pass
            self.greedy = False
            if found is not None and (self.best is None or found < self.best):
                self.best = found
                self.best_pairs, self.best_floaters, self.best_info = found_state
            if self.best is None:
                self._completed_candidate()
            if self.best is not None:
                # branch and bound in generation order from that incumbent
                self.bnb = True
                self.bnb_generated = False
                self.nodes = 0
                try:
                    self._heterogeneous()
                except (_Done, _Budget):
                    pass
                self.bnb = False

    def _completed_candidate(self) -> None:
        """A candidate that is sure to respect C4, for brackets where the search found none
        within its budget: one maximum-weight matching of this bracket together with everybody
        below it. Every edge carries ``sat`` so the matching is perfect (it exists: the
        downfloaters of the bracket above were checked); a pair inside the bracket also carries
        what it saves on the pair-and-floater criteria, as in :meth:`exact_bound`. Its pairs
        inside the bracket are the candidate, the players it pairs below are the downfloaters.
        Only done for fields small enough for a cubic algorithm."""
        found = self._completion_matching(400)
        if found is None:
            return
        r = self.r
        pairs, floaters = found
        if not r.feasible(self.g, floaters):
            return
        self.best = self.vector(pairs, floaters)
        self.best_pairs = pairs
        self.best_floaters = floaters
        self.best_info = "completion-first candidate"

    def _completion_lb(self) -> list[int]:
        """A lower bound from C4 (zeros when not computed): the completion-first matching has
        the least number of downfloaters C4 allows, with the least C7 scores. Parity alone can
        promise fewer, and the search would then try every candidate at each smaller count."""
        r = self.r
        v = [0] * r.VL
        found = self._completion_matching(150)
        if found is not None:
            v[0] = len(found[1])
            for x in found[1]:
                v[r.O7 + r.level[r.P[x].score]] += 1
        return v

    def _completion_matching(self, limit: int) -> tuple[list[tuple[int, int]], list[int]] | None:
        """The matching of :meth:`_completed_candidate` as (pairs in the bracket, downfloaters);
        None when the bracket and everybody below are more than ``limit`` players. Its
        downfloaters are as few as C4 allows, with the lowest C7 scores (both exact)."""
        if self._completion is not None or len(self.bracket) + len(self.r.below[self.g]) > limit:
            return self._completion
        r = self.r
        verts = self.bracket + r.below[self.g]
        inside = len(self.bracket)
        m = len(verts)
        sat = self.sat
        w: list[list[int | None]] = [[None] * m for _ in range(m)]
        for i in range(m):
            a = verts[i]
            for j in range(i + 1, m):
                b = verts[j]
                if not r.ok(a, b) or (a in self.mdps and b in self.mdps):
                    continue
                wt = sat
                if j < inside:
                    wt += self._sf(a) + self._sf(b) - self._sp(a, b)
                w[i][j] = w[j][i] = wt
        mate = max_weight_matching(w)
        if any(v == -1 for v in mate):
            return None
        pairs = [(verts[i], verts[mate[i]]) for i in range(inside) if i < mate[i] < inside]
        floaters = [verts[i] for i in range(inside) if mate[i] >= inside]
        self._completion = (pairs, floaters)
        return self._completion

    def _heterogeneous(self) -> None:
        r = self.r
        mdps, res = self.mdps, self.res
        zero = [0] * r.VL
        if not mdps:
            self._homogeneous(res, [], [], zero, "")
            return
        for m1 in range(min(len(mdps), len(res)), -1, -1):
            for s1 in combinations(mdps, m1):
                limbo = [x for x in mdps if x not in s1]
                base = zero
                for x in limbo:
                    base = _add(base, r.fv(x))
                rem_f = (len(res) - m1) % 2
                flb = self.floater_lb(limbo, res, rem_f)
                if flb is None:
                    flb = [0] * r.VL
                    flb[0] = rem_f
                bound = _add(base, flb)
                if not self.bound_ok(bound):
                    continue
                if not self.exact_ok(base, list(s1), res, flb):
                    continue
                self._mdp_dfs(list(s1), 0, [], set(), base, limbo, flb)

    def _mdp_dfs(
        self,
        s1: list[int],
        i: int,
        pairs: list[tuple[int, int]],
        used: set[int],
        vec: list[int],
        limbo: list[int],
        flb: list[int],
    ) -> None:
        r = self.r
        self.tick()
        if i == len(s1):
            rem = [x for x in self.res if x not in used]
            info = ""
            if limbo:
                info = (
                    "MDPs paired: " + ", ".join(r.P[x].label for x in s1)
                    if s1
                    else "no MDP can be paired here"
                )
            self._homogeneous(rem, pairs, limbo, vec, info)
            return
        x = s1[i]
        choices = self.res
        if self.greedy:
            choices = sorted(choices, key=lambda y: r.pv(x, y))
        for y in choices:
            if y in used or not r.ok(x, y):
                continue
            nv = _add(vec, r.pv(x, y))
            bound = _add(nv, flb)
            rest = s1[i + 1 :] + [z for z in self.res if z not in used and z != y]
            c12, c13 = self.general_colour_lb(rest, flb[0])
            bound[r.O10 + 2] += c12
            bound[r.O10 + 3] += c13
            if not self.bound_ok(bound):
                continue
            if self.exact and not self.exact_ok(
                nv, s1[i + 1 :], [z for z in self.res if z not in used and z != y], flb
            ):
                continue
            used.add(y)
            pairs.append((x, y))
            self._mdp_dfs(s1, i + 1, pairs, used, nv, limbo, flb)
            pairs.pop()
            used.discard(y)

    def _homogeneous(
        self,
        players: list[int],
        base_pairs: list[tuple[int, int]],
        base_floaters: list[int],
        base_vec: list[int],
        info: str,
    ) -> None:
        """Homogeneous bracket or remainder: exchanges (4.3) x transpositions (4.2)."""
        r = self.r
        n = len(players)
        if n == 0:
            self.leaf(base_pairs, base_floaters, base_vec, info)
            return
        for npairs in range(n // 2, -1, -1):
            nf = n - 2 * npairs
            s1o = players[:npairs]
            s2o = players[npairs:]
            # the floaters will be S2 players, whatever the exchange: bound over all of them
            flb = self.floater_lb(base_floaters, players, nf)
            if flb is None:
                continue
            if not self.bound_ok(_add(base_vec, flb)):
                return
            # the floaters are the S2 players a transposition leaves over: where the sets that
            # may float can be listed, only exchanges whose S2 holds a set within the target
            # are tried, and the search bounds the floaters by the cheapest set still free
            sets = self._floater_sets(base_floaters, players, nf) if nf else None
            good = None
            if sets is not None:
                if not sets:
                    continue  # C4: no set of players can float
                good = []
                for v, f in sets:
                    if not self.bound_ok(_add(base_vec, v)):
                        break
                    good.append(f)
                if not good:
                    return
                flb = self._with_c89(flb, sets)
                if self.exact_on() and len(players) <= EXACT_LIMIT and self.target != self.lower:
                    # once a first search round has failed to reach the lower bound
                    best = self._level_bound(base_vec, players, sets)
                    if best is None:
                        continue  # C4: no set can float with everybody else paired
                    if not self.bound_ok(best):
                        return
            if not self.exact_ok(base_vec, [], players, flb):
                return
            for s1, s2, note in self._exchanges(s1o, s2o, good):
                self.tick()
                # exchange-level bound
                c12, c13 = self.colour_lb(s1, s2)
                flb2 = self.floater_lb(base_floaters, s2, nf)
                if flb2 is None:
                    continue
                bound = _add(base_vec, flb2)
                bound[r.O10 + 2] += c12
                bound[r.O10 + 3] += c13
                if not self.bound_ok(bound):
                    continue
                order = None
                if sets is not None:
                    in_s2 = set(s2)
                    order = [(v, f) for v, f in sets if f <= in_s2]
                    if not order:
                        continue
                    bound = _add(base_vec, order[0][0])
                    bound[r.O10 + 2] += c12
                    bound[r.O10 + 3] += c13
                    if not self.bound_ok(bound):
                        continue
                    flb2 = self._with_c89(flb2, order)
                state = None
                if self.exact_on():
                    state = self._trans_state(s1, s2, 0, set())
                    if state is None:
                        continue
                    if not self.part_ok(base_vec, self._vector(state[1] + state[0].total), flb2):
                        continue
                mate = _bipartite(s1, s2, r.ok)
                if mate is None:
                    continue
                full_info = "; ".join(t for t in (info, note) if t)
                self._trans_dfs(
                    s1, s2, 0, mate, base_pairs, base_floaters, base_vec, flb2, full_info, order, state
                )

    def _level_bound(
        self, base: list[int], players: list[int], sets: list[tuple[list[int], frozenset[int]]]
    ) -> list[int] | None:
        """The best failure vector of any candidate that floats one of ``sets`` and pairs all
        the other ``players`` (exact as far as the exchanges reach): for each set, cheapest
        first, its cost plus a maximum-weight perfect matching of the rest, until a set's cost
        alone is no better than the best total. None when no set leaves a perfect matching."""
        best: list[int] | None = None
        for v, f in sets:
            lb = _add(base, v)
            if best is not None and lb >= best:
                break
            if not self.bound_ok(lb):
                # no later set can reach the target either; ``lb`` bounds them all
                return lb if best is None else min(best, lb)
            part = self.exact_bound([], [x for x in players if x not in f])
            if part is None or part[0]:
                continue  # the others cannot all be paired
            total = _add(lb, part)
            if best is None or total < best:
                best = total
        return best

    def _with_c89(self, flb: list[int], sets: list[tuple[list[int], frozenset[int]]]) -> list[int]:
        """``flb`` with its C8/C9 part raised to the least that any of ``sets`` costs there,
        criterion by criterion (a bound that stays valid whatever the pairs cost)."""
        r = self.r
        out = list(flb)
        for k in range(r.O8, r.O10):
            out[k] = max(out[k], min(v[k] for v, _f in sets))
        return out

    def floater_lb(self, base: list[int], cands: list[int], nf: int) -> list[int] | None:
        """Lower bound of the floater-dependent failures beyond ``fv(base)`` when ``nf`` more
        players out of ``cands`` float (C6, C7, C8, C9, C14, C16, C18, C20); None if C4 rules
        out every choice."""
        key = (tuple(base), tuple(cands), nf)
        hit = self._flb_cache.get(key)
        if hit is not None or key in self._flb_cache:
            return hit
        r = self.r
        res: list[int] | None
        if nf == 0:
            res = self.c89(base) if r.feasible(self.g, base) else None
        elif nf == 1:
            opts = [c for x in cands if (c := self._set_cost(base, (x,))) is not None]
            res = _cmin(opts) if opts else None
        else:
            res = [0] * r.VL
            res[0] = nf
            res[r.O7 + r.level[r.P[cands[-1]].score]] = nf
        self._flb_cache[key] = res
        return res

    def _exchanges(
        self,
        s1: list[int],
        s2: list[int],
        floats: list[frozenset[int]] | None = None,
    ) -> Iterator[tuple[list[int], list[int], str]]:
        """Original S1/S2, then resident exchanges in the order of Art. 4.3. With ``floats``,
        only the exchanges whose S2 holds one of those sets of players."""
        if floats is None or any(f.isdisjoint(s1) for f in floats):
            yield s1, s2, ""
        n1, n2 = len(s1), len(s2)
        if not n1 or not n2:
            return
        pos = {x: k + 1 for k, x in enumerate(s1 + s2)}  # BSN
        in_s1 = set(s1)
        for k in range(1, min(n1, n2) + 1):
            count = _comb(n1, k) * _comb(n2, k)
            if count > 250_000:
                return
            items = []
            for a in combinations(s1, k):
                sa = sum(pos[x] for x in a)
                ka = tuple(-pos[x] for x in sorted(a, key=lambda x: -pos[x]))
                stay = in_s1.difference(a)
                fits = None if floats is None else [f for f in floats if f.isdisjoint(stay)]
                if fits is not None and not fits:
                    continue
                for b in combinations(s2, k):
                    if fits is not None and all(not f.isdisjoint(b) for f in fits):
                        continue
                    sb = sum(pos[x] for x in b)
                    items.append((sb - sa, ka, tuple(pos[x] for x in b), a, b))
            items.sort(key=lambda t: (t[0], t[1], t[2]))
            for _d, _ka, _kb, a, b in items:
                aset, bset = set(a), set(b)
                ns1 = sorted([x for x in s1 if x not in aset] + list(b), key=lambda x: pos[x])
                ns2 = sorted([x for x in s2 if x not in bset] + list(a), key=lambda x: pos[x])
                note = (
                    "exchange " + ",".join(str(pos[x]) for x in a) + "<->" + ",".join(str(pos[x]) for x in b)
                )
                yield ns1, ns2, note

    def _floater_sets(
        self, base: list[int], players: list[int], nf: int
    ) -> list[tuple[list[int], frozenset[int]]] | None:
        """The sets of ``nf`` players who may float together (C4), each with what floating them
        costs (their own failures and C8/C9), cheapest first; None when there are more than
        FLOATER_SETS_LIMIT sets to list."""
        if _comb(len(players), nf) > FLOATER_SETS_LIMIT:
            return None
        key = (tuple(base), tuple(players), nf)
        hit = self._sets_cache.get(key)
        if hit is not None:
            return hit
        opts = []
        for f in combinations(players, nf):
            v = self._set_cost(base, f)
            if v is not None:
                opts.append((v, frozenset(f)))
        opts.sort(key=lambda t: t[0])
        self._sets_cache[key] = opts
        return opts

    def _set_cost(self, base: list[int], f: tuple[int, ...]) -> list[int] | None:
        """What floating the players ``f`` (beyond ``base``) costs: their own failures and
        C8/C9; None when C4 rules it out."""
        r = self.r
        d = [*base, *f]
        if not r.feasible(self.g, d):
            return None
        v = self.c89(d)
        for y in f:
            v = _add(v, r.fv(y))
        return v

    def _trans_dfs(
        self,
        s1: list[int],
        s2: list[int],
        i: int,
        mate: dict[int, int],
        pairs: list[tuple[int, int]],
        floaters: list[int],
        vec: list[int],
        flb: list[int],
        info: str,
        order: list[tuple[list[int], frozenset[int]]] | None = None,
        state: tuple[Assignment, int] | None = None,
        used: set[int] | None = None,
        counts: list[int] | None = None,
    ) -> None:
        """Transpositions of S2 (4.2) in lexicographic order: S1[i] takes the lowest S2 BSN
        still free. ``mate`` saturates the rest of S1 into the rest of S2 (dead ends are cut at
        once); ``counts`` are the colour-preference counts of the rest of S1 and S2. ``order``
        (the sets of :meth:`_floater_sets` that lie in this S2, cheapest first) tightens the
        floater bound ``flb`` to the cheapest set of S2 players still free. With exact bounds
        on, ``state`` is the optimal assignment of the rest (:meth:`_trans_state`): each pair
        tried updates it in ``O(n^2)``."""
        r = self.r
        self.tick()
        if used is None:
            used = set()
            counts = self._colour_counts(s1, s2)
        assert counts is not None
        if i == len(s1):
            extra = [y for y in s2 if y not in used]
            v = vec
            for y in extra:
                v = _add(v, r.fv(y))
            self.leaf(pairs, floaters + extra, v, info)
            return
        x = s1[i]
        kx = self._ckey(x)
        if state is None and self.exact_on():
            state = self._trans_state(s1, s2, i, used)
            if state is None:
                return
        elif state is not None and not self.exact_on():
            state = None
        choices = list(enumerate(s2))
        if self.greedy:
            choices.sort(key=lambda t: r.pv(x, t[1]))
        for col, y in choices:
            if y in used or not r.ok(x, y):
                continue
            nv = _add(vec, r.pv(x, y))
            ky = self._ckey(y)
            nc = list(counts)
            for k in kx:
                nc[k] -= 1
            for k in ky:
                nc[4 + k] -= 1
            c12, c13 = _colour_lb_counts(nc, len(s2) - len(used) - 1, r.final)
            fb = flb
            if order is not None:
                left = next((c for c, f in order if y not in f and f.isdisjoint(used)), None)
                if left is None:
                    continue  # no set of free players may float (C4)
                fb = left
            bound = _add(nv, fb)
            bound[r.O10 + 2] += c12
            bound[r.O10 + 3] += c13
            if not self.bound_ok(bound):
                continue
            nm = mate
            if mate.get(x) != y:
                rest1 = s1[i + 1 :]
                rest2 = [z for z in s2 if z not in used and z != y]
                repaired = _repair(mate, x, y, rest1, rest2, r.ok)
                if repaired is None:
                    continue
                nm = repaired
            child = None
            if state is not None:
                assign, sf_left = state
                self.exact_work += len(assign.cols) ** 2
                fixed = assign.fix(i, col)
                if fixed is None:
                    continue
                child = (fixed, sf_left - self._sf(y))
                if not self.part_ok(nv, self._vector(child[1] + fixed.total), flb):
                    continue
            pairs.append((x, y))
            used.add(y)
            self._trans_dfs(s1, s2, i + 1, nm, pairs, floaters, nv, flb, info, order, child, used, nc)
            used.discard(y)
            pairs.pop()

    def _ckey(self, x: int) -> tuple[int, ...]:
        """Indexes of the colour counters a player adds to: W, B, strong W, strong B."""
        p = self.r.P[x]
        if p.pref is Colour.WHITE:
            return (0, 2) if p.strength >= STRONG else (0,)
        if p.pref is Colour.BLACK:
            return (1, 3) if p.strength >= STRONG else (1,)
        return ()

    def _colour_counts(self, s1: list[int], s2: list[int]) -> list[int]:
        c = [0] * 8
        for x in s1:
            for k in self._ckey(x):
                c[k] += 1
        for x in s2:
            for k in self._ckey(x):
                c[4 + k] += 1
        return c


def _colour_lb_counts(c: list[int], n2: int, final: bool) -> tuple[int, int]:
    """The bound of :meth:`_Bracket.colour_lb` from counts (rest of S1: c[0:4], of S2: c[4:8])."""
    c12 = max(0, c[0] - (n2 - c[4])) + max(0, c[1] - (n2 - c[5]))
    if final:
        return c12, 0
    return c12, max(0, c[2] - (n2 - c[6])) + max(0, c[3] - (n2 - c[7]))


def _comb(n: int, k: int) -> int:
    from math import comb

    return comb(n, k)


def _augment(
    x: int,
    s2: list[int],
    ok: Callable[[int, int], bool],
    match1: dict[int, int],
    match2: dict[int, int],
    seen: set[int],
) -> bool:
    """Kuhn's augmenting path from ``x`` into ``s2`` (in S2 order), updating both match maps."""
    for y in s2:
        if y in seen or not ok(x, y):
            continue
        seen.add(y)
        if y not in match2 or _augment(match2[y], s2, ok, match1, match2, seen):
            match2[y] = x
            match1[x] = y
            return True
    return False


def _bipartite(s1: list[int], s2: list[int], ok: Callable[[int, int], bool]) -> dict[int, int] | None:
    """A matching saturating S1 into S2 (Kuhn's algorithm), or None."""
    match2: dict[int, int] = {}
    match1: dict[int, int] = {}
    # greedy first: S1[i] takes the first free compatible S2 player (what the DFS tries first)
    for x in s1:
        for y in s2:
            if y not in match2 and ok(x, y):
                match2[y] = x
                match1[x] = y
                break
    for x in s1:
        if x not in match1 and not _augment(x, s2, ok, match1, match2, set()):
            return None
    return match1


def _repair(
    mate: dict[int, int],
    x: int,
    y: int,
    rest1: list[int],
    rest2: list[int],
    ok: Callable[[int, int], bool],
) -> dict[int, int] | None:
    """After fixing x-y, re-saturate the remaining S1 into the remaining S2, or None."""
    keep = set(rest1)
    m1 = {a: b for a, b in mate.items() if a in keep}
    m2 = {b: a for a, b in m1.items()}
    owner = m2.pop(y, None)
    if owner is None:
        return m1
    del m1[owner]
    if _augment(owner, rest2, ok, m1, m2, set()):
        return m1
    return None


# ----- colours (Art. 5) ------------------------------------------------------------------------
def allocate(a: PlayerState, b: PlayerState, initial: Colour) -> tuple[PlayerState, PlayerState, str, str]:
    """Colours for the pair; ``a`` is the higher-ranked player. Returns (white, black, rule, message)."""

    def give(p: PlayerState, c: Colour, rule: str, why: str) -> tuple[PlayerState, PlayerState, str, str]:
        other = b if p is a else a
        white, black = (p, other) if c is Colour.WHITE else (other, p)
        return white, black, rule, why

    pa, pb = a.pref, b.pref
    if pa is not None and pb is not None and pa is not pb:
        return give(
            a,
            pa,
            "both-preferences",
            f"both preferences granted: {a.label} wanted {_cname(pa)}, {b.label} wanted {_cname(pb)}",
        )
    if pa is not None and pb is None:
        return give(
            a, pa, "both-preferences", f"{_cname(pa)}: {a.label} {_why(a)}; {b.label} has no preference yet"
        )
    if pb is not None and pa is None:
        return give(
            b, pb, "both-preferences", f"{_cname(pb)}: {b.label} {_why(b)}; {a.label} has no preference yet"
        )
    if pa is None and pb is None:
        c = initial if a.rank % 2 == 1 else initial.opposite
        return give(
            a,
            c,
            "initial-colour",
            f"{_cname(c)}: {a.label} (number {a.rank} among the entered players, {'odd' if a.rank % 2 else 'even'}) gets {'the' if c is initial else 'the opposite of the'} initial colour, neither has played yet",
        )
    assert pa is not None and pb is not None
    # same preference
    if a.strength == ABSOLUTE and (abs(a.cd) > abs(b.cd) or b.strength != ABSOLUTE):
        rule = "larger-colour-difference" if b.strength == ABSOLUTE else "stronger-preference"
        return give(a, pa, rule, f"{_cname(pa)}: {a.label} {_why(a)}")
    if b.strength == ABSOLUTE and (abs(b.cd) > abs(a.cd) or a.strength != ABSOLUTE):
        rule = "larger-colour-difference" if a.strength == ABSOLUTE else "stronger-preference"
        return give(b, pb, rule, f"{_cname(pb)}: {b.label} {_why(b)}")
    if a.strength == STRONG and b.strength != STRONG:
        return give(
            a,
            pa,
            "stronger-preference",
            f"{_cname(pa)}: {a.label} {_why(a)}, a stronger claim than {b.label}'s",
        )
    if b.strength == STRONG and a.strength != STRONG:
        return give(
            b,
            pb,
            "stronger-preference",
            f"{_cname(pb)}: {b.label} {_why(b)}, a stronger claim than {a.label}'s",
        )
    ca, cb = a.colours, b.colours
    for k in range(1, min(len(ca), len(cb)) + 1):
        if ca[-k] is not cb[-k]:
            c = ca[-k].opposite
            return give(
                a,
                c,
                "alternation",
                f"{_cname(c)}: {a.label} had {_cname(ca[-k])} and {b.label} had {_cname(cb[-k])} in the latest game where their colours differed, so both alternate",
            )
    return give(
        a, pa, "higher-ranked-preference", f"{_cname(pa)}: {a.label} is ranked higher and wanted {_cname(pa)}"
    )


def _cname(c: Colour) -> str:
    return "White" if c is Colour.WHITE else "Black"


def _why(p: PlayerState) -> str:
    if p.pref is None:
        return "has no preference"
    if p.strength == ABSOLUTE:
        if abs(p.cd) > 1:
            return f"has played {abs(p.cd)} more games with {_cname(p.pref.opposite)}"
        return f"had {_cname(p.pref.opposite)} in the last two games"
    if p.strength == STRONG:
        return f"has played one more game with {_cname(p.pref.opposite)}"
    return f"had {_cname(p.pref.opposite)} last time"


# ----- entry point -----------------------------------------------------------------------------
def pair_round(request: PairingRequest) -> PairingResult:
    """Pair one round with the FIDE Dutch system (C.04.3, 2026).

    Raises :class:`~pairing.engine.errors.NoValidPairingError` when no pairing satisfies C1-C4,
    unless ``request.least_bad`` is set, and :class:`~pairing.engine.errors.InvalidRequestError`
    for inconsistent input.
    """
    import sys

    limit = sys.getrecursionlimit()
    # the transposition search recurses once per S1 player: a 4000-player bracket goes 2000 deep
    sys.setrecursionlimit(max(limit, 4 * len(request.participants) + 1000))
    try:
        result = _pair(request)
    except NoValidPairingError:
        if not request.least_bad:
            raise
        from .least_bad import pair_least_bad

        return pair_least_bad(request)
    finally:
        sys.setrecursionlimit(limit)
    return _report_unavoidable_breaks(request, result) if request.least_bad else result


def _report_unavoidable_breaks(request: PairingRequest, result: PairingResult) -> PairingResult:
    """Add what a C1-C3-valid pairing still breaks because of earlier least-bad rounds.

    C3 only forbids pairing two participants with the same absolute preference. After a least-bad
    round a participant can be two Blacks up *and* have had White twice running: whatever colour
    they get, a colour limit breaks. The pairing is still the right one, but the product promises to
    say what it broke, so the independent checker's findings are reported as the least-bad path does.
    """
    from .checks import check_pairing

    found = check_pairing(request, result)
    if not found:
        return result
    prefix = f"Round {request.round_number}: no pairing keeps every rule. "
    extra = tuple(Violation(v.rule, v.participants, prefix + v.message) for v in found)
    note = (
        f"Round {request.round_number}: earlier rounds left no colour that keeps every limit for some "
        f"participants, so the pairing breaks {len(extra)} rule(s), listed with the pairing."
    )
    explanation = replace(result.explanation, notes=(*result.explanation.notes, note))
    return replace(result, violations=(*result.violations, *extra), explanation=explanation)


def _pair(request: PairingRequest) -> PairingResult:
    states, _by_id = build_states(request)
    states.sort(key=lambda p: (-p.score, p.tpn))
    if not states:
        return PairingResult(boards=())
    rnd = _Round(request, states)
    groups: list[list[int]] = []
    for i, p in enumerate(states):
        if groups and states[groups[-1][0]].score == p.score:
            groups[-1].append(i)
        else:
            groups.append([i])
    rnd.prepare(groups)

    pairs: list[tuple[int, int]] = []
    floats: list[FloatNote] = []
    notes: list[str] = []
    mdps: list[int] = []
    for g, group in enumerate(groups):
        nxt = groups[g + 1] if g + 1 < len(groups) else []
        br = _Bracket(rnd, g, mdps, group, nxt)
        br.run()
        if br.best is None:
            raise NoValidPairingError(
                f"bracket at score {_fmt(states[group[0]].score)} cannot be paired under C1-C4"
            )
        score_txt = _fmt(states[group[0]].score)
        why = br.departure()
        if why:
            notes.append(f"Bracket {score_txt}: {why}")
        if br.exhausted:
            notes.append(f"Bracket {score_txt}: search budget reached; best candidate found was used")
        for x, y in br.best_pairs:
            a, b = states[x], states[y]
            if a.score != b.score:
                hi, lo = (a, b) if a.score > b.score else (b, a)
                # One downfloat per round (Art. 1.4): a moved-down player already has the note that
                # says why they left their bracket.
                if not any(f.participant == hi.id and f.direction == "down" for f in floats):
                    floats.append(
                        FloatNote(
                            hi.id, "down", hi.score, lo.score, f"{hi.label} paired down to a lower score"
                        )
                    )
                floats.append(
                    FloatNote(lo.id, "up", lo.score, hi.score, f"{lo.label} paired up against a higher score")
                )
        pairs.extend(br.best_pairs)
        new_mdps = sorted(br.best_floaters, key=lambda x: (-states[x].score, states[x].tpn))
        for x in new_mdps:
            p = states[x]
            if nxt:
                reason = (
                    "odd number of players in the bracket"
                    if len(br.bracket) % 2 == 1 and len(new_mdps) == 1
                    else "no legal opponent left in the bracket (completion)"
                )
                floats.append(FloatNote(p.id, "down", p.score, states[nxt[0]].score, reason))
        mdps = new_mdps
    bye_id: int | None = None
    if mdps:
        if len(mdps) != 1 or not rnd.odd:
            raise NoValidPairingError("players left unpaired after the last bracket")
        bye = states[mdps[0]]
        bye_id = bye.id
        # The bye is where this player's downfloat ends: it replaces the note on leaving a bracket.
        floats = [f for f in floats if not (f.participant == bye.id and f.direction == "down")]
        floats.append(
            FloatNote(bye.id, "down", bye.score, 0, f"{bye.label} receives the pairing-allocated bye")
        )

    # colours and board order (GHR 3.6)
    rows = []
    for x, y in pairs:
        a, b = (states[x], states[y]) if x < y else (states[y], states[x])
        white, black, rule, msg = allocate(a, b, request.initial_colour)
        rows.append(((-a.score, -(a.score + b.score), a.tpn), white, black, rule, msg))
    rows.sort(key=lambda t: t[0])
    boards = []
    board_notes = []
    for k, (_key, white, black, rule, msg) in enumerate(rows, start=1):
        boards.append(Board(k, white.id, black.id))
        board_notes.append(BoardNote(k, rule, msg))
    explanation = Explanation(
        scoregroups=tuple((states[g[0]].score, tuple(states[i].id for i in g)) for g in groups),
        floats=tuple(floats),
        boards=tuple(board_notes),
        notes=tuple(notes),
    )
    return PairingResult(boards=tuple(boards), bye=bye_id, explanation=explanation)
