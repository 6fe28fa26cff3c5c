"""Rating tie-breaks in a tournament lasting more than 30 days (FIDE's endorsement checklist, Q210-216):
players hold a rating per rating list, each linked to the rounds it applies in, and ARO and TPR count the
first rating (C.07 Art. 10's default), the rating valid in each round, or the rating valid in a round the
user chose.

    first  later           R1          R2          R3
A   2000                   W C 1-0     W B ½-½     W D 1-0     2.5
B   1800   1900 from R2    W D ½-½     B A ½-½     W C 1-0     2.0
C   1700   1750 from R3    B A 0-1     W D 1-0     B B 0-1     1.0
D   1600   1550 from R3    B B ½-½     B C 0-1     B A 0-1     0.5
"""

from __future__ import annotations

import pytest

from pairing.engine.errors import InvalidRequestError
from pairing.engine.standings import RatingFrom, StandingsRequest, compute_standings
from pairing.engine.tiebreaks import TournamentTiebreaks
from pairing.engine.types import Colour, Participant, ResultCode, RoundRecord

R = ResultCode
W, B = Colour.WHITE, Colour.BLACK
A, BEN, C, D = 1, 2, 3, 4
HISTORY = {
    A: (RoundRecord(R.WIN, C, W), RoundRecord(R.DRAW, BEN, W), RoundRecord(R.WIN, D, W)),
    BEN: (RoundRecord(R.DRAW, D, W), RoundRecord(R.DRAW, A, B), RoundRecord(R.WIN, C, W)),
    C: (RoundRecord(R.LOSS, A, B), RoundRecord(R.WIN, D, W), RoundRecord(R.LOSS, BEN, B)),
    D: (RoundRecord(R.DRAW, BEN, B), RoundRecord(R.LOSS, C, B), RoundRecord(R.LOSS, A, B)),
}
RATING = {A: 2000, BEN: 1800, C: 1700, D: 1600}
NAME = {A: "A", BEN: "B", C: "C", D: "D"}
PARTICIPANTS = tuple(
    Participant(id=pid, tpn=pid, rating=RATING[pid], name=NAME[pid], history=HISTORY[pid]) for pid in NAME
)
LATER = (RatingFrom(BEN, 2, 1900), RatingFrom(C, 3, 1750), RatingFrom(D, 3, 1550))


def tiebreaks(basis: str = "first", rating_round: int | None = None) -> TournamentTiebreaks:
    return TournamentTiebreaks(
        PARTICIPANTS, 3, later_ratings=LATER, rating_basis=basis, rating_round=rating_round
    )


# A met C (R1), B (R2), D (R3).
#   first:   1700 + 1800 + 1600 = 5100 / 3 = 1700
#   round:   1700 (C, R1) + 1900 (B, R2) + 1550 (D, R3) = 5150 / 3 = 1716.7 -> 1717
#   chosen 2: 1700 + 1900 + 1600 = 5200 / 3 = 1733.3 -> 1733
#   chosen 3: 1750 + 1900 + 1550 = 5200 / 3 -> 1733; chosen 1 is the first ratings: 1700.
@pytest.mark.parametrize(
    ("basis", "rating_round", "aro"),
    [
        ("first", None, "1700"),
        ("round", None, "1717"),
        ("chosen", 2, "1733"),
        ("chosen", 3, "1733"),
        ("chosen", 1, "1700"),
    ],
)
def test_aro_counts_the_rating_of_the_chosen_basis(basis: str, rating_round: int | None, aro: str) -> None:
    assert tiebreaks(basis, rating_round).value(A, "ARO").display == aro


def test_tpr_adds_dp_to_the_aro_of_the_basis() -> None:
    """A scored 2.5 / 3 = 0.83 -> dp +273 (FIDE Rating Regulations table 8.1a)."""
    assert tiebreaks("first").value(A, "TPR").display == "1973"
    assert tiebreaks("round").value(A, "TPR").display == "1990"


def test_the_breakdown_names_the_later_rating_it_counted() -> None:
    notes = tiebreaks("round").value(A, "ARO").notes
    assert "round 2: B counted at the rating valid in round 2, 1900 from round 2" in notes
    assert "round 3: D counted at the rating valid in round 3, 1550 from round 3" in notes
    assert not any("C counted" in note for note in notes)  # C's later rating starts after their game
    assert not any("counted at" in note for note in tiebreaks("first").value(A, "ARO").notes)


def test_the_standings_rank_with_the_basis_the_request_gives() -> None:
    def aro(**extra: object) -> str:
        request = StandingsRequest(participants=PARTICIPANTS, rounds=3, tiebreaks=("ARO",), **extra)  # type: ignore[arg-type]
        return compute_standings(request).row(A).tiebreaks[0].display

    assert aro() == "1700"
    assert aro(later_ratings=LATER) == "1700"  # the first rating by default (C.07 10)
    assert aro(later_ratings=LATER, rating_basis="round") == "1717"
    assert aro(later_ratings=LATER, rating_basis="chosen", rating_round=2) == "1733"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rating_basis": "latest"}, "unknown rating basis"),
        ({"rating_basis": "chosen"}, "needs the round"),
        ({"later_ratings": (RatingFrom(9, 2, 1800),)}, "not listed"),
        ({"later_ratings": (RatingFrom(A, 2, 1800), RatingFrom(A, 2, 1900))}, "two ratings from round 2"),
        ({"later_ratings": (RatingFrom(A, 0, 1800),)}, "at least 1"),
    ],
)
def test_a_wrong_rating_request_is_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidRequestError, match=message):
        TournamentTiebreaks(PARTICIPANTS, 3, **kwargs)  # type: ignore[arg-type]


def test_the_trf_comment_lines_carry_the_basis_and_the_later_ratings() -> None:
    """TRF-2026 has one rating a player (``001``): this program's ``###`` lines say the rest, and the
    reader gives them back as the standings want them."""
    from pairing.engine.standings import trf_rating_fields
    from pairing.engine.trf import TrfPlayer, TrfTournament, long_tournament_comments

    lines = long_tournament_comments("chosen", 3, [(2, 3, 1900, "B"), (4, 2, 1550, "D")])
    assert lines == (
        " Long tournament (over 30 days): rating tie-breaks count the rating valid from round 3",
        " Rating from round 2: 4 1550 D",
        " Rating from round 3: 2 1900 B",
    )
    players = tuple(TrfPlayer(id=pid, name=NAME[pid], rating=RATING[pid]) for pid in NAME)
    t = TrfTournament(players=players, comments=lines)
    assert t.rating_basis == ("chosen", 3)
    assert t.later_ratings == ((2, 3, 1900), (4, 2, 1550))
    assert trf_rating_fields(t) == {
        "later_ratings": (RatingFrom(2, 3, 1900), RatingFrom(4, 2, 1550)),
        "rating_basis": "chosen",
        "rating_round": 3,
    }
    each_round = TrfTournament(comments=long_tournament_comments("round", None, []))
    assert each_round.rating_basis == ("round", None)
    assert TrfTournament(comments=(" FIDE mode: on",)).rating_basis is None
    assert trf_rating_fields(TrfTournament()) == {}
