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

from tournaments.tiebreak_words import TIEBREAK_WORDS, tiebreak_description, tiebreak_name

__all__ = ["TIEBREAK_WORDS", "breakdown_words", "tiebreak_description", "tiebreak_name"]


def _round_words(text: str) -> str:
    """``4.0 (Ann, round 3)`` with the round in the page's language."""
    return re.sub(
        r", round (\d+)\)", lambda m: ", " + gettext("round %(round)s") % {"round": m[1]} + ")", text
    )


def _result_words(words: str) -> str:
    """The engine's words for one counted round (WIN, WON, BPG lines)."""
    known = {
        "won": gettext("won"),
        "won (game of less than one move)": gettext("won (game of less than one move)"),
        "forfeit win": gettext("forfeit win"),
        "pairing-allocated bye": gettext("pairing-allocated bye"),
        "full-point bye": gettext("full-point bye"),
        "Black": gettext("Black"),
    }
    if words in known:
        return known[words]
    scored = re.match(r"scored (\S+) \((.*)\)$", words)
    if scored:
        return gettext("scored %(points)s (%(result)s)") % {"points": scored[1], "result": scored[2]}
    return words


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
        re.compile(
            r"^round (\d+): (.+) is unrated, counted at (\d+) \(the tournament's rating for unrated players, C\.07 10\)$"
        ),
        lambda m: (
            gettext(
                "round %(round)s: %(name)s is unrated, counted at %(rating)s (the tournament's rating for unrated players, C.07 10)"
            )
            % {"round": m[1], "name": m[2], "rating": m[3]}
        ),
    ),
    (
        re.compile(r"^round (\d+): (.+) counted at the rating valid in round (\d+), (\d+) from round (\d+)$"),
        lambda m: (
            gettext(
                "round %(round)s: %(name)s counted at the rating valid in round %(valid)s, %(rating)s from round %(since)s"
            )
            % {"round": m[1], "name": m[2], "valid": m[3], "rating": m[4], "since": m[5]}
        ),
    ),
    (
        re.compile(
            r"^round (\d+): (.+) counted at the rating valid in round (\d+), as chosen, (\d+) from round (\d+)$"
        ),
        lambda m: (
            gettext(
                "round %(round)s: %(name)s counted at the rating valid in round %(valid)s, as chosen, %(rating)s from round %(since)s"
            )
            % {"round": m[1], "name": m[2], "valid": m[3], "rating": m[4], "since": m[5]}
        ),
    ),
    (
        re.compile(
            r"^a round without a game counts as a game against the stand-in opponent of the unplayed-round rule, on that opponent's score \(C\.07 16\.4\)$"
        ),
        lambda m: gettext(
            "a round without a game counts as a game against the stand-in opponent of the unplayed-round rule, on that opponent's score (C.07 16.4)"
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
    (re.compile(r"^no tie left to break$"), lambda m: gettext("no tie left to break")),
    (
        re.compile(r"^direct encounter does not separate them$"),
        lambda m: gettext("direct encounter does not separate them"),
    ),
    (re.compile(r"^order by direct encounter: "), lambda m: gettext("order by direct encounter: ")),
    (
        re.compile(r"^among the (\d+) tied: "),
        lambda m: gettext("among the %(count)s tied: ") % {"count": m[1]},
    ),
    (
        re.compile(r"^all have played each other \(C\.07 6\.2\)$"),
        lambda m: gettext("all have played each other (C.07 6.2)"),
    ),
    (
        re.compile(r"^not all have met \((\d+) of this player's games missing, C\.07 6\.3\)$"),
        lambda m: (
            gettext("not all have met (%(missing)s of this player's games missing, C.07 6.3)")
            % {"missing": m[1]}
        ),
    ),
    (
        re.compile(
            r"^not all have met \((\d+) of this player's games missing\): direct encounter only applies when "
            r"they have all played each other$"
        ),
        lambda m: (
            gettext(
                "not all have met (%(missing)s of this player's games missing): direct encounter only applies when "
                "they have all played each other"
            )
            % {"missing": m[1]}
        ),
    ),
    (
        re.compile(r"^not counted: (.+), the (lowest|highest) opponent score \((.+)\)$"),
        lambda m: (
            (
                gettext("not counted: %(what)s, the lowest opponent score (%(rule)s)")
                if m[2] == "lowest"
                else gettext("not counted: %(what)s, the highest opponent score (%(rule)s)")
            )
            % {"what": _round_words(m[1]), "rule": m[3]}
        ),
    ),
    (
        re.compile(
            r"^not counted: (.+), the part from the opponent with the (lowest|highest) score \((.+)\) \((.+)\)$"
        ),
        lambda m: (
            (
                gettext(
                    "not counted: %(what)s, the part from the opponent with the lowest score (%(score)s) (%(rule)s)"
                )
                if m[2] == "lowest"
                else gettext(
                    "not counted: %(what)s, the part from the opponent with the highest score (%(score)s) (%(rule)s)"
                )
            )
            % {"what": _round_words(m[1]), "score": m[3], "rule": m[4]}
        ),
    ),
    (
        re.compile(
            r"1 \(round (\d+): (won \(game of less than one move\)|won|forfeit win|pairing-allocated bye"
            r"|full-point bye|Black|scored [^ ]+ \([^)]*\))( v [^)]*)?\)"
        ),
        lambda m: (
            "1 ("
            + gettext("round %(round)s: %(what)s")
            % {"round": m[1], "what": _result_words(m[2]) + (m[3] or "")}
            + ")"
        ),
    ),
    (
        re.compile(r"averaged over (\d+) games"),
        lambda m: gettext("averaged over %(count)s games") % {"count": m[1]},
    ),
)


def breakdown_words(text: str, code: str = "", english_name: str = "") -> str:
    """One breakdown line or note of the engine in the active language (see the module's note)."""
    if english_name and text.startswith(english_name + " "):
        text = tiebreak_name(code, english_name) + text[len(english_name) :]
    for pattern, words in _PHRASES:
        text = pattern.sub(words, text)  # type: ignore[arg-type]
    return text
