"""Direct encounter (C.07 Art. 6): the tied players' games among themselves, which split a tied group."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from . import values as tv
from .table import BY_CODE
from .values import TiebreakValue, format_points, pts

if TYPE_CHECKING:
    from .context import TournamentTiebreaks

_DE = BY_CODE["DE"]

DE_RULES: tuple[str, ...] = ("all-met", "fide")
"""How direct encounter treats a tied group in which not everyone has met.

``all-met`` (the product's default): C.07 6.2 only. The players' explainer says direct encounter applies
"if the tied players all played each other ... it only applies when they have all met", so a group with a
missing game is left for the next tie-break. ``fide``: 6.2 and 6.3, where a player whom no result of the
missing games could catch is placed first even though not all have met."""


def _meetings(t: TournamentTiebreaks, pid: int, group: frozenset[int]) -> dict[int, list[tuple[int, int]]]:
    """Games between ``pid`` and the rest of ``group``: opponent -> [(round, half-points scored)].

    Played games only (C.07 6.1.1); in a round robin forfeits count too (15.2)."""
    out: dict[int, list[tuple[int, int]]] = {}
    for rnd, (rec, h) in enumerate(zip(t.records[pid], t.hp[pid], strict=True), start=1):
        if rec.opponent is None or rec.opponent not in group:
            continue
        if rec.result.played or (t.round_robin and rec.result.paired):
            out.setdefault(rec.opponent, []).append((rnd, h))
    return out


def direct_encounter(
    t: TournamentTiebreaks, group: Sequence[int], *, explain: bool = True
) -> tuple[list[list[int]], dict[int, TiebreakValue]]:
    """Order a tied group by direct encounter (C.07 Art. 6).

    Returns the group split into levels, best first (members of a level stay tied), and each member's
    DE value: the points scored against the rest of ``group`` with the encounters as parts.

    Notes
    -----
    6.1: the mini-table counts games played among the tied players; repeated meetings are averaged.
    6.2: when everyone in the group has met everyone, rank by the mini-table and apply DE again to any
    smaller subgroup still level. 6.3: otherwise a player goes first only when alone on top whatever the
    missing games would give: their score beats every other player's score plus a win for each game that
    player has not played in the group. That player is removed and the rest are compared again; when
    nobody qualifies the rest stay tied. The explainer's "if the tied players all played each other" is
    6.2, and it is what the product uses by default (``direct_encounter="all-met"``); 6.3 is applied only
    with ``direct_encounter="fide"``. With ``explain=False`` the values have no parts and no notes.
    """
    members = frozenset(group)
    if len(members) < 2:
        note = ["no tie left to break"] if explain else []
        alone = {pid: _DE.make(Fraction(0), "0.0", (), note) for pid in members}
        return [list(members)], alone
    table = _mini_table(t, members)
    levels = _de_levels(t, members)
    if not explain:
        return levels, {pid: _DE.make(table[pid], format_points(table[pid]), (), ()) for pid in group}
    all_met = _all_met(t, members)
    names = ", ".join(t.label(m) for m in sorted(members, key=t.tpn_of))
    if len(levels) == 1:
        outcome = "direct encounter does not separate them"
    else:
        outcome = "order by direct encounter: " + " > ".join(
            " = ".join(t.label(m) for m in level) for level in levels
        )
    values: dict[int, TiebreakValue] = {}
    for pid in group:
        meetings = _meetings(t, pid, members)
        parts = [
            tv.Contribution(
                rnd,
                Fraction(h, 2),
                pts(h),
                t.label(opp),
                "game",
                opp,
                detail=f"averaged over {len(games)} games" if len(games) > 1 else "",
            )
            for opp, games in sorted(meetings.items())
            for rnd, h in games
        ]
        missing = len(members) - 1 - len(meetings)
        notes = [
            f"among the {len(members)} tied: {names}",
            "all have played each other (C.07 6.2)"
            if all_met
            else f"not all have met ({missing} of this player's games missing, C.07 6.3)"
            if t.de_rule == "fide"
            else f"not all have met ({missing} of this player's games missing): direct encounter only "
            "applies when they have all played each other",
            outcome,
        ]
        values[pid] = _DE.make(table[pid], format_points(table[pid]), parts, notes)
    return levels, values


def _mini_table(t: TournamentTiebreaks, members: frozenset[int]) -> dict[int, Fraction]:
    table: dict[int, Fraction] = {}
    for pid in members:
        total = Fraction(0)
        for games in _meetings(t, pid, members).values():
            total += Fraction(sum(h for _, h in games), 2 * len(games))
        table[pid] = total
    return table


def _all_met(t: TournamentTiebreaks, members: frozenset[int]) -> bool:
    return all(len(_meetings(t, pid, members)) == len(members) - 1 for pid in members)


def _de_levels(t: TournamentTiebreaks, members: frozenset[int]) -> list[list[int]]:
    ordered = sorted(members, key=t.tpn_of)
    if len(members) < 2:
        return [ordered]
    if _all_met(t, members):
        table = _mini_table(t, members)
        levels: list[list[int]] = []
        for score in sorted(set(table.values()), reverse=True):
            level = [p for p in ordered if table[p] == score]
            if 1 < len(level) < len(members):
                levels.extend(_de_levels(t, frozenset(level)))
            else:
                levels.append(level)
        return levels
    if t.de_rule == "all-met":
        return [ordered]  # the explainer: direct encounter "only applies when they have all met"
    # 6.3: peel off, one at a time, players who are alone on top whatever the missing results.
    win = Fraction(t.scoring.win, 2)
    peeled: list[list[int]] = []
    remaining = members
    while len(remaining) > 1 and not _all_met(t, remaining):
        table = _mini_table(t, remaining)
        best = max(sorted(remaining, key=t.tpn_of), key=lambda p: table[p])
        ceiling = {
            p: table[p] + win * (len(remaining) - 1 - len(_meetings(t, p, remaining))) for p in remaining
        }
        if not all(table[best] > ceiling[q] for q in remaining if q != best):
            return [*peeled, sorted(remaining, key=t.tpn_of)]
        peeled.append([best])
        remaining = remaining - {best}
    return [*peeled, *_de_levels(t, remaining)]
