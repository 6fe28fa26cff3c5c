"""FIDE's two conversion tables (Rating Regulations B.02 8.1.1 and 8.1.2; Title Regulations B.01 1.4.9)
and the one rounding rule FIDE states for looking a fractional score up in them.

Source: FIDE Rating Regulations effective from 1 March 2024 (approved by the FIDE Council on
15/12/2023), https://handbook.fide.com/chapter/B022024, tables 8.1.1 and 8.1.2. Table 1.4.9 of the
Title Regulations effective from 1 January 2024 (https://handbook.fide.com/chapter/B012024) is the
same 101 pairs as 8.1.1, so norms and ratings share :data:`DP_BY_P`.

Probabilities are kept in hundredths (integers), as the tables print them, so every sum stays exact.
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["DP_BY_P", "PD_STEPS", "dp_for_score", "expected_hundredths", "percentage"]

_DP_HIGH_HALF = (
    800, 677, 589, 538, 501, 470, 444, 422, 401, 383, 366, 351, 336, 322, 309, 296, 284,
    273, 262, 251, 240, 230, 220, 211, 202, 193, 184, 175, 166, 158, 149, 141, 133, 125,
    117, 110, 102, 95, 87, 80, 72, 65, 57, 50, 43, 36, 29, 21, 14, 7, 0,
)  # fmt: skip
"""dp for p = 1.00, 0.99, ... 0.50 (table 8.1.1 read down its columns). The lower half mirrors it."""

DP_BY_P: dict[int, int] = {100 - i: dp for i, dp in enumerate(_DP_HIGH_HALF)}
DP_BY_P.update({100 - p: -dp for p, dp in list(DP_BY_P.items())})
"""Table 8.1.1 / 1.4.9: p in hundredths (0..100) to the rating difference dp."""

PD_STEPS: tuple[tuple[int, int], ...] = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57), (61, 58),
    (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65), (121, 66), (129, 67),
    (137, 68), (145, 69), (153, 70), (162, 71), (170, 72), (179, 73), (188, 74), (197, 75),
    (206, 76), (215, 77), (225, 78), (235, 79), (245, 80), (256, 81), (267, 82), (278, 83),
    (290, 84), (302, 85), (315, 86), (328, 87), (344, 88), (357, 89), (374, 90), (391, 91),
    (411, 92), (432, 93), (456, 94), (484, 95), (517, 96), (559, 97), (619, 98), (735, 99),
)  # fmt: skip
"""Table 8.1.2: (largest rating difference D of the row, PD of the higher-rated player in hundredths).
A difference above 735 gives 1.00 / 0.00."""


def expected_hundredths(difference: int) -> int:
    """Table 8.1.2: the scoring probability PD, in hundredths, of the player whose rating is
    ``difference`` points above the opponent's (negative: below). PD(L) = 100 - PD(H).

    The caller applies the 400-point rule (8.3.1) first; this is the bare table.
    """
    distance = abs(difference)
    higher = next((pd for upper, pd in PD_STEPS if distance <= upper), 100)
    return higher if difference >= 0 else 100 - higher


def percentage(score: Fraction, games: int) -> int:
    """The fractional score ``score / games`` in whole per cent, rounded to the nearest whole number
    with 0.5 % rounded up (the sentence under table 1.4.9 of B.01; B.02 8.2.3 states no rounding and
    this reading is used there too)."""
    if games <= 0:
        raise ValueError("a percentage needs at least one game")
    hundredths = Fraction(score) * 100 / games
    return int(hundredths + Fraction(1, 2)) if hundredths >= 0 else -int(-hundredths + Fraction(1, 2))


def dp_for_score(score: Fraction, games: int) -> int:
    """Table 8.1.1 / 1.4.9: the rating difference dp for ``score`` out of ``games``."""
    return DP_BY_P[percentage(score, games)]
