"""Lower bounds of the failure vector for the bracket search: what no candidate in a subtree can
beat.

Two kinds. *Count bounds* are cheap: colour conflicts (C12, C13) that the preferences of the
players still to pair make unavoidable (which preferences count is decided by the criteria's own
functions, :func:`colour_keys`), and the floaters still possible. *Exact bounds* solve what
is left optimally, on the pair and floater criteria: a maximum-weight matching (Edmonds, exact
integer weights that pack the failure vector, :meth:`BracketBounds.exact`) of what is left to pair
for a remainder or an MDP choice, and for a transposition a minimum-cost assignment of S1 to S2
that the search updates by one augmenting path per pair it tries
(:meth:`BracketBounds.transposition`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..matching import Assignment, max_weight_matching
from ..players import PlayerState, Strength
from ..types import Colour
from .completion import RoundField
from .criteria import c12, c13
from .failures import FailureCosts, add, least_each
from .floaters import FloaterCosts

__all__ = ["S2_COUNTERS", "BracketBounds", "ColourCounts", "colour_bound_from_counts", "colour_keys"]

ColourCounts = list[int]
"""Colour preferences of the players of S1 still to pair and of S2 still free, as eight counters:
S1 wanting White, Black, strongly White, strongly Black, then the same four for S2."""

_WHITE, _BLACK, _STRONG_WHITE, _STRONG_BLACK = 0, 1, 2, 3
S2_COUNTERS = 4
"""Offset of S2's counters in :data:`ColourCounts`."""


class BracketBounds:
    """Bounds for one bracket (its MDPs and residents, and the players below it)."""

    def __init__(
        self,
        field: RoundField,
        costs: FailureCosts,
        floaters: FloaterCosts,
        mdps: list[int],
        residents: list[int],
    ) -> None:
        self.field = field
        self.costs = costs
        self.floaters = floaters
        self.mdps = mdps
        self.residents = residents
        self.bracket = mdps + residents
        self.work = 0
        """The cost of the exact bounds so far: the sum of the cubes of their matchings' sizes."""
        self.base = 2 * len(self.bracket) + 4
        """Every position of a bracket's failure vector stays below this, so a vector packs
        exactly into one integer, most important position first."""
        self.must_pair = self.base ** (costs.layout.size + 2)
        """A matching weight that outweighs any packed vector: edges that carry it are taken first."""
        self._packed_floater: dict[int, int] = {}
        self._packed_pair: dict[tuple[int, int], int] = {}
        self._exact: dict[tuple[frozenset[int], frozenset[int]], list[int] | None] = {}
        self._transposition_costs: (
            tuple[tuple[tuple[int, ...], tuple[int, ...]], list[list[int | None]]] | None
        ) = None
        """The cost matrix of the last exchange a transposition search bounded exactly."""
        self._completion: tuple[list[tuple[int, int]], list[int]] | None = None
        self._colour_keys: dict[int, tuple[int, ...]] = {}

    # ----- packing a failure vector into one integer -------------------------------------------
    def pack(self, vector: Sequence[int]) -> int:
        packed = 0
        for x in vector:
            packed = packed * self.base + x
        return packed

    def unpack(self, packed: int) -> list[int]:
        size = self.costs.layout.size
        out = [0] * size
        for k in range(size - 1, -1, -1):
            packed, out[k] = divmod(packed, self.base)
        return out

    def packed_floater(self, x: int) -> int:
        found = self._packed_floater.get(x)
        if found is None:
            found = self._packed_floater[x] = self.pack(self.costs.floater(x))
        return found

    def packed_pair(self, x: int, y: int) -> int:
        key = (x, y) if x < y else (y, x)
        found = self._packed_pair.get(key)
        if found is None:
            found = self._packed_pair[key] = self.pack(self.costs.pair(x, y))
        return found

    # ----- exact bounds -----------------------------------------------------------------------
    def exact(self, must: list[int], free: list[int]) -> list[int] | None:
        """The least pair-and-floater part (every criterion but C8/C9) of any way to pair every
        player of ``must`` (never two of them together) with players of ``free`` and the other
        ``free`` players among themselves, each unpaired ``free`` player counting as a floater.
        None when ``must`` cannot all be paired. (A transposition, where ``free`` players are
        never paired together, is bounded by :meth:`transposition` instead.)

        A maximum-weight matching with weight floater(a) + floater(b) - pair(a, b) for a pair of
        free players and ``must_pair`` + floater(b) - pair(a, b) for a pair with a player of
        ``must``: the total floater cost minus the weight is the cost of the matching.
        """
        key = (frozenset(must), frozenset(free))
        if key in self._exact:
            return self._exact[key]
        field = self.field
        vertices = must + free
        musts = len(must)
        count = len(vertices)
        self.work += count**3
        weights: list[list[int | None]] = [[None] * count for _ in range(count)]
        for i in range(count):
            a = vertices[i]
            for j in range(max(i + 1, musts), count):
                b = vertices[j]
                if not field.compatible(a, b):
                    continue
                if i < musts:
                    weight = self.must_pair + self.packed_floater(b) - self.packed_pair(a, b)
                else:
                    weight = self.packed_floater(a) + self.packed_floater(b) - self.packed_pair(a, b)
                weights[i][j] = weights[j][i] = weight
        mate = max_weight_matching(weights)
        found: list[int] | None
        if any(mate[i] == -1 for i in range(musts)):
            found = None
        else:
            cost = sum(self.packed_floater(b) for b in free)
            for i in range(count):
                j = mate[i]
                if j > i:
                    weight = weights[i][j]
                    assert weight is not None
                    cost -= weight - (self.must_pair if i < musts else 0)
            found = self.unpack(cost)
        self._exact[key] = found
        return found

    def _costs_of_exchange(self, s1: list[int], s2: list[int]) -> list[list[int | None]]:
        """Square cost matrix of an exchange: row k < len(s1) is S1[k], the other rows stand for
        the floaters (cost 0), column c is S2[c]. A pair costs its pair failures minus the
        failures its S2 player would have as a floater, so that an assignment's cost plus the
        floater failures of all of S2 is the pair-and-floater part of the candidate."""
        field = self.field
        rows: list[list[int | None]] = []
        for x in s1:
            rows.append(
                [
                    self.packed_pair(x, y) - self.packed_floater(y) if field.compatible(x, y) else None
                    for y in s2
                ]
            )
        rows.extend([0] * len(s2) for _ in range(len(s2) - len(s1)))
        return rows

    def transposition(
        self, s1: list[int], s2: list[int], i: int, used: set[int]
    ) -> tuple[Assignment, int] | None:
        """The optimal assignment of S1[i:] (and the floaters) to the S2 players not in ``used``,
        with the packed floater failures of those S2 players; None if S1[i:] cannot all be
        paired. :meth:`Assignment.fix` then updates it pair by pair."""
        key = (tuple(s1), tuple(s2))
        if self._transposition_costs is None or self._transposition_costs[0] != key:
            self._transposition_costs = (key, self._costs_of_exchange(s1, s2))
        cols = [c for c, y in enumerate(s2) if y not in used]
        self.work += len(cols) ** 3
        rows = [*range(i, len(s1)), *range(len(s1), len(s2))]
        assignment = Assignment.solve(self._transposition_costs[1], rows, cols)
        if assignment is None:
            return None
        return assignment, sum(self.packed_floater(s2[c]) for c in cols)

    # ----- count bounds -----------------------------------------------------------------------
    def colour_keys(self, x: int) -> tuple[int, ...]:
        """The :data:`ColourCounts` counters (S1 side) a player adds to (:func:`colour_keys`)."""
        found = self._colour_keys.get(x)
        if found is None:
            found = self._colour_keys[x] = colour_keys(self.field.players[x])
        return found

    def colour_counts(self, s1: list[int], s2: list[int]) -> ColourCounts:
        counts = [0] * 8
        for x in s1:
            for k in self.colour_keys(x):
                counts[k] += 1
        for x in s2:
            for k in self.colour_keys(x):
                counts[S2_COUNTERS + k] += 1
        return counts

    def colour_bound(self, s1: list[int], s2: list[int]) -> tuple[int, int]:
        """Admissible bound on the C12/C13 failures when the S1 players are paired into S2: an S1
        player who wants White meets one who wants White unless enough S2 players do not."""
        return colour_bound_from_counts(self.colour_counts(s1, s2), len(s2), self.field.final)

    def colour_bound_any(self, players: list[int], unpaired: int) -> tuple[int, int]:
        """Admissible bound on the C12/C13 failures of any pairing of ``players`` that leaves
        ``unpaired`` of them unpaired."""
        pairs = (len(players) - unpaired) // 2
        counts = [0] * S2_COUNTERS
        for x in players:
            for k in self.colour_keys(x):
                counts[k] += 1
        c12 = max(0, counts[_WHITE] - unpaired - pairs) + max(0, counts[_BLACK] - unpaired - pairs)
        if self.field.final:
            return c12, 0
        c13 = max(0, counts[_STRONG_WHITE] - unpaired - pairs) + max(
            0, counts[_STRONG_BLACK] - unpaired - pairs
        )
        return c12, c13

    def bracket_bound(self) -> list[int]:
        """A lower bound of every candidate of the bracket: the floaters parity and the MDPs force,
        and the colour conflicts of any pairing of the bracket."""
        field, costs, layout = self.field, self.costs, self.costs.layout
        bracket = self.bracket
        count = len(bracket)
        forced = max(count % 2, len(self.mdps) - len(self.residents))
        vector = [0] * layout.size
        vector[layout.c6] = forced
        if forced:
            lowest = field.level[field.players[bracket[-1]].score]
            vector[layout.c7 + lowest] = forced
        if forced == 1:
            options = [
                add(costs.floater(x), self.floaters.next_bracket([x]))
                for x in bracket
                if field.completable(self.floaters.group, [x])
            ]
            if options:
                least = least_each(options)
                for k in range(layout.c8, layout.c10):
                    vector[k] = least[k]
                vector[layout.c14] = least[layout.c14]
                vector[layout.c16] = least[layout.c16]
                for k in range(layout.c18, layout.c18 + layout.levels):
                    vector[k] = least[k]
                for k in range(layout.c20, layout.c20 + layout.levels):
                    vector[k] = least[k]
        elif forced == 0:
            next_bracket = self.floaters.next_bracket([])
            for k in range(layout.c8, layout.c10):
                vector[k] = next_bracket[k]
        c12, c13 = self.colour_bound_any(bracket, forced)
        vector[layout.c12] = c12
        vector[layout.c13] = c13
        return vector

    # ----- what C4 forces ---------------------------------------------------------------------
    def completion_matching(self, limit: int) -> tuple[list[tuple[int, int]], list[int]] | None:
        """One maximum-weight matching of this bracket together with everybody below it, as
        (pairs inside the bracket, the bracket players it pairs below: the downfloaters). Every
        edge carries ``must_pair`` so the matching is perfect (it exists: the downfloaters of the
        bracket above were checked); a pair inside the bracket also carries what it saves on the
        pair-and-floater criteria, as in :meth:`exact`. Its downfloaters are as few as C4 allows,
        with the lowest C7 scores. None when the bracket and everybody below are more than
        ``limit`` players (a cubic algorithm)."""
        field = self.field
        below = field.below[self.floaters.group]
        if self._completion is not None or len(self.bracket) + len(below) > limit:
            return self._completion
        vertices = self.bracket + below
        inside = len(self.bracket)
        count = len(vertices)
        weights: list[list[int | None]] = [[None] * count for _ in range(count)]
        for i in range(count):
            a = vertices[i]
            for j in range(i + 1, count):
                b = vertices[j]
                if not field.compatible(a, b) or (a in self.mdps and b in self.mdps):
                    continue
                weight = self.must_pair
                if j < inside:
                    weight += self.packed_floater(a) + self.packed_floater(b) - self.packed_pair(a, b)
                weights[i][j] = weights[j][i] = weight
        mate = max_weight_matching(weights)
        if any(v == -1 for v in mate):
            return None
        pairs = [(vertices[i], vertices[mate[i]]) for i in range(inside) if i < mate[i] < inside]
        floaters = [vertices[i] for i in range(inside) if mate[i] >= inside]
        self._completion = (pairs, floaters)
        return self._completion


def colour_keys(p: PlayerState) -> tuple[int, ...]:
    """The :data:`ColourCounts` counters (S1 side) ``p`` adds to, for its preferred colour.

    A count bound assumes that two players it counts on the same colour's counter fail the
    criterion whenever they meet. For C12 these are the players whose refused preference fails
    :func:`.criteria.c12`: any two with the same preference fail it. For C13, those whose refused
    preference fails :func:`.criteria.c13` (a strong preference), and also those with an absolute
    one: outside the final round (the only rounds whose C13 bound is not 0) an absolute preference
    meets a same-colour one only if that one is weaker (C3), and the weaker one is refused
    (Art. 5.2.2), so two players counted here who meet always leave a strong preference refused.
    """
    if p.preference is None:
        return ()
    refused = p.preference.opposite
    white = p.preference is Colour.WHITE
    keys: list[int] = []
    if c12(p, None, refused):
        keys.append(_WHITE if white else _BLACK)
    if c13(p, None, refused) or p.strength == Strength.ABSOLUTE:
        keys.append(_STRONG_WHITE if white else _STRONG_BLACK)
    return tuple(keys)


def colour_bound_from_counts(counts: ColourCounts, s2_free: int, final: bool) -> tuple[int, int]:
    """:meth:`BracketBounds.colour_bound` from counts (``s2_free`` S2 players still free)."""
    c12 = max(0, counts[_WHITE] - (s2_free - counts[S2_COUNTERS + _WHITE])) + max(
        0, counts[_BLACK] - (s2_free - counts[S2_COUNTERS + _BLACK])
    )
    if final:
        return c12, 0
    c13 = max(0, counts[_STRONG_WHITE] - (s2_free - counts[S2_COUNTERS + _STRONG_WHITE])) + max(
        0, counts[_STRONG_BLACK] - (s2_free - counts[S2_COUNTERS + _STRONG_BLACK])
    )
    return c12, c13
