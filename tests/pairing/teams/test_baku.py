"""Baku acceleration (C.04.7) in the team Swiss (C.04.6): groups, virtual points, what they change
(scoregroups, floats, match order) and what they do not (colours, Art. 1.5), and the refusals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine.errors import AccelerationNotApplicableError
from pairing.engine.teams import MatchScoring, PrimaryScore, TeamSwissRequest, pair_team_round
from pairing.engine.teams.baku import baku_problem, event_baku_plan, team_baku_plan, team_records_250
from pairing.engine.teams.event import TeamEntry, TeamEvent, team_swiss_request
from pairing.engine.teams.swiss import _Round

from .helpers import B, W, played, team


def _event(n: int, rounds: int, **kw: object) -> TeamEvent:
    teams = tuple(TeamEntry(t, f"T{t}", (2 * t - 1, 2 * t)) for t in range(1, n + 1))
    return TeamEvent("baku", rounds, 2, teams, baku=True, **kw)  # type: ignore[arg-type]


def _pairs(result) -> list[frozenset[int]]:  # type: ignore[no-untyped-def]
    return [frozenset((m.white, m.black)) for m in result.matches]


def test_groups_and_virtual_match_points_follow_the_individual_rule():
    # 13 teams: GA = 2 * ceil(13 / 4) = 8 (Art. 1.2); 7 rounds: 4 accelerated, 2 MP in rounds 1-2,
    # 1 MP in rounds 3-4 (Art. 1.4.1-1.4.3), in match points for a 2/1/0 competition.
    plan = event_baku_plan(_event(13, 7))
    assert plan is not None
    assert plan.ga == tuple(range(1, 9))
    assert plan.by_round == (2, 2, 1, 1, 0, 0, 0)
    assert plan.virtual_points[9] == (0,) * 7


def test_round_one_pairs_inside_the_groups_and_orders_matches_by_pairing_score():
    result = pair_team_round(team_swiss_request(_event(8, 7), 1))
    # GA (1-4) on 2 MP, GB (5-8) on 0: each group is a scoregroup of its own.
    assert _pairs(result) == [frozenset(p) for p in ((1, 3), (2, 4), (5, 7), (6, 8))]
    assert "Baku acceleration (C.04.7)" in result.explanation[0]
    plain = pair_team_round(team_swiss_request(replace(_event(8, 7), baku=False), 1))
    assert _pairs(plain)[0] == frozenset((1, 5))


def test_refused_with_three_one_zero_match_points():
    with pytest.raises(AccelerationNotApplicableError, match="Art. 1.1"):
        pair_team_round(team_swiss_request(_event(8, 7, scoring=MatchScoring(3, 1, 0)), 1))
    assert baku_problem(MatchScoring(2, 1, 0), PrimaryScore.MATCH) is None


def test_refused_with_game_points_primary():
    with pytest.raises(AccelerationNotApplicableError, match="Art. 1.4.4"):
        pair_team_round(team_swiss_request(_event(8, 7, primary=PrimaryScore.GAME), 1))


def _round_two(**kw: object) -> TeamSwissRequest:
    """Round 2 of 4: GA = teams 1 and 2 on 1 virtual MP (Art. 1.4.3). Round 1 (accelerated, 2 VP):
    1 (W) lost to 3, 4 (W) drew with 2."""
    teams = (
        team(1, played(3, W, mp=0, gp=3)),
        team(2, played(4, B, mp=1, gp=4)),
        team(3, played(1, B, mp=2, gp=5)),
        team(4, played(2, W, mp=1, gp=4)),
    )
    return TeamSwissRequest(round_number=2, total_rounds=4, teams=teams, baku=True, **kw)  # type: ignore[arg-type]


def test_colours_go_by_real_scores():
    # Pairing scores: 1 -> 0 + 1, 2 -> 1 + 1, 3 -> 2, 4 -> 1: brackets {2, 3} and {1, 4}. Teams 1 and 4
    # both had White once (Type A: no preference), so Art. 4.3.8 alternates the first-team's colour.
    # The first-team is team 4 on real scores (1 MP > 0 MP, Art. 4.2.1), although both have a
    # pairing score of 1 and team 1 has the smaller TPN: team 4 gets Black (C.04.7 Art. 1.5 leaves
    # the colours to the real scores).
    result = pair_team_round(_round_two(secondary_for_colour=False))
    match = next(m for m in result.matches if {m.white, m.black} == {1, 4})
    assert (match.white, match.black, match.colour_rule) == (1, 4, "4.3.8")
    assert result.matches[0].number == 1 and {result.matches[0].white, result.matches[0].black} == {2, 3}


def test_floats_read_last_rounds_pairing_scores():
    # Round 1 of a 4-round event: GA (1, 2) on 2 VP. 1 beat 3, and 2 played 4: on real scores
    # (0 - 0) nobody floated; on pairing scores (2 against 0) all four did (Art. 1.5).
    teams = (
        team(1, played(3, W, mp=2, gp=6)),
        team(2, played(4, B, mp=1, gp=4)),
        team(3, played(1, B, mp=0, gp=2)),
        team(4, played(2, W, mp=1, gp=4)),
    )
    request = TeamSwissRequest(round_number=2, total_rounds=6, teams=teams, baku=True)
    assert _Round(request).floated == {1, 2, 3, 4}
    assert _Round(replace(request, baku=False)).floated == set()
    # the round-2 scores include round 2's virtual points: 6 rounds -> rounds 1-2 on 2 VP
    assert _Round(request).score == {1: 4, 2: 3, 3: 0, 4: 1}


def test_a_team_absent_in_round_one_joins_like_a_late_entry():
    # Team 2 is absent in round 1: GA is drawn from the 7 others (2 * ceil(7 / 4) = 4: TPN 1, 3, 4,
    # 5), and team 2, above the last GA team, joins GA without round 1's points (Art. 1.3).
    plan = event_baku_plan(_event(8, 5, absent=((1, 2),)))
    assert plan is not None
    assert plan.ga == (1, 2, 3, 4, 5)
    assert plan.virtual_points[2] == (0, 2, 1, 0, 0)
    assert plan.virtual_points[1] == (2, 2, 1, 0, 0)
    teams = [team(t) for t in range(1, 9)]
    same = team_baku_plan(teams, 5, MatchScoring(), PrimaryScore.MATCH, [1, 3, 4, 5, 6, 7, 8])
    assert same.virtual_points == plan.virtual_points


def test_record_250_lines():
    assert team_records_250(_event(13, 7)) == [
        "250  2.0        1   2    1    8",
        "250  1.0        3   4    1    8",
    ]
    assert team_records_250(replace(_event(13, 7), baku=False)) == []


def test_command_line_baku(tmp_path):
    import io

    from pairing.engine.teams import write_team_trf
    from pairing.engine.teams.cli import main

    path = tmp_path / "t.trf"
    path.write_text(write_team_trf(replace(_event(8, 7), baku=False)))
    out, err = io.StringIO(), io.StringIO()
    assert main(["--teams", str(path), "-p", "--baku", "--explain"], stdout=out, stderr=err) == 0
    assert out.getvalue().split("\n")[1:3] == ["1 3", "4 2"]
    assert "Baku acceleration (C.04.7)" in err.getvalue()
