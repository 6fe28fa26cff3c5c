"""The engine's words in the reader's language: tie-break names and descriptions, and the phrases
of the tie-break breakdowns.

The engine stays plain Python and speaks English; its texts are cached once per standings
version for every language. They are translated here, when a page is built (in the page's
language): the tie-breaks by code, the breakdowns' recurring phrases by pattern. A phrase no
pattern knows is shown as the engine wrote it. ``tests/pairing_app/test_words.py`` checks the
table against the engine's own English, so a renamed tie-break shows up.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

TIEBREAK_WORDS = {
    "DE": (
        _("Direct encounter"),
        _("Points scored in the games between the tied players, when they all played each other."),
    ),
    "BH": (_("Buchholz"), _("The sum of the opponents' scores.")),
    "BH-C1": (_("Buchholz cut 1"), _("Buchholz without the lowest opponent score.")),
    "BH-C2": (_("Buchholz cut 2"), _("Buchholz without the two lowest opponent scores.")),
    "BH-M1": (_("Median Buchholz"), _("Buchholz without the lowest and the highest opponent score.")),
    "BH-M2": (
        _("Median Buchholz 2"),
        _("Buchholz without the two lowest and the two highest opponent scores."),
    ),
    "SB": (
        _("Sonneborn-Berger"),
        _("The full score of every opponent you beat plus half the score of every opponent you drew."),
    ),
    "SB-C1": (
        _("Sonneborn-Berger cut 1"),
        _("Sonneborn-Berger without the part that comes from your lowest-scoring opponent."),
    ),
    "WIN": (_("Number of wins"), _("Rounds won, counting byes and forfeits that scored a win's points.")),
    "WON": (_("Games won"), _("Games won over the board.")),
    "BPG": (_("Games with Black"), _("Games played over the board with Black.")),
    "PS": (_("Progressive score"), _("The sum of your running score after every round.")),
    "PS-C1": (_("Progressive score cut 1"), _("Progressive score without the round-1 term.")),
    "ARO": (
        _("Average rating of opponents"),
        _("The average rating of the opponents you played over the board."),
    ),
    "ARO-C1": (_("Average rating of opponents cut 1"), _("The same without the lowest-rated opponent.")),
    "TPR": (
        _("Performance rating"),
        _("Average rating of the opponents plus the FIDE rating difference for your percentage score."),
    ),
    "KS": (
        _("Koya score"),
        _("Points scored against the opponents whose final score is at least half the maximum score."),
    ),
}


def tiebreak_name(code: str, english: str) -> str:
    words = TIEBREAK_WORDS.get(code)
    return str(words[0]) if words else english


def tiebreak_description(code: str, english: str) -> str:
    words = TIEBREAK_WORDS.get(code)
    return str(words[1]) if words else english


_PHRASES: tuple[tuple[re.Pattern[str], object], ...] = (
    (
        re.compile(r"virtual opponent, round (\d+)"),
        lambda m: gettext("virtual opponent, round %(round)s") % {"round": m[1]},
    ),
    (
        re.compile(r"dummy opponent, round (\d+)"),
        lambda m: gettext("dummy opponent, round %(round)s") % {"round": m[1]},
    ),
    (re.compile(r"; not counted: "), lambda m: gettext("; not counted: ")),
    (
        re.compile(r"^round (\d+): game of less than one move, not rated, not counted$"),
        lambda m: (
            gettext("round %(round)s: game of less than one move, not rated, not counted") % {"round": m[1]}
        ),
    ),
    (
        re.compile(r"^round (\d+): (.+) is unrated, not counted$"),
        lambda m: (
            gettext("round %(round)s: %(name)s is unrated, not counted") % {"round": m[1], "name": m[2]}
        ),
    ),
    (
        re.compile(r"^no rated game over the board counted$"),
        lambda m: gettext("no rated game over the board counted"),
    ),
)


def breakdown_words(text: str, code: str = "", english_name: str = "") -> str:
    """One breakdown line or note of the engine in the active language (see the module's note)."""
    if english_name and text.startswith(english_name + " "):
        text = tiebreak_name(code, english_name) + text[len(english_name) :]
    for pattern, words in _PHRASES:
        text = pattern.sub(words, text)  # type: ignore[arg-type]
    return text
