"""FIDE's rating and title arithmetic: rating changes (B.02, ``rating``), title norms (B.01, ``norms``),
the conversion tables they share (``tables``) and the rating report's readiness check (``report``).

Plain Python like the rest of the engine; each module names the edition of the regulations it follows.
"""

from __future__ import annotations

from .norms import GameKind, NormCheck, NormCondition, NormGame, NormTitle, check_norm, check_norms
from .rating import (
    B02_2024,
    B02_2025,
    GameChange,
    InitialRating,
    RatedGame,
    RatingChange,
    RatingRules,
    game_change,
    initial_rating,
    k_factor,
    rating_change,
    round_change,
)
from .report import ReportItem, rating_report_items
from .tables import dp_for_score, expected_hundredths, percentage

__all__ = [
    "B02_2024",
    "B02_2025",
    "GameChange",
    "GameKind",
    "InitialRating",
    "NormCheck",
    "NormCondition",
    "NormGame",
    "NormTitle",
    "RatedGame",
    "RatingChange",
    "RatingRules",
    "ReportItem",
    "check_norm",
    "check_norms",
    "dp_for_score",
    "expected_hundredths",
    "game_change",
    "initial_rating",
    "k_factor",
    "percentage",
    "rating_change",
    "rating_report_items",
    "round_change",
]
