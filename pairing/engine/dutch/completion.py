"""What every bracket of one round shares: the players, C1-C3 compatibility, and completion (C4, C5).

Completion and the bye score: a general-graph maximum-cardinality matching over the whole field,
with a virtual "bye" vertex joined to every PAB-eligible player when the field is odd, tells
whether any legal round pairing exists, and the lowest score ``s*`` a bye receiver can have while
everyone else is paired (C5). From then on a bye may only go to an eligible player with score
``s*``. For every bracket, the maximum matchings of "everybody below this bracket" are prepared
bottom-up once, so checking whether a bracket's downfloaters can still be completed (C4) costs only
a few augmenting-path searches, warm-started from those matchings. Whether one downfloater can be
completed is answered from one Gallai-Edmonds search per bracket: the players a maximum matching
below can leave free.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..errors import NoValidPairingError
from ..matching import augment_from, free_alternatives, greedy_extend
from ..players import PlayerState, Strength
from ..types import Colour

__all__ = ["RoundField", "scoregroups"]


def scoregroups(players: list[PlayerState]) -> list[list[int]]:
    """The indexes of ``players`` (in pairing order) grouped by equal score, top group first."""
    groups: list[list[int]] = []
    for i, p in enumerate(players):
        if groups and players[groups[-1][0]].score == p.score:
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


class RoundField:
    """The available players of one round in pairing order (indexes are positions in
    ``players``), with the C1-C5 answers every bracket asks for."""

    def __init__(self, players: list[PlayerState], initial_colour: Colour) -> None:
        self.players = players
        self.initial_colour = initial_colour
        count = len(players)
        self.count = count
        self.bye_vertex = count
        """The virtual vertex that stands for the pairing-allocated bye in the matchings."""
        index_of = {p.id: i for i, p in enumerate(players)}
        self.excluded: list[set[int]] = [
            {index_of[o] for o in (p.met.keys() | p.forbidden) if o in index_of} for p in players
        ]
        """C1 (and forbidden pairs): the players each one may not meet."""
        self.absolute_colour: list[Colour | None] = [
            p.preference if p.strength == Strength.ABSOLUTE and not p.topscorer else None for p in players
        ]
        """C3: the colour a non-topscorer absolutely needs."""
        self.final = any(p.topscorer for p in players)
        scores = sorted({p.score for p in players}, reverse=True)
        self.level = {s: i for i, s in enumerate(scores)}
        """Score -> score level, 0 the highest: where per-score counts go in a failure vector."""
        self.levels = len(scores)
        self.odd = count % 2 == 1
        self.bye_candidate: list[bool] = [False] * (count + 1)
        """C2 and C5: may take the bye (eligible, and on the bye score once it is known)."""
        self.bye_score: int | None = None
        self.below: list[list[int]] = []
        """Per bracket: every player below it (and the bye vertex when the field is odd)."""
        self._below_matching: list[list[int]] = []
        self._completable: dict[tuple[int, frozenset[int]], bool] = {}
        self._free_below: dict[int, list[int]] = {}

    # ----- C1-C3 ------------------------------------------------------------------------------
    def compatible(self, i: int, j: int) -> bool:
        """May ``i`` and ``j`` be paired (C1-C3)? With the bye vertex: may the player take the bye."""
        if i == self.bye_vertex:
            return self.bye_candidate[j]
        if j == self.bye_vertex:
            return self.bye_candidate[i]
        if j in self.excluded[i]:
            return False
        colour = self.absolute_colour[i]
        return colour is None or colour is not self.absolute_colour[j]

    def _among(self, active: list[bool]) -> Callable[[int, int], bool]:
        compatible = self.compatible

        def allowed(i: int, j: int) -> bool:
            return active[i] and active[j] and compatible(i, j)

        return allowed

    # ----- C5 and the matchings below each bracket ----------------------------------------------
    def prepare(self, groups: list[list[int]]) -> None:
        """Decide the bye score ``s*`` (C5) and the bottom-up maximum matchings the C4 checks start
        from.

        Raises
        ------
        NoValidPairingError
            No pairing of the whole field satisfies C1-C3 (with one eligible bye receiver).
        """
        players = self.players
        size = self.count + 1
        if self.odd:
            for i, p in enumerate(players):
                self.bye_candidate[i] = p.bye_ok
        active = [True] * self.count + [self.odd]
        allowed = self._among(active)
        mate = [-1] * size
        everyone = list(range(self.count)) + ([self.bye_vertex] if self.odd else [])
        greedy_extend(everyone, allowed, mate)
        augment_from([v for v in everyone if mate[v] == -1], size, allowed, mate, everyone)
        if any(active[v] and mate[v] == -1 for v in range(size)):
            raise NoValidPairingError(
                "no pairing satisfies the absolute criteria C1-C3 for every participant"
                + (" with one eligible bye receiver" if self.odd else "")
            )
        if self.odd:
            self.bye_score = self._lowest_bye_score(mate, allowed, everyone)
            for i, p in enumerate(players):
                self.bye_candidate[i] = p.bye_ok and p.score <= self.bye_score
        # bottom-up maximum matchings of "everybody below group g" (and the bye vertex)
        active = [False] * size
        active[self.bye_vertex] = self.odd
        allowed = self._among(active)
        mate = [-1] * size
        self.below = [[] for _ in groups]
        self._below_matching = [[] for _ in groups]
        members: list[int] = [self.bye_vertex] if self.odd else []
        for g in range(len(groups) - 1, -1, -1):
            self.below[g] = list(members)
            self._below_matching[g] = list(mate)
            for v in groups[g]:
                active[v] = True
            members = groups[g] + members
            greedy_extend(members, allowed, mate)
            augment_from([v for v in members if mate[v] == -1], size, allowed, mate, members)

    def _lowest_bye_score(
        self, mate: list[int], allowed: Callable[[int, int], bool], everyone: list[int]
    ) -> int:
        """C5: the lowest score of an eligible player who can take the bye with everyone else
        paired. ``mate`` is a perfect matching with the bye vertex; it is updated."""
        players = self.players
        size = self.count + 1
        for score in sorted({p.score for p in players if p.bye_ok}):
            receiver = mate[self.bye_vertex]
            if players[receiver].score <= score:
                return score
            saved = list(self.bye_candidate)
            for i, p in enumerate(players):
                self.bye_candidate[i] = p.bye_ok and p.score <= score
            mate[receiver] = -1
            mate[self.bye_vertex] = -1
            if augment_from([self.bye_vertex], size, allowed, mate, everyone):
                return score
            mate[receiver] = self.bye_vertex
            mate[self.bye_vertex] = receiver
            self.bye_candidate = saved
        raise AssertionError("the perfect matching found gives the bye to some eligible player")

    def below_matching(self, group: int) -> list[int]:
        """A copy of the maximum matching of everybody below bracket ``group``."""
        if group < len(self._below_matching):
            return list(self._below_matching[group])
        return [-1] * (self.count + 1)

    # ----- C4 ---------------------------------------------------------------------------------
    def _free_below_alternatives(self, group: int) -> list[int] | None:
        """The vertices below bracket ``group`` that a maximum matching of them can leave as the one
        free vertex; [] when none can (no single downfloater is completable); None when unknown."""
        if group in self._free_below:
            return self._free_below[group]
        below = self.below[group]
        mate = list(self._below_matching[group])
        free = [v for v in below if mate[v] == -1]
        found: list[int] | None
        if len(free) != 1:
            found = []
        else:
            active = [False] * (self.count + 1)
            for v in below:
                active[v] = True
            found = free_alternatives(free[0], self.count + 1, self._among(active), mate, below)
        if found is not None:
            self._free_below[group] = found
        return found

    def completable(self, group: int, floaters: Iterable[int]) -> bool:
        """C4: can the downfloaters of bracket ``group`` and everyone below still all be paired
        (with at most one eligible bye receiver left over)?"""
        down = frozenset(floaters)
        key = (group, down)
        known = self._completable.get(key)
        if known is not None:
            return known
        below = self.below[group]
        alternatives = self._free_below_alternatives(group) if len(down) == 1 else None
        if not down and not below:
            answer = True
        elif alternatives is not None:
            # one downfloater completes exactly when it can take the place of a vertex that some
            # maximum matching below leaves free
            (x,) = down
            answer = any(self.compatible(x, v) for v in alternatives)
        else:
            size = self.count + 1
            active = [False] * size
            for v in below:
                active[v] = True
            for v in down:
                active[v] = True
            mate = list(self._below_matching[group])
            allowed = self._among(active)
            vertices = sorted(down) + below
            answer = True
            # a vertex with no augmenting path now never gets one later (Edmonds), so the first
            # failure proves that no perfect matching exists
            for v in vertices:
                if mate[v] == -1 and not augment_from([v], size, allowed, mate, vertices):
                    answer = False
                    break
        self._completable[key] = answer
        return answer

    def is_bye_receiver(self, x: int) -> bool:
        """Could ``x`` end up with the bye: eligible (C2) and on the bye score (C5)?"""
        return self.bye_candidate[x] and self.players[x].score == self.bye_score
