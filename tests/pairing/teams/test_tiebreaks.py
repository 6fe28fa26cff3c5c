"""Team scoring and the team tie-breaks of C.07, on a hand-made event (see ``event_data.py``).

After 3 rounds: team 1 6 MP (5 GP), 3 and 4 3 MP, 5 2 MP, 2 1 MP. Byes: 5 in round 1, 4 in round 2,
3 in round 3 (a PAB is worth a drawn match: 1 MP and 1 GP on 2 boards, C.04.6 Art. 1.4)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine.errors import InvalidRequestError
from pairing.engine.teams import MatchScoring
from pairing.engine.teams.event import match_points, team_rounds
from pairing.engine.teams.tiebreaks import board_points, team_standings

from .event_data import small_event


def values(codes: list[str], **kw: bool) -> dict[int, tuple[object, ...]]:
    return {row.tpn: row.values for row in team_standings(small_event(), codes, **kw)}


def test_match_and_game_points() -> None:
    rows = {row.tpn: (row.match_points, row.game_points) for row in team_standings(small_event(), [])}
    assert rows == {1: (6, 10), 2: (1, 4), 3: (3, 6), 4: (3, 6), 5: (2, 4)}


def test_three_one_zero_scoring_counts_a_win_as_three() -> None:
    event = replace(small_event(), scoring=MatchScoring(3, 1, 0))
    assert match_points(event, event.matches[0]) == (3, 0)
    assert sum(r.match_points for r in team_rounds(event, 3)[1]) == 9


def test_buchholz_counts_a_pab_as_a_dummy_with_the_own_score_capped_c07_16_4() -> None:
    # 3: opponents 1 (6) and 5 (2), the PAB a dummy on 3 (own 3, cap 1 x 3 rounds = 3)
    assert values(["BH"])[3] == (11,)
    # 1 played everybody but 5: 3 + 1 + 3
    assert values(["BH"])[1] == (7,)


def test_buchholz_cut_1_drops_the_lowest_a_pab_is_not_voluntary_c07_16_5() -> None:
    assert values(["BH/C1"])[4] == (9,)  # 1 + 3 (dummy) + 6, without the 1 of team 2


def test_extended_sonneborn_berger_variants_c07_13_2() -> None:
    v = values(["EMMSB", "EMGSB", "EGMSB", "EGGSB"])
    # team 4: vs 2 (1 MP, 4 GP half) won 2 MP / 3 half; PAB dummy (3 MP, 6 half) 1 MP / 2 half;
    # vs 1 (6 MP, 10 half) lost 0 MP / 1 half.
    assert v[4] == (
        1 * 2 + 3 * 1 + 6 * 0,
        1 * 3 + 3 * 2 + 6 * 1,
        4 * 2 + 6 * 1 + 10 * 0,
        4 * 3 + 6 * 2 + 10 * 1,
    )


def test_standings_order_by_primary_then_tiebreaks() -> None:
    rows = team_standings(small_event(), ["EMGSB", "BH"])
    assert [row.tpn for row in rows] == [1, 4, 3, 5, 2]
    assert [row.rank for row in rows] == [1, 2, 3, 4, 5]


def test_direct_encounter_between_teams_that_never_met_leaves_them_tied_c07_6_3() -> None:
    rows = team_standings(small_event(), ["DE"])
    assert [(row.tpn, row.rank) for row in rows][1:3] == [(3, 2), (4, 2)]


def test_board_count_and_board_points_c07_12() -> None:
    # board count: board number times the game points on it (lower is better)
    bp = board_points(small_event())
    assert sum(bp[1]) == 10
    assert values(["BC"])[1] == (bp[1][0] + 2 * bp[1][1],)
    assert bp[5] == (2 + 0 + 2, 2 + 0 + 0)  # the PAB counts a win on every board


def test_unknown_code_is_refused() -> None:
    with pytest.raises(InvalidRequestError):
        team_standings(small_event(), ["XYZ"])


def test_extended_direct_encounter_uses_game_points_when_match_points_do_not_separate_c07_13_3_1() -> None:
    from pairing.engine.teams.event import BoardResult, MatchRecord, TeamEntry, TeamEvent

    teams = tuple(TeamEntry(t, f"T{t}", (2 * t - 1, 2 * t)) for t in (1, 2, 3))
    r = BoardResult
    matches = (
        MatchRecord(1, 1, 2, (r(2), r(2))),  # 1 beats 2 2-0
        MatchRecord(2, 2, 3, (r(2), r(1))),  # 2 beats 3 1.5-0.5
        MatchRecord(3, 3, 1, (r(2), r(1))),  # 3 beats 1 1.5-0.5
    )
    event = TeamEvent("ede", 3, 2, teams, matches)
    # All on 2 MP and 2 MP among themselves: DE separates nobody (6.2).
    assert [row.rank for row in team_standings(event, ["DE"])] == [1, 1, 1]
    # EDE then reads the game points of those matches: 1 has 2.5, 3 has 2, 2 has 1.5.
    assert [(row.tpn, row.rank) for row in team_standings(event, ["EDE"])] == [(1, 1), (3, 2), (2, 3)]
