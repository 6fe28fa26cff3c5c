"""Tie-breaks on the opponents' scores: Buchholz and Sonneborn-Berger with their cuts, and the Koya score."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from . import values as tv
from .values import TiebreakValue, format_points, fraction, pts, units

if TYPE_CHECKING:
    from .context import Entry, TournamentTiebreaks
    from .table import TiebreakInfo
    from .values import Contribution


def buchholz(t: TournamentTiebreaks, pid: int, row: TiebreakInfo, explain: bool) -> TiebreakValue:
    """BH (C.07 8.1): the sum of the opponents' scores, less what the row's cut or median removes."""
    return _opponent_scores(t, pid, row, product=False, explain=explain)


def sonneborn_berger(t: TournamentTiebreaks, pid: int, row: TiebreakInfo, explain: bool) -> TiebreakValue:
    """SB (C.07 9.1): the sum of each opponent's score times the points scored against them, less the cut."""
    return _opponent_scores(t, pid, row, product=True, explain=explain)


def _opponent_scores(
    t: TournamentTiebreaks, pid: int, row: TiebreakInfo, *, product: bool, explain: bool
) -> TiebreakValue:
    """BH and SB with their cut/median modifiers (C.07 8.1, 9.1, 14; 16.5 for voluntary unplayed rounds).

    Notes
    -----
    A cut removes the least significant value (C.07 14.1.1): for BH the lowest opponent score; for SB
    the contribution of the opponent with the lowest score, and among several opponents on that score
    the lowest contribution. That is not always the lowest product: a loss contributes 0 whoever the
    opponent was, and cutting it would keep the weakest opponent's part. Under the C.07 regimes (16.5.1)
    a participant with voluntary unplayed rounds loses the lowest of those contributions instead, unless
    the least significant value is higher (only possible for SB: "cut the higher of the two"). The
    median modifier's top cut mirrors this: the highest opponent score, and for SB among several on that
    score the highest contribution. Remaining ties go to a virtual/dummy entry, then the later round.
    """
    entries = t.entries[pid]
    # Exact integers: half-points for BH, quarter-points for SB (a score times a score).
    scale = 4 if product else 2
    values = [e.score * e.own if product else e.score for e in entries]
    cut: set[int] = set()
    notes: list[str] = []
    vur_rule = t.regime != "virtual-opponent" and not t.round_robin
    for _ in range(row.cut.low):
        alive = [i for i in range(len(entries)) if i not in cut]
        if not alive:
            break
        lsv = min(
            alive,
            key=lambda i: (entries[i].score, values[i], entries[i].source == "game", -entries[i].round),
        )
        vurs = [i for i in alive if entries[i].vur]
        chosen = lsv
        if vur_rule and vurs:
            lowest_vur = min(vurs, key=lambda i: (values[i], -entries[i].round))
            if values[lowest_vur] >= values[lsv]:
                chosen = lowest_vur
        cut.add(chosen)
        if explain:
            notes.append(_cut_note(t, entries, values, scale, lsv, chosen, product=product, low=True))
    for _ in range(row.cut.high):
        alive = [i for i in range(len(entries)) if i not in cut]
        if not alive:
            break
        top = max(alive, key=lambda i: (entries[i].score, values[i], -entries[i].round))
        cut.add(top)
        if explain:
            median = f"C.07 {row.cut.article}"
            notes.append(
                _cut_note(t, entries, values, scale, top, top, product=product, low=False, median=median)
            )
    total = sum(v for i, v in enumerate(values) if i not in cut)
    if not explain:
        return row.make(fraction(total, scale), units(total, scale))
    uncut = t.opponent_lines(pid, product)
    parts = [replace(part, cut=True) if i in cut else part for i, part in enumerate(uncut)]
    return row.make(fraction(total, scale), units(total, scale), parts, notes)


def _cut_note(
    t: TournamentTiebreaks,
    entries: Sequence[Entry],
    values: Sequence[int],
    scale: int,
    lsv: int,
    chosen: int,
    *,
    product: bool,
    low: bool,
    median: str = "C.07 14.3",
) -> str:
    """Plain words for one cut: what was removed and which rule chose it."""
    e = entries[chosen]
    what = f"{units(values[chosen], scale)} ({t.entry_label(e)}, round {e.round})"
    if chosen != lsv:
        least = entries[lsv]
        return (
            f"not counted: {what}, a voluntary unplayed round, instead of the least significant value "
            f"{units(values[lsv], scale)} ({t.entry_label(least)}), which is not higher (C.07 16.5.1)"
        )
    end, rule = ("lowest", "C.07 14.1.1: the least significant value") if low else ("highest", median)
    if product:
        return (
            f"not counted: {what}, the part from the opponent with the {end} score ({pts(e.score)}) ({rule})"
        )
    return f"not counted: {what}, the {end} opponent score ({rule})"


def koya(t: TournamentTiebreaks, pid: int, row: TiebreakInfo, explain: bool) -> TiebreakValue:
    """KS (C.07 9.2): points scored against the opponents who finished on at least half the maximum score.

    The maximum is a win's points times the games a participant can play: the rounds, less the bye
    rounds of a round robin with an odd number of players.

    Whether an opponent reaches the limit is decided on their real final score, the one the standings
    show, in every unplayed-round regime: 9.2 defines Koya for round robins, where scores are not
    adjusted (15.2), and does not say that the 16.3 adjustment applies to the limit in a Swiss. The real
    score keeps KS checkable against the standings and agrees with the other implementations we compared
    with (tiebreak-core)."""
    games = t.rounds
    n_players = len(t.records)
    if t.round_robin and n_players % 2 == 1 and n_players and t.rounds % n_players == 0:
        games -= t.rounds // n_players
    limit = t.scoring.win * games  # twice the limit, in half-points
    if not explain:
        own = sum(
            e.own
            for e in t.entries[pid]
            if e.source in ("game", "forfeit") and 2 * t.total[e.opponent or 0] >= limit
        )
        value = Fraction(own, 2)
        return row.make(value, format_points(value))
    parts: list[Contribution] = []
    for e in t.entries[pid]:
        if e.source not in ("game", "forfeit"):
            continue
        assert e.opponent is not None
        final = t.total[e.opponent]
        v = Fraction(e.own, 2)
        parts.append(
            tv.Contribution(
                e.round,
                v,
                format_points(v),
                f"{t.entry_label(e)} on {pts(final)}",
                e.source,
                e.opponent,
                cut=2 * final < limit,
            )
        )
    total = sum((p.value for p in parts if not p.cut), Fraction(0))
    note = (
        f"counts the points scored against opponents whose final score is at least "
        f"{format_points(Fraction(limit, 4))} (half of {pts(limit)})"
    )
    return row.make(total, format_points(total), parts, [note])
