"""Colour allocation (Dutch Art. 5.2) and board order (GHR 3.6), shared by the Dutch engine and
the least-bad pairing: both give a pair its colours, and number the boards, the same way."""

from __future__ import annotations

from typing import NamedTuple

from .players import PlayerState, Strength
from .types import Colour

__all__ = ["ColourAllocation", "allocate", "board_order", "colour_name", "higher_ranked"]


class ColourAllocation(NamedTuple):
    """The colours of one pair and the Art. 5.2 step that decided them."""

    white: PlayerState
    black: PlayerState
    rule: str
    """The deciding step as a stable code: ``both-preferences`` (5.2.1), ``stronger-preference``
    or ``larger-colour-difference`` (5.2.2), ``alternation`` (5.2.3), ``higher-ranked-preference``
    (5.2.4), ``initial-colour`` (5.2.5)."""
    reason: str
    """The same in plain words, naming the players."""


def colour_name(colour: Colour) -> str:
    return "White" if colour is Colour.WHITE else "Black"


def higher_ranked(a: PlayerState, b: PlayerState) -> tuple[PlayerState, PlayerState]:
    """The pair as (higher-ranked, lower-ranked): higher pairing score, then lower TPN (Art. 1.2)."""
    return (a, b) if (-a.score, a.tpn) < (-b.score, b.tpn) else (b, a)


def board_order(high: PlayerState, low: PlayerState) -> tuple[int, int, int]:
    """Sort key of a pair's board (GHR 3.6): the higher score of the pair first, then the higher
    sum of scores, then the higher-ranked player's TPN. ``high`` is the higher-ranked player."""
    return (-high.score, -(high.score + low.score), high.tpn)


def _why(p: PlayerState) -> str:
    """Why ``p`` wants the colour it prefers (Art. 1.7), in plain words."""
    if p.preference is None:
        return "has no preference"
    if p.strength == Strength.ABSOLUTE:
        if abs(p.colour_difference) > 1:
            return (
                f"has played {abs(p.colour_difference)} more games with {colour_name(p.preference.opposite)}"
            )
        return f"had {colour_name(p.preference.opposite)} in the last two games"
    if p.strength == Strength.STRONG:
        return f"has played one more game with {colour_name(p.preference.opposite)}"
    return f"had {colour_name(p.preference.opposite)} last time"


def allocate(a: PlayerState, b: PlayerState, initial: Colour) -> ColourAllocation:
    """Colours for the pair by Art. 5.2; ``a`` is the higher-ranked player.

    Parameters
    ----------
    a, b:
        The pair, ``a`` higher-ranked (see :func:`higher_ranked`).
    initial:
        The colour drawn before round 1 (Art. 5.2.5).

    Notes
    -----
    5.2.1 both preferences (or the only one); 5.2.2 the stronger preference, two absolute ones
    going to the larger colour difference; 5.2.3 alternation from the latest round in which the two
    played-colour histories differ; 5.2.4 the higher-ranked player's preference; 5.2.5 the parity
    of the higher-ranked player's entry number against the initial colour.
    """

    def give(p: PlayerState, colour: Colour, rule: str, why: str) -> ColourAllocation:
        other = b if p is a else a
        white, black = (p, other) if colour is Colour.WHITE else (other, p)
        return ColourAllocation(white, black, rule, why)

    pa, pb = a.preference, b.preference
    if pa is not None and pb is not None and pa is not pb:
        return give(
            a,
            pa,
            "both-preferences",
            f"both preferences granted: {a.label} wanted {colour_name(pa)}, {b.label} wanted {colour_name(pb)}",
        )
    if pa is not None and pb is None:
        return give(
            a,
            pa,
            "both-preferences",
            f"{colour_name(pa)}: {a.label} {_why(a)}; {b.label} has no preference yet",
        )
    if pb is not None and pa is None:
        return give(
            b,
            pb,
            "both-preferences",
            f"{colour_name(pb)}: {b.label} {_why(b)}; {a.label} has no preference yet",
        )
    if pa is None or pb is None:
        colour = initial if a.entry_number % 2 == 1 else initial.opposite
        parity = "odd" if a.entry_number % 2 else "even"
        which = "the" if colour is initial else "the opposite of the"
        return give(
            a,
            colour,
            "initial-colour",
            f"{colour_name(colour)}: {a.label} (number {a.entry_number} among the entered players, {parity}) "
            f"gets {which} initial colour, neither has played yet",
        )
    # the same preference
    absolute = Strength.ABSOLUTE
    if a.strength == absolute and (
        abs(a.colour_difference) > abs(b.colour_difference) or b.strength != absolute
    ):
        rule = "larger-colour-difference" if b.strength == absolute else "stronger-preference"
        return give(a, pa, rule, f"{colour_name(pa)}: {a.label} {_why(a)}")
    if b.strength == absolute and (
        abs(b.colour_difference) > abs(a.colour_difference) or a.strength != absolute
    ):
        rule = "larger-colour-difference" if a.strength == absolute else "stronger-preference"
        return give(b, pb, rule, f"{colour_name(pb)}: {b.label} {_why(b)}")
    if a.strength == Strength.STRONG and b.strength != Strength.STRONG:
        return give(
            a,
            pa,
            "stronger-preference",
            f"{colour_name(pa)}: {a.label} {_why(a)}, a stronger claim than {b.label}'s",
        )
    if b.strength == Strength.STRONG and a.strength != Strength.STRONG:
        return give(
            b,
            pb,
            "stronger-preference",
            f"{colour_name(pb)}: {b.label} {_why(b)}, a stronger claim than {a.label}'s",
        )
    for mine, theirs in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if mine is not theirs:
            colour = mine.opposite
            return give(
                a,
                colour,
                "alternation",
                f"{colour_name(colour)}: {a.label} had {colour_name(mine)} and {b.label} had "
                f"{colour_name(theirs)} in the latest game where their colours differed, so both alternate",
            )
    return give(
        a,
        pa,
        "higher-ranked-preference",
        f"{colour_name(pa)}: {a.label} is ranked higher and wanted {colour_name(pa)}",
    )
