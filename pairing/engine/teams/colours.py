"""Team colours of C.04.6: the colour history (Art. 1.6), preferences (Art. 1.7) and allocation (Art. 4).

A team "had" a colour only in a match actually played, and that colour is its board-1 player's
(Art. 1.6.1). No preference is ever absolute (Art. 0), so colours never keep two teams apart: they
enter the pairing only as the quality criteria [C8] and [C9], and Art. 4 always decides.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..types import Colour
from .types import ColourType, MatchKind, Team

__all__ = ["Preference", "TeamColours", "allocate", "initial_colour_by_lot", "team_colours"]


def initial_colour_by_lot(seed: int | str | bytes) -> Colour:
    """Art. 4.1: the initial-colour, drawn by lot before round 1. Reproducible: the same seed gives the
    same colour (its own :class:`random.Random`, never the global generator)."""
    return Colour.WHITE if random.Random(seed).random() < 0.5 else Colour.BLACK


@dataclass(frozen=True, slots=True)
class Preference:
    colour: Colour
    strong: bool
    """Type A preferences (Art. 1.7.1) are all counted as strong; Type B has strong and mild (1.7.2)."""


@dataclass(frozen=True, slots=True)
class TeamColours:
    sequence: tuple[Colour, ...]
    """Colours of the played matches only, oldest first (GHR 3.4 moves unplayed rounds away)."""
    difference: int
    """Art. 1.6.2: matches with White minus matches with Black."""
    preference: Preference | None


def team_colours(team: Team, colour_type: ColourType, last_round: bool) -> TeamColours:
    """The colour difference, sequence and preference of ``team`` (Art. 1.6, 1.7)."""
    seq = tuple(r.colour for r in team.history if r.kind is MatchKind.PLAYED and r.colour is not None)
    cd = sum(1 if c is Colour.WHITE else -1 for c in seq)
    return TeamColours(seq, cd, _preference(seq, cd, colour_type, last_round))


def _preference(
    seq: tuple[Colour, ...], cd: int, colour_type: ColourType, last_round: bool
) -> Preference | None:
    if colour_type is ColourType.NONE or not seq:
        return None  # Art. 1.7 (no preferences); Art. 1.7.2 last paragraph (no match played yet)
    last_two = seq[-2:] if len(seq) >= 2 and seq[-1] is seq[-2] else ()
    # Art. 1.7.1 (Type A "simple") and the strong preference of Art. 1.7.2 (Type B) read alike.
    if cd < -1 or (cd in (0, -1) and last_two and last_two[0] is Colour.BLACK):
        return Preference(Colour.WHITE, True)
    if cd > 1 or (cd in (0, 1) and last_two and last_two[0] is Colour.WHITE):
        return Preference(Colour.BLACK, True)
    if colour_type is ColourType.A:
        return None  # Art. 1.7.1: no preference in any other case
    # Art. 1.7.2 mild: CD = -1 / +1, or CD = 0 alternating from the last played match, except
    # when pairing the last round, where CD = 0 gives no preference.
    if cd == -1:
        return Preference(Colour.WHITE, False)
    if cd == 1:
        return Preference(Colour.BLACK, False)
    if not last_round:
        return Preference(seq[-1].opposite, False)
    return None


def _first_team(a: Team, b: Team, scores: dict[int, tuple[int, int]], use_secondary: bool) -> bool:
    """Art. 4.2: is ``a`` the first-team? Higher primary score, then higher secondary (unless the
    rules say not to use it), then the smaller TPN."""
    (pa, sa), (pb, sb) = scores[a.id], scores[b.id]
    if pa != pb:
        return pa > pb
    if use_secondary and sa != sb:
        return sa > sb
    return a.tpn < b.tpn


def allocate(
    a: Team,
    b: Team,
    colours: dict[int, TeamColours],
    scores: dict[int, tuple[int, int]],
    *,
    colour_type: ColourType,
    use_secondary: bool,
    initial_colour: Colour,
) -> tuple[int, int, str]:
    """(White team id, Black team id, the rule of Art. 4.3 that decided).

    ``scores`` maps a team id to its (primary, secondary) score before the round (Art. 4.2).
    """
    first, other = (a, b) if _first_team(a, b, scores, use_secondary) else (b, a)
    cf, co = colours[first.id], colours[other.id]

    def give(colour: Colour, rule: str) -> tuple[int, int, str]:
        if colour is Colour.WHITE:
            return first.id, other.id, rule
        return other.id, first.id, rule

    # 4.3.1 both teams have yet to play a match: odd first-team TPN gets the initial-colour.
    if not cf.sequence and not co.sequence:
        return give(initial_colour if first.tpn % 2 else initial_colour.opposite, "4.3.1")
    pf, po = cf.preference, co.preference
    # 4.3.2 only one team has a colour preference: grant it.
    if pf is not None and po is None:
        return give(pf.colour, "4.3.2")
    if pf is None and po is not None:
        return give(po.colour.opposite, "4.3.2")
    # 4.3.3 opposite preferences: grant both.
    if pf is not None and po is not None and pf.colour is not po.colour:
        return give(pf.colour, "4.3.3")
    # 4.3.4 (Type B only) only one strong preference: grant it.
    if colour_type is ColourType.B and pf is not None and po is not None and pf.strong != po.strong:
        return give(pf.colour if pf.strong else po.colour.opposite, "4.3.4")
    # 4.3.5 White to the team with the lower colour difference.
    if cf.difference != co.difference:
        return give(Colour.WHITE if cf.difference < co.difference else Colour.BLACK, "4.3.5")
    # 4.3.6 alternate from the most recent time one had White and the other Black (played matches,
    # compared from the most recent backwards).
    for x, y in zip(reversed(cf.sequence), reversed(co.sequence), strict=False):
        if x is not y:
            return give(x.opposite, "4.3.6")
    # 4.3.7 grant the first-team's preference.
    if pf is not None:
        return give(pf.colour, "4.3.7")
    # 4.3.8 alternate the first-team's colour from its last played match.
    if cf.sequence:
        return give(cf.sequence[-1].opposite, "4.3.8")
    # 4.3.9 alternate the other team's colour from its last played match.
    return give(co.sequence[-1], "4.3.9")
