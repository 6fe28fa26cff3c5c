"""The one name-search key: what a name looks like once case, accents and punctuation no longer
matter. Every search of names goes through it (the public "find my board", the staff participants
list, the club roster, the rating list), so they all find the same people.

``search_key("Ødegård, Søren")`` is ``"odegard soren"``; ``search_key("Łukasz Wróbel")`` is
``"lukasz wrobel"``. The rating list and the club rosters store it in an indexed column, and a
query goes through the same function.
"""

from __future__ import annotations

import re
import unicodedata

# Letters that Unicode does not decompose into a base letter and an accent (after case folding,
# which already turns "ß" into "ss" and "Ø" into "ø").
_FOLD = str.maketrans(
    {
        "ø": "o",
        "ł": "l",
        "đ": "d",
        "ħ": "h",
        "ı": "i",
        "æ": "ae",
        "œ": "oe",
        "þ": "th",
        "ð": "d",
        "ŀ": "l",
        "ŧ": "t",
        "ŋ": "n",
        "ĸ": "k",
        "ſ": "s",
    }
)
# Anything that is not a letter or a digit, in any script, separates words.
_NOT_WORD = re.compile(r"[\W_]+")


def search_key(text: str) -> str:
    """Lower case, accents stripped (also from letters that do not decompose: ø, ł, æ, ß, đ, þ),
    punctuation and runs of spaces turned into single spaces."""
    folded = unicodedata.normalize("NFKD", text.casefold().translate(_FOLD))
    plain = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return _NOT_WORD.sub(" ", plain).strip()
