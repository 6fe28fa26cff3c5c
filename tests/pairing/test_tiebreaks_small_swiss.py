"""Every tie-break of a six-player, four-round Swiss computed by hand, under each unplayed-round rule.

The tournament has a pairing-allocated bye every round but one, a forfeit, a withdrawal and a late entry:

    rating  R1            R2            R3            R4
Ann  2000   W Cat 1-0     B Dan 1-0     W Ben 1/2     B Eve 1-0        3.5
Ben  1900   W Dan 1/2     B Fay 1-0     B Ann 1/2     bye (PAB)        3.0
Cat  1800   B Ann 0-1     W Eve 1/2     bye (PAB)     forfeit loss v Fay  1.5
Dan  1700   B Ben 1/2     W Ann 0-1     withdrawn (Z) withdrawn (Z)    0.5
Eve  1600   bye (PAB)     B Cat 1/2     W Fay 1-0     W Ann 0-1        2.5
Fay  1500   late entry (Z) W Ben 0-1    B Eve 0-1     forfeit win v Cat  1.0

Scores as an opponent (the "adjusted" scores):
- virtual opponent (every unplayed round of an opponent counts as a draw):
  Ann 3.5; Ben 0.5+1+0.5+(PAB->0.5) = 2.5; Cat 0+0.5+(PAB->0.5)+(forfeit->0.5) = 1.5;
  Dan 0.5+0+(Z->0.5)+(Z->0.5) = 1.5; Eve (PAB->0.5)+0.5+1+0 = 2.0; Fay (Z->0.5)+0+0+(forfeit->0.5) = 1.0
- C.07 16.3 (only requested byes followed by nothing but VURs, category .5, become draws):
  Ann 3.5, Ben 3.0, Cat 1.5 (PAB .1 and forfeit loss .4 at face value), Dan 0.5+0+0.5+0.5 = 1.5
  (both Zs are .5), Eve 2.5, Fay 1.0 (the late-entry Z is followed by games: .3, face value 0).
"""

from __future__ import annotations

import pytest

from pairing.engine.standings import StandingsRequest, compute_standings
from pairing.engine.tiebreaks import TournamentTiebreaks
from pairing.engine.types import Colour, Participant, ResultCode, RoundRecord

R = ResultCode
W, B = Colour.WHITE, Colour.BLACK
ANN, BEN, CAT, DAN, EVE, FAY = 1, 2, 3, 4, 5, 6
NAME = {ANN: "Ann", BEN: "Ben", CAT: "Cat", DAN: "Dan", EVE: "Eve", FAY: "Fay"}
RATING = {ANN: 2000, BEN: 1900, CAT: 1800, DAN: 1700, EVE: 1600, FAY: 1500}
HISTORY = {
    ANN: (RoundRecord(R.WIN, CAT, W), RoundRecord(R.WIN, DAN, B), RoundRecord(R.DRAW, BEN, W), RoundRecord(R.WIN, EVE, B)),
    BEN: (RoundRecord(R.DRAW, DAN, W), RoundRecord(R.WIN, FAY, B), RoundRecord(R.DRAW, ANN, B), RoundRecord(R.PAB)),
    CAT: (RoundRecord(R.LOSS, ANN, B), RoundRecord(R.DRAW, EVE, W), RoundRecord(R.PAB), RoundRecord(R.FORFEIT_LOSS, FAY, W)),
    DAN: (RoundRecord(R.DRAW, BEN, B), RoundRecord(R.LOSS, ANN, W), RoundRecord(R.ZERO_BYE), RoundRecord(R.ZERO_BYE)),
    EVE: (RoundRecord(R.PAB), RoundRecord(R.DRAW, CAT, B), RoundRecord(R.WIN, FAY, W), RoundRecord(R.LOSS, ANN, W)),
    FAY: (RoundRecord(R.ZERO_BYE), RoundRecord(R.LOSS, BEN, W), RoundRecord(R.LOSS, EVE, B), RoundRecord(R.FORFEIT_WIN, CAT, B)),
}  # fmt: skip
PARTICIPANTS = tuple(
    Participant(id=pid, tpn=pid, rating=RATING[pid], name=NAME[pid], history=HISTORY[pid]) for pid in NAME
)


def table(regime: str, code: str) -> dict[str, str]:
    t = TournamentTiebreaks(PARTICIPANTS, 4, regime=regime)
    return {NAME[pid]: t.value(pid, code).display for pid in NAME}


# Buchholz, n = 4 rounds, draw = 0.5.
# Virtual opponent, Svon = score before + opposite result + 0.5 x later rounds:
#   Ann: Cat 1.5 + Dan 1.5 + Ben 2.5 + Eve 2.0                                   = 7.5
#   Ben: Dan 1.5 + Fay 1.0 + Ann 3.5 + R4 PAB (2.0 + 0 + 0.5x0 = 2.0)              = 8.0
#   Cat: Ann 3.5 + Eve 2.0 + R3 PAB (0.5 + 0 + 0.5x1 = 1.0) + R4 forfeit loss (1.5 + 1 + 0 = 2.5) = 9.0
#   Dan: Ben 2.5 + Ann 3.5 + R3 Z (0.5 + 1 + 0.5 = 2.0) + R4 Z (0.5 + 1 + 0 = 1.5)  = 9.5
#   Eve: R1 PAB (0 + 0 + 0.5x3 = 1.5) + Cat 1.5 + Fay 1.0 + Ann 3.5                = 7.5
#   Fay: R1 Z (0 + 1 + 0.5x3 = 2.5) + Ben 2.5 + Eve 2.0 + R4 forfeit win (0 + 0 + 0 = 0.0) = 7.0
# C.07 2024, dummy = own final score:
#   Ann: 1.5 + 1.5 + 3.0 + 2.5 = 8.5          Ben: 1.5 + 1.0 + 3.5 + own 3.0 = 9.0
#   Cat: 3.5 + 2.5 + own 1.5 + own 1.5 = 9.0  Dan: 3.0 + 3.5 + own 0.5 + own 0.5 = 7.5
#   Eve: own 2.5 + 1.5 + 1.0 + 3.5 = 8.5      Fay: own 1.0 + 3.0 + 2.5 + own 1.0 = 7.5
# C.07 2026, dummy capped at 0.5 x 4 = 2.0 (byes) or the scheduled opponent's adjusted score (forfeits):
#   Ben: R4 min(3.0, 2.0) = 2.0 -> 8.0         Cat: R4 forfeit min(1.5, Fay 1.0) = 1.0 -> 8.5
#   Eve: R1 min(2.5, 2.0) = 2.0 -> 8.0         Fay: R4 forfeit min(1.0, Cat 1.5) = 1.0 -> 7.5
#   Ann 8.5, Dan 7.5 unchanged.
@pytest.mark.parametrize(
    ("regime", "expected"),
    [
        (
            "virtual-opponent",
            {"Ann": "7.5", "Ben": "8.0", "Cat": "9.0", "Dan": "9.5", "Eve": "7.5", "Fay": "7.0"},
        ),
        ("fide-2024", {"Ann": "8.5", "Ben": "9.0", "Cat": "9.0", "Dan": "7.5", "Eve": "8.5", "Fay": "7.5"}),
        ("fide-2026", {"Ann": "8.5", "Ben": "8.0", "Cat": "8.5", "Dan": "7.5", "Eve": "8.0", "Fay": "7.5"}),
    ],
)
def test_buchholz(regime: str, expected: dict[str, str]) -> None:
    assert table(regime, "BH") == expected


# Buchholz cut 1.
# Virtual opponent, the plain lowest value goes: Ann 7.5-1.5 = 6.0; Ben 8.0-1.0 (Fay) = 7.0;
#   Cat 9.0-1.0 (R3 virtual) = 8.0; Dan 9.5-1.5 (R4 virtual) = 8.0; Eve 7.5-1.0 (Fay) = 6.5; Fay 7.0-0.0 = 7.0.
# C.07, a voluntary unplayed round (Z, H, forfeit loss) goes first (16.5):
#   2024: Ann 8.5-1.5 = 7.0; Ben (no VUR: a PAB is not one) 9.0-1.0 = 8.0; Cat 9.0-1.5 (R4 forfeit loss) = 7.5;
#         Dan 7.5-0.5 (a Z) = 7.0; Eve 8.5-1.0 = 7.5; Fay 7.5-1.0 (R1 late-entry Z) = 6.5
#   2026: Ann 7.0; Ben 8.0-1.0 = 7.0; Cat 8.5-1.0 (R4 forfeit loss, capped 1.0) = 7.5; Dan 7.0;
#         Eve 8.0-1.0 = 7.0; Fay 6.5
@pytest.mark.parametrize(
    ("regime", "expected"),
    [
        (
            "virtual-opponent",
            {"Ann": "6.0", "Ben": "7.0", "Cat": "8.0", "Dan": "8.0", "Eve": "6.5", "Fay": "7.0"},
        ),
        ("fide-2024", {"Ann": "7.0", "Ben": "8.0", "Cat": "7.5", "Dan": "7.0", "Eve": "7.5", "Fay": "6.5"}),
        ("fide-2026", {"Ann": "7.0", "Ben": "7.0", "Cat": "7.5", "Dan": "7.0", "Eve": "7.0", "Fay": "6.5"}),
    ],
)
def test_buchholz_cut_1(regime: str, expected: dict[str, str]) -> None:
    assert table(regime, "BH-C1") == expected


# Median Buchholz (lowest and highest out).
#   Virtual opponent: Ann 7.5-1.5-2.5 = 3.5; Ben 8.0-1.0-3.5 = 3.5; Cat 9.0-1.0-3.5 = 4.5;
#     Dan 9.5-1.5-3.5 = 4.5; Eve 7.5-1.0-3.5 = 3.0; Fay 7.0-0.0-2.5 = 4.5
#   2024: Ann 8.5-1.5-3.0 = 4.0; Ben 9.0-1.0-3.5 = 4.5; Cat 9.0-1.5-3.5 = 4.0; Dan 7.5-0.5-3.5 = 3.5;
#     Eve 8.5-1.0-3.5 = 4.0; Fay 7.5-1.0-3.0 = 3.5
#   2026: Ann 4.0; Ben 8.0-1.0-3.5 = 3.5; Cat 8.5-1.0 (forfeit-loss VUR)-3.5 = 4.0; Dan 7.5-0.5-3.5 = 3.5;
#     Eve 8.0-1.0-3.5 = 3.5; Fay 7.5-1.0 (late-entry Z, a VUR)-3.0 = 3.5
@pytest.mark.parametrize(
    ("regime", "expected"),
    [
        (
            "virtual-opponent",
            {"Ann": "3.5", "Ben": "3.5", "Cat": "4.5", "Dan": "4.5", "Eve": "3.0", "Fay": "4.5"},
        ),
        ("fide-2024", {"Ann": "4.0", "Ben": "4.5", "Cat": "4.0", "Dan": "3.5", "Eve": "4.0", "Fay": "3.5"}),
        ("fide-2026", {"Ann": "4.0", "Ben": "3.5", "Cat": "4.0", "Dan": "3.5", "Eve": "3.5", "Fay": "3.5"}),
    ],
)
def test_median_buchholz(regime: str, expected: dict[str, str]) -> None:
    assert table(regime, "BH-M1") == expected


# Sonneborn-Berger: opponent's (adjusted or stand-in) score x points scored against them.
#   Virtual opponent:
#     Ann: Cat 1.5x1 + Dan 1.5x1 + Ben 2.5x0.5 + Eve 2.0x1 = 1.5+1.5+1.25+2.0 = 6.25
#     Ben: Dan 1.5x0.5 + Fay 1.0x1 + Ann 3.5x0.5 + virtual 2.0x1 = 0.75+1+1.75+2 = 5.5
#     Cat: Ann x0 + Eve 2.0x0.5 + virtual 1.0x1 + virtual 2.5x0 = 2.0
#     Dan: Ben 2.5x0.5 = 1.25 (everything else scored 0)
#     Eve: virtual 1.5x1 + Cat 1.5x0.5 + Fay 1.0x1 + Ann x0 = 1.5+0.75+1 = 3.25
#     Fay: virtual 0.0 x 1 (forfeit win) and zeros = 0.0
#   2024 (dummy = own score): Ann 1.5+1.5+1.5+2.5 = 7.0; Ben 0.75+1+1.75+3.0 = 6.5;
#     Cat 0+1.25+1.5x1+1.5x0 = 2.75; Dan 3.0x0.5 = 1.5; Eve 2.5+0.75+1.0 = 4.25; Fay own 1.0 x 1 = 1.0
#   2026: Ben 0.75+1+1.75+2.0 = 5.5; Eve 2.0+0.75+1.0 = 3.75; the rest as 2024
#     (Cat's capped dummy stands in the round she scored 0; Fay's forfeit-win dummy is min(1.0, 1.5) = 1.0).
@pytest.mark.parametrize(
    ("regime", "expected"),
    [
        (
            "virtual-opponent",
            {"Ann": "6.25", "Ben": "5.5", "Cat": "2.0", "Dan": "1.25", "Eve": "3.25", "Fay": "0.0"},
        ),
        ("fide-2024", {"Ann": "7.0", "Ben": "6.5", "Cat": "2.75", "Dan": "1.5", "Eve": "4.25", "Fay": "1.0"}),
        ("fide-2026", {"Ann": "7.0", "Ben": "5.5", "Cat": "2.75", "Dan": "1.5", "Eve": "3.75", "Fay": "1.0"}),
    ],
)
def test_sonneborn_berger(regime: str, expected: dict[str, str]) -> None:
    assert table(regime, "SB") == expected


# The counts do not depend on the unplayed-round rule.
#   WIN (a win's points, played or not): Ann R1 R2 R4 = 3; Ben R2 + PAB = 2; Cat PAB = 1; Dan 0;
#       Eve PAB + R3 = 2; Fay forfeit win = 1
#   WON (over the board): Ann 3, Ben 1, Cat 0, Dan 0, Eve 1, Fay 0
#   BPG (played with Black): Ann R2 R4 = 2; Ben R2 R3 = 2; Cat R1 = 1; Dan R1 = 1; Eve R2 = 1;
#       Fay R3 = 1 (the scheduled Black of the R4 forfeit does not count)
#   PS (running scores summed): Ann 1+2+2.5+3.5 = 9.0; Ben 0.5+1.5+2+3 = 7.0; Cat 0+0.5+1.5+1.5 = 3.5;
#       Dan 0.5x4 = 2.0; Eve 1+1.5+2.5+2.5 = 7.5; Fay 0+0+0+1 = 1.0
#   PS-C1 drops the round-1 term: Ann 8.0, Ben 6.5, Cat 3.5, Dan 1.5, Eve 6.5, Fay 1.0
@pytest.mark.parametrize("regime", ["virtual-opponent", "fide-2024", "fide-2026"])
@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("WIN", {"Ann": "3", "Ben": "2", "Cat": "1", "Dan": "0", "Eve": "2", "Fay": "1"}),
        ("WON", {"Ann": "3", "Ben": "1", "Cat": "0", "Dan": "0", "Eve": "1", "Fay": "0"}),
        ("BPG", {"Ann": "2", "Ben": "2", "Cat": "1", "Dan": "1", "Eve": "1", "Fay": "1"}),
        ("PS", {"Ann": "9.0", "Ben": "7.0", "Cat": "3.5", "Dan": "2.0", "Eve": "7.5", "Fay": "1.0"}),
        ("PS-C1", {"Ann": "8.0", "Ben": "6.5", "Cat": "3.5", "Dan": "1.5", "Eve": "6.5", "Fay": "1.0"}),
    ],
)
def test_counts_and_progressive_score(regime: str, code: str, expected: dict[str, str]) -> None:
    assert table(regime, code) == expected


# Ratings of the opponents met over the board (forfeits and byes are not games):
#   Ann: Cat 1800, Dan 1700, Ben 1900, Eve 1600 -> 7000/4 = 1750; cut 1600 -> 5400/3 = 1800
#   Ben: Dan 1700, Fay 1500, Ann 2000 -> 5200/3 = 1733.3 -> 1733; cut 1500 -> 3700/2 = 1850
#   Cat: Ann 2000, Eve 1600 -> 1800; cut -> 2000      Dan: Ben 1900, Ann 2000 -> 1950; cut -> 2000
#   Eve: Cat 1800, Fay 1500, Ann 2000 -> 5300/3 = 1766.7 -> 1767; cut -> 1900
#   Fay: Ben 1900, Eve 1600 -> 1750; cut -> 1900
# TPR = ARO + dp(p), p = score / games to two decimals (FIDE table 8.1a):
#   Ann 3.5/4 = 0.875 -> 0.88 -> +336 = 2086; Ben 2/3 -> 0.67 -> +125 = 1858; Cat 0.5/2 = 0.25 -> -193 = 1607;
#   Dan 0.25 -> 1950-193 = 1757; Eve 1.5/3 = 0.50 -> 0 = 1767; Fay 0/2 -> -800 = 950
@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("ARO", {"Ann": "1750", "Ben": "1733", "Cat": "1800", "Dan": "1950", "Eve": "1767", "Fay": "1750"}),
        (
            "ARO-C1",
            {"Ann": "1800", "Ben": "1850", "Cat": "2000", "Dan": "2000", "Eve": "1900", "Fay": "1900"},
        ),
        ("TPR", {"Ann": "2086", "Ben": "1858", "Cat": "1607", "Dan": "1757", "Eve": "1767", "Fay": "950"}),
    ],
)
def test_rating_tiebreaks(code: str, expected: dict[str, str]) -> None:
    for regime in ("virtual-opponent", "fide-2024", "fide-2026"):
        assert table(regime, code) == expected


# Koya: points against opponents on at least half the maximum (4 x 1 / 2 = 2.0); a real opponent on their
# real final score, an unplayed round against the stand-in opponent of the rule (C.07 16.4, see
# test_tiebreaks_koya_unplayed.py):
#   Ann: Ben (3.0) 0.5 + Eve (2.5) 1 = 1.5; Cat: Ann 0, Eve 0.5 = 0.5; Dan: Ben 0.5 + Ann 0 = 0.5.
#   Ben: Ann 0.5 + his round-4 PAB (1 point) against a stand-in on 2.0 (virtual opponent 2.0 + 0 + 0;
#        2024 dummy his own 3.0; 2026 dummy min(3.0, 0.5 x 4) = 2.0): 1.5 under every rule.
#   Eve: Ann 0 + her round-1 PAB: virtual opponent 0 + 0 + 0.5 x 3 = 1.5, not counted (0.0); 2024 dummy
#        her own 2.5, 2026 dummy min(2.5, 2.0) = 2.0: counted (1.0).
#   Fay: Ben 0 + Eve 0; her round-4 forfeit win: virtual opponent 0.0; 2024 dummy her own 1.0; 2026 dummy
#        min(1.0, Cat's adjusted 1.5) = 1.0: never counted (0.0).
@pytest.mark.parametrize(
    ("regime", "eve"), [("virtual-opponent", "0.0"), ("fide-2024", "1.0"), ("fide-2026", "1.0")]
)
def test_koya(regime: str, eve: str) -> None:
    assert table(regime, "KS") == {
        "Ann": "1.5",
        "Ben": "1.5",
        "Cat": "0.5",
        "Dan": "0.5",
        "Eve": eve,
        "Fay": "0.0",
    }


def test_the_standings_rank_by_points_and_keep_the_withdrawn_player() -> None:
    request = StandingsRequest(PARTICIPANTS, 4, withdrawn=frozenset({DAN}))
    standings = compute_standings(request)
    assert [(r.rank, r.name, r.points_display) for r in standings.rows] == [
        (1, "Ann", "3.5"),
        (2, "Ben", "3.0"),
        (3, "Eve", "2.5"),
        (4, "Cat", "1.5"),
        (5, "Fay", "1.0"),
        (6, "Dan", "0.5"),
    ]
    dan = standings.row(DAN)
    assert dan.withdrawn and not any(r.withdrawn for r in standings.rows if r.id != DAN)
    # Dan's games stand: his BH-C1 (default list, virtual opponent) is the 8.0 above.
    assert dict(zip(standings.tiebreaks, (v.display for v in dan.tiebreaks), strict=True))["BH-C1"] == "8.0"
    assert not any(r.by_lot for r in standings.rows)


def test_a_late_entrys_missed_round_is_a_virtual_opponent_in_the_breakdown() -> None:
    fay = TournamentTiebreaks(PARTICIPANTS, 4).value(FAY, "BH")
    first = fay.parts[0]
    assert (first.round, first.label, first.display) == (1, "virtual opponent, round 1", "2.5")
    assert (
        first.detail == "virtual opponent: 0.0 before round 1 + 1.0 in round 1 + 0.5 x 3 later rounds = 2.5"
    )
    assert fay.summary == (
        "Buchholz 7.0 = 2.5 (virtual opponent, round 1) + 2.5 (Ben) + 2.0 (Eve) + 0.0 (virtual opponent, round 4)"
    )


def test_standings_after_an_earlier_round_ignore_later_records() -> None:
    # After round 2: Ann 2.0 (Cat 1-0, Dan 1-0), Ben 1.5, Eve 1.5, Cat 0.5, Dan 0.5, Fay 0.0.
    standings = compute_standings(StandingsRequest(PARTICIPANTS, 2, tiebreaks=("WIN",)))
    points = {r.name: r.points_display for r in standings.rows}
    assert points == {"Ann": "2.0", "Ben": "1.5", "Eve": "1.5", "Cat": "0.5", "Dan": "0.5", "Fay": "0.0"}
    # Ben and Eve both have one win's points (Ben beat Fay, Eve had the PAB), Cat and Dan none: lots decide.
    assert {r.name for r in standings.rows if r.by_lot} == {"Ben", "Eve", "Cat", "Dan"}


# Direct encounter does not depend on the unplayed-round rule. Nobody here is level on points, so it is
# checked on chosen groups:
#   {Ann, Ben, Dan} all met: Ann 1 (Dan) + 0.5 (Ben) = 1.5; Ben 0.5 + 0.5 = 1.0; Dan 0.5 + 0 = 0.5 (C.07 6.2).
#   {Cat, Fay} met only through the round-4 forfeit, which is not a game (6.1.1): DE does not apply.
@pytest.mark.parametrize("regime", ["virtual-opponent", "fide-2024", "fide-2026"])
def test_direct_encounter(regime: str) -> None:
    t = TournamentTiebreaks(PARTICIPANTS, 4, regime=regime)
    levels, values = t.direct_encounter([ANN, BEN, DAN])
    assert levels == [[ANN], [BEN], [DAN]]
    assert [values[pid].display for pid in (ANN, BEN, DAN)] == ["1.5", "1.0", "0.5"]
    levels, values = t.direct_encounter([CAT, FAY])
    assert levels == [[CAT, FAY]] and values[FAY].parts == ()
