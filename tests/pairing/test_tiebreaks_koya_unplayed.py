"""Koya (C.07 9.2) in a Swiss with forfeits and byes: an unplayed round is a game against a stand-in (16.4).

C.07 16.4: for tie-break purposes each unplayed round of a participant counts as a game against a dummy
opponent with the participant's own final score (2024 edition), since 1 March 2026 capped at the scheduled
opponent's adjusted score for a forfeit (16.4.1) and at draw points x rounds otherwise (16.4.2). Under the
2012 rule (the product's default) the virtual opponent stands in: score before the round + the opposite
result + a draw for every later round. Koya counts the round's points when that stand-in reaches half the
maximum; a real opponent reaches it on their real final score (unchanged, both references agree).

Every tournament below is small enough to check by hand; the numbers are in the comments. The two
independent references disagree with the article where noted (docs/fide-endorsement.md, "Koya and
forfeits"): Gacrux counts a forfeit win when the *scheduled opponent* reached half, whatever the winner's
score, and never a bye; tiebreak-core counts games over the board only.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest

from pairing.engine.standings import StandingsRequest, compute_standings
from pairing.engine.tiebreaks import TournamentTiebreaks
from pairing.engine.types import Colour, Participant, ResultCode, RoundRecord

R = ResultCode
_OTHER = {
    R.WIN: R.LOSS,
    R.LOSS: R.WIN,
    R.DRAW: R.DRAW,
    R.FORFEIT_WIN: R.FORFEIT_LOSS,
    R.FORFEIT_LOSS: R.FORFEIT_WIN,
}

Pairing = tuple[str, str, ResultCode] | tuple[str, ResultCode]
"""``(white, black, white's result)`` for a board, ``(player, code)`` for a bye or an absence."""


def build(names: str, rounds: Sequence[Sequence[Pairing]]) -> tuple[Participant, ...]:
    """Participants with ids 1.. in the order of ``names`` (one letter each), from the rounds' boards."""
    ids = {name: i for i, name in enumerate(names, start=1)}
    history: dict[str, list[RoundRecord]] = {name: [] for name in names}
    for boards in rounds:
        for board in boards:
            if len(board) == 2:
                history[board[0]].append(RoundRecord(board[1]))
            else:
                white, black, result = board
                history[white].append(RoundRecord(result, ids[black], Colour.WHITE))
                history[black].append(RoundRecord(_OTHER[result], ids[white], Colour.BLACK))
    return tuple(
        Participant(id=ids[n], tpn=ids[n], rating=2000 - 100 * ids[n], name=n, history=tuple(history[n]))
        for n in names
    )


def koya(participants: tuple[Participant, ...], rounds: int, regime: str) -> dict[str, str]:
    t = TournamentTiebreaks(participants, rounds, regime=regime)
    return {p.name: t.value(p.id, "KS").display for p in participants}


# A forfeit win against an opponent on half or more, by a winner on half or more (3 rounds, limit 1.5).
#   R1 A-B forfeit (B absent), C-D 1-0; R2 A-C 1-0, B-D 1-0; R3 A-D ½-½, B-C 1-0.
#   Final: A 2.5, B 2.0 (adjusted 2.0: the forfeit loss is 16.2.4, face value), C 1.0, D 0.5.
#   A's round 1: 2026 dummy min(own 2.5, B's adjusted 2.0) = 2.0 >= 1.5: counts (16.4.1);
#                2024 dummy own 2.5: counts; 2012 virtual opponent 0 + 0 + ½ x 2 = 1.0: does not.
#   A's games: C (1.0) and D (0.5) are below the limit. So A's KS is 1.0 (C.07) or 0.0 (2012 rule).
#   Gacrux: 1.0 (B's 2.0 reaches it); tiebreak-core: 0.0 (a forfeit is not a game).
FORFEIT_BOTH_HALF = build(
    "ABCD",
    [
        [("A", "B", R.FORFEIT_WIN), ("C", "D", R.WIN)],
        [("A", "C", R.WIN), ("B", "D", R.WIN)],
        [("A", "D", R.DRAW), ("B", "C", R.WIN)],
    ],
)


@pytest.mark.parametrize(
    ("regime", "a"), [("fide-2026", "1.0"), ("fide-2024", "1.0"), ("virtual-opponent", "0.0")]
)
def test_a_forfeit_win_counts_when_the_dummy_reaches_half(regime: str, a: str) -> None:
    # B: D (0.5) and C (1.0) below the limit; C: a loss to A and to B; D: the draw with A (2.5) counts.
    assert koya(FORFEIT_BOTH_HALF, 3, regime) == {"A": a, "B": "0.0", "C": "0.0", "D": "0.5"}


def test_the_forfeit_line_names_the_dummy_and_its_capped_score() -> None:
    t = TournamentTiebreaks(FORFEIT_BOTH_HALF, 3, regime="fide-2026")
    ks = t.value(1, "KS")
    first = ks.parts[0]
    assert (first.round, first.source, first.display, first.cut) == (1, "dummy", "1.0", False)
    assert first.label == "dummy opponent, round 1 on 2.0"
    assert "16.4.1" in first.detail
    assert [p.cut for p in ks.parts] == [False, True, True]
    assert any("C.07 16.4" in note for note in ks.notes)


# A forfeit win by a player below half against an opponent on half (3 rounds, limit 1.5).
#   R1 A-D forfeit (A absent), B-C 1-0; R2 A-B 1-0, C-D 1-0; R3 A-C 1-0, B-D 1-0.
#   Final: A 2.0, B 2.0, C 1.0, D 1.0. D's round 1: every dummy has at most D's own 1.0, the virtual
#   opponent 0 + 0 + ½ x 2 = 1.0: below 1.5, not counted. D's games: C (1.0) below, B (2.0) a loss.
#   Gacrux counts 1.0 for D (A's real 2.0 reaches the limit): a point C.07 16.4 gives to nobody below half.
FORFEIT_WINNER_BELOW_HALF = build(
    "ABCD",
    [
        [("A", "D", R.FORFEIT_LOSS), ("B", "C", R.WIN)],
        [("A", "B", R.WIN), ("C", "D", R.WIN)],
        [("A", "C", R.WIN), ("B", "D", R.WIN)],
    ],
)


@pytest.mark.parametrize("regime", ["fide-2026", "fide-2024", "virtual-opponent"])
def test_a_forfeit_win_of_a_player_below_half_never_counts(regime: str) -> None:
    # A: B (2.0) 1 + C (1.0) below = 1.0; B: C below, A 0, D below = 0.0; C: B 0, D below, A 0 = 0.0.
    assert koya(FORFEIT_WINNER_BELOW_HALF, 3, regime) == {"A": "1.0", "B": "0.0", "C": "0.0", "D": "0.0"}


# A forfeit win against an opponent below half, by a winner above it (3 rounds, limit 1.5).
#   R1 A-B forfeit (B absent), C-D 1-0; R2 A-C 1-0, D-B 1-0; R3 A-D ½-½, C-B 1-0.
#   Final: A 2.5, B 0.0, C 2.0, D 1.5. A's round 1: 2026 dummy min(2.5, B's adjusted 0.0) = 0.0, not
#   counted (the cap of 16.4.1); 2024 dummy 2.5 counted; virtual opponent 1.0 not counted.
#   A's games: C (2.0) 1 + D (1.5) ½ = 1.5. KS: 2026 1.5, 2024 2.5, 2012 1.5.
FORFEIT_OPPONENT_BELOW_HALF = build(
    "ABCD",
    [
        [("A", "B", R.FORFEIT_WIN), ("C", "D", R.WIN)],
        [("A", "C", R.WIN), ("D", "B", R.WIN)],
        [("A", "D", R.DRAW), ("C", "B", R.WIN)],
    ],
)


@pytest.mark.parametrize(
    ("regime", "a"), [("fide-2026", "1.5"), ("fide-2024", "2.5"), ("virtual-opponent", "1.5")]
)
def test_the_2026_cap_keeps_a_forfeit_win_against_a_weak_opponent_out(regime: str, a: str) -> None:
    assert koya(FORFEIT_OPPONENT_BELOW_HALF, 3, regime)["A"] == a


# Byes (5 players, 3 rounds, limit 1.5, draw x rounds = 1.5).
#   R1 A PAB, B-C 1-0, D-E ½-½; R2 A-B 1-0, C-D 1-0, E PAB; R3 A-C ½-½, B-E 1-0, D half-point bye.
#   Final: A 2.5, B 2.0, C 1.5, D 1.0, E 1.5.
#   A's PAB: 2026 min(2.5, 1.5) = 1.5 counts (16.4.2); 2024 2.5 counts; virtual 0 + 0 + ½ x 2 = 1.0 does not.
#     A's games: B (2.0) 1 + C (1.5) ½. KS: 2.5 (C.07), 1.5 (2012 rule).
#   E's PAB: 2026 min(1.5, 1.5) = 1.5 counts; 2024 1.5 counts; virtual ½ + 0 + ½ x 1 = 1.0 does not.
#     E's games: D (1.0) below, B (2.0) a loss. KS: 1.0 (C.07), 0.0 (2012 rule).
#   D's half-point bye in the last round (16.2.5): every stand-in has 1.0 (own score; virtual ½ + ½ + 0):
#     below the limit. D's games: E (1.5) ½, C (1.5) 0. KS 0.5.
#   B: C (1.5) 1 + A 0 + E (1.5) 1 = 2.0; C: B 0 + D below + A (2.5) ½ = 0.5.
BYES = build(
    "ABCDE",
    [
        [("A", R.PAB), ("B", "C", R.WIN), ("D", "E", R.DRAW)],
        [("A", "B", R.WIN), ("C", "D", R.WIN), ("E", R.PAB)],
        [("A", "C", R.DRAW), ("B", "E", R.WIN), ("D", R.HALF_BYE)],
    ],
)


@pytest.mark.parametrize(
    ("regime", "expected"),
    [
        ("fide-2026", {"A": "2.5", "B": "2.0", "C": "0.5", "D": "0.5", "E": "1.0"}),
        ("fide-2024", {"A": "2.5", "B": "2.0", "C": "0.5", "D": "0.5", "E": "1.0"}),
        ("virtual-opponent", {"A": "1.5", "B": "2.0", "C": "0.5", "D": "0.5", "E": "0.0"}),
    ],
)
def test_a_bye_counts_against_its_stand_in(regime: str, expected: dict[str, str]) -> None:
    assert koya(BYES, 3, regime) == expected


def test_a_round_robin_is_unchanged_forfeits_are_games_and_byes_nothing() -> None:
    """C.07 15.2: in a round robin forfeits count as games against the scheduled opponent on their score,
    and there is no dummy; the same forfeit as above counts on B's real 2.0 whatever A's score."""
    t = TournamentTiebreaks(FORFEIT_WINNER_BELOW_HALF, 3, round_robin=True)
    d = t.value(4, "KS")
    assert d.display == "1.0"
    # Round 1 the forfeit win v A (2.0): counted; round 2 C (1.0): below; round 3 B (2.0): a loss, 0.
    assert [(p.round, p.source, p.cut) for p in d.parts] == [
        (1, "forfeit", False),
        (2, "game", True),
        (3, "game", False),
    ]


@pytest.mark.parametrize("regime", ["fide-2026", "fide-2024", "virtual-opponent"])
@pytest.mark.parametrize(
    "tournament", [FORFEIT_BOTH_HALF, FORFEIT_WINNER_BELOW_HALF, FORFEIT_OPPONENT_BELOW_HALF, BYES]
)
def test_the_value_without_breakdown_is_the_same(tournament: tuple[Participant, ...], regime: str) -> None:
    t = TournamentTiebreaks(tournament, 3, regime=regime)
    for p in tournament:
        full = t.value(p.id, "KS")
        assert full.value == t.value(p.id, "KS", explain=False).value
        assert full.value == sum((part.value for part in full.parts if not part.cut), Fraction(0))
        assert len(full.parts) == 3  # a line per round: game, forfeit's dummy, bye's dummy


@pytest.mark.parametrize(("regime", "order"), [("fide-2026", ["E", "C"]), ("virtual-opponent", ["C", "E"])])
def test_koya_through_a_bye_decides_a_place(regime: str, order: list[str]) -> None:
    """C and E are level on 1.5 in BYES; KS (C.07 4.2) puts E first under C.07 16.4 (E's pairing-allocated
    bye counts against a dummy on 1.5) and C first under the 2012 rule (E's virtual opponent has 1.0)."""
    standings = compute_standings(StandingsRequest(BYES, 3, tiebreaks=("KS",), unplayed=regime))
    level = [row for row in standings.rows if row.points == Fraction(3, 2)]
    assert [row.name for row in level] == order
    assert all(row.decided_by == "KS" and not row.by_lot for row in level)
