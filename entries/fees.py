"""What a player owes: the section's fee less the largest reduction that applies (plain Python).

Reductions do not add up: a junior with a title gets the larger of the two, never both.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Reduction:
    label: str
    percent: int
    max_age: int | None = None
    min_age: int | None = None
    titles: frozenset[str] = frozenset()

    def applies(self, age: int | None, title: str) -> bool:
        if self.titles:
            return title.upper() in self.titles
        if self.max_age is None and self.min_age is None:
            return False
        if age is None:
            return False
        if self.max_age is not None and age > self.max_age:
            return False
        return self.min_age is None or age >= self.min_age


def fee_owed(
    fee_cents: int, reductions: Iterable[Reduction], *, age: int | None, title: str
) -> tuple[int, str]:
    """(cents owed, the label of the reduction given or ""). Rounded down to the cent."""
    best = max((r for r in reductions if r.applies(age, title)), key=lambda r: r.percent, default=None)
    if best is None or best.percent <= 0:
        return fee_cents, ""
    return fee_cents * (100 - min(best.percent, 100)) // 100, best.label


def money(cents: int, currency: str = "") -> str:
    """12.50 EUR: plain, the same in every language (the treasurer's CSV reads it back)."""
    sign = "-" if cents < 0 else ""
    text = f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"
    return f"{text} {currency}".strip()


def parse_money(text: str) -> int | None:
    """ "12", "12.5", "12,50" -> cents; ``None`` when it is not an amount."""
    value = text.strip().replace(",", ".")
    sign = -1 if value.startswith("-") else 1
    value = value.lstrip("+-")
    whole, _, part = value.partition(".")
    if not whole.isdigit() and not (whole == "" and part.isdigit()):
        return None
    if part and (not part.isdigit() or len(part) > 2):
        return None
    cents = int(whole or 0) * 100 + int((part + "00")[:2] if part else 0)
    return sign * cents if cents < 10**9 else None
