"""How a score in half-points is written for people: the one formatter every page, file and API uses.

Scores are stored and computed in half-points (win = 2, draw = 1) so all arithmetic is integer;
only display turns them into "2½".
"""

from __future__ import annotations


def format_points(half_points: int | None) -> str:
    """2 → "1", 5 → "2½", 1 → "½", 0 → "0"; ``None`` → "" (no score yet)."""
    if half_points is None:
        return ""
    whole, half = divmod(half_points, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"
