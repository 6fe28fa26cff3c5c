"""Exact tie-break values, the breakdown lines behind them, and the text of a points value."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

# All arithmetic is exact. Scores are integer half-points (``Scoring``); tie-break values are Fractions in the
# scoring system's points (Sonneborn-Berger multiplies two scores, so quarter points occur). Rating-based
# values (ARO, TPR) are integers rounded as C.07 Art. 10 says.
#
# The modules that build breakdown lines call ``tv.Contribution`` (``values`` imported as ``tv``: this module's name, looked up when
# the line is built) rather than importing the class: replacing that one name reaches every tie-break, which
# is how the tests check that a ranking or an export builds no line at all.


@dataclass(frozen=True, slots=True)
class Contribution:
    """One term of a tie-break value, for the breakdown shown on tap."""

    round: int
    """The round it comes from (1-based); 0 when it belongs to no single round (DE summaries)."""
    value: Fraction
    """What it adds to the tie-break (before any cut), in points, games or rating points."""
    display: str
    """``value`` as text."""
    label: str
    """Who or what it is: the opponent's name, ``virtual opponent, round 3``, ``dummy opponent, round 5``."""
    source: str
    """``game`` (played over the board), ``forfeit`` (round robin: counted as a game, C.07 15.2),
    ``virtual-opponent`` (2012 rule), ``dummy`` (C.07 Art. 16), or ``round`` (a count or running score)."""
    opponent: int | None = None
    """The real or scheduled opponent's id, if any."""
    cut: bool = False
    """Removed by a cut or median modifier."""
    detail: str = ""
    """The arithmetic behind the value in plain words (virtual-opponent formula, dummy cap, product)."""

    @property
    def text(self) -> str:
        """``4.0 (Alice)``, the form used in a value's summary."""
        return f"{self.display} ({self.label})"


@dataclass(frozen=True, slots=True)
class TiebreakValue:
    """One tie-break value of one participant, with how it was obtained."""

    code: str
    name: str
    value: Fraction
    """Exact value; higher ranks first for every tie-break here."""
    display: str
    """``value`` as a decimal (points) or integer (counts and ratings)."""
    parts: tuple[Contribution, ...] = ()
    notes: tuple[str, ...] = ()
    """Plain-words remarks: which rule decided a cut, what DE compared, what was not counted."""

    @property
    def summary(self) -> str:
        """``Buchholz 24.5 = 4.0 (A) + 5.0 (B) + 3.5 (virtual opponent, round 3) - cut 3.5 (C)``."""
        kept = [p for p in self.parts if not p.cut]
        cut = [p for p in self.parts if p.cut]
        head = f"{self.name} {self.display}"
        if not self.parts:
            return head
        body = " + ".join(p.text for p in kept) if kept else "0"
        if cut:
            body += "; not counted: " + ", ".join(p.text for p in cut)
        return f"{head} = {body}"


ONE = Fraction(1)


@lru_cache(maxsize=4096)
def format_points(value: Fraction, *, places: int = 1) -> str:
    """Exact decimal text of a points value with at least ``places`` decimals: ``3.5``, ``24.0``, ``19.25``.

    Values with no decimal expansion of at most six places (never produced by the tie-breaks here) are
    rounded half up to four decimals.
    """
    num, den = value.numerator, value.denominator
    for digits in range(7):
        if 10**digits % den == 0:
            scaled = num * (10**digits // den)
            break
    else:
        digits = 4
        scaled = math.floor(Fraction(num * 10**digits, den) + Fraction(1, 2))
    sign = "-" if scaled < 0 else ""
    whole, frac = divmod(abs(scaled), 10**digits)
    frac_text = str(frac).rjust(digits, "0").rstrip("0") if digits else ""
    frac_text = frac_text.ljust(places, "0")
    return f"{sign}{whole}.{frac_text}" if frac_text else f"{sign}{whole}"


def half_up(value: Fraction) -> int:
    """Round to an integer, halves up (C.07 10.1: ARO "rounded to the nearest whole number, 0.5 up")."""
    return math.floor(value + Fraction(1, 2))


@lru_cache(maxsize=4096)
def fraction(units: int, scale: int) -> Fraction:
    """``units / scale`` (cached: Fractions never change, and a big field's breakdowns build
    hundreds of thousands of the same few values; making each anew was a third of the work)."""
    return Fraction(units, scale)


@lru_cache(maxsize=4096)
def units(amount: int, scale: int) -> str:
    """``amount / scale`` formatted as points (cached: the same few values recur thousands of times)."""
    return format_points(Fraction(amount, scale))


def pts(half_points: int) -> str:
    """Half-points as points text: ``pts(3) == "1.5"``."""
    return units(half_points, 2)
