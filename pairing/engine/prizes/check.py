"""The check of a prize list before the event: groups no one can enter, more prizes than possible
winners, unreadable conditions, duplicate keys, negative values."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .allocate import eligible
from .model import FIELDS, OPERATORS, Entrant, PrizeRules

__all__ = ["PrizeProblem", "check_prize_rules"]


@dataclass(frozen=True, slots=True)
class PrizeProblem:
    group: str
    message: str
    blocking: bool
    """True: the list cannot be used as it is; False: a warning worth showing the organiser."""


def check_prize_rules(rules: PrizeRules, entrants: Sequence[Entrant]) -> list[PrizeProblem]:
    """What is wrong or odd in a prize list, given the registered field (e.g. before round 1).

    Names the groups no one can enter and those with more prizes than possible winners.
    """
    problems: list[PrizeProblem] = []
    if rules.unit <= 0:
        problems.append(PrizeProblem("", "the rounding unit must be a positive number of cents", True))
    seen: set[str] = set()
    for group in rules.groups:
        if group.key in seen:
            problems.append(PrizeProblem(group.key, f"the key {group.key!r} is used by two groups", True))
        seen.add(group.key)
        bad = [
            c
            for c in group.criteria
            if c.op not in OPERATORS or not (c.field in FIELDS or c.field.startswith("extra:"))
        ]
        for c in bad:
            problems.append(
                PrizeProblem(group.key, f"{group.name}: cannot read the condition {c.field} {c.op}", True)
            )
        if any(p.cents < 0 or p.item_cents < 0 for p in group.prizes):
            problems.append(PrizeProblem(group.key, f"{group.name}: a prize has a negative value", True))
        if not group.prizes:
            problems.append(PrizeProblem(group.key, f"{group.name} has no prizes", False))
        if bad:
            continue
        count = len(eligible(group, entrants))
        if count == 0:
            problems.append(PrizeProblem(group.key, f"no one can enter {group.name}", False))
        elif count < len(group.prizes):
            problems.append(
                PrizeProblem(
                    group.key,
                    f"{group.name} has {len(group.prizes)} prizes but {count} players can enter it",
                    False,
                )
            )
        worths = [p.worth for p in group.prizes]
        if any(b > a for a, b in zip(worths, worths[1:], strict=False)):
            problems.append(
                PrizeProblem(group.key, f"{group.name}: a lower place is worth more than a higher one", False)
            )
    return problems
