"""The least-bad pairing on hand-made rounds: what it breaks, in which order, and how it says so."""

from __future__ import annotations

import pytest

from pairing.engine.checks import check_pairing
from pairing.engine.errors import InvalidRequestError
from pairing.engine.least_bad import pair_least_bad
from pairing.engine.types import (
    Colour,
    PairingRequest,
    PairingResult,
    Participant,
    ResultCode,
    RoundRecord,
)

W, B = Colour.WHITE, Colour.BLACK
DRAW, WIN, LOSS = ResultCode.DRAW, ResultCode.WIN, ResultCode.LOSS


def rec(opponent: int, colour: Colour, result: ResultCode = DRAW) -> RoundRecord:
    return RoundRecord(result, opponent, colour)


def person(pid: int, *history: RoundRecord, name: str = "", available: bool = True) -> Participant:
    return Participant(id=pid, tpn=pid, name=name or f"Player {pid}", history=history, available=available)


def request(*participants: Participant, total: int = 9, **kwargs: object) -> PairingRequest:
    """The round after ``participants``' histories. An opponent a history names who is not among
    them is added as a participant who played only that game and is absent now."""
    rounds = len(participants[0].history)
    known = {p.id for p in participants}
    fillers: dict[int, list[RoundRecord]] = {}
    for p in participants:
        for k, r in enumerate(p.history):
            if r.opponent is not None and r.opponent not in known:
                history = fillers.setdefault(r.opponent, [RoundRecord(ResultCode.ZERO_BYE)] * rounds)
                assert r.colour is not None
                history[k] = RoundRecord(r.result, p.id, r.colour.opposite)  # a draw: the same result
    absent = tuple(
        Participant(id=pid, tpn=pid, name=f"Filler {pid}", history=tuple(h), available=False)
        for pid, h in sorted(fillers.items())
    )
    return PairingRequest(
        round_number=rounds + 1,
        total_rounds=total,
        participants=participants + absent,
        least_bad=True,
        **kwargs,  # type: ignore[arg-type]
    )


def pairs(result: PairingResult) -> set[frozenset[int]]:
    return {frozenset((b.white, b.black)) for b in result.boards}


def broken(result: PairingResult) -> set[tuple[str, tuple[int, ...]]]:
    return {(v.rule, v.participants) for v in result.violations}


def checked(req: PairingRequest) -> PairingResult:
    """Pair least-bad and insist that what it reports is exactly what the checker finds."""
    result = pair_least_bad(req)
    assert broken(result) == {(v.rule, v.participants) for v in check_pairing(req, result)}
    return result


# -- relaxations -------------------------------------------------------------------------------------


def exhausted_round_robin() -> PairingRequest:
    """Four players who have all met; colours are such that no pairing breaks a colour limit."""
    return request(
        person(1, rec(3, W), rec(4, B), rec(2, W), name="Anna Berg"),
        person(2, rec(4, W), rec(3, B), rec(1, B), name="Bo Chen"),
        person(3, rec(1, B), rec(2, W), rec(4, B), name="Cleo Dunn"),
        person(4, rec(2, B), rec(1, W), rec(3, W), name="Dan Eke"),
        total=4,
    )


def test_when_everyone_has_met_it_pairs_the_oldest_meetings_again() -> None:
    req = exhausted_round_robin()
    result = checked(req)
    assert pairs(result) == {frozenset({1, 3}), frozenset({2, 4})}  # the round-1 pairs
    assert broken(result) == {("rematch", (1, 3)), ("rematch", (2, 4))}
    message = next(v.message for v in result.violations if v.participants == (1, 3))
    assert message == (
        "Round 4: no pairing keeps every rule. Anna Berg and Cleo Dunn play each other again; "
        "they already met in round 1 (rule: no two players meet twice)."
    )


def test_the_notes_say_why_the_least_bad_path_was_taken() -> None:
    result = checked(exhausted_round_robin())
    (note,) = result.explanation.notes
    assert note.startswith("Round 4: no pairing keeps every absolute rule")
    assert "colour limits, then bye eligibility, then rematches" in note
    assert note.endswith("Broken here: 2 rematches.")


def test_it_breaks_colour_limits_rather_than_pair_a_rematch() -> None:
    # Rounds 1-2 gave 1 and 4 two Blacks each, 2 and 3 two Whites. The only pairing without a
    # rematch is 1-4 and 2-3, where both pairs need the same colour.
    req = request(
        person(1, rec(2, B), rec(3, B)),
        person(2, rec(1, W), rec(4, W)),
        person(3, rec(4, W), rec(1, W)),
        person(4, rec(3, B), rec(2, B)),
    )
    result = checked(req)
    assert pairs(result) == {frozenset({1, 4}), frozenset({2, 3})}
    found = broken(result)
    assert ("colour-clash", (1, 4)) in found and ("colour-clash", (2, 3)) in found
    assert not any(rule == "rematch" for rule, _ in found)
    # Equal claims are settled by rank (Art. 5.2.4): 1 and 2 get their colour, 4 and 3 pay.
    assert {pid for rule, (pid, *_) in found if rule == "colour-three-in-row"} == {3, 4}


def test_it_gives_a_second_bye_rather_than_pair_a_rematch() -> None:
    # Round 1: 1 won by forfeit against 2 (not a meeting), 3 had the bye; round 2: 1 beat 3, 2 had the bye.
    req = request(
        person(1, RoundRecord(ResultCode.FORFEIT_WIN, 2, W), rec(3, B, WIN)),
        person(2, RoundRecord(ResultCode.FORFEIT_LOSS, 1, B), RoundRecord(ResultCode.PAB)),
        person(3, RoundRecord(ResultCode.PAB), rec(1, W, LOSS), name="Cleo Dunn"),
    )
    result = checked(req)
    # Every bye is barred; 2-3 and 1-2 are not rematches, 1-3 is. The bye goes to the lowest score.
    assert broken(result) == {("second-bye", (3,))}
    assert result.bye == 3
    assert result.explanation.notes[0].endswith("Broken here: a bye for someone who already had one.")
    assert ("down", "Cleo Dunn receives the pairing-allocated bye") in [
        (f.direction, f.reason) for f in result.explanation.floats if f.participant == 3
    ]
    assert pairs(result) == {frozenset({1, 2})}
    assert result.violations[0].message == (
        "Round 3: no pairing keeps every rule. Cleo Dunn gets the bye again, after a bye or a win "
        "without playing in round 1 (rule: nobody gets the bye twice, nor after a forfeit win)."
    )


def test_a_third_bye_is_worse_than_a_second() -> None:
    twice = (RoundRecord(ResultCode.PAB), RoundRecord(ResultCode.PAB))
    once = (RoundRecord(ResultCode.PAB), RoundRecord(ResultCode.ZERO_BYE))
    req = request(person(1, *once), person(2, *twice), person(3, *once))
    result = checked(req)
    assert result.bye in (1, 3)
    assert broken(result) == {("second-bye", (result.bye,))}


def test_a_forbidden_pair_is_the_very_last_resort() -> None:
    req = request(person(1), person(2), forbidden_pairs=frozenset({frozenset({1, 2})}))
    result = checked(req)
    assert pairs(result) == {frozenset({1, 2})}
    assert broken(result) == {("forbidden-pair", (1, 2))}
    # With a rematch available instead, the rematch is preferred.
    req = request(
        person(1, rec(3, W)),
        person(2, rec(4, W)),
        person(3, rec(1, B)),
        person(4, rec(2, B)),
        forbidden_pairs=frozenset({frozenset({1, 2}), frozenset({1, 4})}),
    )
    result = checked(req)
    assert broken(result) == {("rematch", (1, 3)), ("rematch", (2, 4))}


def test_when_a_legal_pairing_exists_it_breaks_nothing() -> None:
    req = request(*(person(i) for i in range(1, 8)))
    result = checked(req)
    assert result.violations == ()
    assert check_pairing(req, result) == []
    assert result.bye == 7  # lowest-ranked on the lowest score
    assert pairs(result) == {frozenset({1, 4}), frozenset({2, 5}), frozenset({3, 6})}  # S1 v S2
    assert "keeps every absolute rule" in result.explanation.notes[0]


def test_the_bye_goes_to_the_lowest_score_first() -> None:
    req = request(
        person(1, rec(2, W, WIN)),
        person(2, rec(1, B, LOSS)),
        person(3, rec(4, W, WIN)),
        person(4, rec(3, B, LOSS)),
        person(5, RoundRecord(ResultCode.PAB)),
    )
    result = checked(req)
    assert result.violations == ()
    assert result.bye == 4  # 2 and 4 are on zero; 5 is barred; 4 is ranked lower


def test_unavailable_participants_are_left_out() -> None:
    req = request(person(1), person(2), person(3, available=False))
    result = checked(req)
    assert pairs(result) == {frozenset({1, 2})} and result.bye is None


def test_a_single_present_participant_gets_the_bye() -> None:
    req = request(
        person(1, RoundRecord(ResultCode.PAB)), person(2, RoundRecord(ResultCode.ZERO_BYE), available=False)
    )
    result = checked(req)
    assert result.boards == () and result.bye == 1
    assert broken(result) == {("second-bye", (1,))}


def test_boards_follow_ghr_3_6() -> None:
    # Round 1: 1 and 2 won, 3-7 and 4-8 drawn, 5 and 6 lost.
    req = request(
        person(1, rec(5, W, WIN)),
        person(2, rec(6, B, WIN)),
        person(3, rec(7, W, DRAW)),
        person(4, rec(8, W, DRAW)),
        person(5, rec(1, B, LOSS)),
        person(6, rec(2, W, LOSS)),
        person(7, rec(3, B, DRAW)),
        person(8, rec(4, B, DRAW)),
    )
    result = checked(req)
    assert result.violations == ()
    # S1 {3, 4} against S2 {7, 8} would be rematches, so the S2 order is transposed.
    assert pairs(result) == {frozenset(p) for p in ((1, 2), (3, 8), (4, 7), (5, 6))}
    assert [min(b.white, b.black) for b in result.boards] == [1, 3, 4, 5]
    assert [b.number for b in result.boards] == [1, 2, 3, 4]


def test_it_rejects_a_history_of_the_wrong_length() -> None:
    req = PairingRequest(round_number=3, total_rounds=5, participants=(person(1), person(2)), least_bad=True)
    with pytest.raises(InvalidRequestError):
        pair_least_bad(req)


# -- colours by Dutch Art. 5.2, each step deciding once -----------------------------------------------


def only_board(req: PairingRequest) -> tuple[int, str]:
    result = checked(req)
    (board,) = result.boards
    (note,) = result.explanation.boards
    return board.white, note.colour_rule


def filler(colour: Colour, n: int) -> RoundRecord:
    return rec(90 + n, colour)


def test_both_preferences_are_granted() -> None:
    req = request(person(1, filler(W, 0)), person(2, filler(B, 1)))
    assert only_board(req) == (2, "both-preferences")


def test_the_stronger_preference_wins() -> None:
    # 1 has a strong preference for White (one Black more), 2 an absolute one (two Blacks running).
    req = request(
        person(1, filler(B, 0), filler(W, 1), filler(B, 2)),
        person(2, filler(W, 3), filler(B, 4), filler(B, 5)),
    )
    assert only_board(req) == (2, "stronger-preference")


def test_two_absolute_preferences_go_to_the_larger_colour_difference() -> None:
    one = [filler(W, 0), filler(B, 1), filler(W, 2), filler(B, 3), filler(B, 4)]  # CD -1, two Blacks running
    two = [RoundRecord(ResultCode.ZERO_BYE), filler(W, 5), filler(B, 6), filler(B, 7), filler(B, 8)]  # CD -2
    req = request(person(1, *one), person(2, *two))
    assert only_board(req) == (2, "larger-colour-difference")


def test_colours_alternate_from_the_last_round_they_differed() -> None:
    # Both want White mildly. Read backwards: Black/Black, White/White, then 1 had Black and 2 White.
    req = request(
        person(1, filler(W, 0), filler(B, 1), filler(W, 2), filler(B, 3)),
        person(2, filler(B, 4), filler(W, 5), filler(W, 6), filler(B, 7)),
    )
    assert only_board(req) == (1, "alternation")
    # 1 is the higher-ranked, so step 5.2.4 alone would have given 1 White too: swap the ranks.
    req = request(
        Participant(id=1, tpn=2, history=(filler(W, 0), filler(B, 1), filler(W, 2), filler(B, 3))),
        Participant(id=2, tpn=1, history=(filler(B, 4), filler(W, 5), filler(W, 6), filler(B, 7))),
    )
    assert only_board(req) == (1, "alternation")


def test_the_higher_ranked_preference_decides_identical_histories() -> None:
    req = request(
        person(1, filler(W, 0), filler(B, 1)), person(2, filler(W, 2), filler(B, 3)), initial_colour=B
    )
    assert only_board(req) == (1, "higher-ranked-preference")


@pytest.mark.parametrize(
    ("initial", "tpns", "white_tpn"),
    # Parity counts only participants who have entered the event, as the reference engine numbers
    # them: with no No. 1 in the event, No. 2 is the first entered and takes the initial colour.
    [(W, (1, 2), 1), (B, (1, 2), 2), (W, (2, 3), 2), (B, (2, 3), 3)],
)
def test_without_history_the_pairing_number_and_the_initial_colour_decide(
    initial: Colour, tpns: tuple[int, int], white_tpn: int
) -> None:
    req = request(*(Participant(id=t, tpn=t) for t in tpns), initial_colour=initial)
    assert only_board(req) == (white_tpn, "initial-colour")


def test_an_absentee_who_never_played_does_not_shift_the_parity() -> None:
    absent = Participant(id=1, tpn=1, available=False)
    req = request(absent, Participant(id=2, tpn=2), Participant(id=3, tpn=3), initial_colour=W)
    assert only_board(req) == (2, "initial-colour")


def test_a_large_field_is_paired_without_breaking_anything() -> None:
    req = request(*(person(i) for i in range(1, 61)))
    result = checked(req)
    assert result.violations == () and len(result.boards) == 30
    assert pairs(result) == {frozenset({i, i + 30}) for i in range(1, 31)}


def test_the_same_request_gets_the_same_pairing() -> None:
    """GHR 1.4: pairings are reproducible; nothing depends on hash order or chance."""
    req = exhausted_round_robin()
    first = pair_least_bad(req)
    shuffled = PairingRequest(
        round_number=req.round_number,
        total_rounds=req.total_rounds,
        participants=tuple(reversed(req.participants)),
        least_bad=True,
    )
    assert pair_least_bad(req) == first
    assert pair_least_bad(shuffled).boards == first.boards


def test_virtual_points_make_the_score_groups() -> None:
    """Baku (C.04.7 Art. 1.5): the pairing score, real points plus virtual ones, forms the groups."""
    players = tuple(Participant(id=i, tpn=i, accelerations=(2,) if i <= 4 else ()) for i in range(1, 9))
    result = checked(PairingRequest(1, 5, players, least_bad=True))
    assert pairs(result) == {frozenset(p) for p in ((1, 3), (2, 4), (5, 7), (6, 8))}
    assert result.explanation.scoregroups == ((2, (1, 2, 3, 4)), (0, (5, 6, 7, 8)))
