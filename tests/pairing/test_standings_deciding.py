"""Which tie-breaks decided each place (issue 22, item 14: DE is shown only where it decides)."""

from __future__ import annotations

from pairing.engine.standings import StandingsRequest, compute_standings

from .test_standings import CYCLE, A, B, C, Y


def test_deciding_lists_every_tiebreak_that_split_a_group_the_player_was_in() -> None:
    # BH splits {A, B} from C; DE then splits A from B. Y leads alone on points.
    standings = compute_standings(StandingsRequest(CYCLE, 4, tiebreaks=("BH", "DE")))
    assert standings.row(A).deciding == ("BH", "DE") and standings.row(B).deciding == ("BH", "DE")
    assert standings.row(C).deciding == ("BH",)
    assert standings.row(Y).deciding == ()
