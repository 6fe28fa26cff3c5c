"""What a cut or median modifier removes (C.07 Art. 14), for Sonneborn-Berger above all.

C.07 14.1.1 cuts the *least significant value*. For Buchholz that is the lowest opponent score. For
Sonneborn-Berger it is the contribution of the opponent with the lowest score (among several opponents on
that score, the lowest contribution), which is not always the lowest product: a loss contributes 0 whoever
the opponent was. 16.5.1's "for SB-C1 cut the higher of the two" only makes sense under this reading.

A three-round Swiss, everything played (so every unplayed-round rule gives the same values):

    R1            R2            R3            final
P   = A           1-0 v B       0-1 v C       1.5
A   = P           = C           1-0 v X       2.0
B   1-0 v X       0-1 v P       0-1 v Y       1.0
C   1-0 v Y       = A           1-0 v P       2.5
X   0-1 v B       = Y           0-1 v A       0.5
Y   0-1 v C       = X           1-0 v B       1.5

P's Sonneborn-Berger: drew A on 2.0 (1.0) + beat B on 1.0 (1.0) + lost to C on 2.5 (0) = 2.0. The least
significant value is B's 1.0 (B has the lowest score), so SB-C1 = 1.0, not 2.0 (cutting the loss's 0).
"""

from __future__ import annotations

import pytest

from pairing.engine.tiebreaks import REGIMES, TournamentTiebreaks
from pairing.engine.types import Colour, Participant, ResultCode, RoundRecord

R = ResultCode
W, B_ = Colour.WHITE, Colour.BLACK
P, A, B, C, X, Y = 1, 2, 3, 4, 5, 6
NAME = {P: "P", A: "A", B: "B", C: "C", X: "X", Y: "Y"}
HISTORY = {
    P: (RoundRecord(R.DRAW, A, W), RoundRecord(R.WIN, B, B_), RoundRecord(R.LOSS, C, W)),
    A: (RoundRecord(R.DRAW, P, B_), RoundRecord(R.DRAW, C, W), RoundRecord(R.WIN, X, B_)),
    B: (RoundRecord(R.WIN, X, W), RoundRecord(R.LOSS, P, W), RoundRecord(R.LOSS, Y, B_)),
    C: (RoundRecord(R.WIN, Y, B_), RoundRecord(R.DRAW, A, B_), RoundRecord(R.WIN, P, B_)),
    X: (RoundRecord(R.LOSS, B, B_), RoundRecord(R.DRAW, Y, W), RoundRecord(R.LOSS, A, W)),
    Y: (RoundRecord(R.LOSS, C, W), RoundRecord(R.DRAW, X, B_), RoundRecord(R.WIN, B, W)),
}
PARTICIPANTS = tuple(Participant(id=pid, tpn=pid, name=NAME[pid], history=HISTORY[pid]) for pid in NAME)


@pytest.mark.parametrize("regime", REGIMES)
def test_sb_cut_1_removes_the_lowest_scoring_opponents_part_not_the_lowest_product(regime: str) -> None:
    t = TournamentTiebreaks(PARTICIPANTS, 3, regime=regime)
    assert t.value(P, "SB").display == "2.0"
    v = t.value(P, "SB-C1")
    assert v.display == "1.0"
    assert [(p.label, p.display) for p in v.parts if p.cut] == [("B", "1.0")]


def test_the_sb_cut_is_explained_in_plain_words() -> None:
    v = TournamentTiebreaks(PARTICIPANTS, 3).value(P, "SB-C1")
    assert any("B" in note and "lowest score (1.0)" in note and "C.07 14.1.1" in note for note in v.notes), (
        v.notes
    )
    assert v.summary == "Sonneborn-Berger cut 1 1.0 = 1.0 (A) + 0.0 (C); not counted: 1.0 (B)"


# C's opponents: Y (1.5, beaten: 1.5), A (2.0, drawn: 1.0), P (1.5, beaten: 1.5). The lowest score, 1.5, is
# shared by Y and P, both contributing 1.5: the later round's (P's) is cut, as in every tie a cut meets, and
# SB-C1 = 4.0 - 1.5 = 2.5. A's 1.0 is the lowest product, but A is not the lowest-scoring opponent.
def test_among_opponents_on_the_lowest_score_one_part_is_cut() -> None:
    t = TournamentTiebreaks(PARTICIPANTS, 3)
    assert t.value(C, "SB").display == "4.0"
    v = t.value(C, "SB-C1")
    assert v.display == "2.5"
    assert [p.label for p in v.parts if p.cut] == ["P"]


# Where C.07 gives nothing to compute, the rules page promises 0 (templates/public/_tiebreak_rule_notes.html).
def test_bh_m2_of_three_rounds_leaves_nothing_and_is_0_for_everyone() -> None:
    t = TournamentTiebreaks(PARTICIPANTS, 3, regime="fide-2026")
    values = {NAME[pid]: t.value(pid, "BH-M2") for pid in NAME}
    assert {v.display for v in values.values()} == {"0.0"}
    assert all(p.cut for v in values.values() for p in v.parts)


def test_aro_c1_with_a_single_rated_opponent_is_0_and_says_why() -> None:
    rated = {A: 1800}  # B and C unrated
    players = tuple(
        Participant(id=pid, tpn=pid, name=NAME[pid], rating=rated.get(pid, 0), history=HISTORY[pid])
        for pid in NAME
    )
    t = TournamentTiebreaks(players, 3)
    assert t.value(P, "ARO").display == "1800"
    v = t.value(P, "ARO-C1")
    assert v.display == "0"
    assert [(p.label, p.cut) for p in v.parts] == [("A", True)]
    assert "no rated game over the board counted" in v.notes
