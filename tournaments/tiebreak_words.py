"""Tie-break names and descriptions in the reader's language, by code.

The engine's table (``pairing.engine.tiebreaks.TIEBREAKS``) is English and Django-free; this is
its translation, read when a page is built. ``tests/pairing_app/test_words.py`` checks that the
English here is the engine's, so a renamed tie-break shows up.
"""

from __future__ import annotations

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
    "STD": (
        _("Standard points"),
        _(
            "1 for each round you scored more than your opponent (or than a draw, without playing), ½ for each "
            "round level, whatever the points system."
        ),
    ),
    "TPN": (_("Pairing number"), _("The lower pairing number ranks first.")),
    "TPN-R": (_("Pairing number, highest first"), _("The higher pairing number ranks first.")),
    "RTNG": (_("Rating"), _("The higher rating ranks first.")),
    "RTNG-R": (_("Rating, lowest first"), _("The lower rating ranks first.")),
}


def tiebreak_name(code: str, english: str) -> str:
    words = TIEBREAK_WORDS.get(code)
    return str(words[0]) if words else english


def tiebreak_description(code: str, english: str) -> str:
    words = TIEBREAK_WORDS.get(code)
    return str(words[1]) if words else english
