"""The prize list's terms: entrants, the criteria groups admit by, prizes, groups, the organiser's
rules, and the awards that come out (see the package docstring for the rules themselves)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

__all__ = [
    "FIELDS",
    "OPERATORS",
    "Award",
    "Criterion",
    "Entrant",
    "Precedence",
    "Prize",
    "PrizeGroup",
    "PrizeList",
    "PrizeRules",
    "Sharing",
]

FIELDS = ("rating", "birth_year", "sex", "club", "federation", "title", "points", "rank")
"""Attributes a :class:`Criterion` may name; ``extra:NAME`` reads :attr:`Entrant.extra`."""
OPERATORS = ("eq", "ne", "lt", "le", "gt", "ge", "in", "blank", "present")


class Sharing(StrEnum):
    TIEBREAK = "tiebreak"
    EQUAL = "equal"
    HORT = "hort"


class Precedence(StrEnum):
    VALUE = "value"
    """The higher-valued prize wins."""
    PRIORITY = "priority"
    """The group listed first wins."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player in the final standings (or, before the event, in the registered field)."""

    id: int
    rank: int
    """Final place with the tie-breaks applied (1 = first); unique."""
    points: int = 0
    """Half-points; equal points make a tie for sharing."""
    rating: int = 0
    """0 when unrated."""
    birth_year: int | None = None
    sex: str = ""
    """``m``/``w`` as in TRF (``f`` read as ``w``)."""
    club: str = ""
    federation: str = ""
    title: str = ""
    extra: tuple[tuple[str, str], ...] = ()
    """Any other attribute the organiser's custom groups test (``("school", "Riverside")``)."""

    def value(self, field: str) -> object:
        if field.startswith("extra:"):
            return dict(self.extra).get(field.removeprefix("extra:"), "")
        if field not in FIELDS:
            raise ValueError(f"unknown attribute {field!r}")
        return getattr(self, field)


@dataclass(frozen=True, slots=True)
class Criterion:
    """One test on an attribute; a group admits a player when all of its criteria hold.

    Text compares without case. ``blank``/``present`` ignore :attr:`value`; ``in`` takes a tuple.
    A missing birth year fails every age comparison.
    """

    field: str
    op: str
    value: int | str | tuple[int | str, ...] | None = None

    def holds(self, entrant: Entrant) -> bool:
        actual = _norm(entrant.value(self.field))
        if self.op == "blank":
            return actual in ("", None, 0)
        if self.op == "present":
            return actual not in ("", None, 0)
        if self.op == "in":
            return actual in {
                _norm(v) for v in (self.value if isinstance(self.value, tuple) else (self.value,))
            }
        wanted = _norm(self.value)
        if self.op == "eq":
            return actual == wanted
        if self.op == "ne":
            return actual != wanted
        if isinstance(actual, int) and isinstance(wanted, int):
            left: int | str = actual
            right: int | str = wanted
        elif isinstance(actual, str) and isinstance(wanted, str):
            left, right = actual, wanted
        else:
            return False  # a missing birth year, or text against a number
        if self.op == "lt":
            return left < right  # type: ignore[operator]
        if self.op == "le":
            return left <= right  # type: ignore[operator]
        if self.op == "gt":
            return left > right  # type: ignore[operator]
        if self.op == "ge":
            return left >= right  # type: ignore[operator]
        raise ValueError(f"unknown operator {self.op!r}")

    # -- the usual groups ------------------------------------------------------------------------

    @staticmethod
    def rating_at_least(rating: int) -> Criterion:
        return Criterion("rating", "ge", rating)

    @staticmethod
    def rating_below(rating: int) -> Criterion:
        """Rated under ``rating``; unrated players (0) included unless :meth:`rated` is added."""
        return Criterion("rating", "lt", rating)

    @staticmethod
    def rated() -> Criterion:
        return Criterion("rating", "present")

    @staticmethod
    def unrated() -> Criterion:
        return Criterion("rating", "blank")

    @staticmethod
    def under(age: int, year: int) -> Criterion:
        """Under ``age`` on 1 January of ``year`` (U12 in 2026: born 2015 or later)."""
        return Criterion("birth_year", "gt", year - age)

    @staticmethod
    def seniors(age: int, year: int) -> Criterion:
        """Reaching ``age`` during ``year`` or older (65+ in 2026: born 1961 or earlier)."""
        return Criterion("birth_year", "le", year - age)

    @staticmethod
    def women() -> Criterion:
        return Criterion("sex", "in", ("w", "f"))

    @staticmethod
    def club(name: str) -> Criterion:
        return Criterion("club", "eq", name)


def _norm(value: object) -> object:
    if isinstance(value, str):
        return value.strip().casefold()
    return value


@dataclass(frozen=True, slots=True)
class Prize:
    cents: int = 0
    """Money, in cents."""
    item: str = ""
    """An object (a trophy, a book), given with or without money."""
    item_cents: int = 0
    """What the object is worth, for the higher-valued-prize rule only (never paid)."""

    @property
    def worth(self) -> int:
        return self.cents + self.item_cents


@dataclass(frozen=True, slots=True)
class PrizeGroup:
    key: str
    name: str
    prizes: tuple[Prize, ...]
    """For the group's 1st, 2nd ... place."""
    criteria: tuple[Criterion, ...] = ()
    """None: everybody (the overall group)."""

    def admits(self, entrant: Entrant) -> bool:
        return all(c.holds(entrant) for c in self.criteria)


@dataclass(frozen=True, slots=True)
class PrizeRules:
    groups: tuple[PrizeGroup, ...]
    """In priority order."""
    sharing: Sharing = Sharing.TIEBREAK
    precedence: Precedence = Precedence.VALUE
    unit: int = 1
    """Shares are paid in multiples of this many cents (100: whole euros)."""
    one_prize_per_player: bool = True


@dataclass(frozen=True, slots=True)
class Award:
    group: str
    place: int
    entrant: int
    prize: Prize
    cents: int
    """Money paid, after sharing and rounding."""
    exact: Fraction
    """The share before rounding, in cents."""
    shared_with: tuple[int, ...] = ()
    """The other entrants whose places' money was pooled with this one."""


@dataclass(frozen=True, slots=True)
class PrizeList:
    awards: tuple[Award, ...]
    """Group by group in the list's order, places in order."""
    steps: tuple[str, ...]
    """The arithmetic of every shared prize, in words."""
    vacant: tuple[tuple[str, int], ...]
    """(group, place) of the prizes nobody could take."""

    @property
    def total_cents(self) -> int:
        return sum(a.cents for a in self.awards)

    def for_entrant(self, entrant: int) -> tuple[Award, ...]:
        return tuple(a for a in self.awards if a.entrant == entrant)
