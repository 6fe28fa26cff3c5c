"""The fast failure vector (see :mod:`.criteria` for the plain one): what each pair and each
floater of a bracket costs, cached, so that the search adds vectors instead of re-evaluating the
criteria. A candidate's vector is ``FloaterCosts.next_bracket(floaters)`` (C8, C9) plus
:meth:`FailureCosts.pair` of each of its pairs plus :meth:`FailureCosts.floater` of each floater.

Both apply the criteria's own functions (the table's ``player`` and ``score`` rules) to the
players concerned, with three shortcuts: only the functions the table says can fail for a paired
(or an unpaired) player; once per kind of player, colour and kind of opponent (what the functions
read of them, see :mod:`.criteria`); and colours settled only as far as the colour criteria read
them. Property tests
(``tests/pairing/test_dutch_criteria*.py``) check that the sum always equals
:func:`.criteria.evaluate`, which applies every function to every player with the colours of
Art. 5.2.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..colours import allocate
from ..players import PlayerState
from ..types import Colour
from .criteria import QUALITY, Layout, Seats

if TYPE_CHECKING:
    from .completion import RoundField

__all__ = ["FailureCosts", "add", "least_each"]

_WHITE, _BLACK = Colour.WHITE, Colour.BLACK
_OTHER = {_WHITE: _BLACK, _BLACK: _WHITE}


class FailureCosts:
    """Cached failures per pair and per floater of one round."""

    def __init__(self, field: RoundField) -> None:
        self.field = field
        self.layout = layout = Layout.of(field.levels)
        self._rules = {
            paired: (
                [(layout.start(c), c.player) for c in QUALITY if c.player and c.seats in {seats, Seats.ANY}],
                [(layout.start(c), c.score) for c in QUALITY if c.score and c.seats in {seats, Seats.ANY}],
            )
            for paired, seats in ((True, Seats.PAIRED), (False, Seats.UNPAIRED))
        }
        """Paired or not: the functions (with their positions) that can fail for such a player."""
        self._pairs: dict[tuple[int, int], list[int]] = {}
        self._floaters: dict[int, list[int]] = {}
        self._seats: dict[tuple[int, Colour, int, bool], list[int]] = {}
        self._kinds = [-1] * len(field.players)
        self._kind_numbers: dict[tuple[object, ...], int] = {}

    def _colours(self, a: PlayerState, b: PlayerState) -> tuple[Colour, Colour]:
        """The colours ``a`` (the higher-ranked) and ``b`` get, as far as the colour criteria tell
        them apart. In a topscorer's game (where C10 and C11 read the colours themselves) Art. 5.2
        in full. Otherwise only who is refused a preference matters, since C12 and C13 read the
        player's preference and its strength only: nobody when the two preferences differ or one
        is missing (5.2.1), else the weaker one (5.2.2); between equal ones the later steps may
        refuse the other player, who has the same preference and strength."""
        if a.topscorer or b.topscorer:
            white = allocate(a, b, self.field.initial_colour).white
            return (_WHITE, _BLACK) if white is a else (_BLACK, _WHITE)
        pa, pb = a.preference, b.preference
        if pa is not None:
            if pa is pb and b.strength > a.strength:
                return _OTHER[pa], pa
            return pa, _OTHER[pa]
        if pb is not None:
            return _OTHER[pb], pb
        return _WHITE, _BLACK

    def pair(self, i: int, j: int) -> list[int]:
        """Failures of the pair {i, j}: every criterion's function applied to both players, once
        per kind of player (:meth:`_kind`), colour, opponent's score and opponent's topscorer flag
        (all that a function reads of the opponent: the float, C19/C21's score, C10/C11's
        topscorer's game), since most pairs of a round repeat such a seat of another pair."""
        if i > j:
            i, j = j, i
        key = (i, j)
        found = self._pairs.get(key)
        if found is not None:
            return found
        a, b = self.field.players[i], self.field.players[j]  # a is the higher-ranked (pairing order)
        got_a, got_b = self._colours(a, b)
        seats, kinds = self._seats, self._kinds
        vector = [0] * self.layout.size
        seat = (kinds[i] if kinds[i] >= 0 else self._kind(i, a), got_a, b.score, b.topscorer)
        positions = seats.get(seat)
        if positions is None:
            positions = seats[seat] = self._failures(a, b, got_a)
        for position in positions:
            vector[position] += 1
        seat = (kinds[j] if kinds[j] >= 0 else self._kind(j, b), got_b, a.score, a.topscorer)
        positions = seats.get(seat)
        if positions is None:
            positions = seats[seat] = self._failures(b, a, got_b)
        for position in positions:
            vector[position] += 1
        self._pairs[key] = vector
        return vector

    def _kind(self, x: int, p: PlayerState) -> int:
        """A number shared by the players who look the same to every criterion's function: the
        same score, colour preference and strength, colour difference and last two colours,
        floats and topscorer flag (all that the functions read of a player)."""
        kind = (p.score, p.preference, p.strength, p.colour_difference, p.colours[-2:], p.floats, p.topscorer)
        found = self._kinds[x] = self._kind_numbers.setdefault(kind, len(self._kind_numbers))
        return found

    def floater(self, x: int) -> list[int]:
        """Failures of leaving ``x`` unpaired in its bracket (C6, C7, C14, C16, C18, C20 can fail)."""
        found = self._floaters.get(x)
        if found is None:
            found = [0] * self.layout.size
            for position in self._failures(self.field.players[x], None, None):
                found[position] += 1
            self._floaters[x] = found
        return found

    def _failures(self, p: PlayerState, opponent: PlayerState | None, got: Colour | None) -> list[int]:
        """The positions of the failure vector where ``p`` fails a criterion (one entry per
        failure): each criterion's function that can fail for ``p`` applied to it."""
        player_rules, score_rules = self._rules[opponent is not None]
        positions = [start for start, rule in player_rules if rule(p, opponent, got)]
        level = self.field.level
        for start, score_rule in score_rules:
            score = score_rule(p, opponent, got)
            if score is not None:
                positions.append(start + level[score])
        return positions


def add(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """Two failure vectors added position by position."""
    return [x + y for x, y in zip(a, b, strict=True)]


def least_each(vectors: Sequence[Sequence[int]]) -> list[int]:
    """Position by position, the least of ``vectors``: a bound below every one of them."""
    return [min(column) for column in zip(*vectors, strict=True)]
