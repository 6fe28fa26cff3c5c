"""Tie-break values with their breakdowns (FIDE C.07, Play-Off and Tie-Break Regulations)."""

# For one participant at a time: every tie-break the product offers and *how* the value came about, i.e.
# which opponent contributed what, what a cut removed, and where a virtual or dummy opponent stood in for an
# unplayed round. :mod:`pairing.engine.standings` ranks participants with these values.
#
#   values.py     the value and breakdown-line types, exact points text
#   table.py      the table: one row per code (C.07 paragraph, words, compute function, cut) and validation
#   context.py    TournamentTiebreaks: scores, the unplayed-round rules (REGIMES), shared breakdown lines
#   histories.py  the consistency check of the round records
#   opponents.py  BH and SB with their cuts, KS          results.py    WIN, WON, BPG, PS
#   ratings.py    ARO and TPR                            encounter.py  DE (and DE_RULES)
#   own_data.py   STD, TPN, RTNG (2026)

from __future__ import annotations

from .context import RATING_BASES, REGIMES, RatingFrom, TournamentTiebreaks
from .encounter import DE_RULES
from .table import (
    BUCHHOLZ_CODES,
    ROUND_ROBIN_DEFAULT,
    SWISS_DEFAULT,
    TIEBREAKS,
    TiebreakInfo,
    TiebreakNotAllowedError,
    UnknownTiebreakError,
    tiebreak_choices,
    validate_tiebreaks,
)
from .values import Contribution, TiebreakValue, format_points

__all__ = [
    "BUCHHOLZ_CODES",
    "DE_RULES",
    "RATING_BASES",
    "REGIMES",
    "ROUND_ROBIN_DEFAULT",
    "SWISS_DEFAULT",
    "TIEBREAKS",
    "Contribution",
    "RatingFrom",
    "TiebreakInfo",
    "TiebreakNotAllowedError",
    "TiebreakValue",
    "TournamentTiebreaks",
    "UnknownTiebreakError",
    "format_points",
    "tiebreak_choices",
    "validate_tiebreaks",
]
