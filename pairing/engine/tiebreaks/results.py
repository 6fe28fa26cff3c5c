"""Tie-breaks on the participant's own results: wins, games won, games with Black and progressive score."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from pairing.engine.types import Colour, ResultCode

from . import values as tv
from .values import ONE, TiebreakValue, format_points, pts

if TYPE_CHECKING:
    from .context import TournamentTiebreaks
    from .table import TiebreakInfo
    from .values import Contribution

_WIN_WORDS = {
    ResultCode.WIN: "won",
    ResultCode.UNRATED_WIN: "won (game of less than one move)",
    ResultCode.FORFEIT_WIN: "forfeit win",
    ResultCode.PAB: "pairing-allocated bye",
    ResultCode.FULL_BYE: "full-point bye",
}
_WON = (ResultCode.WIN, ResultCode.UNRATED_WIN)


def wins(t: TournamentTiebreaks, pid: int, row: TiebreakInfo, explain: bool) -> TiebreakValue:
    """WIN (C.07 7.1): rounds in which the participant scored a win's points, with or without playing."""
    win, counts = t.scoring.win, t.scoring.win > t.scoring.draw
    return _count(t, pid, row, [h == win and counts for h in t.hp[pid]], explain)


def games_won(t: TournamentTiebreaks, pid: int, row: TiebreakInfo, explain: bool) -> TiebreakValue:
    """WON (C.07 7.2): games won over the board."""
    return _count(t, pid, row, [rec.result in _WON for rec in t.records[pid]], explain)


def games_with_black(t: TournamentTiebreaks, pid: int, row: TiebreakInfo, explain: bool) -> TiebreakValue:
    """BPG (C.07 7.3): games played over the board with Black."""
    hits = [rec.result.played and rec.colour is Colour.BLACK for rec in t.records[pid]]
    return _count(t, pid, row, hits, explain, what="Black")


def _count(
    t: TournamentTiebreaks,
    pid: int,
    row: TiebreakInfo,
    hits: Sequence[bool],
    explain: bool,
    *,
    what: str = "",
) -> TiebreakValue:
    """The number of rounds ``hits`` marks, with a line per such round saying ``what`` happened in it (by
    default the result in words)."""
    count = sum(hits)
    if not explain:
        return row.make(Fraction(count), str(count))
    parts: list[Contribution] = []
    for rnd, (rec, h, hit) in enumerate(zip(t.records[pid], t.hp[pid], hits, strict=True), start=1):
        if not hit:
            continue
        words = what or _WIN_WORDS.get(rec.result) or f"scored {pts(h)} ({rec.result.value})"
        if rec.opponent is not None:
            words += f" v {t.label(rec.opponent)}"
        parts.append(tv.Contribution(rnd, ONE, "1", f"round {rnd}: {words}", "round", rec.opponent))
    return row.make(Fraction(count), str(count), parts)


def progressive_score(t: TournamentTiebreaks, pid: int, row: TiebreakInfo, explain: bool) -> TiebreakValue:
    """PS (C.07 7.5): the sum of the running scores after each round; a cut (PS-C1, 14.1) drops the
    first round's term."""
    hp = t.hp[pid]
    first = row.cut.low
    if not explain:
        total_hp = sum(sum(hp[:rnd]) for rnd in range(1 + first, len(hp) + 1))
        value = Fraction(total_hp, 2)
        return row.make(value, format_points(value))
    running = 0
    parts: list[Contribution] = []
    for rnd, h in enumerate(hp, start=1):
        running += h
        v = Fraction(running, 2)
        parts.append(
            tv.Contribution(rnd, v, format_points(v), f"after round {rnd}", "round", cut=rnd <= first)
        )
    total = sum((p.value for p in parts if not p.cut), Fraction(0))
    return row.make(total, format_points(total), parts)
