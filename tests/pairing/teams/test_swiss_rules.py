"""C.04.6 Art. 2-3: the criteria and the pairing process, on small hand-made fields."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine.errors import InvalidRequestError, NoValidPairingError
from pairing.engine.teams import (
    ColourType,
    MatchKind,
    Team,
    TeamRound,
    TeamSwissRequest,
    pair_team_round,
)
from pairing.engine.types import Colour

from .helpers import B, W, played, team


def pairs(request: TeamSwissRequest) -> set[frozenset[int]]:
    return {frozenset((m.white, m.black)) for m in pair_team_round(request).matches}


def request(*teams: Team, rnd: int | None = None, total: int = 7, **kw: object) -> TeamSwissRequest:
    rnd = rnd if rnd is not None else len(teams[0].history) + 1
    return TeamSwissRequest(rnd, total, tuple(teams), **kw)  # type: ignore[arg-type]


def test_round_1_pairs_top_half_against_bottom_half_art_3_6_2() -> None:
    # The first identifier in lexicographic order: tops 1, 2, 3 against 4, 5, 6.
    assert pairs(request(*(team(i) for i in range(1, 7)))) == {
        frozenset((1, 4)),
        frozenset((2, 5)),
        frozenset((3, 6)),
    }


def test_round_1_colours_alternate_by_tpn_parity_art_4_3_1() -> None:
    result = pair_team_round(request(*(team(i) for i in range(1, 7)), initial_colour=Colour.BLACK))
    colours = {(m.white, m.black) for m in result.matches}
    assert colours == {(4, 1), (2, 5), (6, 3)}
    assert {m.colour_rule for m in result.matches} == {"4.3.1"}


def test_the_bye_goes_to_the_lowest_score_then_most_played_then_largest_tpn_art_3_4() -> None:
    result = pair_team_round(request(*(team(i) for i in range(1, 6))))
    assert result.bye == 5  # all equal: 3.4.4 the largest TPN
    assert "3.4" in result.explanation[0]


def test_no_second_bye_nor_a_bye_after_a_forfeit_win_art_2_1_2() -> None:
    pab = TeamRound(MatchKind.PAB, match_points=1, game_points=4)
    forfeit = TeamRound(MatchKind.FORFEIT_WIN, 4, None, 2, 8)
    lost = TeamRound(MatchKind.FORFEIT_LOSS, 3, None, 0, 0)
    field = (
        team(1, played(2, W, 2, 6)),
        team(2, played(1, B, 0, 2)),
        team(3, forfeit),
        team(4, lost),
        team(5, pab),
    )
    # Scores: 1 and 3 have 2, 5 has 1, 2 and 4 have 0. Never 5 (had it) nor 3 (forfeit win); of 2 and 4
    # on the lowest score, 2 has played more matches (3.4.3: a forfeit is not a played match).
    assert pair_team_round(request(*field)).bye == 2
    field = (replace(field[0], available=False),) + field[1:]
    # 1 absent: 2, 3, 4, 5 are even, no bye
    assert pair_team_round(request(*field)).bye is None


def test_teams_never_meet_twice_but_a_forfeited_match_is_no_meeting_art_2_1_1() -> None:
    a = team(1, played(2, W, 1, 4))
    b = team(2, played(1, B, 1, 4))
    c = team(3, TeamRound(MatchKind.FORFEIT_WIN, 4, None, 2, 8))
    d = team(4, TeamRound(MatchKind.FORFEIT_LOSS, 3, None, 0, 0))
    got = pairs(request(a, b, c, d))
    assert frozenset((1, 2)) not in got
    # 3 (2 MP) meets the best upfloater it may; 4 is allowed as the match was not played (GHR 3.5)
    c2 = team(3, played(4, W, 2, 8))
    d2 = team(4, played(3, B, 0, 0))
    assert frozenset((3, 4)) not in pairs(request(a, b, c2, d2))


def test_the_upfloater_is_the_highest_scored_then_the_smallest_tpn_art_3_5() -> None:
    # Scores: 1, 2, 3 on 2; 4, 5 on 1; 6 on 0. The top group is odd: one upfloater with the highest score
    # [C5] (1, not 0), the smallest TPN first (3.5.4): team 4.
    field = (
        team(1, played(6, W, 2, 8)),
        team(2, played(5, B, 2, 6)),
        team(3, played(4, W, 2, 5)),
        team(4, played(3, B, 1, 4)),
        team(5, played(2, W, 1, 4)),
        team(6, played(1, B, 0, 0)),
    )
    result = pair_team_round(request(*field))
    assert result.upfloaters[0] == 4  # (6 then floats up to 5)
    assert frozenset((3, 4)) not in pairs(request(*field))  # they met: 4 plays 1 or 2


def c7_field() -> tuple[Team, ...]:
    # After two rounds: 1 on 4 MP; 2, 3, 5, 6 on 2; 4 on 0. In round 2, 3 (2 MP) lost to 6 (0 MP): both
    # floated (Art. 1.5). Team 1 has met 6 and 2.
    return (
        team(1, played(6, W, 2, 6), played(2, B, 2, 5)),
        team(2, played(5, W, 2, 6), played(1, W, 0, 3)),
        team(3, played(4, W, 2, 6), played(6, B, 0, 3)),
        team(4, played(3, B, 0, 2), played(5, W, 0, 3)),
        team(5, played(2, B, 0, 2), played(4, B, 2, 5)),
        team(6, played(1, B, 0, 2), played(3, W, 2, 5)),
    )


def test_an_upfloater_that_floated_last_round_is_avoided_c7_art_2_3_4() -> None:
    # 2 has met 1; 3 comes next in TPN order but floated last round; 5 did not: [C7] takes 5.
    result = pair_team_round(request(*c7_field(), total=7))
    assert result.upfloaters[0] == 5
    assert any("5" in line and "upfloater" in line for line in result.explanation)


def test_c7_is_switched_off_in_the_last_two_rounds_art_2_3_4() -> None:
    assert pair_team_round(request(*c7_field(), total=4)).upfloaters[0] == 3


def test_it_is_deterministic() -> None:
    field = tuple(team(i) for i in range(1, 10))
    first = pair_team_round(request(*field))
    assert all(pair_team_round(request(*field)) == first for _ in range(3))


@pytest.mark.parametrize("colour_type", list(ColourType))
def test_every_colour_type_pairs_everybody(colour_type: ColourType) -> None:
    result = pair_team_round(request(*(team(i) for i in range(1, 12)), colour_type=colour_type))
    seen = [t for m in result.matches for t in (m.white, m.black)] + [result.bye]
    assert sorted(seen) == list(range(1, 12))


def test_no_legal_pairing_raises_art_3_3_3() -> None:
    a = team(1, played(2, W))
    b = team(2, played(1, B))
    with pytest.raises(NoValidPairingError):
        pair_team_round(request(a, b))


def test_tpns_must_be_one_to_n_art_1_1_1() -> None:
    with pytest.raises(InvalidRequestError):
        pair_team_round(request(Team(1, 1), Team(2, 3)))


def test_the_explanation_says_which_colour_preference_could_not_be_met_c8() -> None:
    a = team(1, played(3, W), played(4, W))
    b = team(2, played(4, W), played(3, W))
    c = team(3, played(1, B), played(2, B))
    d = team(4, played(2, B), played(1, B))
    # 1 and 2 both want Black, 3 and 4 both want White, and 1-3, 1-4, 2-3, 2-4 have met: [C8] must give.
    result = pair_team_round(request(a, b, c, d))
    assert {frozenset((m.white, m.black)) for m in result.matches} == {frozenset((1, 2)), frozenset((3, 4))}
    text = "\n".join(result.explanation)
    assert "both prefer Black" in text and "both prefer White" in text
    assert "[C8]" in text


def test_the_initial_colour_lot_is_reproducible_from_its_seed_art_4_1() -> None:
    from pairing.engine.teams import initial_colour_by_lot

    assert {initial_colour_by_lot(7) for _ in range(5)} == {initial_colour_by_lot(7)}
    assert {initial_colour_by_lot(seed) for seed in range(20)} == {Colour.WHITE, Colour.BLACK}
    seeded = request(*(team(i) for i in range(1, 9)), initial_colour=initial_colour_by_lot("event-36"))
    assert pair_team_round(seeded) == pair_team_round(seeded)


def test_the_order_teams_are_given_in_does_not_matter() -> None:
    field = c7_field()
    shuffled = (field[3], field[0], field[5], field[2], field[4], field[1])
    assert pair_team_round(request(*field)) == pair_team_round(request(*shuffled))
