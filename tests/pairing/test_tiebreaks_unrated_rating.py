"""ARO and TPR with unrated opponents: the tournament's rating for unrated players (C.07 Art. 10).

C.07 Art. 10 (its opening paragraph): rating tie-breaks with unrated participants are used only as the
tournament's regulations announced beforehand; FIDE's endorsement checklist (Q208-209) asks for a rating
given to unrated players, an estimate or 0. ``unrated_rating`` is that rating; ``None`` keeps the product's
earlier behaviour (the unrated opponent is left out). ARO is the average rounded to the nearest whole
number, 0.5 up (10.1); TPR adds dp of the percentage score rounded to two decimals (10.2, FIDE Rating
Regulations table 8.1a). Everything is integer arithmetic.

    rating   R1          R2          R3
A   2000     W C 1-0     W B ½-½     W D 1-0     2.5
B   1800     W D ½-½     B A ½-½     W C 1-0     2.0
C   unrated  B A 0-1     W D 1-0     B B 0-1     1.0
D   1600     B B ½-½     B C 0-1     B A 0-1     0.5
"""

from __future__ import annotations

import pytest

from pairing.engine.errors import InvalidRequestError
from pairing.engine.standings import StandingsRequest, compute_standings
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
RATING = {A: 2000, BEN: 1800, C: 0, D: 1600}
NAME = {A: "A", BEN: "B", C: "C", D: "D"}
PARTICIPANTS = tuple(
    Participant(id=pid, tpn=pid, rating=RATING[pid], name=NAME[pid], history=HISTORY[pid]) for pid in NAME
)


def values(code: str, unrated_rating: int | None) -> dict[str, str]:
    t = TournamentTiebreaks(PARTICIPANTS, 3, regime="fide-2026", unrated_rating=unrated_rating)
    return {NAME[pid]: t.value(pid, code).display for pid in NAME}


# ARO (10.1):
#   None: A (1800 + 1600) / 2 = 1700; B (1600 + 2000) / 2 = 1800; D (1800 + 2000) / 2 = 1900.
#   1400: A 4800 / 3 = 1600; B 5000 / 3 = 1666.7 -> 1667; D 5200 / 3 = 1733.3 -> 1733.
#   0:    A 3400 / 3 = 1133.3 -> 1133; B 3600 / 3 = 1200; D 3800 / 3 = 1266.7 -> 1267.
#   C met rated players only (A, D, B): 5400 / 3 = 1800 whatever the setting (C's own rating plays no part).
@pytest.mark.parametrize(
    ("unrated_rating", "expected"),
    [
        (None, {"A": "1700", "B": "1800", "C": "1800", "D": "1900"}),
        (1400, {"A": "1600", "B": "1667", "C": "1800", "D": "1733"}),
        (0, {"A": "1133", "B": "1200", "C": "1800", "D": "1267"}),
    ],
)
def test_aro_counts_the_unrated_opponent_at_the_tournaments_rating(
    unrated_rating: int | None, expected: dict[str, str]
) -> None:
    assert values("ARO", unrated_rating) == expected


# TPR (10.2) = ARO + dp(p), p over the games ARO counts:
#   None: A 1.5 / 2 = 0.75 -> +193 = 1893; B 1 / 2 = 0.50 -> 0 = 1800; D 0.5 / 2 = 0.25 -> -193 = 1707.
#   1400: A 2.5 / 3 = 0.83 -> +273 = 1873; B 2 / 3 = 0.67 -> +125 = 1792; D 0.5 / 3 = 0.17 -> -273 = 1460.
#   C: 1 / 3 = 0.33 -> -125: 1800 - 125 = 1675 in both.
@pytest.mark.parametrize(
    ("unrated_rating", "expected"),
    [
        (None, {"A": "1893", "B": "1800", "C": "1675", "D": "1707"}),
        (1400, {"A": "1873", "B": "1792", "C": "1675", "D": "1460"}),
    ],
)
def test_tpr_counts_the_game_against_the_unrated_opponent(
    unrated_rating: int | None, expected: dict[str, str]
) -> None:
    assert values("TPR", unrated_rating) == expected


def test_aro_rounds_half_up_with_the_given_rating() -> None:
    """ARO-C1 (14.1) of A with 1701: cut 1600, (1701 + 1800) / 2 = 1750.5 -> 1751 (10.1: 0.5 up)."""
    assert values("ARO-C1", 1701)["A"] == "1751"
    assert values("ARO", 1701)["A"] == "1700"  # 5101 / 3 = 1700.3


def test_a_rating_of_zero_is_a_rating_not_unrated() -> None:
    """With 0 (the checklist's other method) the unrated opponent is in the average at 0; ARO-C1 then cuts it."""
    t = TournamentTiebreaks(PARTICIPANTS, 3, unrated_rating=0)
    aro = t.value(A, "ARO")
    assert [(p.round, p.display, p.cut) for p in aro.parts] == [
        (1, "0", False),
        (2, "1800", False),
        (3, "1600", False),
    ]
    cut = t.value(A, "ARO-C1")
    assert [p.cut for p in cut.parts] == [True, False, False]
    assert cut.display == "1700"


def test_the_breakdown_says_how_the_unrated_opponent_counted() -> None:
    counted = TournamentTiebreaks(PARTICIPANTS, 3, unrated_rating=1400).value(A, "ARO")
    assert (
        "round 1: C is unrated, counted at 1400 (the tournament's rating for unrated players, C.07 10)"
        in (counted.notes)
    )
    assert counted.parts[0].display == "1400"
    left_out = TournamentTiebreaks(PARTICIPANTS, 3).value(A, "ARO")
    assert "round 1: C is unrated, not counted" in left_out.notes
    assert [p.round for p in left_out.parts] == [2, 3]


def test_the_standings_request_passes_the_rating_on() -> None:
    request = StandingsRequest(PARTICIPANTS, 3, tiebreaks=("ARO", "TPR"), unrated_rating=1400)
    row = compute_standings(request).row(A)
    assert [v.display for v in row.tiebreaks] == ["1600", "1873"]
    assert [
        v.display
        for v in compute_standings(StandingsRequest(PARTICIPANTS, 3, tiebreaks=("ARO",))).row(A).tiebreaks
    ] == ["1700"]


def test_without_unrated_opponents_the_setting_changes_nothing() -> None:
    rated = tuple(
        Participant(id=p.id, tpn=p.tpn, rating=p.rating or 1500, name=p.name, history=p.history)
        for p in PARTICIPANTS
    )
    for code in ("ARO", "ARO-C1", "TPR"):
        plain = TournamentTiebreaks(rated, 3)
        given = TournamentTiebreaks(rated, 3, unrated_rating=1000)
        assert [plain.value(p.id, code) for p in rated] == [given.value(p.id, code) for p in rated]


@pytest.mark.parametrize("bad", [-1, True, 1400.5, "1400"])
def test_the_rating_must_be_a_whole_number_of_at_least_zero(bad: object) -> None:
    with pytest.raises(InvalidRequestError, match="rating of unrated players"):
        TournamentTiebreaks(PARTICIPANTS, 3, unrated_rating=bad)  # type: ignore[arg-type]
