"""C.04.6 Art. 1.6-1.7 (colour difference and preferences) and Art. 4 (colour allocation)."""

from __future__ import annotations

import pytest

from pairing.engine.teams import ColourType, MatchKind, Team, TeamRound
from pairing.engine.teams.colours import allocate, team_colours
from pairing.engine.types import Colour

from .helpers import B, W, played, team


def pref(colour_type: ColourType, *colours: Colour, last_round: bool = False) -> tuple[str, bool] | None:
    t = team(1, *(played(9, c) for c in colours))
    p = team_colours(t, colour_type, last_round).preference
    return None if p is None else (p.colour.value, p.strong)


def test_a_team_that_has_not_played_has_no_preference_art_1_7_2() -> None:
    assert pref(ColourType.A) is None
    assert pref(ColourType.B) is None


def test_type_a_wants_the_other_colour_after_the_same_colour_twice_art_1_7_1() -> None:
    assert pref(ColourType.A, W, B, B) == ("w", True)
    assert pref(ColourType.A, B, W, W) == ("b", True)


def test_type_a_wants_the_colour_it_had_less_when_the_difference_exceeds_one_art_1_7_1() -> None:
    assert pref(ColourType.A, B, W, B, B) == ("w", True)  # CD -2


def test_type_a_has_no_preference_after_one_alternation_art_1_7_1() -> None:
    assert pref(ColourType.A, W) is None  # CD +1: Type A knows no mild preference
    assert pref(ColourType.A, W, B) is None


def test_type_a_cd_plus_one_and_two_blacks_is_no_preference_art_1_7_1() -> None:
    # CD = +1 with the last two Black: neither paragraph of 1.7.1 applies (Dutch would say White).
    assert pref(ColourType.A, W, W, W, B, B) is None


def test_type_b_mild_preferences_art_1_7_2() -> None:
    assert pref(ColourType.B, W) == ("b", False)  # CD +1
    assert pref(ColourType.B, W, B) == ("w", False)  # CD 0, alternate from the last match


def test_type_b_cd_zero_gives_no_preference_in_the_last_round_art_1_7_2() -> None:
    assert pref(ColourType.B, W, B, last_round=True) is None
    assert pref(ColourType.B, W, last_round=True) == ("b", False)  # CD +1 still counts


def test_no_colour_type_means_no_preferences_art_1_7() -> None:
    assert pref(ColourType.NONE, B, B, B) is None


def test_colour_comes_from_played_matches_only_art_1_6_1() -> None:
    forfeit = TeamRound(MatchKind.FORFEIT_WIN, 5, W, 2, 8)
    t = team(1, played(2, W), forfeit, TeamRound(MatchKind.PAB, match_points=1, game_points=4))
    c = team_colours(t, ColourType.A, False)
    assert c.sequence == (W,)
    assert c.difference == 1


def colours_of(
    a: Team,
    b: Team,
    colour_type: ColourType = ColourType.A,
    initial: Colour = Colour.WHITE,
    scores: dict[int, tuple[int, int]] | None = None,
) -> tuple[int, int, str]:
    colours = {t.id: team_colours(t, colour_type, False) for t in (a, b)}
    scores = scores or {t.id: (0, 0) for t in (a, b)}
    return allocate(
        a, b, colours, scores, colour_type=colour_type, use_secondary=True, initial_colour=initial
    )


def test_4_3_1_odd_first_team_gets_the_initial_colour() -> None:
    assert colours_of(team(1), team(2)) == (1, 2, "4.3.1")
    assert colours_of(team(1), team(2), initial=Colour.BLACK) == (2, 1, "4.3.1")
    assert colours_of(team(2), team(3)) == (3, 2, "4.3.1")  # even first-team: the opposite


def test_4_3_2_the_only_preference_is_granted() -> None:
    a = team(1, played(8, W), played(9, W))  # wants Black
    b = team(2, played(7, W), played(6, B))  # none under Type A
    assert colours_of(a, b) == (2, 1, "4.3.2")


def test_4_3_4_type_b_strong_beats_mild() -> None:
    a = team(1, played(8, W), played(9, B), played(7, W))  # CD +1: mild Black
    b = team(2, played(7, W), played(6, W))  # two Whites: strong Black
    assert colours_of(a, b, colour_type=ColourType.B) == (1, 2, "4.3.4")


def test_4_3_5_lower_colour_difference_gets_white() -> None:
    a = team(1, played(8, W), played(9, W))  # CD +2, wants Black
    b = team(2, played(7, B), played(6, W), played(5, W))  # CD +1, two Whites: wants Black too
    assert colours_of(a, b) == (2, 1, "4.3.5")


def test_4_3_6_alternate_from_the_last_round_the_colours_differed() -> None:
    a = team(1, played(8, W), played(9, B))
    b = team(2, played(7, B), played(6, W))
    # both CD 0, no Type A preference; the last round they differed a had Black
    assert colours_of(a, b) == (1, 2, "4.3.6")


def test_4_2_first_team_is_the_higher_scored() -> None:
    a = team(1, played(8, W), played(9, B))
    b = team(2, played(7, W), played(6, B))
    # identical histories: 4.3.8 alternates the first-team's last colour (White for the first-team)
    assert colours_of(a, b, scores={1: (2, 0), 2: (4, 0)}) == (2, 1, "4.3.8")
    assert colours_of(a, b, scores={1: (4, 0), 2: (4, 6)}) == (2, 1, "4.3.8")  # 4.2.2 secondary score
    assert colours_of(a, b) == (1, 2, "4.3.8")  # 4.2.3 smaller TPN


@pytest.mark.parametrize("colour_type", list(ColourType))
def test_allocation_always_decides(colour_type: ColourType) -> None:
    a = team(1, played(8, W), TeamRound(MatchKind.PAB, match_points=1, game_points=4))
    b = team(2, TeamRound(MatchKind.ZERO_BYE), played(6, B))
    white, black, rule = colours_of(a, b, colour_type=colour_type)
    assert {white, black} == {1, 2}
    assert rule.startswith("4.3.")
