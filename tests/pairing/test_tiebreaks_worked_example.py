"""The rules digest's worked example (rules.md 5.6): one player, P, under the three unplayed-round rules.

A 7-round Swiss, 1 / ½ / 0. P: beat A, drew B, forfeit win v C (C did not show), lost to D, requested a
half-point bye in round 5, beat E, beat F: 5.0 points. The tournament around P is built so that the
opponents' final scores are the tabulated ones: A 4.0, B 5.0, C 3.0 (C's only unplayed round is the forfeit
loss, a category 16.2.4 round at face value, so C's adjusted score is 3.0 too), D 5.5, E 3.5, F 4.5. The
opponents play every other round against six fillers X0..X5 (no rematches; a filler sits out with a
pairing-allocated bye when the count is odd).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from pairing.engine.tiebreaks import TournamentTiebreaks
from pairing.engine.types import Colour, Participant, ResultCode, RoundRecord

R = ResultCode
_GAME = {
    "1-0": (R.WIN, R.LOSS),
    "0-1": (R.LOSS, R.WIN),
    "1/2": (R.DRAW, R.DRAW),
    "+-": (R.FORFEIT_WIN, R.FORFEIT_LOSS),
}
NAMES = ["P", "A", "B", "C", "D", "E", "F", "X0", "X1", "X2", "X3", "X4", "X5"]
ID = {name: i for i, name in enumerate(NAMES, start=1)}

# Round -> (opponent of P, P's colour, result from White's point of view) ...
P_ROUNDS = {
    1: ("A", "w", "1-0"),
    2: ("B", "b", "1/2"),
    3: ("C", "w", "+-"),
    4: ("D", "b", "1-0"),
    6: ("E", "w", "1-0"),
    7: ("F", "b", "0-1"),
}
# ... and the other games: (named player, filler index); the filler left out gets the bye.
FILLER_GAMES = {
    1: ([("B", 0), ("C", 1), ("D", 2), ("E", 3), ("F", 4)], 5),
    2: ([("A", 0), ("C", 2), ("D", 1), ("E", 4), ("F", 5)], 3),
    3: ([("A", 1), ("B", 2), ("D", 0), ("E", 5), ("F", 3)], 4),
    4: ([("A", 3), ("B", 4), ("C", 5), ("E", 0), ("F", 1)], 2),
    5: ([("A", 2), ("B", 3), ("C", 4), ("D", 5), ("E", 1), ("F", 0)], None),
    6: ([("A", 4), ("B", 5), ("C", 0), ("D", 3), ("F", 2)], 1),
    7: ([("A", 5), ("B", 1), ("C", 3), ("D", 4), ("E", 2)], 0),
}
# Results of each opponent's filler games, in round order: W win, D draw, L loss.
#   A: 0 v P + 4.0 = 4.0   B: 0.5 v P + 4.5 = 5.0   C: 0 (forfeit) + 3.0 = 3.0
#   D: 1 v P + 4.5 = 5.5   E: 0 v P + 3.5 = 3.5     F: 0 v P + 4.5 = 4.5
FILLER_RESULTS = {"A": "WWWWLL", "B": "WWWWDL", "C": "WWWLLL", "D": "WWWWDL", "E": "WWWDLL", "F": "WWWWDL"}


def build(p_withdraws_after: int | None = None) -> tuple[Participant, ...]:
    """The tournament; with ``p_withdraws_after=5`` P has zero-point byes in rounds 6 and 7 instead, and
    E and F play the fillers who would otherwise have had the bye (a rematch of round 5, which the
    tie-breaks do not mind)."""
    recs: dict[int, dict[int, RoundRecord]] = {pid: {} for pid in ID.values()}

    def game(rnd: int, white: str, black: str, result: str) -> None:
        w, b = _GAME[result]
        recs[ID[white]][rnd] = RoundRecord(w, ID[black], Colour.WHITE)
        recs[ID[black]][rnd] = RoundRecord(b, ID[white], Colour.BLACK)

    for rnd, (opp, colour, result) in P_ROUNDS.items():
        if p_withdraws_after is not None and rnd > p_withdraws_after:
            continue
        white, black = ("P", opp) if colour == "w" else (opp, "P")
        game(rnd, white, black, result)
    recs[ID["P"]][5] = RoundRecord(R.HALF_BYE)
    used = dict.fromkeys(FILLER_RESULTS, 0)
    for rnd, (pairs, bye) in FILLER_GAMES.items():
        for name, filler in pairs:
            outcome = FILLER_RESULTS[name][used[name]]
            used[name] += 1
            game(rnd, name, f"X{filler}", {"W": "1-0", "D": "1/2", "L": "0-1"}[outcome])
        if bye is None:
            continue
        if p_withdraws_after is not None and rnd > p_withdraws_after:
            # P is gone: P's scheduled opponent plays the filler instead (the result does not matter here).
            opp = P_ROUNDS[rnd][0]
            game(rnd, opp, f"X{bye}", "1-0")
            recs[ID["P"]][rnd] = RoundRecord(R.ZERO_BYE)
        else:
            recs[ID[f"X{bye}"]][rnd] = RoundRecord(R.PAB)
    return tuple(
        Participant(
            id=ID[name], tpn=ID[name], name=name, history=tuple(recs[ID[name]][r] for r in range(1, 8))
        )
        for name in NAMES
    )


P = ID["P"]


def values(regime: str, *codes: str) -> dict[str, str]:
    t = TournamentTiebreaks(build(), 7, regime=regime)
    return {code: t.value(P, code).display for code in codes}


def test_the_opponents_finish_on_the_tabulated_scores() -> None:
    t = TournamentTiebreaks(build(), 7, regime="fide-2026")
    scores = {name: Fraction(t.total[ID[name]], 2) for name in "PABCDEF"}
    assert scores == {
        "P": 5,
        "A": 4,
        "B": 5,
        "C": 3,
        "D": Fraction(11, 2),
        "E": Fraction(7, 2),
        "F": Fraction(9, 2),
    }


# Old virtual opponent (2012): round 3 (forfeit win) 1.5 + (1 - 1) + 0.5 x 4 = 3.5;
# round 5 (half-point bye) 2.5 + (1 - 0.5) + 0.5 x 2 = 4.0.
#   BH    = 4.0 + 5.0 + 3.5 + 5.5 + 4.0 + 3.5 + 4.5 = 30.0; BH-C1 cuts a 3.5 -> 26.5
#   SB    = 4.0x1 + 5.0x0.5 + 3.5x1 + 5.5x0 + 4.0x0.5 + 3.5x1 + 4.5x1 = 20.0
# C.07 Aug-2024 (dummy = own 5.0 in both rounds):
#   BH    = 4.0 + 5.0 + 5.0 + 5.5 + 5.0 + 3.5 + 4.5 = 32.5; BH-C1 cuts the VUR (round 5) 5.0, not 3.5 -> 27.5
#   SB    = 4.0 + 2.5 + 5.0 + 0 + 2.5 + 3.5 + 4.5 = 22.0
# C.07 Mar-2026 (round 3: min(5.0, C's 3.0) = 3.0; round 5: min(5.0, 0.5 x 7) = 3.5):
#   BH    = 4.0 + 5.0 + 3.0 + 5.5 + 3.5 + 3.5 + 4.5 = 29.0; BH-C1 cuts the VUR 3.5, not the 3.0 -> 25.5
#   SB    = 4.0 + 2.5 + 3.0 + 0 + 1.75 + 3.5 + 4.5 = 19.25
@pytest.mark.parametrize(
    ("regime", "bh", "bh_c1", "sb"),
    [
        ("virtual-opponent", "30.0", "26.5", "20.0"),
        ("fide-2024", "32.5", "27.5", "22.0"),
        ("fide-2026", "29.0", "25.5", "19.25"),
    ],
)
def test_buchholz_and_sonneborn_berger_match_the_table(regime: str, bh: str, bh_c1: str, sb: str) -> None:
    assert values(regime, "BH", "BH-C1", "SB") == {"BH": bh, "BH-C1": bh_c1, "SB": sb}


@pytest.mark.parametrize(
    ("regime", "round3", "round5"),
    [("virtual-opponent", "3.5", "4.0"), ("fide-2024", "5.0", "5.0"), ("fide-2026", "3.0", "3.5")],
)
def test_the_stand_in_opponents_are_shown_in_the_breakdown(regime: str, round3: str, round5: str) -> None:
    t = TournamentTiebreaks(build(), 7, regime=regime)
    bh = t.value(P, "BH")
    by_round = {part.round: part for part in bh.parts}
    assert by_round[3].display == round3 and by_round[5].display == round5
    kind = "virtual opponent" if regime == "virtual-opponent" else "dummy opponent"
    assert by_round[3].label == f"{kind}, round 3"
    assert by_round[1].label == "A" and by_round[1].opponent == ID["A"]
    assert f"{round3} ({kind}, round 3)" in bh.summary


def test_the_virtual_opponent_breakdown_writes_out_the_formula() -> None:
    t = TournamentTiebreaks(build(), 7, regime="virtual-opponent")
    r3 = next(p for p in t.value(P, "BH").parts if p.round == 3)
    assert r3.detail == "virtual opponent: 1.5 before round 3 + 0.0 in round 3 + 0.5 x 4 later rounds = 3.5"


def test_the_2026_caps_are_named_in_the_breakdown() -> None:
    t = TournamentTiebreaks(build(), 7, regime="fide-2026")
    parts = {p.round: p for p in t.value(P, "BH").parts}
    assert "C's adjusted score 3.0 (16.4.1)" in parts[3].detail
    assert "draw points x 7 rounds = 3.5 (16.4.2)" in parts[5].detail


@pytest.mark.parametrize(("regime", "cut"), [("fide-2024", "5.0"), ("fide-2026", "3.5")])
def test_cut_1_removes_the_voluntary_unplayed_round_not_the_lowest_value(regime: str, cut: str) -> None:
    v = TournamentTiebreaks(build(), 7, regime=regime).value(P, "BH-C1")
    (removed,) = [p for p in v.parts if p.cut]
    assert (removed.round, removed.display) == (5, cut)
    assert any("16.5" in note for note in v.notes)


def test_the_old_rule_cuts_the_plain_lowest_value() -> None:
    v = TournamentTiebreaks(build(), 7, regime="virtual-opponent").value(P, "BH-C1")
    (removed,) = [p for p in v.parts if p.cut]
    assert removed.value == Fraction(7, 2)


# Further 2026 values: BH-M1 = 29.0 - 3.5 (VUR) - 5.5 (highest, D) = 20.0;
# PS = 1 + 1.5 + 2.5 + 2.5 + 3 + 4 + 5 = 19.5, PS-C1 = 19.5 - 1 = 18.5;
# WIN = 4 (rounds 1, 3, 6, 7: the forfeit win counts); WON = 3 (over the board only).
def test_the_further_2026_values() -> None:
    assert values("fide-2026", "BH-M1", "PS", "PS-C1", "WIN", "WON") == {
        "BH-M1": "20.0",
        "PS": "19.5",
        "PS-C1": "18.5",
        "WIN": "4",
        "WON": "3",
    }


# SB-C1 cuts the least significant value (C.07 14.1.1): the part from the opponent with the lowest score,
# not the lowest product (D's 5.5 x 0 = 0). P has a VUR, the half-point bye of round 5, and 16.5.1 cuts the
# higher of the two candidates:
# - 2026: lowest score is C's forfeit dummy 3.0 (x 1 = 3.0); the bye's dummy 3.5 x 0.5 = 1.75 is lower, so
#   the 3.0 goes: 19.25 - 3.0 = 16.25.
# - 2024: lowest score is E's 3.5 (x 1 = 3.5); the bye's dummy 5.0 x 0.5 = 2.5 is lower: 22.0 - 3.5 = 18.5.
# - virtual opponent (no VUR exception): lowest score 3.5 is shared by E (3.5) and the round-3 virtual
#   opponent (3.5 x 1); the virtual one goes: 20.0 - 3.5 = 16.5.
# (Cutting the lowest product, the old mistake, gave 17.5, 19.5 and 20.0.)
@pytest.mark.parametrize(
    ("regime", "expected", "cut"),
    [("fide-2026", "16.25", 3), ("fide-2024", "18.5", 6), ("virtual-opponent", "16.5", 3)],
)
def test_sb_cut_1_takes_the_higher_of_the_two_candidates(regime: str, expected: str, cut: int) -> None:
    v = TournamentTiebreaks(build(), 7, regime=regime).value(P, "SB-C1")
    assert v.display == expected
    assert [p.round for p in v.parts if p.cut] == [cut]


def test_median_cuts_the_vur_at_the_bottom_and_the_highest_opponent_at_the_top() -> None:
    v = TournamentTiebreaks(build(), 7, regime="fide-2026").value(P, "BH-M1")
    assert sorted((p.round, p.display) for p in v.parts if p.cut) == [(4, "5.5"), (5, "3.5")]


def adjusted_score_of_p_as_seen_by_a(participants: tuple[Participant, ...], regime: str) -> str:
    """P's score in A's Buchholz: A's round-1 opponent was P."""
    bh = TournamentTiebreaks(participants, 7, regime=regime).value(ID["A"], "BH")
    return next(p.display for p in bh.parts if p.round == 1)


# As an opponent, P counts 5.0 under the 2023+ rules (the forfeit win, category .2, and the half-point bye
# followed by games, category .3, at face value) and 4.5 under the old rule (forfeit win 1 -> 0.5).
@pytest.mark.parametrize(
    ("regime", "expected"), [("virtual-opponent", "4.5"), ("fide-2024", "5.0"), ("fide-2026", "5.0")]
)
def test_p_as_an_opponent(regime: str, expected: str) -> None:
    assert adjusted_score_of_p_as_seen_by_a(build(), regime) == expected


# P withdrawn after round 5: rounds 6-7 are zero-point byes followed only by VURs (category .5).
# Real score 1 + 0.5 + 1 + 0 + 0.5 = 3.0; adjusted 3.0 + 0.5 + 0.5 = 4.0;
# P's own 2026 dummy for those rounds: min(own 3.0, 0.5 x 7 = 3.5) = 3.0.
def test_p_withdrawn_after_round_5() -> None:
    participants = build(p_withdraws_after=5)
    t = TournamentTiebreaks(participants, 7, regime="fide-2026")
    assert t.total[P] == 6
    assert adjusted_score_of_p_as_seen_by_a(participants, "fide-2026") == "4.0"
    parts = {p.round: p for p in t.value(P, "BH").parts}
    assert (parts[6].display, parts[7].display) == ("3.0", "3.0")
    assert parts[6].source == "dummy"


# Koya in a Swiss with unplayed rounds (C.07 9.2 defines it for round robins and does not say which score
# decides the 50 % limit): the product uses the opponent's real final score, the one the standings show.
# With P withdrawn after round 5, P finishes on 3.0, below half of 7 = 3.5, although P's adjusted score
# (4.0: the two zero-point byes after the withdrawal count as draws, 16.3) is above it. D beat P in round 4:
# that point does not count for D's Koya, under every unplayed-round rule.
@pytest.mark.parametrize("regime", ["virtual-opponent", "fide-2024", "fide-2026"])
def test_koya_uses_the_opponents_real_score_not_the_adjusted_one(regime: str) -> None:
    t = TournamentTiebreaks(build(p_withdraws_after=5), 7, regime=regime)
    ks = t.value(ID["D"], "KS")
    (against_p,) = (p for p in ks.parts if p.round == 4)
    assert against_p.display == "1.0"
    assert against_p.label == "P on 3.0"
    assert against_p.cut
    assert ks.value == sum((p.value for p in ks.parts if not p.cut), Fraction(0))
    assert any("final score" in note for note in ks.notes)
