"""The engine's notes for a later rating counted in ARO or TPR (a tournament over 30 days, checklist
Q210-216) go through gettext, so they come in the reader's language once translated."""

from __future__ import annotations

import pytest

from pairing import words
from pairing.engine.standings import RatingFrom
from pairing.engine.tiebreaks import TournamentTiebreaks
from pairing.engine.types import Colour, Participant, ResultCode, RoundRecord


@pytest.mark.parametrize(("basis", "rating_round"), [("round", None), ("chosen", 2)])
def test_the_later_rating_notes_are_translatable(basis, rating_round, monkeypatch):
    a = Participant(1, 1, 2000, "Ann", history=(RoundRecord(ResultCode.WIN, 2, Colour.WHITE),) * 2)
    b = Participant(2, 2, 1800, "Bob", history=(RoundRecord(ResultCode.LOSS, 1, Colour.BLACK),) * 2)
    t = TournamentTiebreaks(
        (a, b), 2, later_ratings=(RatingFrom(2, 2, 1900),), rating_basis=basis, rating_round=rating_round
    )
    notes = [note for note in t.value(1, "ARO").notes if "counted at" in note]
    assert notes
    monkeypatch.setattr(words, "gettext", lambda text: f"<{text}>")
    for note in notes:
        said = words.breakdown_words(note, "ARO", "Average rating of opponents")
        assert said == f"<{note}>"  # the whole note, through gettext, with its values in place
