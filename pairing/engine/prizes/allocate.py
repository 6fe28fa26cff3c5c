"""Handing out the prizes: one per player by value or by the groups' priority, then the money of tied
players shared (equal or Hort) and rounded by the largest remainder, with the arithmetic as steps."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from fractions import Fraction

from .model import Award, Entrant, Precedence, PrizeGroup, PrizeList, PrizeRules, Sharing

__all__ = ["allocate_prizes", "eligible", "format_cents"]


def eligible(group: PrizeGroup, entrants: Iterable[Entrant]) -> tuple[Entrant, ...]:
    """The entrants ``group`` admits, best placed first."""
    return tuple(sorted((e for e in entrants if group.admits(e)), key=lambda e: e.rank))


def allocate_prizes(rules: PrizeRules, entrants: Sequence[Entrant]) -> PrizeList:
    """Hand out every prize of ``rules`` to the final standings ``entrants``.

    Complexity: O(P x N) for P prizes and N entrants.
    """
    if rules.unit <= 0:
        raise ValueError("the rounding unit must be a positive number of cents")
    slots = [(g, p) for g, group in enumerate(rules.groups) for p in range(len(group.prizes))]
    if rules.precedence is Precedence.VALUE:
        slots.sort(key=lambda s: (-rules.groups[s[0]].prizes[s[1]].worth, s[0], s[1]))
    pools = [eligible(group, entrants) for group in rules.groups]
    taken: set[int] = set()
    winners: dict[int, list[Entrant]] = {g: [] for g in range(len(rules.groups))}
    for g, _place in slots:
        used = {e.id for e in winners[g]}
        pick = next((e for e in pools[g] if e.id not in used and e.id not in taken), None)
        if pick is not None:
            winners[g].append(pick)
            if rules.one_prize_per_player:
                taken.add(pick.id)
    awards: list[Award] = []
    steps: list[str] = []
    vacant: list[tuple[str, int]] = []
    for g, group in enumerate(rules.groups):
        # A group's places follow the standings even when a later place was handed out first.
        ordered = sorted(winners[g], key=lambda e: e.rank)
        vacant += [(group.key, p + 1) for p in range(len(ordered), len(group.prizes))]
        start = 0
        while start < len(ordered):
            end = start + 1
            while end < len(ordered) and ordered[end].points == ordered[start].points:
                end += 1
            awards += _share(rules, group, ordered[start:end], start, steps)
            start = end
    return PrizeList(tuple(awards), tuple(steps), tuple(vacant))


def _share(
    rules: PrizeRules, group: PrizeGroup, tied: list[Entrant], first: int, steps: list[str]
) -> list[Award]:
    """The awards of places ``first``.. of ``group`` won by ``tied`` (equal points), shared by the rule."""
    prizes = group.prizes[first : first + len(tied)]
    plain = [
        Award(group.key, first + i + 1, e.id, prize, prize.cents, Fraction(prize.cents))
        for i, (e, prize) in enumerate(zip(tied, prizes, strict=True))
    ]
    pool = sum(p.cents for p in prizes)
    if len(tied) == 1 or rules.sharing is Sharing.TIEBREAK or pool == 0:
        return plain
    n = len(tied)
    if rules.sharing is Sharing.EQUAL:
        exact = [Fraction(pool, n)] * n
        how = f"equal shares: {format_cents(pool)} / {n} = {format_cents(exact[0])} each"
    else:
        half = Fraction(pool, 2 * n)
        exact = [Fraction(p.cents, 2) + half for p in prizes]
        kept = ", ".join(
            f"#{e.id} {format_cents(Fraction(p.cents, 2))}" for e, p in zip(tied, prizes, strict=True)
        )
        how = (
            f"Hort: each keeps half of their place's money ({kept}); the other half, "
            f"{format_cents(Fraction(pool, 2))}, / {n} = {format_cents(half)} each"
        )
    paid = _largest_remainder(exact, pool, rules.unit)
    ids = tuple(e.id for e in tied)
    places = f"{first + 1}-{first + n}"
    points = Fraction(tied[0].points, 2)
    steps.append(
        f"{group.name}, places {places}: {', '.join(f'#{i}' for i in ids)} tied on {_points(points)} points share "
        f"{format_cents(pool)}; {how}; exact "
        + ", ".join(f"#{i} {format_cents(x)}" for i, x in zip(ids, exact, strict=True))
        + f"; rounded to {format_cents(rules.unit)} by the largest remainder: "
        + ", ".join(f"#{i} {format_cents(c)}" for i, c in zip(ids, paid, strict=True))
        + f" (total {format_cents(sum(paid))})"
    )
    return [
        replace(a, cents=c, exact=x, shared_with=tuple(i for i in ids if i != a.entrant))
        for a, c, x in zip(plain, paid, exact, strict=True)
    ]


def _largest_remainder(exact: list[Fraction], total: int, unit: int) -> list[int]:
    """Multiples of ``unit`` summing to ``total`` (a rest under one unit goes to the first), each as
    close to its exact share as the largest-remainder method allows; ties go to the earlier place."""
    paid = [int(x // unit) * unit for x in exact]
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - paid[i]), i))
    left = total - sum(paid)
    for i in order:
        if left < unit:
            break
        paid[i] += unit
        left -= unit
    paid[0] += left
    return paid


def format_cents(cents: Fraction | int) -> str:
    """An amount in cents, exact or not, in currency units with two decimals, half up: ``3166.66..``
    cents reads ``31.67``, ``7000`` reads ``70.00``."""
    value = Fraction(cents)
    hundredths = int(abs(value) + Fraction(1, 2))
    sign = "-" if value < 0 and hundredths else ""
    return f"{sign}{hundredths // 100}.{hundredths % 100:02d}"


def _points(points: Fraction) -> str:
    whole, half = divmod(int(points * 2), 2)
    return (f"{whole}½" if whole else "½") if half else f"{whole}"
