"""Unit tests for the independent pairing checker: each rule fires when broken and stays quiet otherwise."""

from __future__ import annotations

from pairing.engine.checks import check_pairing
from pairing.engine.types import (
    Board,
    Colour,
    PairingRequest,
    PairingResult,
    Participant,
    ResultCode,
    RoundRecord,
    Scoring,
)

W, B = Colour.WHITE, Colour.BLACK


def game(opponent: int, colour: Colour, result: ResultCode = ResultCode.DRAW) -> RoundRecord:
    return RoundRecord(result, opponent, colour)


def person(pid: int, *history: RoundRecord, name: str = "", available: bool = True) -> Participant:
    return Participant(id=pid, tpn=pid, name=name or f"Player {pid}", history=history, available=available)


def request(*participants: Participant, total: int = 9, **kwargs: object) -> PairingRequest:
    rounds = {len(p.history) for p in participants}
    assert len(rounds) == 1, "every participant needs the same number of round records"
    return PairingRequest(
        round_number=rounds.pop() + 1,
        total_rounds=total,
        participants=participants,
        **kwargs,  # type: ignore[arg-type]
    )


def result(*boards: tuple[int, int], bye: int | None = None) -> PairingResult:
    return PairingResult(
        boards=tuple(Board(n, w, b) for n, (w, b) in enumerate(boards, start=1)),
        bye=bye,
    )


def rules(req: PairingRequest, res: PairingResult) -> set[tuple[str, tuple[int, ...]]]:
    return {(v.rule, v.participants) for v in check_pairing(req, res)}


# -- completeness ---------------------------------------------------------------------------------


def test_a_plain_first_round_pairing_keeps_every_rule() -> None:
    req = request(person(1), person(2), person(3), person(4), person(5))
    assert check_pairing(req, result((1, 3), (4, 2), bye=5)) == []


def test_it_reports_an_available_participant_left_without_a_game() -> None:
    req = request(person(1), person(2), person(3), person(4))
    assert rules(req, result((1, 3))) == {("not-paired", (2,)), ("not-paired", (4,))}


def test_it_reports_a_participant_on_two_boards_and_on_a_board_and_the_bye() -> None:
    req = request(person(1), person(2), person(3), person(4), person(5))
    found = rules(req, result((1, 2), (1, 3), (4, 5), bye=5))
    assert ("paired-twice", (1,)) in found
    assert ("paired-twice", (5,)) in found


def test_it_reports_someone_playing_himself() -> None:
    req = request(person(1), person(2))
    found = rules(req, result((1, 1)))
    assert ("paired-twice", (1,)) in found
    assert ("not-paired", (2,)) in found


def test_it_reports_an_unavailable_participant_paired_or_given_the_bye() -> None:
    req = request(person(1), person(2), person(3, available=False), person(4, available=False))
    assert rules(req, result((1, 3), (2, 4))) >= {
        ("unavailable-paired", (3,)),
        ("unavailable-paired", (4,)),
    }
    req = request(person(1), person(2), person(3, available=False))
    assert rules(req, result((1, 2), bye=3)) == {("unavailable-paired", (3,)), ("needless-bye", (3,))}


def test_unavailable_participants_need_no_game() -> None:
    req = request(person(1), person(2), person(3, available=False))
    assert check_pairing(req, result((2, 1))) == []


def test_it_reports_ids_that_are_not_in_the_tournament() -> None:
    req = request(person(1), person(2))
    assert rules(req, result((1, 99))) == {("unknown-participant", (99,)), ("not-paired", (2,))}


# -- the bye (C.04.1 Art. 3-4, Dutch C2) -----------------------------------------------------------


def test_it_reports_a_bye_when_the_number_of_players_is_even() -> None:
    two = request(person(1), person(2), person(3, available=False))
    assert rules(two, result(bye=1)) == {("needless-bye", (1,)), ("not-paired", (2,))}
    # the same field with one more present player needs exactly one bye
    three = request(person(1), person(2), person(3))
    assert check_pairing(three, result((1, 2), bye=3)) == []
    assert rules(three, result((1, 2))) == {("not-paired", (3,))}


def test_it_reports_a_second_pairing_allocated_bye() -> None:
    first = (RoundRecord(ResultCode.PAB), game(1, W))
    p = [person(1, game(3, W), game(3, B)), person(2, game(3, B), game(4, W)), person(3, *first)]
    req = request(*p)
    found = check_pairing(req, result((1, 2), bye=3))
    assert [(v.rule, v.participants) for v in found] == [("second-bye", (3,))]
    assert "round 1" in found[0].message


def test_a_forfeit_win_or_full_point_bye_bars_the_bye_but_a_half_point_bye_does_not() -> None:
    for code, barred in (
        (ResultCode.FORFEIT_WIN, True),
        (ResultCode.FULL_BYE, True),
        (ResultCode.HALF_BYE, False),
        (ResultCode.ZERO_BYE, False),
        (ResultCode.FORFEIT_LOSS, False),
    ):
        req = request(person(1, game(2, W)), person(2, game(1, B)), person(3, RoundRecord(code, 4)))
        found = rules(req, result((2, 1), bye=3))
        assert (("second-bye", (3,)) in found) is barred, code


def test_a_pab_worth_less_than_a_win_still_bars_a_second_one() -> None:
    req = request(
        person(1, game(4, W)),
        person(2, game(5, B)),
        person(3, RoundRecord(ResultCode.PAB)),
        person(4, game(1, B)),
        person(5, game(2, W)),
        scoring=Scoring(pab=1),
    )
    assert rules(req, result((2, 1), (4, 5), bye=3)) == {("second-bye", (3,))}


# -- rematches (C1) and forbidden pairs -------------------------------------------------------------


def test_it_reports_a_rematch_with_the_round_of_the_earlier_game() -> None:
    req = request(
        person(1, game(2, W, ResultCode.WIN), game(3, B)),
        person(2, game(1, B, ResultCode.LOSS), game(4, W)),
        person(3, game(4, B), game(1, W)),
        person(4, game(3, W), game(2, B)),
    )
    found = check_pairing(req, result((2, 1), (4, 3)))
    assert {(v.rule, v.participants) for v in found} == {("rematch", (1, 2)), ("rematch", (3, 4))}
    assert "round 1" in next(v.message for v in found if v.participants == (1, 2))
    assert check_pairing(req, result((4, 1), (2, 3))) == []


def test_a_forfeited_game_is_not_a_meeting() -> None:
    req = request(
        person(1, RoundRecord(ResultCode.FORFEIT_WIN, 2, W)),
        person(2, RoundRecord(ResultCode.FORFEIT_LOSS, 1, B)),
    )
    assert check_pairing(req, result((2, 1))) == []


def test_a_game_of_less_than_one_move_is_a_meeting() -> None:
    req = request(
        person(1, RoundRecord(ResultCode.UNRATED_WIN, 2, W)),
        person(2, RoundRecord(ResultCode.UNRATED_LOSS, 1, B)),
    )
    assert rules(req, result((2, 1))) == {("rematch", (1, 2))}


def test_a_meeting_recorded_on_one_side_only_still_counts() -> None:
    req = request(person(1, game(2, W)), person(2, RoundRecord(ResultCode.ZERO_BYE)))
    assert rules(req, result((2, 1))) == {("rematch", (1, 2))}


def test_it_reports_a_forbidden_pair() -> None:
    req = request(person(1), person(2), person(3), person(4), forbidden_pairs=frozenset({frozenset({1, 3})}))
    assert rules(req, result((1, 3), (2, 4))) == {("forbidden-pair", (1, 3))}
    assert check_pairing(req, result((1, 2), (3, 4))) == []


# -- colours (BR 6-7, GHR 3.4, Dutch C3) ------------------------------------------------------------
# Earlier opponents are "ghosts" (ids 90+) who have left the event, so no pairing below is a rematch.


def colours_of(*colours: Colour | None, result: ResultCode = ResultCode.DRAW) -> list[RoundRecord]:
    """A history with these colours against ghosts; ``None`` is a half-point bye."""
    return [
        RoundRecord(ResultCode.HALF_BYE) if c is None else RoundRecord(result, 90 + n, c)
        for n, c in enumerate(colours)
    ]


def test_it_reports_a_third_white_in_a_row_in_plain_words() -> None:
    anna = person(1, *colours_of(B, W, W), name="Anna Berg")
    req = request(anna, person(2, *colours_of(B, W, B)))
    found = check_pairing(req, result((1, 2)))
    assert [(v.rule, v.participants) for v in found] == [("colour-three-in-row", (1,))]
    assert found[0].message == (
        "Anna Berg gets White three times in a row (rule: never the same colour three times running)."
    )


def test_two_whites_then_black_is_fine() -> None:
    req = request(person(1, *colours_of(B, W, W)), person(2, *colours_of(W, B, B)))
    assert check_pairing(req, result((2, 1))) == []


def test_unplayed_rounds_do_not_break_a_colour_run() -> None:
    """GHR 3.4: ``W - W`` is read as ``- W W``, so another White is the third in a row."""
    req = request(person(1, *colours_of(B, W, None, W)), person(2, *colours_of(W, B, W, B)))
    assert rules(req, result((1, 2))) == {("colour-three-in-row", (1,))}
    assert check_pairing(req, result((2, 1))) == []


def test_a_forfeit_has_no_colour() -> None:
    history = colours_of(B, W)
    history.append(RoundRecord(ResultCode.FORFEIT_WIN, 95, W))
    req = request(person(1, *history), person(2, *colours_of(B, W, B)))
    assert check_pairing(req, result((1, 2))) == []  # W after B W (the forfeit does not count)
    history[-1] = RoundRecord(ResultCode.WIN, 95, W)
    req = request(person(1, *history), person(2, *colours_of(B, W, B)))
    assert rules(req, result((1, 2))) == {("colour-three-in-row", (1,))}


def test_it_reports_a_colour_difference_beyond_two() -> None:
    # Player 1 played W W B W (two more Whites), player 2 B B W B (two more Blacks).
    req = request(person(1, *colours_of(W, W, B, W)), person(2, *colours_of(B, B, W, B)))
    found = rules(req, result((1, 2)))
    assert found == {("colour-difference", (1,)), ("colour-difference", (2,))}
    assert check_pairing(req, result((2, 1))) == []


def test_the_colour_difference_message_says_how_far_apart() -> None:
    req = request(person(1, *colours_of(W, W, B, W), name="Cleo Dunn"), person(2, *colours_of(W, B, W, B)))
    found = check_pairing(req, result((1, 2)))
    assert [v.message for v in found] == [
        "Cleo Dunn would have 3 more games with White than with the other colour "
        "(rule: never more than two games apart)."
    ]


def test_it_reports_c3_when_two_non_topscorers_both_need_white() -> None:
    p1 = person(1, *colours_of(W, B, B), name="Anna Berg")
    p2 = person(2, *colours_of(W, B, B), name="Bo Chen")
    p3 = person(3, *colours_of(B, W, W))
    p4 = person(4, *colours_of(B, W, W))
    req = request(p1, p2, p3, p4, total=9)
    found = check_pairing(req, result((1, 2), (4, 3)))
    assert {(v.rule, v.participants) for v in found} == {
        ("colour-clash", (1, 2)),  # both had to have White
        ("colour-three-in-row", (2,)),  # and the one who did not get it pays
        ("colour-clash", (3, 4)),
        ("colour-three-in-row", (4,)),
    }
    clash = next(v for v in found if v.rule == "colour-clash" and v.participants == (1, 2))
    assert "Anna Berg and Bo Chen both had to have White" in clash.message
    # the same players paired across the colour groups: no clash at all
    assert check_pairing(req, result((1, 3), (2, 4))) == []


def test_the_final_round_exempts_topscorers_and_their_opponents() -> None:
    # Round 4 of 4: player 1 has 3/3 (a topscorer), player 2 has 1.5/3 (exactly 50 %: not one).
    p1 = person(1, *colours_of(W, B, B, result=ResultCode.WIN))
    p2 = person(2, *colours_of(W, B, B, result=ResultCode.DRAW))
    p3 = person(3, *colours_of(B, W, W, result=ResultCode.LOSS))
    p4 = person(4, *colours_of(B, W, W, result=ResultCode.LOSS))
    final = request(p1, p2, p3, p4, total=4)
    assert rules(final, result((1, 2), (4, 3))) == {("colour-clash", (3, 4)), ("colour-three-in-row", (4,))}
    # the same round in a longer event: no exception
    earlier = request(p1, p2, p3, p4, total=6)
    assert rules(earlier, result((1, 2), (4, 3))) == {
        ("colour-clash", (1, 2)),
        ("colour-three-in-row", (2,)),
        ("colour-clash", (3, 4)),
        ("colour-three-in-row", (4,)),
    }


def test_a_participant_without_a_name_is_called_by_number() -> None:
    p1 = Participant(id=7, tpn=3, history=(game(8, W), game(8, W)))
    p2 = Participant(id=8, tpn=4, history=(game(7, B), game(7, B)))
    req = PairingRequest(round_number=3, total_rounds=9, participants=(p1, p2))
    found = check_pairing(req, result((7, 8)))
    assert any(v.message.startswith("No. 3 gets White three times in a row") for v in found)
    assert any(v.message.startswith("No. 3 and No. 4 meet again") for v in found)
