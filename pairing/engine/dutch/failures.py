"""The fast failure vector (see :mod:`.criteria` for the plain one): what each pair and each
floater of a bracket costs, cached, so that the search adds vectors instead of re-evaluating the
criteria. A candidate's vector is ``FloaterCosts.next_bracket(floaters)`` (C8, C9) plus
:meth:`FailureCosts.pair` of each of its pairs plus :meth:`FailureCosts.floater` of each floater.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..colours import allocate
from ..players import Float, Strength
from ..types import Colour
from .criteria import Layout

if TYPE_CHECKING:
    from .completion import RoundField

__all__ = ["FailureCosts", "add", "least_each"]


class FailureCosts:
    """Cached failures per pair and per floater of one round."""

    def __init__(self, field: RoundField) -> None:
        self.field = field
        self.layout = Layout.of(field.levels)
        self._pairs: dict[tuple[int, int], list[int]] = {}

    def pair(self, i: int, j: int) -> list[int]:
        """Failures of the pair {i, j}: C10-C13 and the pair parts of C14-C21."""
        if i > j:
            i, j = j, i
        key = (i, j)
        found = self._pairs.get(key)
        if found is not None:
            return found
        field, layout = self.field, self.layout
        a, b = field.players[i], field.players[j]  # a is the higher-ranked (pairing order)
        vector = [0] * layout.size
        if field.final and (a.topscorer or b.topscorer):
            white = allocate(a, b, field.initial_colour).white
            for p in (a, b):
                got = Colour.WHITE if p is white else Colour.BLACK
                if abs(p.colour_difference + (1 if got is Colour.WHITE else -1)) > 2:
                    vector[layout.c10] += 1
                if len(p.colours) >= 2 and p.colours[-1] is got and p.colours[-2] is got:
                    vector[layout.c11] += 1
        if a.preference is not None and a.preference is b.preference:
            vector[layout.c12] += 1
            if (
                a.strength >= Strength.STRONG
                and b.strength >= Strength.STRONG
                and not (a.strength == Strength.ABSOLUTE and b.strength == Strength.ABSOLUTE)
            ):
                vector[layout.c13] += 1
        if a.score > b.score:
            level = field.level[a.score]
            if a.floats[0] == Float.DOWN:
                vector[layout.c14] += 1
            if b.floats[0] == Float.UP:
                vector[layout.c15] += 1
                vector[layout.c19 + level] += 1
            if a.floats[1] == Float.DOWN:
                vector[layout.c16] += 1
            if b.floats[1] == Float.UP:
                vector[layout.c17] += 1
                vector[layout.c21 + level] += 1
        self._pairs[key] = vector
        return vector

    def floater(self, x: int) -> list[int]:
        """Failures of leaving ``x`` unpaired in its bracket: C6, C7, C14, C16, C18, C20."""
        layout = self.layout
        p = self.field.players[x]
        level = self.field.level[p.score]
        vector = [0] * layout.size
        vector[layout.c6] = 1
        vector[layout.c7 + level] = 1
        if p.floats[0] == Float.DOWN:
            vector[layout.c14] = 1
            vector[layout.c18 + level] = 1
        if p.floats[1] == Float.DOWN:
            vector[layout.c16] = 1
            vector[layout.c20 + level] = 1
        return vector


def add(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """Two failure vectors added position by position."""
    return [x + y for x, y in zip(a, b, strict=True)]


def least_each(vectors: Sequence[Sequence[int]]) -> list[int]:
    """Position by position, the least of ``vectors``: a bound below every one of them."""
    return [min(column) for column in zip(*vectors, strict=True)]
