"""The Dutch quality criteria (Art. 2.1-2.4): a table of C1-C21 and the failure vector they make.

C1-C3 are absolute (a pair that breaks one is never made), C4 and C5 are completion criteria
(checked by :mod:`.completion`), and C6-C21 are the quality criteria a candidate is judged by: its
*failure vector* lists, criterion by criterion in the order of the table, how often it fails
each one, and candidates compare lexicographically (the earlier criterion decides).

Some criteria have one count; the ones that minimise *scores* (C7, C18-C21) and the C8 part that
says which downfloaters the next bracket leaves unpaired get one count per score level, highest
score first, so that comparing the counts level by level compares the scores. :class:`Layout`
places every criterion in the vector from the table, so no offset is computed by hand.

Each criterion also has its cost function here, in the words of the article: :func:`evaluate`
applies them one after another to a candidate. The search adds up the same failures much faster
from cached per-pair and per-floater parts (:class:`.failures.FailureCosts`); a property test
checks that the two always agree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from ..colours import allocate
from ..players import Float, PlayerState, Strength
from ..types import Colour

if TYPE_CHECKING:
    from .completion import RoundField

__all__ = ["CRITERIA", "QUALITY", "Candidate", "Criterion", "Kind", "Layout", "Width", "evaluate"]


class Kind(Enum):
    """How a criterion takes part in the pairing of a bracket."""

    ABSOLUTE = "absolute"
    """Never broken: a pair that breaks it is not made (C1-C3)."""
    COMPLETION = "completion"
    """A filter on the whole round (C4) or on the bye (C5)."""
    QUALITY = "quality"
    """Minimised: one or more positions of the failure vector (C6-C21)."""


class Width(Enum):
    """How many positions of the failure vector a quality criterion takes."""

    ONE = "one count"
    LEVELS = "one count per score level"
    ONE_AND_LEVELS = "one count, then one per score level"


@dataclass(frozen=True, slots=True)
class Candidate:
    """One way to pair a bracket: what :func:`evaluate` judges.

    ``pairs`` and ``floaters`` are indexes into ``field.players``; ``next_bracket`` is a failure
    vector holding only the C8/C9 part for these floaters (set-level criteria, computed by
    :meth:`.floaters.FloaterCosts.next_bracket`, which needs the brackets below)."""

    field: RoundField
    pairs: Sequence[tuple[int, int]]
    floaters: Sequence[int]
    next_bracket: Sequence[int]


CostFunction = Callable[[Candidate], list[int]]
"""A criterion's failures for one candidate: a list of the criterion's width."""


@dataclass(frozen=True, slots=True)
class Criterion:
    """One row of the table."""

    code: str
    """``C1`` ... ``C21``."""
    article: str
    """Where the rule is in C.04.3 (2026): Art. 2 lists C1-C21 in these groups, in this order."""
    name: str
    """What it is about, as the explanation names it."""
    kind: Kind
    width: Width | None = None
    """Quality criteria only."""
    cost: CostFunction | None = None
    """Quality criteria only: the plain definition (see :func:`evaluate`)."""


def _players(candidate: Candidate) -> list[PlayerState]:
    return candidate.field.players


def _higher_first(candidate: Candidate, i: int, j: int) -> tuple[PlayerState, PlayerState]:
    """The pair as (higher-ranked, lower-ranked): pairing order is index order."""
    players = _players(candidate)
    return (players[i], players[j]) if i < j else (players[j], players[i])


def _per_level(candidate: Candidate, scores: list[int]) -> list[int]:
    counts = [0] * candidate.field.levels
    for score in scores:
        counts[candidate.field.level[score]] += 1
    return counts


def _downfloaters(candidate: Candidate) -> list[int]:
    return [_players(candidate)[x].score for x in candidate.floaters]


def _c6(candidate: Candidate) -> list[int]:
    return [len(candidate.floaters)]


def _c7(candidate: Candidate) -> list[int]:
    return _per_level(candidate, _downfloaters(candidate))


def _c8(candidate: Candidate) -> list[int]:
    start = Layout.of(candidate.field.levels).c8
    return list(candidate.next_bracket[start : start + 1 + candidate.field.levels])


def _c9(candidate: Candidate) -> list[int]:
    return [candidate.next_bracket[Layout.of(candidate.field.levels).c9]]


def _topscorer_colours(candidate: Candidate) -> list[tuple[PlayerState, Colour]]:
    """(topscorer, colour they get) for every pair with a topscorer (final round only)."""
    out: list[tuple[PlayerState, Colour]] = []
    for i, j in candidate.pairs:
        a, b = _higher_first(candidate, i, j)
        if candidate.field.final and (a.topscorer or b.topscorer):
            white = allocate(a, b, candidate.field.initial_colour).white
            out.extend((p, Colour.WHITE if p is white else Colour.BLACK) for p in (a, b))
    return out


def _c10(candidate: Candidate) -> list[int]:
    return [
        sum(
            1
            for p, got in _topscorer_colours(candidate)
            if abs(p.colour_difference + (1 if got is Colour.WHITE else -1)) > 2
        )
    ]


def _c11(candidate: Candidate) -> list[int]:
    return [
        sum(
            1
            for p, got in _topscorer_colours(candidate)
            if len(p.colours) >= 2 and p.colours[-1] is got and p.colours[-2] is got
        )
    ]


def _same_preference(candidate: Candidate) -> list[tuple[PlayerState, PlayerState]]:
    pairs = [_higher_first(candidate, i, j) for i, j in candidate.pairs]
    return [(a, b) for a, b in pairs if a.preference is not None and a.preference is b.preference]


def _c12(candidate: Candidate) -> list[int]:
    return [len(_same_preference(candidate))]


def _c13(candidate: Candidate) -> list[int]:
    strong = Strength.STRONG
    return [
        sum(
            1
            for a, b in _same_preference(candidate)
            if a.strength >= strong
            and b.strength >= strong
            and not (a.strength == b.strength == Strength.ABSOLUTE)
        )
    ]


def _down_again(candidate: Candidate, back: int) -> list[PlayerState]:
    """Players with a downfloat ``back`` rounds ago who downfloat again: left unpaired, or paired
    to a lower score."""
    players = _players(candidate)
    out = [players[x] for x in candidate.floaters if players[x].floats[back - 1] == Float.DOWN]
    for i, j in candidate.pairs:
        a, b = _higher_first(candidate, i, j)
        if a.score > b.score and a.floats[back - 1] == Float.DOWN:
            out.append(a)
    return out


def _up_again(candidate: Candidate, back: int) -> list[tuple[PlayerState, PlayerState]]:
    """(MDP, opponent) for every resident with an upfloat ``back`` rounds ago paired upwards again."""
    out = []
    for i, j in candidate.pairs:
        a, b = _higher_first(candidate, i, j)
        if a.score > b.score and b.floats[back - 1] == Float.UP:
            out.append((a, b))
    return out


def _c14(candidate: Candidate) -> list[int]:
    return [len(_down_again(candidate, 1))]


def _c15(candidate: Candidate) -> list[int]:
    return [len(_up_again(candidate, 1))]


def _c16(candidate: Candidate) -> list[int]:
    return [len(_down_again(candidate, 2))]


def _c17(candidate: Candidate) -> list[int]:
    return [len(_up_again(candidate, 2))]


def _floating_again(candidate: Candidate, back: int) -> list[int]:
    """Scores of the floaters left unpaired who had a downfloat ``back`` rounds ago."""
    players = _players(candidate)
    return [players[x].score for x in candidate.floaters if players[x].floats[back - 1] == Float.DOWN]


def _c18(candidate: Candidate) -> list[int]:
    return _per_level(candidate, _floating_again(candidate, 1))


def _c19(candidate: Candidate) -> list[int]:
    return _per_level(candidate, [mdp.score for mdp, _ in _up_again(candidate, 1)])


def _c20(candidate: Candidate) -> list[int]:
    return _per_level(candidate, _floating_again(candidate, 2))


def _c21(candidate: Candidate) -> list[int]:
    return _per_level(candidate, [mdp.score for mdp, _ in _up_again(candidate, 2)])


_A, _C, _Q = Kind.ABSOLUTE, Kind.COMPLETION, Kind.QUALITY
CRITERIA: tuple[Criterion, ...] = (
    Criterion("C1", "Art. 2, absolute criteria", "two players play each other at most once", _A),
    Criterion("C2", "Art. 2, absolute criteria", "a player gets the pairing-allocated bye at most once", _A),
    Criterion(
        "C3", "Art. 2, absolute criteria", "non-topscorers with the same absolute preference never meet", _A
    ),
    Criterion("C4", "Art. 2, completion criterion", "the round can be completed", _C),
    Criterion("C5", "Art. 2, PAB criterion", "the bye goes to the lowest score it can", _C),
    Criterion(
        "C6", "Art. 2, quality criteria (floaters and the PAB)", "number of downfloaters", _Q, Width.ONE, _c6
    ),
    Criterion(
        "C7",
        "Art. 2, quality criteria (floaters and the PAB)",
        "scores of the downfloaters",
        _Q,
        Width.LEVELS,
        _c7,
    ),
    Criterion(
        "C8",
        "Art. 2, quality criteria (floaters and the PAB)",
        "pairing of the next bracket",
        _Q,
        Width.ONE_AND_LEVELS,
        _c8,
    ),
    Criterion(
        "C9",
        "Art. 2, quality criteria (floaters and the PAB)",
        "unplayed games of the bye receiver",
        _Q,
        Width.ONE,
        _c9,
    ),
    Criterion(
        "C10", "Art. 2, quality criteria (colours)", "topscorers' colour difference", _Q, Width.ONE, _c10
    ),
    Criterion(
        "C11",
        "Art. 2, quality criteria (colours)",
        "topscorers' same colour three times",
        _Q,
        Width.ONE,
        _c11,
    ),
    Criterion("C12", "Art. 2, quality criteria (colours)", "colour preferences", _Q, Width.ONE, _c12),
    Criterion("C13", "Art. 2, quality criteria (colours)", "strong colour preferences", _Q, Width.ONE, _c13),
    Criterion(
        "C14",
        "Art. 2, quality criteria (floats)",
        "repeated downfloat from the previous round",
        _Q,
        Width.ONE,
        _c14,
    ),
    Criterion(
        "C15",
        "Art. 2, quality criteria (floats)",
        "repeated upfloat from the previous round",
        _Q,
        Width.ONE,
        _c15,
    ),
    Criterion(
        "C16",
        "Art. 2, quality criteria (floats)",
        "repeated downfloat from two rounds before",
        _Q,
        Width.ONE,
        _c16,
    ),
    Criterion(
        "C17",
        "Art. 2, quality criteria (floats)",
        "repeated upfloat from two rounds before",
        _Q,
        Width.ONE,
        _c17,
    ),
    Criterion(
        "C18", "Art. 2, quality criteria (floats)", "scores of repeated downfloaters", _Q, Width.LEVELS, _c18
    ),
    Criterion(
        "C19",
        "Art. 2, quality criteria (floats)",
        "scores against repeated upfloaters",
        _Q,
        Width.LEVELS,
        _c19,
    ),
    Criterion(
        "C20",
        "Art. 2, quality criteria (floats)",
        "scores of downfloaters from two rounds before",
        _Q,
        Width.LEVELS,
        _c20,
    ),
    Criterion(
        "C21",
        "Art. 2, quality criteria (floats)",
        "scores against upfloaters from two rounds before",
        _Q,
        Width.LEVELS,
        _c21,
    ),
)
"""C1-C21 in the order of the rules. Quality criteria are compared in this order.

Readings where the text leaves room (the reference implementation's, checked against the corpus):
C8 counts the pairs the next bracket (these downfloaters plus the next scoregroup, two
downfloaters never together) can make while everybody below it can still be completed, then which
downfloaters it leaves unpaired, highest scores first; C9 counts the unplayed rounds of the bye
receiver and applies only to a bracket that downfloats exactly one player; C12 counts pairs whose
two players want the same colour, C13 those where both have a strong or absolute preference (not
both absolute); C14/C16 count players with a downfloat in r-1/r-2 who downfloat again (left
unpaired, or paired to a lower score); C15/C17 count residents with an upfloat history who are
paired with a higher-scored player; C18/C20 minimise the scores of the repeated downfloaters who
are left unpaired (the ones paired down count in C14/C16 only), C19/C21 the scores of the MDPs
whose opponent had an upfloat.
"""

QUALITY = tuple(c for c in CRITERIA if c.kind is Kind.QUALITY)


@dataclass(frozen=True, slots=True)
class Layout:
    """Where each quality criterion sits in the failure vector of a round with ``levels`` score
    levels: ``layout.c12`` is the position of C12, ``layout.c19 + level`` that of C19 at one score
    level. Built from :data:`CRITERIA` by :meth:`of`."""

    levels: int
    size: int
    """Length of the failure vector."""
    c6: int
    c7: int
    c8: int
    c9: int
    c10: int
    c11: int
    c12: int
    c13: int
    c14: int
    c15: int
    c16: int
    c17: int
    c18: int
    c19: int
    c20: int
    c21: int

    @classmethod
    def of(cls, levels: int) -> Layout:
        starts: dict[str, int] = {}
        position = 0
        for criterion in QUALITY:
            starts[criterion.code.lower()] = position
            position += _width(criterion, levels)
        return cls(levels=levels, size=position, **starts)

    def start(self, criterion: Criterion) -> int:
        return int(getattr(self, criterion.code.lower()))

    def criterion_at(self, position: int) -> Criterion:
        """The criterion that position ``position`` of a failure vector belongs to."""
        found = QUALITY[0]
        for criterion in QUALITY:
            if position >= self.start(criterion):
                found = criterion
        return found

    def label(self, position: int) -> str:
        """``C12 (colour preferences)``: how the explanation names a position."""
        criterion = self.criterion_at(position)
        return f"{criterion.code} ({criterion.name})"


def _width(criterion: Criterion, levels: int) -> int:
    if criterion.width is Width.ONE:
        return 1
    if criterion.width is Width.LEVELS:
        return levels
    return 1 + levels


def evaluate(candidate: Candidate, layout: Layout) -> list[int]:
    """The failure vector of ``candidate``, criterion by criterion from the table's cost functions.

    The plain definition: slow, and what :class:`.failures.FailureCosts` must always agree with.
    """
    vector: list[int] = []
    for criterion in QUALITY:
        assert criterion.cost is not None
        part = criterion.cost(candidate)
        assert len(part) == _width(criterion, layout.levels), criterion.code
        vector.extend(part)
    return vector
