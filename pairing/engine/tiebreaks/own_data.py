"""Tie-breaks on the participant's own data, new in C.07's edition of 02/02/2026: STD, TPN and RTNG.

- STD, standard points (7.7): "the number of rounds in which a participant scores more points than their
  scheduled opponent, or obtains, without playing, more points than those awarded for a draw, plus half the
  number of rounds in which the participant scores the same number of points as their scheduled opponent, or
  obtains, without playing, the same number of points as awarded for a draw." A game played over the board
  compares the two players' points in it (so an unusual ½-0 counts 1 and 0-0 counts ½ for both); every
  other round (forfeit, bye, absence) compares the points awarded with a draw's (a double forfeit counts 0).
  Gacrux compares every round with a draw's points, so it gives ½ for ½-0 and 0 for 0-0 over the board;
  the article names the scheduled opponent for those.
- TPN, tournament pairing number (7.8): players sorted by their final pairing number, ascending; ``TPN-R``
  is the reverse order the article allows (descending).
- RTNG, rating (10.6): players sorted by rating, highest first; ``RTNG-R`` lowest first. The rating is the
  participant's (first) rating (10, note: the first one when there are several). Art. 10's preamble: a
  rating-based tie-break is not used when unrated players are present unless the tournament said beforehand
  how they count: with ``unrated_rating`` an unrated participant counts with it, without it and with an
  unrated participant in the tournament every RTNG value is 0 (the tie-break separates nobody), as Gacrux does.

Every value ranks higher first (:class:`TiebreakValue`), so an ascending order is a negated value; the
display is always the number itself.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from . import values as tv
from .values import TiebreakValue, format_points, pts

if TYPE_CHECKING:
    from .context import TournamentTiebreaks
    from .table import TiebreakInfo
    from .values import Contribution

_HALF = Fraction(1, 2)


def standard_points(t: TournamentTiebreaks, pid: int, row: TiebreakInfo, explain: bool) -> TiebreakValue:
    """STD (C.07 2026 Art. 7.7): 1 for a round scored above the scheduled opponent (or, without playing,
    above a draw), ½ for a round level with them (or with a draw)."""
    draw = t.scoring.draw
    total = Fraction(0)
    parts: list[Contribution] = []
    for rnd, (rec, h) in enumerate(zip(t.records[pid], t.hp[pid], strict=True), start=1):
        if rec.result.played:
            assert rec.opponent is not None
            other = t.hp[rec.opponent][rnd - 1]
            against = f"{pts(other)} for {t.label(rec.opponent)}"
        else:
            other = draw
            against = f"{pts(draw)} for a draw, without playing"
        value = Fraction(1) if h > other else _HALF if h == other else Fraction(0)
        total += value
        if explain and value:
            parts.append(
                tv.Contribution(
                    rnd,
                    value,
                    format_points(value),
                    f"round {rnd}: {pts(h)} against {against}",
                    "round",
                    rec.opponent,
                )
            )
    return row.make(total, format_points(total), parts)


def pairing_number(t: TournamentTiebreaks, pid: int, row: TiebreakInfo, explain: bool) -> TiebreakValue:
    """TPN (C.07 2026 Art. 7.8): the final pairing number, lower first; ``TPN-R`` higher first."""
    tpn = t.tpn_of(pid)
    value = Fraction(tpn if row.reverse else -tpn)
    return row.make(value, str(tpn))


def rating(t: TournamentTiebreaks, pid: int, row: TiebreakInfo, explain: bool) -> TiebreakValue:
    """RTNG (C.07 2026 Art. 10.6): the participant's rating, higher first; ``RTNG-R`` lower first."""
    own = t.by_id[pid].rating
    notes: list[str] = []
    if own <= 0:
        if t.unrated_rating is None:
            return row.make(
                Fraction(0),
                "0",
                notes=("unrated, and the tournament gives unrated players no rating (C.07 Art. 10)",)
                if explain
                else (),
            )
        own = t.unrated_rating
        if explain:
            notes.append(f"unrated: counted at the tournament's rating for unrated players, {own}")
    if t.unrated_rating is None and any(p.rating <= 0 for p in t.by_id.values()):
        return row.make(
            Fraction(0),
            "0",
            notes=(
                f"rating {own} not used: an unrated player is in the tournament and the tournament gives "
                "unrated players no rating (C.07 Art. 10)",
            )
            if explain
            else (),
        )
    return row.make(Fraction(-own if row.reverse else own), str(own), notes=notes)
