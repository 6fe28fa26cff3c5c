"""FIDE Berger tables for round robins (C.05 Annex 1) and the draw of pairing numbers.

Construction for an even number of participants N, with m = N - 1 (it reproduces the published
tables): in round r the participant N meets ``a = (r + 1) / 2`` with ``a`` White when r is odd, and
``a = N/2 + r/2`` with N White when r is even; that game is board 1. The other boards
i = 1 .. N/2 - 1 pair White ``((a - 1 + i) mod m) + 1`` with Black ``((a - 1 - i) mod m) + 1``, so x
and y meet in the round where x + y ≡ r + 1 (mod m).

With an odd N the table for N + 1 is used, and whoever meets the dummy N + 1 sits out that round.
A double round robin repeats the cycle with colours reversed, and the last two rounds of the first
cycle are swapped, as FIDE recommends, so that nobody gets the same colour three times running.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from .errors import InvalidRequestError

__all__ = ["BergerRound", "berger_round", "berger_table", "draw_pairing_numbers"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class BergerRound:
    number: int
    boards: tuple[tuple[int, int], ...]
    """(White, Black) pairing numbers, board 1 first."""
    bye: int | None = None
    """With an odd number of participants, the one who sits out."""


def berger_round(n: int, r: int) -> BergerRound:
    """Round ``r`` (1-based) of the single round robin for ``n`` participants (C.05 Annex 1)."""
    if n < 2:
        raise InvalidRequestError("a round robin needs at least 2 participants")
    size = n + n % 2
    m = size - 1
    if not 1 <= r <= m:
        raise InvalidRequestError(f"a round robin of {n} has rounds 1 to {m}")
    if r % 2:
        a = (r + 1) // 2
        first = (a, size)
    else:
        a = size // 2 + r // 2
        first = (size, a)
    boards = [first] + [((a - 1 + i) % m + 1, (a - 1 - i) % m + 1) for i in range(1, size // 2)]
    if size == n:
        return BergerRound(r, tuple(boards))
    return BergerRound(r, tuple(boards[1:]), bye=a)


def berger_table(n: int, *, double: bool = False) -> list[BergerRound]:
    """Every round of the round robin for ``n`` participants (pairing numbers 1..n).

    With ``double=True`` the first cycle plays the table with its last two rounds swapped, and the
    second cycle (rounds m+1 .. 2m, m = N - 1 with N rounded up to even) plays the table in its
    original order with colours reversed. Reversing the swapped order instead would give
    participants 2 and 4 of a 4-player event three Blacks in a row.
    """
    m = n + n % 2 - 1
    table = [berger_round(n, r) for r in range(1, m + 1)]
    if not double:
        return table
    swapped = table[:-2] + table[:-3:-1] if m >= 2 else table
    first = [BergerRound(i, rnd.boards, rnd.bye) for i, rnd in enumerate(swapped, start=1)]
    second = [
        BergerRound(m + rnd.number, tuple((black, white) for white, black in rnd.boards), rnd.bye)
        for rnd in table
    ]
    return first + second


def draw_pairing_numbers(ids: Sequence[T], seed: int | str | bytes) -> list[T]:
    """Draw pairing numbers by lot: the returned list's item i gets pairing number i + 1.

    Reproducible: the same ``ids`` and ``seed`` always give the same draw. Uses its own
    :class:`random.Random`, never the global generator.
    """
    drawn = list(ids)
    if len(set(drawn)) != len(drawn):
        raise InvalidRequestError("a participant is listed twice")
    random.Random(seed).shuffle(drawn)
    return drawn
