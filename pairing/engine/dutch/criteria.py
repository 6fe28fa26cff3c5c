"""The Dutch criteria C1-C21 (C.04.3, 2026, Art. 2) as a table that carries their code.

C1-C3 are absolute (a pair that breaks one is never made: :meth:`.completion.RoundField.compatible`),
C4 and C5 are completion criteria (:mod:`.completion`), and C6-C21 are the quality criteria a
candidate is judged by: its *failure vector* lists, criterion by criterion in the order of the
table, how often it fails each one, and candidates compare lexicographically (the earlier criterion
decides).

Each quality criterion is **one function** below, named after it and citing its paragraph; every
part of the engine that judges a criterion calls that function:

- :func:`evaluate` (the plain definition) applies them to every player of a candidate;
- :class:`.failures.FailureCosts` (the search's fast path) applies them once per pair and per
  floater and caches the result; a property test checks that it always equals :func:`evaluate`;
- :mod:`.bounds` decides from them which colour preferences its count bounds count;
- :func:`pairing.engine.edits.edit_costs` applies them to a hand-edited pairing.

Most criteria are about one player of the candidate: ``rule(p, opponent, got)`` says whether ``p``
fails it, given ``p``'s opponent (None when ``p`` is left unpaired: a downfloater) and the colour
``p`` gets (None when unpaired). The ones that minimise *scores* (C7, C18-C21) return the score at
which the failure counts instead (None: no failure); the vector holds one count per score level,
highest score first, so that comparing the counts level by level compares the scores. A
function reads of the player only its score, colour preference and strength, colour difference,
last two colours, floats and topscorer flag, and of the opponent only its score and topscorer
flag: the fast path reuses failures between players and opponents who agree on those (a property
test checks the functions keep to it). The table says which players each function can fail for
(:class:`Seats`). C8 and C9 are about the set of downfloaters and are applied by
:class:`.floaters.FloaterCosts`.
:class:`Layout` places every criterion in the vector from the table, so no offset is computed by
hand.

Citations: ``C.04.3 Art. 2.4 [C13]`` is the paragraph labelled [C13] of Art. 2.4 (quality
criteria) of the Dutch system in force from 1 February 2026; Art. 2.1 holds the absolute criteria,
2.2 the completion criterion, 2.3 the PAB criterion. The text labels each criterion's paragraph
with its number in brackets; ``../shared/docs/rules.md`` lists the digit-by-digit sub-numbering of
Art. 2 as unchecked, so the bracketed label is what names the paragraph here.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from ..colours import allocate
from ..players import Float, PlayerState, Strength
from ..types import Colour

if TYPE_CHECKING:
    from .completion import RoundField

__all__ = [
    "CRITERIA",
    "QUALITY",
    "Candidate",
    "Criterion",
    "Kind",
    "Layout",
    "PlayerRule",
    "ScoreRule",
    "Seats",
    "Width",
    "c6",
    "c7",
    "c8",
    "c9",
    "c10",
    "c11",
    "c12",
    "c13",
    "c14",
    "c15",
    "c16",
    "c17",
    "c18",
    "c19",
    "c20",
    "c21",
    "evaluate",
    "float_now",
]

ARTICLE = "C.04.3 Art. 2"
"""The Dutch system of 1 February 2026, Art. 2 (pairing criteria)."""


class Kind(Enum):
    """How a criterion takes part in the pairing of a bracket."""

    ABSOLUTE = "absolute"
    """Never broken: a pair that breaks it is not made (C1-C3)."""
    COMPLETION = "completion"
    """A filter on the whole round (C4) or on the bye (C5)."""
    QUALITY = "quality"
    """Minimised: one or more positions of the failure vector (C6-C21)."""


class Seats(Enum):
    """Which players of a candidate a criterion about one player can fail for: its function is
    False (or None) for the others. The fast path calls it for those players only; a property test
    checks that against the plain definition."""

    PAIRED = "players with an opponent"
    UNPAIRED = "players left unpaired"
    ANY = "any player"


class Width(Enum):
    """How many positions of the failure vector a quality criterion takes."""

    ONE = "one count"
    LEVELS = "one count per score level"
    ONE_AND_LEVELS = "one count, then one per score level"


PlayerRule = Callable[[PlayerState, PlayerState | None, Colour | None], bool]
"""A criterion about one player: does ``p`` fail it, given its opponent (None: left unpaired) and
the colour it gets (None: unpaired)?"""

ScoreRule = Callable[[PlayerState, PlayerState | None, Colour | None], int | None]
"""The same for a criterion that minimises scores: the score (half-points) at which ``p``'s failure
counts, or None when ``p`` does not fail it."""


# ----- what a player gets from a candidate --------------------------------------------------------
def float_now(p: PlayerState, opponent: PlayerState | None) -> Float:
    """The float ``p`` receives from this round's pairing (Art. 1.4): a downfloat when left unpaired
    (1.4.1, and the PAB, 1.4.3) or paired with a lower score, an upfloat when paired with a higher
    score (1.4.2), none against the same score."""
    if opponent is None or opponent.score < p.score:
        return Float.DOWN
    if opponent.score > p.score:
        return Float.UP
    return Float.NONE


# ----- the quality criteria, one function each ---------------------------------------------------
def c6(p: PlayerState, opponent: PlayerState | None, got: Colour | None) -> bool:
    """C.04.3 Art. 2.4 [C6]: minimise the number of downfloaters (maximise the number of pairs).

    ``p`` is a downfloater when the candidate leaves it unpaired in its bracket (Art. 1.4.1)."""
    return opponent is None


def c7(p: PlayerState, opponent: PlayerState | None, got: Colour | None) -> int | None:
    """C.04.3 Art. 2.4 [C7]: minimise the scores (taken in descending order) of the downfloaters.

    A downfloater's failure counts at its own score."""
    return p.score if opponent is None else None


def c8(left: Iterable[PlayerState], downfloaters: Collection[int]) -> tuple[int, list[int]]:
    """C.04.3 Art. 2.4 [C8]: choose the set of downfloaters so that the following bracket complies
    as well as possible with C1-C7 (one bracket ahead).

    ``left`` are the players the following bracket (these downfloaters, ids ``downfloaters``, plus
    the next scoregroup, two downfloaters never together) leaves unpaired in a maximum pairing that
    keeps everybody below it completable (found by :class:`.floaters.FloaterCosts`). Returns the
    next bracket's C6 (how many it leaves unpaired) and then its C7 for these downfloaters (the
    scores of those of them it leaves unpaired): the reading of the reference implementation,
    checked against the corpus."""
    left = list(left)
    scores = [c7(p, None, None) for p in left if p.id in downfloaters]
    return sum(c6(p, None, None) for p in left), [s for s in scores if s is not None]


def c9(receiver: PlayerState) -> int:
    """C.04.3 Art. 2.4 [C9]: minimise the number of unplayed games of the assignee of the
    pairing-allocated bye. It applies only to a bracket that downfloats exactly one player, the
    one who is to get the bye (:meth:`.floaters.FloaterCosts.next_bracket` decides when).

    The failure of ``receiver`` getting the bye: its rounds without a played game."""
    return receiver.unplayed


def c10(p: PlayerState, opponent: PlayerState | None, got: Colour | None) -> bool:
    """C.04.3 Art. 2.4 [C10]: minimise the number of topscorers or topscorers' opponents who get a
    colour difference higher than +2 or lower than -2.

    The limit of BR 6 (:meth:`PlayerState.limits_broken`), which C3 lets a topscorer's game
    exceed in the final round (Art. 1.8: there are topscorers only then)."""
    if got is None or opponent is None or not (p.topscorer or opponent.topscorer):
        return False
    return "colour-difference" in p.limits_broken(got)


def c11(p: PlayerState, opponent: PlayerState | None, got: Colour | None) -> bool:
    """C.04.3 Art. 2.4 [C11]: minimise the number of topscorers or topscorers' opponents who get the
    same colour three times in a row.

    The limit of BR 7 (:meth:`PlayerState.limits_broken`), on played games (GHR 3.4)."""
    if got is None or opponent is None or not (p.topscorer or opponent.topscorer):
        return False
    return "colour-three-in-row" in p.limits_broken(got)


def c12(p: PlayerState, opponent: PlayerState | None, got: Colour | None) -> bool:
    """C.04.3 Art. 2.4 [C12]: minimise the number of players who do not get their colour
    preference.

    ``p`` has a preference of any strength (Art. 1.7) and gets the other colour. Only ``p`` and
    ``got`` matter. In a pair coloured by Art. 5.2 it fails for one player exactly when both want
    the same colour: 5.2.1 grants two different preferences, or the only one."""
    return got is not None and p.preference is not None and got is not p.preference


def c13(p: PlayerState, opponent: PlayerState | None, got: Colour | None) -> bool:
    """C.04.3 Art. 2.4 [C13]: minimise the number of players who do not get their strong colour
    preference.

    ``p``'s preference is *strong* in the sense of Art. 1.7 (colour difference +1 or -1; an
    absolute preference is a different kind, kept by C3 and BR 6-7, and by C10-C11 for
    topscorers) and ``p`` gets the other colour. Only ``p`` and ``got`` matter. In a pair coloured
    by Art. 5.2 the refused preference of two equal ones is the weaker (5.2.2), so a pair fails
    C13 when both want the same colour, both strongly or absolutely, and not both absolutely:
    the reading of the reference implementation, checked against the corpus.

    The hand-edit costs once counted an absolute preference refused under C13 too; by the text
    (Art. 1.7 names absolute, strong and mild preferences apart) and the pairing's reading, it is
    not: see :mod:`pairing.engine.edits`."""
    return p.strength == Strength.STRONG and c12(p, opponent, got)


def c14(p: PlayerState, opponent: PlayerState | None, got: Colour | None) -> bool:
    """C.04.3 Art. 2.4 [C14]: minimise the number of resident downfloaters who received a
    downfloat the previous round.

    ``p`` receives a downfloat now (:func:`float_now`: left unpaired, or paired with a lower
    score) and received one in round r-1. The reference implementation's reading, checked against
    the corpus: a moved-down player paired down again counts as well."""
    return p.floats[0] is Float.DOWN and float_now(p, opponent) is Float.DOWN


def c15(p: PlayerState, opponent: PlayerState | None, got: Colour | None) -> bool:
    """C.04.3 Art. 2.4 [C15]: minimise the number of MDP opponents who received an upfloat the
    previous round.

    ``p`` is paired with a higher score now (an upfloat, :func:`float_now`) and received an upfloat
    in round r-1."""
    return p.floats[0] is Float.UP and float_now(p, opponent) is Float.UP


def c16(p: PlayerState, opponent: PlayerState | None, got: Colour | None) -> bool:
    """C.04.3 Art. 2.4 [C16]: minimise the number of resident downfloaters who received a
    downfloat two rounds before.

    As :func:`c14`, for a downfloat received in round r-2."""
    return p.floats[1] is Float.DOWN and float_now(p, opponent) is Float.DOWN


def c17(p: PlayerState, opponent: PlayerState | None, got: Colour | None) -> bool:
    """C.04.3 Art. 2.4 [C17]: minimise the number of MDP opponents who received an upfloat two
    rounds before.

    As :func:`c15`, for an upfloat received in round r-2."""
    return p.floats[1] is Float.UP and float_now(p, opponent) is Float.UP


def c18(p: PlayerState, opponent: PlayerState | None, got: Colour | None) -> int | None:
    """C.04.3 Art. 2.4 [C18]: minimise the score differences (taken in descending order) of MDPs who
    received a downfloat the previous round.

    The reference implementation's reading, checked against the corpus: the scores of the
    :func:`c14` players the candidate leaves unpaired (the ones paired down count in C14 only),
    highest first."""
    return p.score if opponent is None and c14(p, opponent, got) else None


def c19(p: PlayerState, opponent: PlayerState | None, got: Colour | None) -> int | None:
    """C.04.3 Art. 2.4 [C19]: minimise the score differences (taken in descending order) of MDP
    opponents who received an upfloat the previous round.

    For a :func:`c15` player, the failure counts at the score of the MDP it meets: the higher that
    score, the larger the difference."""
    return opponent.score if opponent is not None and c15(p, opponent, got) else None


def c20(p: PlayerState, opponent: PlayerState | None, got: Colour | None) -> int | None:
    """C.04.3 Art. 2.4 [C20]: minimise the score differences (taken in descending order) of MDPs who
    received a downfloat two rounds before.

    As :func:`c18`, for the :func:`c16` players."""
    return p.score if opponent is None and c16(p, opponent, got) else None


def c21(p: PlayerState, opponent: PlayerState | None, got: Colour | None) -> int | None:
    """C.04.3 Art. 2.4 [C21]: minimise the score differences (taken in descending order) of MDP
    opponents who received an upfloat two rounds before.

    As :func:`c19`, for the :func:`c17` players."""
    return opponent.score if opponent is not None and c17(p, opponent, got) else None


# ----- the table ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Candidate:
    """One way to pair a bracket: what :func:`evaluate` judges.

    ``pairs`` and ``floaters`` are indexes into ``field.players``; ``next_bracket`` is a failure
    vector holding only the C8/C9 part for these floaters (set-level criteria, computed by
    :meth:`.floaters.FloaterCosts.next_bracket` with :func:`c8` and :func:`c9`)."""

    field: RoundField
    pairs: Sequence[tuple[int, int]]
    floaters: Sequence[int]
    next_bracket: Sequence[int]


@dataclass(frozen=True, slots=True)
class Criterion:
    """One row of the table."""

    code: str
    """``C1`` ... ``C21``."""
    article: str
    """The paragraph that states it: ``C.04.3 Art. 2.4 [C13]``."""
    name: str
    """What it is about, as the explanation names it."""
    kind: Kind
    width: Width | None = None
    """Quality criteria only."""
    player: PlayerRule | None = None
    """The criterion's function when it counts players (C6, C10-C17)."""
    score: ScoreRule | None = None
    """The criterion's function when it minimises scores (C7, C18-C21)."""
    floaters: Callable[..., object] | None = None
    """The criterion's function when it judges the set of downfloaters (C8: :func:`c8`, C9:
    :func:`c9`); :class:`.floaters.FloaterCosts` applies it."""
    seats: Seats = Seats.ANY
    """For ``player`` and ``score``: which players the function can fail for."""


def _row(
    code: str,
    group: str,
    name: str,
    kind: Kind,
    width: Width | None = None,
    *,
    player: PlayerRule | None = None,
    score: ScoreRule | None = None,
    floaters: Callable[..., object] | None = None,
    seats: Seats = Seats.ANY,
) -> Criterion:
    """A row whose article is paragraph [``code``] of Art. 2.``group``."""
    return Criterion(code, f"{ARTICLE}.{group} [{code}]", name, kind, width, player, score, floaters, seats)


_A, _C, _Q = Kind.ABSOLUTE, Kind.COMPLETION, Kind.QUALITY
_ONE, _LEVELS = Width.ONE, Width.LEVELS
_PAIRED, _UNPAIRED = Seats.PAIRED, Seats.UNPAIRED
CRITERIA: tuple[Criterion, ...] = (
    _row("C1", "1", "two players play each other at most once", _A),
    _row("C2", "1", "a player gets the pairing-allocated bye at most once", _A),
    _row("C3", "1", "non-topscorers with the same absolute preference never meet", _A),
    _row("C4", "2", "the round can be completed", _C),
    _row("C5", "3", "the bye goes to the lowest score it can", _C),
    _row("C6", "4", "number of downfloaters", _Q, _ONE, player=c6, seats=_UNPAIRED),
    _row("C7", "4", "scores of the downfloaters", _Q, _LEVELS, score=c7, seats=_UNPAIRED),
    _row("C8", "4", "pairing of the next bracket", _Q, Width.ONE_AND_LEVELS, floaters=c8),
    _row("C9", "4", "unplayed games of the bye receiver", _Q, _ONE, floaters=c9),
    _row("C10", "4", "topscorers' colour difference", _Q, _ONE, player=c10, seats=_PAIRED),
    _row("C11", "4", "topscorers' same colour three times", _Q, _ONE, player=c11, seats=_PAIRED),
    _row("C12", "4", "colour preferences", _Q, _ONE, player=c12, seats=_PAIRED),
    _row("C13", "4", "strong colour preferences", _Q, _ONE, player=c13, seats=_PAIRED),
    _row("C14", "4", "repeated downfloat from the previous round", _Q, _ONE, player=c14),
    _row("C15", "4", "repeated upfloat from the previous round", _Q, _ONE, player=c15, seats=_PAIRED),
    _row("C16", "4", "repeated downfloat from two rounds before", _Q, _ONE, player=c16),
    _row("C17", "4", "repeated upfloat from two rounds before", _Q, _ONE, player=c17, seats=_PAIRED),
    _row("C18", "4", "scores of repeated downfloaters", _Q, _LEVELS, score=c18, seats=_UNPAIRED),
    _row("C19", "4", "scores against repeated upfloaters", _Q, _LEVELS, score=c19, seats=_PAIRED),
    _row(
        "C20", "4", "scores of downfloaters from two rounds before", _Q, _LEVELS, score=c20, seats=_UNPAIRED
    ),
    _row(
        "C21", "4", "scores against upfloaters from two rounds before", _Q, _LEVELS, score=c21, seats=_PAIRED
    ),
)
"""C1-C21 in the order of the rules. Quality criteria are compared in this order; each one's
reading, where the text leaves room, is in its function's docstring."""

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


# ----- the plain failure vector -------------------------------------------------------------------
Seat = tuple[PlayerState, PlayerState | None, Colour | None]
"""What one player gets from a candidate: (the player, its opponent, its colour)."""


def seats(candidate: Candidate) -> list[Seat]:
    """Every player of ``candidate`` with its opponent and its colour (Art. 5.2); the floaters
    with neither."""
    players = candidate.field.players
    out: list[Seat] = []
    for i, j in candidate.pairs:
        a, b = (players[i], players[j]) if i < j else (players[j], players[i])  # a ranks higher
        white = allocate(a, b, candidate.field.initial_colour).white
        got = Colour.WHITE if white is a else Colour.BLACK
        out.extend(((a, b, got), (b, a, got.opposite)))
    out.extend((players[x], None, None) for x in candidate.floaters)
    return out


def evaluate(candidate: Candidate, layout: Layout) -> list[int]:
    """The failure vector of ``candidate``: each criterion's function applied to each of its
    players (C8 and C9 from ``candidate.next_bracket``).

    The plain definition: slow, and what :class:`.failures.FailureCosts` must always agree with.
    """
    everyone = seats(candidate)
    vector = [0] * layout.size
    for criterion in QUALITY:
        start = layout.start(criterion)
        if criterion.player is not None:
            vector[start] = sum(criterion.player(*seat) for seat in everyone)
        elif criterion.score is not None:
            for seat in everyone:
                score = criterion.score(*seat)
                if score is not None:
                    vector[start + candidate.field.level[score]] += 1
        else:
            end = start + _width(criterion, layout.levels)
            vector[start:end] = candidate.next_bracket[start:end]
    return vector
