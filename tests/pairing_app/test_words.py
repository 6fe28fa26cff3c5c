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
