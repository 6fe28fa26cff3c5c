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

    Opponents played over the board (and, in a round robin, scheduled opponents of a forfeit, C.07 15.2)
    reach the limit on their real final score, the one the standings show, in every unplayed-round rule:
    9.2 is written for round robins, where scores are not adjusted (15.2), and does not say that the 16.3
    adjustment applies to the limit in a Swiss.

    A Swiss round without a game over the board (a forfeit won or lost, a bye, an absence) is a game
    against the stand-in opponent of the tournament's unplayed-round rule, with the points the round
    gave: C.07 16.4 says that for tie-break purposes each unplayed round counts as a game against a dummy
    opponent, with the participant's own final score (2024), capped since 1 March 2026 at the scheduled
    opponent's adjusted score for a forfeit (16.4.1) and at draw points times the rounds otherwise
    (16.4.2); under the 2012 rule (the product's default) the virtual opponent stands in the same way.
    So the round's points count when that stand-in's score (``Entry.score``, the value BH uses) reaches
    the limit: a forfeit win counts under the 2026 rule only when both the winner's own score and the
    scheduled opponent's adjusted score reach it; under C.07 a bye never counts for someone below half
    (the dummy has at most their own score), and under the 2026 cap at draw points x rounds (exactly half
    the maximum with 1 / ½ / 0 scoring) it counts for everyone on half or more. The virtual opponent
    follows its own formula (score before the round + the opposite result + a draw a round after it).

    The independent implementations disagree with each other and with this, and it is the article that
    decides here (docs/fide-endorsement.md, "Koya and forfeits"):

    - Gacrux's tie-break checker (1.11.65, ``compute_koya``) counts every round with a scheduled opponent,
      a forfeit win included, when that opponent's real final score reaches the limit, whatever the
      winner's own score, and never counts a bye. It so credits a forfeit win to a player on 2/6 against a
      50 % opponent, which no dummy of 16.4 (the player's own score, at most) allows.
    - tiebreak-core (1.2.0, ``fide2024.koya``/``fide2026.koya``) counts only games played over the board
      in a Swiss ("Koya is not Art. 16-managed"): it never counts a forfeit win or a bye, although 16.4
      makes them games against a dummy for tie-break purposes.
    - Both agree with this on every game played over the board (the real final score), which is why that
      part is kept.
    """
    games = t.rounds
    n_players = len(t.records)
    if t.round_robin and n_players % 2 == 1 and n_players and t.rounds % n_players == 0:
        games -= t.rounds // n_players
    limit = t.scoring.win * games  # twice the limit, in half-points

    def reaches(e: Entry) -> bool:
        return 2 * _koya_score(t, e) >= limit

    if not explain:
        own = sum(e.own for e in t.entries[pid] if reaches(e))
        value = Fraction(own, 2)
        return row.make(value, format_points(value))
    parts: list[Contribution] = []
    for e in t.entries[pid]:
        v = Fraction(e.own, 2)
        parts.append(
            tv.Contribution(
                e.round,
                v,
                format_points(v),
                f"{t.entry_label(e)} on {pts(_koya_score(t, e))}",
                e.source,
                e.opponent,
                cut=not reaches(e),
                detail=e.detail,
            )
        )
    total = sum((p.value for p in parts if not p.cut), Fraction(0))
    note = (
        f"counts the points scored against opponents whose final score is at least "
        f"{format_points(Fraction(limit, 4))} (half of {pts(limit)})"
    )
    notes = [note]
    if any(e.source in ("virtual-opponent", "dummy") for e in t.entries[pid]):
        notes.append(
            "a round without a game counts as a game against the stand-in opponent of the unplayed-round "
            "rule, on that opponent's score (C.07 16.4)"
        )
    return row.make(total, format_points(total), parts, notes)


def _koya_score(t: TournamentTiebreaks, e: Entry) -> int:
    """The score, in half-points, that decides whether ``e``'s points count for Koya (see :func:`koya`):
    a real opponent's final score, or the stand-in opponent's score of an unplayed round."""
    if e.source in ("game", "forfeit"):
        assert e.opponent is not None
        return t.total[e.opponent]
    return e.score
