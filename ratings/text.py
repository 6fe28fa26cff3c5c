"""The search key: what a name looks like once case and accents no longer matter.

``search_key("Ólafsson, Helgi")`` is ``"olafsson helgi"``. Both the rating list and the club
rosters store it in an indexed column, and a query goes through the same function, so
"OLAFSSON", "ólafsson" and "olafsson" all find the same player.
"""

from __future__ import annotations

import re
import unicodedata

# Letters that Unicode does not decompose into a base letter and an accent.
_FOLD = str.maketrans(
    {"ø": "o", "ł": "l", "đ": "d", "ħ": "h", "ı": "i", "æ": "ae", "œ": "oe", "þ": "th", "ð": "d"}
)
_NOT_WORD = re.compile(r"[^0-9a-z]+")


def search_key(text: str) -> str:
    """Lower case, accents stripped, punctuation turned into single spaces."""
    folded = unicodedata.normalize("NFKD", text.casefold().translate(_FOLD))
    plain = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return _NOT_WORD.sub(" ", plain).strip()
