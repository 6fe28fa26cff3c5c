"""What floating a set of players out of a bracket costs: the set-level criteria C8 and C9, and the
sets of players C4 lets float together.

C8 (:func:`.criteria.c8`) looks one bracket ahead: how many pairs the next bracket (these
downfloaters plus the next scoregroup, two downfloaters never together) can make while everybody
below it can still be completed, then which downfloaters it leaves unpaired, highest scores first.
This module finds who the next bracket leaves unpaired; any maximum matching may be the one that
leaves residents unpaired instead of downfloaters, so other choices of the unpaired players are
tried (:meth:`FloaterCosts._other_unpaired`). C9 (:func:`.criteria.c9`) counts the unplayed
rounds of the bye receiver and applies only to a bracket that downfloats exactly one player.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import combinations
from math import comb

from ..matching import augment_from, greedy_extend
from .completion import RoundField
from .criteria import c8, c9
from .failures import FailureCosts, add, least_each

__all__ = ["FLOATER_SETS_LIMIT", "FloaterCosts"]

FLOATER_SETS_LIMIT = 2_000
"""The sets of players who may float together are listed (each with its cost) only when there are
at most this many; a search then bounds its floaters by the cheapest set still free."""

GREEDY_STARTS_KEPT = 4
"""C8 with one downfloater: how many greedy matchings of the next group (each without the player
the floater takes) are kept, each a list as long as the field."""

UNPAIRED_CHOICES_LIMIT = 60
"""C8: other choices of the next bracket's unpaired players are only tried when it has at most this
many players."""

EVERY_CHOICE_LIMIT = 14
"""C8: a next bracket of at most this many players tries every choice of unpaired players, fewest
first; a larger one tries one swap, then giving up one or two more pairs."""

TWO_MORE_PAIRS_LIMIT = 20
"""C8: giving up two more pairs of the next bracket is only tried when at most this many of its
players are paired."""


class FloaterCosts:
    """Floater costs of one bracket (scoregroup number ``group``, followed by ``next_group``)."""

    def __init__(self, field: RoundField, costs: FailureCosts, group: int, next_group: list[int]) -> None:
        self.field = field
        self.costs = costs
        self.group = group
        self.next_group = next_group
        self._next_bracket: dict[frozenset[int], list[int]] = {}
        self._greedy_without: dict[int | None, list[int]] = {}
        self._bounds: dict[tuple[tuple[int, ...], tuple[int, ...], int], list[int] | None] = {}
        self._sets: dict[
            tuple[tuple[int, ...], tuple[int, ...], int], list[tuple[list[int], frozenset[int]]]
        ] = {}

    # ----- C8 and C9 ------------------------------------------------------------------------------
    def next_bracket(self, floaters: Iterable[int]) -> list[int]:
        """The C8 and C9 part of the failure vector when ``floaters`` leave this bracket."""
        down = frozenset(floaters)
        known = self._next_bracket.get(down)
        if known is not None:
            return known
        field, layout = self.field, self.costs.layout
        vector = [0] * layout.size
        if self.next_group:
            unpaired = self._next_bracket_unpaired(down)
            count, scores = c8((field.players[m] for m in unpaired), {field.players[x].id for x in down})
            vector[layout.c8] = count
            for score in scores:
                vector[layout.c8 + 1 + field.level[score]] += 1
        if field.odd and len(down) == 1 and any(field.is_bye_receiver(x) for x in down):
            # C9 applies only to a bracket that downfloats exactly one player (the one who is to
            # end up with the PAB): the bye receiver (score s*) will be that downfloater or
            # somebody below; the fewest unplayed rounds any of them could bring to the bye
            pool = [x for x in down if field.is_bye_receiver(x)] + [
                x for x in field.below[self.group] if x != field.bye_vertex and field.is_bye_receiver(x)
            ]
            vector[layout.c9] = min(c9(field.players[x]) for x in pool)
        self._next_bracket[down] = vector
        return vector

    def _next_bracket_unpaired(self, down: frozenset[int]) -> list[int]:
        """The players of the next bracket (``down`` + the next scoregroup) left unpaired by a
        maximum matching that keeps everybody below completable (C8)."""
        field = self.field
        nxt = self.group + 1
        size = field.count + 1
        members = sorted(down) + self.next_group
        in_members = [False] * size
        for x in members:
            in_members[x] = True
        active = list(in_members)

        excluded, absolute, bye, bye_candidate = (
            field.excluded,
            field.absolute_colour,
            field.bye_vertex,
            field.bye_candidate,
        )

        def allowed(i: int, j: int) -> bool:
            """``field.compatible`` among the active players, two downfloaters never together
            (written out: this is the innermost test of the C8 matchings)."""
            if not (active[i] and active[j]) or (i in down and j in down):
                return False
            if i == bye:
                return bye_candidate[j]
            if j == bye:
                return bye_candidate[i]
            if j in excluded[i]:
                return False
            colour = absolute[i]
            return colour is None or colour is not absolute[j]

        if len(down) == 1:
            (floater,) = down
            mate = self._greedy_with_one_floater(floater, allowed)
        else:
            mate = field.below_matching(nxt)
            greedy_extend(members, allowed, mate)
        augment_from([x for x in members if mate[x] == -1], size, allowed, mate, members)
        unpaired = [x for x in members if mate[x] == -1]
        has_below = nxt < len(field.below)
        if has_below and (not field.completable(nxt, unpaired) or any(x in down for x in unpaired)):
            # another maximum matching may leave residents unpaired instead of downfloaters, or
            # leave players below that can still be completed
            other = self._other_unpaired(members, down, unpaired)
            if other is not None:
                unpaired = other
        if has_below and not field.completable(nxt, unpaired):
            # the rest cannot be completed that way: complete it, keeping what we can
            for w in field.below[nxt]:
                active[w] = True
            everyone = members + field.below[nxt]
            augment_from([w for w in everyone if mate[w] == -1], size, allowed, mate, everyone)
            unpaired = [x for x in members if mate[x] == -1 or not in_members[mate[x]]]
        return unpaired

    def _greedy_with_one_floater(self, floater: int, allowed: Callable[[int, int], bool]) -> list[int]:
        """What ``greedy_extend`` makes of ``[floater] + next_group`` (from the matching below):
        the floater takes the first next-group player it may meet, and the next group is then
        paired greedily without that player. That second part depends only on the player taken,
        so it is kept for the few players who are taken most (every floater of a large bracket
        asks; most of them take the same one)."""
        taken = next((y for y in self.next_group if allowed(floater, y)), None)
        known = self._greedy_without.get(taken)
        if known is None:
            known = self.field.below_matching(self.group + 1)
            rest = [y for y in self.next_group if y != taken]
            greedy_extend(rest, self.field.compatible, known)
            if len(self._greedy_without) < GREEDY_STARTS_KEPT:
                self._greedy_without[taken] = known
        mate = list(known)
        if taken is not None:
            mate[floater] = taken
            mate[taken] = floater
        return mate

    def _other_unpaired(
        self, members: list[int], down: frozenset[int], unpaired: list[int]
    ) -> list[int] | None:
        """Another choice of the next bracket's unpaired players whose leftovers can be completed
        below: first one unpaired player swapped for a paired one, then one or two more pairs given
        up. Among those that work, leave the fewest downfloaters (highest scores first) unpaired."""
        field = self.field
        if len(members) > UNPAIRED_CHOICES_LIMIT:
            return None
        member_set = set(members)

        def fewest_downfloaters_first(left: list[int]) -> tuple[list[int], list[int]]:
            per_level = [0] * field.levels
            for x in left:
                if x in down:
                    per_level[field.level[field.players[x].score]] += 1
            return (per_level, sorted(-x for x in left))

        def works(left: list[int]) -> bool:
            return field.completable(self.group + 1, left) and self._pairs_all(
                sorted(member_set.difference(left)), down
            )

        if len(members) <= EVERY_CHOICE_LIMIT:
            for size in range(len(unpaired), len(members) + 1, 2):
                choices = sorted(
                    (list(c) for c in combinations(members, size)), key=fewest_downfloaters_first
                )
                for left in choices:
                    if works(left):
                        return left
            return None
        paired = [x for x in members if x not in unpaired]
        batches: list[list[list[int]]] = [
            [[x for x in unpaired if x != u] + [v] for u in unpaired for v in paired],
            [[*unpaired, *c] for c in combinations(paired, 2)],
        ]
        if len(paired) <= TWO_MORE_PAIRS_LIMIT:
            batches.append([[*unpaired, *c] for c in combinations(paired, 4)])
        for batch in batches:
            for left in sorted(batch, key=fewest_downfloaters_first):
                if works(left):
                    return left
        return None

    def _pairs_all(self, members: list[int], down: frozenset[int]) -> bool:
        """Can ``members`` all be paired among themselves (two downfloaters never together)?"""
        field = self.field
        count = len(members)
        if count % 2:
            return False

        def allowed(i: int, j: int) -> bool:
            a, b = members[i], members[j]
            return not (a in down and b in down) and field.compatible(a, b)

        mate = [-1] * count
        greedy_extend(range(count), allowed, mate)
        augment_from([k for k in range(count) if mate[k] == -1], count, allowed, mate)
        return all(m != -1 for m in mate)

    # ----- sets of floaters ---------------------------------------------------------------------
    def set_cost(self, base: list[int], extra: tuple[int, ...]) -> list[int] | None:
        """What floating ``extra`` (beyond ``base``) costs: their own failures and C8/C9; None when
        C4 rules it out."""
        down = [*base, *extra]
        if not self.field.completable(self.group, down):
            return None
        vector = self.next_bracket(down)
        for y in extra:
            vector = add(vector, self.costs.floater(y))
        return vector

    def sets(
        self, base: list[int], players: list[int], count: int
    ) -> list[tuple[list[int], frozenset[int]]] | None:
        """The sets of ``count`` players who may float together (C4), each with what floating them
        costs (:meth:`set_cost`), cheapest first; None when there are more than
        :data:`FLOATER_SETS_LIMIT` sets to list."""
        if comb(len(players), count) > FLOATER_SETS_LIMIT:
            return None
        key = (tuple(base), tuple(players), count)
        known = self._sets.get(key)
        if known is not None:
            return known
        options = []
        for chosen in combinations(players, count):
            cost = self.set_cost(base, chosen)
            if cost is not None:
                options.append((cost, frozenset(chosen)))
        options.sort(key=lambda option: option[0])
        self._sets[key] = options
        return options

    def bound(self, base: list[int], candidates: list[int], count: int) -> list[int] | None:
        """A lower bound of the floater failures beyond ``base``'s own when ``count`` more players
        out of ``candidates`` float (C6, C7, C8, C9, C14, C16, C18, C20); None if C4 rules out every
        choice."""
        key = (tuple(base), tuple(candidates), count)
        known = self._bounds.get(key)
        if known is not None or key in self._bounds:
            return known
        field, layout = self.field, self.costs.layout
        found: list[int] | None
        if count == 0:
            found = self.next_bracket(base) if field.completable(self.group, base) else None
        elif count == 1:
            options = [c for x in candidates if (c := self.set_cost(base, (x,))) is not None]
            found = least_each(options) if options else None
        else:
            found = [0] * layout.size
            found[layout.c6] = count
            found[layout.c7 + field.level[field.players[candidates[-1]].score]] = count
        self._bounds[key] = found
        return found


def with_cheapest_next_bracket(
    bound: list[int], sets: list[tuple[list[int], frozenset[int]]], costs: FailureCosts
) -> list[int]:
    """``bound`` with its C8/C9 part raised to the least that any of ``sets`` costs there,
    criterion by criterion (a bound that stays valid whatever the pairs cost)."""
    layout = costs.layout
    out = list(bound)
    for k in range(layout.c8, layout.c10):
        out[k] = max(out[k], min(v[k] for v, _f in sets))
    return out
