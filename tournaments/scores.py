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


def points_plural_count(points: str | int | None) -> int:
    """The count that picks the plural form of "point" for a score written as ``format_points``
    writes it ("2½"): gettext's plural rules take whole numbers only.

    The whole part, except that 1½ counts as 0: English, German, Spanish and Dutch say "1½
    points" (their rule is ``n != 1``) and French says "1½ point" (``n > 1``), and 0 gives
    exactly that in all of them; ½ (0) and 2½ (2) already do.
    """
    text = str(points or "0").replace(",", ".")
    half = text.endswith("½") or text.endswith(".5")
    whole_text = text.rstrip("½").removesuffix(".5")
    whole = int(whole_text) if whole_text.lstrip("-").isdigit() else 0
    return 0 if half and whole == 1 else whole
