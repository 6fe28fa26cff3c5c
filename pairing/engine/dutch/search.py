"""The search for the best candidate of one bracket (Art. 3.4-3.8), in generation order.

The candidates are enumerated depth first in the exact generation order of Art. 4 (see
:mod:`.candidates`): MDP sets > S2 transpositions for the MDP-pairing > remainder exchanges >
remainder transpositions. The search is iterative deepening on the failure vector (IDA*): it looks
for a candidate that reaches a *target*, starting from a provable lower bound of the bracket; the
first one found is the answer, since every earlier candidate was proved worse. If none reaches it,
the target rises to the least bound or candidate seen and the search starts again. A subtree is cut
only when a bound of every candidate in it is not *strictly* better than what is needed; since
earlier candidates win ties, this never changes the answer. In ordinary rounds the lower bound is
reached by the first or one of the first candidates, so a bracket costs about ``O(n)`` steps, not
``O(n!)``.

A bipartite matching maintained along a transposition prunes dead ends (S1 players who could no
longer be paired) at once, and whole exchanges are skipped from counts alone. Small brackets (and
larger ones once a search has taken a while: it then starts again, so that the choices already
made are judged too) also bound every subtree *exactly* (:mod:`.bounds`), so the search walks
almost straight to the earliest best candidate even in heavily constrained final rounds.

A node budget (:class:`SearchLimits`) protects against pathological brackets. When it is hit, a
greedy pass finds a good candidate (or, if C4 rejected everything reached, the completion-first
matching gives one), and a branch and bound in generation order, seeded with it, looks for better
or equally good earlier ones within a second budget; the explanation then says that the budget
was reached, because exactness is no longer guaranteed there.

The tree is walked with an explicit stack of generators (:func:`_walk`), not recursion: a
transposition of a 4,000-player bracket is 2,000 levels deep.

This module is longer than the others (about 600 lines) on purpose: the three levels of the tree
(MDP sets, exchanges, transpositions) and the phases share one pruning state (target, incumbent,
budget), and splitting them would spread that state over several modules.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum

from ..matching import Assignment, repair_after_fixing, saturating_matching
from .bounds import S2_COUNTERS, BracketBounds, ColourCounts, colour_bound_from_counts
from .candidates import exchanges, mdp_sets
from .completion import RoundField
from .failures import FailureCosts, add
from .floaters import FloaterCosts, with_cheapest_next_bracket

__all__ = ["BracketSearch", "SearchLimits"]


@dataclass(frozen=True, slots=True)
class SearchLimits:
    """How much work one bracket's search may do. The defaults pair every corpus round exactly;
    tests pass smaller ones to exercise what happens at a limit."""

    node_budget: int = 40_000
    """Search steps allowed per bracket (and again for the search after the greedy pass) before
    the best candidate so far is taken."""
    exact_size: int = 48
    """Brackets up to this size bound subtrees exactly from the start."""
    exact_late_size: int = 160
    """Brackets up to this size switch the exact bounds on once the search has taken
    ``exact_late_after`` steps, and start again."""
    exact_late_after: int = 2_000
    exact_late_work: int = 40_000_000
    """A bracket that switched exact bounds on late switches them off again once they have cost
    this much (the sum of the cubes of their matchings' sizes: a few seconds)."""
    raise_target_after: int = 3
    """After this many search rounds without reaching the target, the target rises to the number
    of downfloaters C4 really forces (the completion-first matching)."""
    completion_bound_size: int = 150
    """That matching is computed for this bound only when the bracket and everybody below it are at
    most this many players."""
    completion_candidate_size: int = 400
    """The completion-first candidate (budget reached, no candidate respects C4) is computed only
    when the bracket and everybody below it are at most this many players."""


class Phase(Enum):
    """What the search is doing; each phase walks the same tree in generation order."""

    TARGET = "reach the target"
    """IDA*: find the first candidate whose vector is at most the target."""
    GREEDY = "greedy"
    """Budget reached: the cheapest partner first, to find a good candidate quickly."""
    INCUMBENT = "improve the incumbent"
    """Branch and bound from that candidate: the earliest candidate at least as good."""


class Stop(Enum):
    """Why a walk of the tree stopped before its end. Every node returns at once when it is set."""

    TARGET_REACHED = "target reached"
    """A candidate reached the bracket's lower bound (or the target): the answer is found."""
    BUDGET_SPENT = "budget spent"
    """The search used its node budget."""
    RESTART = "restart"
    """Exact bounds were switched on during a search: the decisions already taken (MDP choices,
    exchanges) were made without them, so the search starts again."""


_ANY_CANDIDATE = 1 << 30
"""A target value above any failure count: the greedy pass takes the first candidate that respects
C4."""

_Node = Iterator["_Node"]
"""A node of the search tree: a generator that yields its children, in generation order."""


def _walk(root: _Node, search: BracketSearch) -> None:
    """Depth-first walk of a search tree with an explicit stack (no recursion), until the end or
    until ``search.stopped`` is set."""
    stack = [root]
    while stack:
        child = next(stack[-1], None)
        if search.stopped is not None:
            return
        if child is None:
            stack.pop()
        else:
            stack.append(child)


class BracketSearch:
    """Pairs one bracket: the MDPs from above and the residents of scoregroup number ``group``."""

    def __init__(
        self,
        field: RoundField,
        costs: FailureCosts,
        group: int,
        mdps: list[int],
        residents: list[int],
        next_group: list[int],
        limits: SearchLimits,
    ) -> None:
        self.field = field
        self.costs = costs
        self.layout = costs.layout
        self.group = group
        self.mdps = mdps
        self.residents = residents
        self.bracket = mdps + residents
        self.limits = limits
        self.floaters = FloaterCosts(field, costs, group, next_group)
        self.bounds = BracketBounds(field, costs, self.floaters, mdps, residents)
        self.best: list[int] | None = None
        """The failure vector of the chosen candidate (or the best so far)."""
        self.best_pairs: list[tuple[int, int]] = []
        self.best_floaters: list[int] = []
        self.best_how: str = ""
        """How the chosen candidate was generated (MDP set, exchange), for the explanation."""
        self.nodes = 0
        self.budget_reached = False
        self.phase = Phase.TARGET
        self.incumbent_generated = False
        """INCUMBENT phase: whether ``best`` was found in generation order (then only a strictly
        better candidate replaces it)."""
        self.exact = len(self.bracket) <= limits.exact_size
        """Whether exact bounds are in use now."""
        self.lower: list[int] = []
        self.target: list[int] = []
        self.next_target: list[int] | None = None
        self.stopped: Stop | None = None

    # ----- the phases -------------------------------------------------------------------------
    def run(self) -> None:
        """Find the candidate (see the module docstring); ``best`` is None if there is none."""
        self.target = self.bounds.bracket_bound()
        self.lower = list(self.target)
        rounds = 0
        while True:
            self.next_target = None
            self.stopped = None
            self._bracket()
            if self.stopped is Stop.RESTART:
                continue
            if self.stopped is Stop.TARGET_REACHED:
                return
            if self.stopped is Stop.BUDGET_SPENT:
                self._after_budget()
                return
            if self.next_target is None:
                return
            self.target = self.next_target
            rounds += 1
            if rounds == self.limits.raise_target_after:
                self.target = max(self.target, self._forced_floaters())

    def _after_budget(self) -> None:
        """The target was not reached within the budget. Find a good candidate greedily (each S1
        player takes the least costly legal partner first), then look for the earliest candidate
        in generation order that is at least as good, with a second budget."""
        found = self.best
        found_state = (self.best_pairs, self.best_floaters, self.best_how)
        self.phase = Phase.GREEDY
        self.best = None
        self.target = [_ANY_CANDIDATE] * self.layout.size
        self.nodes = 0
        self.stopped = None
        self._bracket()
        if found is not None and (self.best is None or found < self.best):
            self.best = found
            self.best_pairs, self.best_floaters, self.best_how = found_state
        if self.best is None:
            self._completion_first()
        if self.best is not None:
            self.phase = Phase.INCUMBENT
            self.incumbent_generated = False
            self.nodes = 0
            self.stopped = None
            self._bracket()
        self.phase = Phase.TARGET

    def _completion_first(self) -> None:
        """The completion-first candidate, sure to respect C4: the pairs inside the bracket of
        :meth:`BracketBounds.completion_matching`."""
        found = self.bounds.completion_matching(self.limits.completion_candidate_size)
        if found is None:
            return
        pairs, floaters = found
        if not self.field.completable(self.group, floaters):
            return
        self.best = self.vector(pairs, floaters)
        self.best_pairs = pairs
        self.best_floaters = floaters
        self.best_how = "completion-first candidate"

    def _forced_floaters(self) -> list[int]:
        """A lower bound from C4 (zeros when not computed): the completion-first matching has the
        least number of downfloaters C4 allows, with the least C7 scores. Parity alone can promise
        fewer, and the search would then try every candidate at each smaller count."""
        layout = self.layout
        vector = [0] * layout.size
        found = self.bounds.completion_matching(self.limits.completion_bound_size)
        if found is not None:
            for x in found[1]:
                floater = self.costs.floater(x)
                for k in range(layout.c6, layout.c8):
                    vector[k] += floater[k]
        return vector

    # ----- candidates and their vectors ---------------------------------------------------------
    def vector(self, pairs: list[tuple[int, int]], floaters: list[int]) -> list[int]:
        """The whole failure vector of one candidate of this bracket."""
        vector = self.floaters.next_bracket(floaters)
        for a, b in pairs:
            vector = add(vector, self.costs.pair(a, b))
        for x in floaters:
            vector = add(vector, self.costs.floater(x))
        return vector

    def _leaf(self, pairs: list[tuple[int, int]], floaters: list[int], vector: list[int], how: str) -> None:
        """Judge a complete candidate whose pair and per-floater parts are already in ``vector``."""
        if not self.field.completable(self.group, floaters):
            return
        full = add(vector, self.floaters.next_bracket(floaters))
        if self.phase is Phase.INCUMBENT:
            # strictly better, or as good as an incumbent that was not found in generation order
            if self.best is None or full < self.best or (full == self.best and not self.incumbent_generated):
                self._keep(full, pairs, floaters, how)
                self.incumbent_generated = True
                if full <= self.lower:
                    self.stopped = Stop.TARGET_REACHED
            return
        if self.best is None or full < self.best:
            self._keep(full, pairs, floaters, how)
        if full <= self.target:
            # every earlier candidate was proved worse than the target: this one is the answer
            self._keep(full, pairs, floaters, how)
            self.stopped = Stop.TARGET_REACHED
            return
        if self.next_target is None or full < self.next_target:
            self.next_target = full

    def _keep(self, vector: list[int], pairs: list[tuple[int, int]], floaters: list[int], how: str) -> None:
        self.best = vector
        self.best_pairs = list(pairs)
        self.best_floaters = list(floaters)
        self.best_how = how

    # ----- pruning ----------------------------------------------------------------------------
    def _bound_ok(self, bound: list[int]) -> bool:
        """False (prune) when no candidate below this node can be the answer."""
        if self.phase is Phase.INCUMBENT:
            if self.best is None:
                return True
            return bound < self.best if self.incumbent_generated else bound <= self.best
        if bound <= self.target:
            return True
        if self.next_target is None or bound < self.next_target:
            self.next_target = bound
        return False

    def _colour_bound_ok(self, bound: list[int], c12: int, c13: int) -> bool:
        """:meth:`_bound_ok` for ``bound`` plus the C12/C13 failures a colour bound promises."""
        layout = self.layout
        bound[layout.c12] += c12
        bound[layout.c13] += c13
        return self._bound_ok(bound)

    def _exact_on(self) -> bool:
        """Whether exact bounds are in use now (see ``SearchLimits.exact_late_work``)."""
        if (
            self.exact
            and len(self.bracket) > self.limits.exact_size
            and self.bounds.work > self.limits.exact_late_work
        ):
            self.exact = False
        return self.exact

    def _with_exact_ok(self, vector: list[int], exact: list[int], floater_bound: list[int]) -> bool:
        """:meth:`_bound_ok` for the failures ``vector`` so far plus an exact bound ``exact`` of
        the rest, with the C8/C9 part of ``floater_bound``."""
        layout = self.layout
        bound = add(vector, exact)
        if exact[layout.c6] == floater_bound[layout.c6]:
            # ``floater_bound`` bounds C8/C9 for its own number of floaters only; a candidate with
            # more floaters than the matching's is already worse on C6
            for k in range(layout.c8, layout.c10):
                bound[k] += floater_bound[k]
        return self._bound_ok(bound)

    def _exact_ok(
        self, vector: list[int], must: list[int], free: list[int], floater_bound: list[int]
    ) -> bool:
        """Exact-bound pruning of a subtree: False when no candidate in it can be the answer."""
        if not self._exact_on():
            return True
        exact = self.bounds.exact(must, free)
        if exact is None:
            return False
        return self._with_exact_ok(vector, exact, floater_bound)

    def _tick(self) -> bool:
        """Count one search step; switch exact bounds on late (and start again), or stop at the
        budget. False when the walk must stop (``stopped`` says why)."""
        self.nodes += 1
        limits = self.limits
        if (
            self.nodes == limits.exact_late_after
            and len(self.bracket) <= limits.exact_late_size
            and not self.exact
        ):
            self.exact = True
            if self.phase is Phase.TARGET:
                self.stopped = Stop.RESTART
                return False
        if self.nodes > limits.node_budget:
            self.budget_reached = True
            self.stopped = Stop.BUDGET_SPENT
            return False
        return True

    # ----- the tree: MDP sets (4.4) -------------------------------------------------------------
    def _bracket(self) -> None:
        """Walk every candidate of the bracket in generation order."""
        layout = self.layout
        zero = [0] * layout.size
        if not self.mdps:
            self._remainder(self.residents, [], [], zero, "")
            return
        for s1, limbo in mdp_sets(self.mdps, self.residents):
            base = zero
            for x in limbo:
                base = add(base, self.costs.floater(x))
            odd = (len(self.residents) - len(s1)) % 2
            floater_bound = self.floaters.bound(limbo, self.residents, odd)
            if floater_bound is None:
                floater_bound = [0] * layout.size
                floater_bound[layout.c6] = odd
            if not self._bound_ok(add(base, floater_bound)):
                continue
            if not self._exact_ok(base, s1, self.residents, floater_bound):
                continue
            _walk(self._mdp_node(s1, 0, [], set(), base, limbo, floater_bound), self)
            if self.stopped is not None:
                return

    def _mdp_node(
        self,
        s1: list[int],
        i: int,
        pairs: list[tuple[int, int]],
        used: set[int],
        vector: list[int],
        limbo: list[int],
        floater_bound: list[int],
    ) -> _Node:
        """The MDP-pairing (4.2 on the MDPs of S1 against the residents): S1[i] takes each
        resident in order."""
        layout = self.layout
        if not self._tick():
            return
        if i == len(s1):
            remainder = [x for x in self.residents if x not in used]
            how = ""
            if limbo:
                paired = ", ".join(self.field.players[x].label for x in s1)
                how = f"MDPs paired: {paired}" if s1 else "no MDP can be paired here"
            self._remainder(remainder, pairs, limbo, vector, how)
            return
        x = s1[i]
        choices = self.residents
        if self.phase is Phase.GREEDY:
            choices = sorted(choices, key=lambda y: self.costs.pair(x, y))
        for y in choices:
            if y in used or not self.field.compatible(x, y):
                continue
            child_vector = add(vector, self.costs.pair(x, y))
            free = [z for z in self.residents if z not in used and z != y]
            c12, c13 = self.bounds.colour_bound_any(s1[i + 1 :] + free, floater_bound[layout.c6])
            if not self._colour_bound_ok(add(child_vector, floater_bound), c12, c13):
                continue
            if self.exact and not self._exact_ok(child_vector, s1[i + 1 :], free, floater_bound):
                continue
            used.add(y)
            pairs.append((x, y))
            yield self._mdp_node(s1, i + 1, pairs, used, child_vector, limbo, floater_bound)
            pairs.pop()
            used.discard(y)

    # ----- the tree: exchanges (4.3) ----------------------------------------------------------
    def _remainder(
        self,
        players: list[int],
        base_pairs: list[tuple[int, int]],
        base_floaters: list[int],
        base_vector: list[int],
        how: str,
    ) -> None:
        """A homogeneous bracket or a remainder: exchanges (4.3) x transpositions (4.2)."""
        count = len(players)
        if count == 0:
            self._leaf(base_pairs, base_floaters, base_vector, how)
            return
        for pair_count in range(count // 2, -1, -1):
            float_count = count - 2 * pair_count
            first_s1 = players[:pair_count]
            first_s2 = players[pair_count:]
            # the floaters will be S2 players, whatever the exchange: bound over all of them
            floater_bound = self.floaters.bound(base_floaters, players, float_count)
            if floater_bound is None:
                continue
            if not self._bound_ok(add(base_vector, floater_bound)):
                return
            # the floaters are the S2 players a transposition leaves over: where the sets that may
            # float can be listed, only exchanges whose S2 holds a set within the target are tried,
            # and the search bounds the floaters by the cheapest set still free
            sets = self.floaters.sets(base_floaters, players, float_count) if float_count else None
            within: list[frozenset[int]] | None = None
            if sets is not None:
                if not sets:
                    continue  # C4: no set of players can float
                within = []
                for cost, members in sets:
                    if not self._bound_ok(add(base_vector, cost)):
                        break
                    within.append(members)
                if not within:
                    return
                floater_bound = with_cheapest_next_bracket(floater_bound, sets, self.costs)
                if self._exact_on() and len(players) <= self.limits.exact_size and self.target != self.lower:
                    # once a first search round has failed to reach the lower bound
                    best = self._best_with_sets(base_vector, players, sets)
                    if best is None:
                        continue  # C4: no set can float with everybody else paired
                    if not self._bound_ok(best):
                        return
            if not self._exact_ok(base_vector, [], players, floater_bound):
                return
            for s1, s2, note in exchanges(first_s1, first_s2, within):
                if not self._tick():
                    return
                c12, c13 = self.bounds.colour_bound(s1, s2)
                exchange_bound = self.floaters.bound(base_floaters, s2, float_count)
                if exchange_bound is None:
                    continue
                if not self._colour_bound_ok(add(base_vector, exchange_bound), c12, c13):
                    continue
                sets_in_s2 = None
                if sets is not None:
                    in_s2 = set(s2)
                    sets_in_s2 = [(cost, members) for cost, members in sets if members <= in_s2]
                    if not sets_in_s2:
                        continue
                    if not self._colour_bound_ok(add(base_vector, sets_in_s2[0][0]), c12, c13):
                        continue
                    exchange_bound = with_cheapest_next_bracket(exchange_bound, sets_in_s2, self.costs)
                assignment = None
                if self._exact_on():
                    assignment = self.bounds.transposition(s1, s2, 0, set())
                    if assignment is None:
                        continue
                    exact = self.bounds.unpack(assignment[1] + assignment[0].total)
                    if not self._with_exact_ok(base_vector, exact, exchange_bound):
                        continue
                mate = saturating_matching(s1, s2, self.field.compatible)
                if mate is None:
                    continue
                full_how = "; ".join(part for part in (how, note) if part)
                transposition = _Transposition(s1, s2, base_floaters, exchange_bound, full_how, sets_in_s2)
                counts = self.bounds.colour_counts(s1, s2)
                _walk(
                    self._transposition_node(
                        transposition, 0, mate, base_pairs, set(), 0, base_vector, counts, assignment
                    ),
                    self,
                )
                if self.stopped is not None:
                    return

    def _best_with_sets(
        self, base: list[int], players: list[int], sets: list[tuple[list[int], frozenset[int]]]
    ) -> list[int] | None:
        """The best failure vector of any candidate that floats one of ``sets`` and pairs all the
        other ``players`` (exact as far as the exchanges reach): for each set, cheapest first, its
        cost plus a maximum-weight perfect matching of the rest, until a set's cost alone is no
        better than the best total. None when no set leaves a perfect matching."""
        best: list[int] | None = None
        layout = self.layout
        for cost, members in sets:
            bound = add(base, cost)
            if best is not None and bound >= best:
                break
            if not self._bound_ok(bound):
                # no later set can reach the target either; ``bound`` bounds them all
                return bound if best is None else min(best, bound)
            exact = self.bounds.exact([], [x for x in players if x not in members])
            if exact is None or exact[layout.c6]:
                continue  # the others cannot all be paired
            total = add(bound, exact)
            if best is None or total < best:
                best = total
        return best

    # ----- the tree: transpositions (4.2) ---------------------------------------------------------
    def _transposition_node(
        self,
        exchange: _Transposition,
        i: int,
        mate: dict[int, int],
        pairs: list[tuple[int, int]],
        used: set[int],
        lowest_free: int,
        vector: list[int],
        counts: ColourCounts,
        assignment: tuple[Assignment, int] | None,
    ) -> _Node:
        """Transpositions of S2 (4.2) in lexicographic order: S1[i] takes the lowest S2 BSN still
        free. ``mate`` saturates the rest of S1 into the rest of S2 (dead ends are cut at once);
        ``used`` holds the S2 players already paired, every S2 position before ``lowest_free``
        among them. ``counts`` are the colour preferences of the rest of S1 and S2. ``exchange.sets_in_s2`` tightens
        the floater bound to the cheapest set of S2 players still free. With exact bounds on,
        ``assignment`` is the optimal assignment of the rest (:meth:`BracketBounds.transposition`):
        each pair tried updates it in ``O(n^2)``."""
        s1, s2 = exchange.s1, exchange.s2
        if not self._tick():
            return
        if i == len(s1):
            extra = [y for y in s2 if y not in used]
            full = vector
            for y in extra:
                full = add(full, self.costs.floater(y))
            self._leaf(pairs, exchange.base_floaters + extra, full, exchange.how)
            return
        x = s1[i]
        x_keys = self.bounds.colour_keys(x)
        if assignment is None and self._exact_on():
            assignment = self.bounds.transposition(s1, s2, i, used)
            if assignment is None:
                return
        elif assignment is not None and not self._exact_on():
            assignment = None
        choices: Iterable[tuple[int, int]] = ((column, s2[column]) for column in range(lowest_free, len(s2)))
        if self.phase is Phase.GREEDY:
            choices = sorted(choices, key=lambda choice: self.costs.pair(x, choice[1]))
        for column, y in choices:
            if y in used or not self.field.compatible(x, y):
                continue
            child_vector = add(vector, self.costs.pair(x, y))
            child_counts = list(counts)
            for k in x_keys:
                child_counts[k] -= 1
            for k in self.bounds.colour_keys(y):
                child_counts[S2_COUNTERS + k] -= 1
            c12, c13 = colour_bound_from_counts(child_counts, len(s2) - len(used) - 1, self.field.final)
            floater_bound = exchange.floater_bound
            if exchange.sets_in_s2 is not None:
                cheapest = next(
                    (c for c, f in exchange.sets_in_s2 if y not in f and f.isdisjoint(used)), None
                )
                if cheapest is None:
                    continue  # no set of free players may float (C4)
                floater_bound = cheapest
            if not self._colour_bound_ok(add(child_vector, floater_bound), c12, c13):
                continue
            child_mate = mate
            if mate.get(x) != y:
                rest1 = s1[i + 1 :]
                rest2 = [z for z in s2 if z not in used and z != y]
                repaired = repair_after_fixing(mate, x, y, rest1, rest2, self.field.compatible)
                if repaired is None:
                    continue
                child_mate = repaired
            child_assignment = None
            if assignment is not None:
                current, packed_floaters = assignment
                self.bounds.work += len(current.cols) ** 2
                fixed = current.fix(i, column)
                if fixed is None:
                    continue
                child_assignment = (fixed, packed_floaters - self.bounds.packed_floater(y))
                exact = self.bounds.unpack(child_assignment[1] + fixed.total)
                if not self._with_exact_ok(child_vector, exact, exchange.floater_bound):
                    continue
            pairs.append((x, y))
            used.add(y)
            child_lowest_free = lowest_free
            while child_lowest_free < len(s2) and s2[child_lowest_free] in used:
                child_lowest_free += 1
            yield self._transposition_node(
                exchange,
                i + 1,
                child_mate,
                pairs,
                used,
                child_lowest_free,
                child_vector,
                child_counts,
                child_assignment,
            )
            used.discard(y)
            pairs.pop()


@dataclass(frozen=True, slots=True)
class _Transposition:
    """What stays fixed while the transpositions of one exchange are walked."""

    s1: list[int]
    s2: list[int]
    base_floaters: list[int]
    """Floaters decided before (the Limbo)."""
    floater_bound: list[int]
    how: str
    sets_in_s2: list[tuple[list[int], frozenset[int]]] | None
    """The sets of players who may float that lie in this S2, cheapest first (or None)."""
