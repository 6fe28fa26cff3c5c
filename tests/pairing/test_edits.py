"""What a hand edit gives up against the engine's pairing (issue 22, item 7), on hand-built rounds."""

from __future__ import annotations

from pairing.engine.dutch import pair_round
from pairing.engine.edits import edit_costs
from pairing.engine.types import Board, PairingResult, ResultCode

from .test_checks import B, W, game, person, request, rules


def round_two():
    """Round 1 was 1-3 (White 1) and 4-2 (White 4), all draws: 1 and 4 want Black, 2 and 3 White."""
    return request(
        person(1, game(3, W), name="Ann"),
        person(2, game(4, B), name="Bob"),
        person(3, game(1, B), name="Cy"),
        person(4, game(2, W), name="Di"),
    )


def swapped(result: PairingResult, number: int) -> PairingResult:
    boards = tuple(Board(b.number, b.black, b.white) if b.number == number else b for b in result.boards)
    return PairingResult(boards=boards, bye=result.bye)


def test_the_engines_own_pairing_gives_up_nothing() -> None:
    req = round_two()
    engine = pair_round(req)
    assert edit_costs(req, engine, engine) == ()


def test_a_colour_swap_that_denies_both_preferences_is_named_c12() -> None:
    req = round_two()
    engine = pair_round(req)
    first = engine.boards[0]
    costs = edit_costs(req, engine, swapped(engine, first.number))
    assert (costs[0].rule, set(costs[0].participants)) == ("C12", {first.white, first.black})
    assert costs[0].message.startswith("both ") and "now get the colour they did not want" in costs[0].message
    # After one game each preference is strong (one colour more): C13 names each of them too.
    assert {(c.rule, c.participants[0]) for c in costs[1:]} == {("C13", first.white), ("C13", first.black)}


def absolute_preferences(total: int = 9):
    """Round 3: Ann had White twice (absolutely wants Black), Bob Black twice (absolutely wants
    White); the engine pairs them, Bob with White."""
    return request(
        person(1, game(3, W, ResultCode.WIN), game(4, W), name="Ann"),
        person(2, game(4, B), game(3, B), name="Bob"),
        person(3, game(1, B, ResultCode.LOSS), game(2, W), name="Cy"),
        person(4, game(2, W), game(1, B), name="Di"),
        total=total,
    )


def test_a_refused_absolute_preference_is_c12_and_a_broken_colour_limit_but_not_c13() -> None:
    # C13 counts players who do not get their *strong* preference (Art. 1.7: colour difference
    # +-1), as the pairing does; an absolute preference refused is C12 here, and the checker
    # reports the colour limit it breaks. (The hand-edit costs used to name it C13 as well.)
    req = absolute_preferences()
    engine = pair_round(req)
    board = next(b for b in engine.boards if 1 in (b.white, b.black))
    assert {board.white, board.black} == {1, 2}
    edited = swapped(engine, board.number)
    costs = edit_costs(req, engine, edited)
    assert [(c.rule, set(c.participants)) for c in costs] == [("C12", {1, 2})]
    assert {("colour-three-in-row", (1,)), ("colour-three-in-row", (2,))} <= rules(req, edited)


def test_in_the_final_round_a_topscorers_game_beyond_the_colour_limits_is_c10_and_c11() -> None:
    # The same boards in the final round: Ann (2 of 2) is a topscorer, so the checker lets her
    # game break BR 6 and BR 7, and the hand-edit costs name C10 and C11 for both players.
    req = absolute_preferences(total=3)
    engine = pair_round(req)
    board = next(b for b in engine.boards if 1 in (b.white, b.black))
    edited = swapped(engine, board.number)
    assert rules(req, edited) == set()
    costs = edit_costs(req, engine, edited)
    assert [(c.rule, c.participants) for c in costs] == [
        ("C10", (1,)),
        ("C10", (2,)),
        ("C11", (1,)),
        ("C11", (2,)),
        ("C12", (1, 2)),
    ]


def round_one():
    return request(*(person(i, name=n) for i, n in enumerate(("Ann", "Bob", "Cy", "Di"), start=1)))


def test_a_round_one_swap_goes_against_the_initial_colour_and_says_so() -> None:
    """Issue 33 (4): nobody has a preference in round 1, yet a swap is not free (Art. 5.2.5)."""
    from pairing.engine.edits import edited_notes

    req = round_one()
    engine = pair_round(req)
    first = engine.boards[0]
    edited = swapped(engine, first.number)
    (cost,) = edit_costs(req, engine, edited)
    assert cost.rule == "Art. 5.2.5" and set(cost.participants) == {first.white, first.black}
    assert "now has White on board 1" in cost.message and "initial colour" in cost.message
    notes, floats = edited_notes(req, engine, edited, engine.explanation.floats)
    assert notes[0].colour_rule == "hand-edit" and notes[0].message.startswith("set by hand")
    assert [n.message for n in notes[1:]] == [n.message for n in engine.explanation.boards[1:]]
    assert floats == engine.explanation.floats  # the same opponents: nobody floats differently


def test_exchanged_opponents_get_float_notes_for_the_games_as_they_stand() -> None:
    from pairing.engine.edits import edited_notes

    req = request(
        person(1, game(5, W, ResultCode.WIN), name="Ann"),
        person(2, game(6, B, ResultCode.WIN), name="Bob"),
        person(3, game(7, W, ResultCode.WIN), name="Cy"),
        person(4, game(8, B, ResultCode.WIN), name="Di"),
        person(5, game(1, B, ResultCode.LOSS), name="Ed"),
        person(6, game(2, W, ResultCode.LOSS), name="Flo"),
        person(7, game(3, B, ResultCode.LOSS), name="Gus"),
        person(8, game(4, W, ResultCode.LOSS), name="Hal"),
    )
    engine = pair_round(req)
    top = next(b for b in engine.boards if {b.white, b.black} <= {1, 2, 3, 4})
    low = next(b for b in engine.boards if {b.white, b.black} <= {5, 6, 7, 8})
    edited = PairingResult(
        boards=tuple(
            Board(b.number, b.white, low.black)
            if b == top
            else Board(b.number, b.white, top.black)
            if b == low
            else b
            for b in engine.boards
        ),
        bye=engine.bye,
    )
    _notes, floats = edited_notes(req, engine, edited, engine.explanation.floats)
    down = {f.participant for f in floats if f.direction == "down"}
    up = {f.participant for f in floats if f.direction == "up"}
    # The exchange made both games cross the groups: both top players down, both others up.
    assert down == {top.white, top.black} and up == {low.white, low.black}
    assert all("set by hand" in f.reason for f in floats)
