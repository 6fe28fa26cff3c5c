"""The Dutch engine against the worked examples of the rules (docs/rules.md sections 2 and 6)."""

from __future__ import annotations

import pytest

from pairing.engine import dutch
from pairing.engine.colours import allocate
from pairing.engine.dutch.candidates import exchanges
from pairing.engine.dutch.completion import RoundField
from pairing.engine.dutch.failures import FailureCosts
from pairing.engine.errors import InvalidRequestError, NoValidPairingError
from pairing.engine.players import Float, PlayerState, Strength, build_states, colour_preference
from pairing.engine.types import (
    Colour,
    PairingRequest,
    Participant,
    ResultCode,
    RoundRecord,
    Scoring,
)

W, B = Colour.WHITE, Colour.BLACK
R = ResultCode


def game(result: ResultCode, opponent: int | None = None, colour: Colour | None = None) -> RoundRecord:
    return RoundRecord(result, opponent, colour)


def players(histories: dict[int, list[RoundRecord]], absent: tuple[int, ...] = ()) -> tuple[Participant, ...]:
    return tuple(
        Participant(id=i, tpn=i, name=f"P{i}", history=tuple(h), available=i not in absent)
        for i, h in sorted(histories.items())
    )


def pairs_of(result) -> set[frozenset[int]]:
    return {frozenset((b.white, b.black)) for b in result.boards}


def colours_of(result) -> set[tuple[int, int]]:
    return {(b.white, b.black) for b in result.boards}


# ----- round 1 -----------------------------------------------------------------------------------
def test_round_one_pairs_top_half_against_bottom_half_with_alternating_colours() -> None:
    req = PairingRequest(round_number=1, total_rounds=5, participants=players({i: [] for i in range(1, 9)}))
    result = dutch.pair_round(req)
    # 1-5, 2-6, 3-7, 4-8; odd TPNs of S1 get the initial colour (White), even ones Black.
    assert colours_of(result) == {(1, 5), (6, 2), (3, 7), (8, 4)}
    assert [b.number for b in result.boards] == [1, 2, 3, 4]
    assert [min(b.white, b.black) for b in result.boards] == [1, 2, 3, 4]
    assert all(n.colour_rule == "initial-colour" for n in result.explanation.boards)


def test_round_one_initial_colour_black_flips_every_board() -> None:
    req = PairingRequest(
        round_number=1,
        total_rounds=5,
        participants=players({i: [] for i in range(1, 9)}),
        initial_colour=Colour.BLACK,
    )
    assert colours_of(dutch.pair_round(req)) == {(5, 1), (2, 6), (7, 3), (4, 8)}


def test_round_one_odd_field_gives_the_bye_to_the_last_pairing_number() -> None:
    req = PairingRequest(round_number=1, total_rounds=5, participants=players({i: [] for i in range(1, 8)}))
    result = dutch.pair_round(req)
    assert result.bye == 7
    assert pairs_of(result) == {frozenset(p) for p in [(1, 4), (2, 5), (3, 6)]}
    assert any(f.participant == 7 and "bye" in f.reason for f in result.explanation.floats)


# ----- C5 and C9 (rules.md 2.5) --------------------------------------------------------------------
def c5_request() -> PairingRequest:
    # R1: 1-4 (1 wins), 2-5 (2 wins), 3-6 (3 wins); R2: 1-2 (1 wins), 3-4 (3 wins), 5-6 (5 wins).
    h = {
        1: [game(R.WIN, 4, W), game(R.WIN, 2, B)],
        2: [game(R.WIN, 5, B), game(R.LOSS, 1, W)],
        3: [game(R.WIN, 6, W), game(R.WIN, 4, B)],
        4: [game(R.LOSS, 1, B), game(R.LOSS, 3, W)],
        5: [game(R.LOSS, 2, W), game(R.WIN, 6, B)],
        6: [game(R.LOSS, 3, B), game(R.LOSS, 5, W)],
    }
    parts = players(h, absent=(4,))
    return PairingRequest(round_number=3, total_rounds=3, participants=parts)


def test_c5_bye_goes_to_the_lowest_score_even_if_the_top_bracket_must_split() -> None:
    result = dutch.pair_round(c5_request())
    assert result.bye == 6
    assert pairs_of(result) == {frozenset((1, 5)), frozenset((3, 2))}


def test_c9_bye_goes_to_the_player_with_fewer_unplayed_games() -> None:
    h = {
        1: [game(R.WIN, 3, W)],
        2: [game(R.WIN, 4, B)],
        3: [game(R.LOSS, 1, B)],
        4: [game(R.LOSS, 2, W)],
        5: [game(R.ZERO_BYE)],
    }
    result = dutch.pair_round(PairingRequest(round_number=2, total_rounds=5, participants=players(h)))
    assert result.bye == 4
    assert pairs_of(result) == {frozenset((1, 2)), frozenset((3, 5))}


# ----- generation order (rules.md 2.4) ----------------------------------------------------------
def test_exchange_order_matches_article_4_3() -> None:
    s1, s2 = [1, 2, 3, 4], [5, 6, 7, 8]
    got = []
    for ns1, ns2, _note in exchanges(s1, s2):
        out = tuple(sorted(set(s1) - set(ns1)))
        into = tuple(sorted(set(s2) - set(ns2)))
        got.append((out, into))
        if len(got) == 18:
            break
    expected_singles = [
        (4, 5), (4, 6), (3, 5), (4, 7), (3, 6), (2, 5), (4, 8), (3, 7), (2, 6),
        (1, 5), (3, 8), (2, 7), (1, 6), (2, 8), (1, 7), (1, 8),
    ]  # fmt: skip
    assert got[0] == ((), ())
    assert got[1:17] == [((a,), (b,)) for a, b in expected_singles]
    # then the two-player exchanges, starting with the smallest BSN difference: 3,4 <-> 5,6
    assert got[17] == ((3, 4), (5, 6))


def test_transpositions_pick_the_next_s2_player_when_the_plain_one_is_a_rematch() -> None:
    # Round 1: 1-5, 2-6, 3-7, 4-8 all drawn; everybody is on 0.5 in one bracket.
    h = {
        1: [game(R.DRAW, 5, W)],
        2: [game(R.DRAW, 6, B)],
        3: [game(R.DRAW, 7, W)],
        4: [game(R.DRAW, 8, B)],
        5: [game(R.DRAW, 1, B)],
        6: [game(R.DRAW, 2, W)],
        7: [game(R.DRAW, 3, B)],
        8: [game(R.DRAW, 4, W)],
    }
    result = dutch.pair_round(PairingRequest(round_number=2, total_rounds=5, participants=players(h)))
    # 1 cannot meet 5 again; 1-6 would leave both wanting Black, so 1-7; then 2-8, 3-5, 4-6.
    assert colours_of(result) == {(7, 1), (2, 8), (5, 3), (4, 6)}
    # the explanation says why the plain 1-5, 2-6, 3-7, 4-8 was not used
    assert any("C1" in n and "P1" in n and "P5" in n for n in result.explanation.notes)
    assert all(b.colour_rule == "both-preferences" for b in result.explanation.boards)


# ----- colour allocation (Art. 5.2) -------------------------------------------------------------
def state(tpn: int, colours: list[Colour], score: int = 0) -> PlayerState:
    preference, strength, difference = colour_preference(tuple(colours))
    return PlayerState(
        id=tpn,
        tpn=tpn,
        name=f"P{tpn}",
        score=score,
        colours=tuple(colours),
        colour_difference=difference,
        preference=preference,
        strength=strength,
        met={},
        forbidden=frozenset(),
        bye_rounds=(),
        floats=(Float.NONE, Float.NONE),
        unplayed=0,
        topscorer=False,
        entry_number=tpn,
    )


def test_colour_preferences_follow_article_1_7() -> None:
    assert (state(1, [W, W]).preference, state(1, [W, W]).strength) == (B, Strength.ABSOLUTE)
    assert (state(1, [W, B, W]).preference, state(1, [W, B, W]).strength) == (B, Strength.STRONG)
    assert (state(1, [W, B]).preference, state(1, [W, B]).strength) == (W, Strength.MILD)
    assert (state(1, []).preference, state(1, []).strength) == (None, Strength.NONE)
    assert state(1, [B, W, B, B]).preference is W  # CD -2: absolute White


def test_5_2_1_both_preferences_granted() -> None:
    white, black, rule, _ = allocate(state(1, [B]), state(2, [W]), W)
    assert (white.id, black.id, rule) == (1, 2, "both-preferences")


def test_5_2_2_stronger_preference_wins() -> None:
    # both want White: 2 has a strong preference (CD -1), 1 only a mild one
    white, _, rule, msg = allocate(state(1, [W, B]), state(2, [W, B, B, W, B]), W)
    assert (white.id, rule) == (2, "stronger-preference")
    white, _, rule, msg = allocate(state(1, [W, B, B]), state(2, [B, W, B]), W)
    assert (white.id, rule) == (1, "stronger-preference")
    assert "last two games" in msg


def test_5_2_2_two_absolute_preferences_larger_colour_difference_wins() -> None:
    white, _, rule, _ = allocate(state(1, [W, B, B]), state(2, [B, B, W, B, B]), W)
    assert (white.id, rule) == (2, "larger-colour-difference")


def test_5_2_3_alternate_from_the_last_round_the_histories_differ() -> None:
    a = state(1, [B, W, W, B])  # CD 0, mild White
    b = state(2, [W, B, W, B])  # CD 0, mild White
    white, black, rule, _ = allocate(a, b, W)
    # going back: B/B, W/W, then W (a) against B (b): a gets Black, b White
    assert (white.id, black.id, rule) == (2, 1, "alternation")


def test_5_2_4_higher_ranked_preference_when_histories_are_identical() -> None:
    white, _, rule, _ = allocate(state(3, [W, B]), state(4, [W, B]), W)
    assert (white.id, rule) == (3, "higher-ranked-preference")


def test_5_2_5_tpn_parity_with_the_initial_colour() -> None:
    white, _, rule, _ = allocate(state(3, []), state(9, []), W)
    assert (white.id, rule) == (3, "initial-colour")
    white, _, _, _ = allocate(state(4, []), state(9, []), W)
    assert white.id == 9
    white, _, _, _ = allocate(state(3, []), state(9, []), B)
    assert white.id == 9


# ----- topscorers (final round only) -----------------------------------------------------------
def topscorer_request(total_rounds: int) -> PairingRequest:
    h = {
        1: [game(R.WIN, 3, B), game(R.WIN, 4, B)],
        2: [game(R.WIN, 4, B), game(R.WIN, 3, B)],
        3: [game(R.LOSS, 1, W), game(R.LOSS, 2, W)],
        4: [game(R.LOSS, 2, W), game(R.LOSS, 1, W)],
    }
    return PairingRequest(round_number=3, total_rounds=total_rounds, participants=players(h))


def test_c3_two_absolute_white_topscorers_may_meet_only_in_the_final_round() -> None:
    for total, allowed in ((3, True), (4, False)):
        field = RoundField(build_states(topscorer_request(total)), W)
        assert field.compatible(0, 1) is allowed
        assert field.compatible(2, 3) is False  # 3 and 4 are not topscorers: never
    with pytest.raises(NoValidPairingError):
        dutch.pair_round(topscorer_request(4))


def test_c10_c11_count_the_topscorer_who_gets_a_third_colour_in_a_row() -> None:
    req = topscorer_request(3)
    costs = FailureCosts(RoundField(build_states(req), req.initial_colour))
    v, at = costs.pair(0, 1), costs.layout
    assert v[at.c10] == 1  # whoever gets Black goes from CD -2 to -3 (C10)
    assert v[at.c11] == 1  # and gets Black a third time in a row (C11)
    assert v[at.c12] == 1  # and does not get the preference (C12)


# ----- floats and their criteria (C14-C21) -----------------------------------------------------
def float_request() -> PairingRequest:
    # R1: 1 beats 3, 2 beats 4. R2: 1 (1.0) plays 4 (0.0): 1 downfloats, 4 upfloats; 2 forfeits
    # against 3 (2 gets the forfeit loss: no float; 3 the forfeit win: downfloat).
    h = {
        1: [game(R.WIN, 3, W), game(R.DRAW, 4, B)],
        2: [game(R.WIN, 4, B), game(R.FORFEIT_LOSS, 3, W)],
        3: [game(R.LOSS, 1, B), game(R.FORFEIT_WIN, 2, B)],
        4: [game(R.LOSS, 2, W), game(R.DRAW, 1, W)],
        5: [game(R.HALF_BYE), game(R.PAB)],
    }
    return PairingRequest(round_number=3, total_rounds=5, participants=players(h))


def test_float_history_by_round_from_pairing_scores() -> None:
    states = {s.id: s for s in build_states(float_request())}
    assert states[1].floats == (Float.DOWN, Float.NONE)
    assert states[4].floats == (Float.UP, Float.NONE)
    assert states[2].floats == (Float.NONE, Float.NONE)  # forfeit loss: no float (2026)
    assert states[3].floats == (Float.DOWN, Float.NONE)  # forfeit win: downfloat
    assert states[5].floats == (Float.DOWN, Float.DOWN)  # PAB and half-point bye both downfloat


def test_forfeits_are_not_meetings_and_have_no_colour() -> None:
    states = {s.id: s for s in build_states(float_request())}
    assert 3 not in states[2].met and 2 not in states[3].met
    assert states[2].colours == (B,) and states[3].colours == (B,)
    assert states[3].bye_ok is False  # a forfeit win bars the PAB
    assert states[5].bye_ok is False  # so does a PAB
    assert states[2].bye_ok is True


def test_half_point_bye_does_not_bar_the_pab_but_a_full_point_bye_does() -> None:
    h = {1: [game(R.HALF_BYE)], 2: [game(R.FULL_BYE)], 3: [game(R.ZERO_BYE)]}
    states = {s.id: s for s in build_states(PairingRequest(2, 5, players(h)))}
    assert (states[1].bye_ok, states[2].bye_ok, states[3].bye_ok) == (True, False, True)
    assert states[3].floats == (0, 0)


def test_float_vectors_count_each_float_criterion() -> None:
    req = float_request()
    states = build_states(req)
    field = RoundField(states, req.initial_colour)
    costs = FailureCosts(field)
    at = costs.layout
    ix = {s.id: i for i, s in enumerate(states)}
    # leaving player 1 (downfloat last round) unpaired: C14 and C18 at its score level
    f = costs.floater(ix[1])
    lv = field.level[states[ix[1]].score]
    assert f[at.c14] == 1 and f[at.c18 + lv] == 1 and f[at.c16] == 0
    # player 5 downfloated in r-1 and r-2: C14, C16, C18, C20
    f = costs.floater(ix[5])
    lv5 = field.level[states[ix[5]].score]
    assert (f[at.c14], f[at.c16], f[at.c18 + lv5], f[at.c20 + lv5]) == (1, 1, 1, 1)
    # 1 (1.5 points) paired with 4 (0.5, upfloat last round): C15 and C19 at 1's level
    assert states[ix[1]].score > states[ix[4]].score
    v = costs.pair(ix[1], ix[4])
    assert v[at.c15] == 1
    assert v[at.c19 + field.level[states[ix[1]].score]] == 1


# ----- input checks and determinism ------------------------------------------------------------
def test_inconsistent_history_length_is_rejected() -> None:
    h = {1: [game(R.WIN, 2, W)], 2: []}
    with pytest.raises(InvalidRequestError):
        dutch.pair_round(PairingRequest(2, 5, players(h)))


def test_unknown_opponent_is_rejected() -> None:
    h = {1: [game(R.WIN, 9, W)], 2: [game(R.LOSS, 1, B)]}
    with pytest.raises(InvalidRequestError):
        dutch.pair_round(PairingRequest(2, 5, players(h)))


def test_forbidden_pairs_are_treated_like_rematches() -> None:
    req = PairingRequest(
        round_number=1,
        total_rounds=5,
        participants=players({i: [] for i in range(1, 5)}),
        forbidden_pairs=frozenset({frozenset((1, 3))}),
    )
    assert frozenset((1, 3)) not in pairs_of(dutch.pair_round(req))


def test_unavailable_participants_are_skipped() -> None:
    parts = players({i: [] for i in range(1, 6)}, absent=(3,))
    result = dutch.pair_round(PairingRequest(1, 5, parts))
    ids = {x for b in result.boards for x in (b.white, b.black)}
    assert 3 not in ids and result.bye is None and len(result.boards) == 2


def test_three_one_zero_scoring_uses_the_points_of_each_record() -> None:
    h = {
        1: [game(R.WIN, 3, W)],
        2: [game(R.DRAW, 4, B)],
        3: [game(R.LOSS, 1, B)],
        4: [game(R.DRAW, 2, W)],
    }
    req = PairingRequest(2, 5, players(h), scoring=Scoring(win=6, draw=2, loss=0))
    result = dutch.pair_round(req)
    assert [g[0] for g in result.explanation.scoregroups] == [6, 2, 0]


def test_no_valid_pairing_raises() -> None:
    h = {1: [game(R.WIN, 2, W)], 2: [game(R.LOSS, 1, B)]}
    with pytest.raises(NoValidPairingError):
        dutch.pair_round(PairingRequest(2, 5, players(h)))


def test_same_input_same_output() -> None:
    req = c5_request()
    assert dutch.pair_round(req) == dutch.pair_round(req)


# ----- float criteria end to end --------------------------------------------------------------
def c14_request() -> PairingRequest:
    """Round 3 of 10 players. 1, 2 and 3 lead on 2 points; one of them must float. 3 floated down
    in round 2 (1 point against 6 on 0), 1 and 2 did not. Colours do not decide: 1 wants White,
    2 and 3 Black. Nobody has met anybody the candidates would need."""
    h = {
        1: [game(R.WIN, 6, W), game(R.WIN, 4, B)],
        2: [game(R.WIN, 7, B), game(R.WIN, 5, W)],
        3: [game(R.WIN, 8, B), game(R.WIN, 6, W)],
        4: [game(R.WIN, 9, B), game(R.LOSS, 1, W)],
        5: [game(R.WIN, 10, W), game(R.LOSS, 2, B)],
        6: [game(R.LOSS, 1, B), game(R.LOSS, 3, B)],
        7: [game(R.LOSS, 2, W), game(R.WIN, 8, W)],
        8: [game(R.LOSS, 3, W), game(R.LOSS, 7, B)],
        9: [game(R.LOSS, 4, W), game(R.DRAW, 10, B)],
        10: [game(R.LOSS, 5, B), game(R.DRAW, 9, W)],
    }
    return PairingRequest(round_number=3, total_rounds=5, participants=players(h))


def test_c14_a_player_who_floated_down_last_round_does_not_float_again() -> None:
    result = dutch.pair_round(c14_request())
    pairs = pairs_of(result)
    # the plain candidate 1-2 would float 3 down a second time running; 1-3 floats 2 instead
    assert frozenset((1, 3)) in pairs
    assert frozenset((2, 4)) in pairs
    downs = {f.participant for f in result.explanation.floats if f.direction == "down"}
    assert 2 in downs and 3 not in downs


def test_a_game_recorded_only_on_the_opponents_side_still_counts_as_a_meeting() -> None:
    # 3's record says it drew with 1 in round 1; 1's record (a half-point bye) does not say so.
    # The plain pairing is 1-3, 2-4. Both engines read one player state now: C1 holds whichever
    # side recorded the game (the Dutch engine used to read only the first player's records).
    h = {
        1: [game(R.HALF_BYE)],
        2: [game(R.HALF_BYE)],
        3: [game(R.DRAW, 1, W)],
        4: [game(R.HALF_BYE)],
    }
    req = PairingRequest(round_number=2, total_rounds=5, participants=players(h))
    assert frozenset((1, 3)) not in pairs_of(dutch.pair_round(req))
    states = {s.id: s for s in build_states(req)}
    assert 3 in states[1].met and 1 in states[3].met
