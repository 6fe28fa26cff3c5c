"""pairing.words: its table of tie-break words follows the engine's own English."""

from __future__ import annotations

from django.utils import translation

from pairing.engine.tiebreaks import TIEBREAKS
from pairing.words import TIEBREAK_WORDS, breakdown_words, tiebreak_name


def test_every_engine_tiebreak_has_its_words_in_the_same_english():
    with translation.override("en-gb"):
        assert {info.code: (info.name, info.description) for info in TIEBREAKS} == {
            code: (str(name), str(description)) for code, (name, description) in TIEBREAK_WORDS.items()
        }


def test_breakdowns_take_the_page_s_language():
    line = "Buchholz cut 1 7.5 = 4.0 (Ann) + 3.5 (virtual opponent, round 3); not counted: 1.0 (Bob)"
    with translation.override("en-gb"):
        assert breakdown_words(line, "BH-C1", "Buchholz cut 1") == line
    with translation.override("fr"):
        french = breakdown_words(line, "BH-C1", "Buchholz cut 1")
        assert french.startswith(tiebreak_name("BH-C1", "Buchholz cut 1"))
        assert "(Ann)" in french and "(Bob)" in french


def test_the_notes_of_issue_34_are_translated():
    """The engine's notes for an unrated opponent given a rating (C.07 10) and for Koya's stand-in
    opponent (C.07 16.4) come in the reader's language, not in the engine's English."""
    notes = [
        "round 2: Newcomer, Nils is unrated, counted at 1400 (the tournament's rating for unrated players, C.07 10)",
        "a round without a game counts as a game against the stand-in opponent of the unplayed-round rule, "
        "on that opponent's score (C.07 16.4)",
    ]
    with translation.override("fr"):
        for note in notes:
            french = breakdown_words(note, "KS", "Koya")
            assert french != note
            assert "C.07" in french
    assert "Newcomer, Nils" in breakdown_words(notes[0], "ARO", "Average rating of opponents")
