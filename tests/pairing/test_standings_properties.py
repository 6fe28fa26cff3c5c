"""Properties of the standings on random Swiss tournaments (hypothesis), plus a 3/1/0 virtual opponent."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine.standings import StandingsRequest, compute_standings
from pairing.engine.tiebreaks import REGIMES, TournamentTiebreaks
from pairing.engine.types import Colour, Participant, ResultCode, RoundRecord, Scoring

R = ResultCode


def random_swiss(seed: int, players: int, rounds: int) -> tuple[Participant, ...]:
    """Random symmetric records: games, forfeits, PABs, half-point byes and absences."""
    rng = random.Random(seed)
    history: dict[int, list[RoundRecord]] = {pid: [] for pid in range(1, players + 1)}
    for _ in range(rounds):
        present = []
        for pid in history:
            roll = rng.random()
            if roll < 0.05:
                history[pid].append(RoundRecord(R.HALF_BYE))
            elif roll < 0.10:
                history[pid].append(RoundRecord(R.ZERO_BYE))
            else:
                present.append(pid)
        rng.shuffle(present)
        if len(present) % 2:
            history[present.pop()].append(RoundRecord(R.PAB))
        for a, b in zip(present[::2], present[1::2], strict=True):
            ra, rb = rng.choice(
                [(R.WIN, R.LOSS), (R.DRAW, R.DRAW), (R.LOSS, R.WIN), (R.FORFEIT_WIN, R.FORFEIT_LOSS)]
            )
            history[a].append(RoundRecord(ra, b, Colour.WHITE))
            history[b].append(RoundRecord(rb, a, Colour.BLACK))
    return tuple(
        Participant(id=pid, tpn=pid, rating=1500 + 10 * pid, name=f"P{pid}", history=tuple(recs))
        for pid, recs in history.items()
    )


tournaments = st.builds(
    random_swiss, st.integers(0, 10**6), st.integers(2, 14), st.integers(1, 6)
)  # fmt: skip
LIST = ("BH-C1", "BH", "SB", "WIN", "PS")


@settings(max_examples=60, deadline=None)
@given(tournaments, st.sampled_from(REGIMES), st.integers(0, 1000))
def test_rows_are_ordered_by_points_then_the_list_then_lots(
    participants: tuple[Participant, ...], regime: str, seed: int
) -> None:
    rounds = len(participants[0].history)
    standings = compute_standings(
        StandingsRequest(participants, rounds, tiebreaks=LIST, unplayed=regime, seed=seed)
    )
    assert [row.rank for row in standings.rows] == list(range(1, len(participants) + 1))
    keys = [(row.points, *(v.value for v in row.tiebreaks)) for row in standings.rows]
    assert keys == sorted(keys, reverse=True)
    for row, nxt in zip(standings.rows, standings.rows[1:], strict=False):
        level = keys[row.rank - 1] == keys[nxt.rank - 1]
        assert level == (row.by_lot and nxt.by_lot and row.lot_group == nxt.lot_group)


@settings(max_examples=60, deadline=None)
@given(tournaments, st.sampled_from(REGIMES))
def test_values_are_the_sum_of_their_uncut_parts_and_cuts_only_lower_them(
    participants: tuple[Participant, ...], regime: str
) -> None:
    rounds = len(participants[0].history)
    t = TournamentTiebreaks(participants, rounds, regime=regime)
    for p in participants:
        bh = t.value(p.id, "BH")
        assert len(bh.parts) == rounds  # a Swiss round always has a real, virtual or dummy opponent
        for code in ("BH", "BH-C1", "BH-M1", "SB", "SB-C1", "PS", "KS"):
            v = t.value(p.id, code)
            assert v.value == sum(part.value for part in v.parts if not part.cut)
        assert t.value(p.id, "BH-M1").value <= t.value(p.id, "BH-C1").value <= bh.value
        assert sum(part.cut for part in t.value(p.id, "BH-C1").parts) == min(1, rounds)


@settings(max_examples=40, deadline=None)
@given(tournaments, st.sampled_from(REGIMES), st.randoms(use_true_random=False))
def test_the_input_order_does_not_change_the_standings(
    participants: tuple[Participant, ...], regime: str, rng: random.Random
) -> None:
    rounds = len(participants[0].history)
    shuffled = list(participants)
    rng.shuffle(shuffled)
    first, second = (
        compute_standings(
            StandingsRequest(tuple(ps), rounds, tiebreaks=("DE", *LIST), unplayed=regime, seed=5)
        )
        for ps in (participants, shuffled)
    )
    assert first == second


# 3/1/0 scoring (half-points: win 6, draw 2). R1: A beats B, C has a half-point bye (1 point);
# R2: A draws C, B has the PAB (3 points). n = 2.
# C's virtual opponent in round 1 had C's 0 before it, the *opposite* of C's draw, i.e. a draw (1), and
# draws the one later round (1): 0 + 1 + 1 = 2.0 (W - SfPR would give 3 - 1 = 2 for the round: 3.0).
# A as an opponent (played games only): 3 + 1 = 4.0. BH(C) = 2.0 + 4.0 = 6.0.
def test_the_virtual_opponent_takes_the_opposite_result_under_3_1_0_scoring() -> None:
    a, b, c = 1, 2, 3
    history = {
        a: (RoundRecord(R.WIN, b, Colour.WHITE), RoundRecord(R.DRAW, c, Colour.WHITE)),
        b: (RoundRecord(R.LOSS, a, Colour.BLACK), RoundRecord(R.PAB)),
        c: (RoundRecord(R.HALF_BYE), RoundRecord(R.DRAW, a, Colour.BLACK)),
    }
    participants = tuple(
        Participant(id=pid, tpn=pid, name="ABC"[pid - 1], history=h) for pid, h in history.items()
    )
    bh = TournamentTiebreaks(participants, 2, scoring=Scoring(win=6, draw=2, loss=0)).value(c, "BH")
    assert [(p.label, p.display) for p in bh.parts] == [("virtual opponent, round 1", "2.0"), ("A", "4.0")]
    assert (
        bh.parts[0].detail
        == "virtual opponent: 0.0 before round 1 + 1.0 in round 1 + 1.0 x 1 later round = 2.0"
    )
    assert bh.display == "6.0"
