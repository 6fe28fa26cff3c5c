"""Team round robins from the Berger tables, board colours alternating down the boards."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from pairing.engine.berger import berger_table
from pairing.engine.errors import InvalidRequestError
from pairing.engine.teams import TeamMatch
from pairing.engine.teams.event import board_colours
from pairing.engine.teams.round_robin import board_pairings, team_round_robin
from pairing.engine.types import Colour


@pytest.mark.parametrize("n", [4, 5, 6, 9, 10])
def test_every_pair_of_teams_meets_once(n: int) -> None:
    met = Counter(frozenset((m.white, m.black)) for rnd in team_round_robin(n) for m in rnd.matches)
    assert set(met) == {frozenset(p) for p in combinations(range(1, n + 1), 2)}
    assert set(met.values()) == {1}


def test_it_is_the_berger_table_with_the_first_team_white_on_board_1() -> None:
    for rnd, berger in zip(team_round_robin(8), berger_table(8), strict=True):
        assert [(m.white, m.black) for m in rnd.matches] == list(berger.boards)


def test_odd_teams_sit_out_in_turn() -> None:
    byes = [rnd.bye for rnd in team_round_robin(7)]
    assert sorted(byes) == list(range(1, 8))  # type: ignore[type-var]


def test_double_round_robin_reverses_the_second_cycle() -> None:
    rounds = team_round_robin(4, double=True)
    assert len(rounds) == 6
    first = {(m.white, m.black) for r in rounds[:3] for m in r.matches}
    second = {(m.black, m.white) for r in rounds[3:] for m in r.matches}
    assert first == second


def test_board_colours_alternate_from_white_on_board_1() -> None:
    assert [(b, w, k) for b, w, k in board_pairings(TeamMatch(1, 1, 2), 4)] == [
        (1, Colour.WHITE, Colour.BLACK),
        (2, Colour.BLACK, Colour.WHITE),
        (3, Colour.WHITE, Colour.BLACK),
        (4, Colour.BLACK, Colour.WHITE),
    ]
    assert board_colours(5)[-1] is Colour.WHITE  # an odd team: the White team has one White more


def test_a_board_colour_sequence_can_be_given_record_352() -> None:
    assert board_colours(4, "WBBW") == (Colour.WHITE, Colour.BLACK, Colour.BLACK, Colour.WHITE)
    with pytest.raises(InvalidRequestError):
        board_colours(4, "BWBW")  # board 1 carries the team's colour (C.04.6 Art. 1.6.1)
    with pytest.raises(InvalidRequestError):
        board_colours(4, "WB")
