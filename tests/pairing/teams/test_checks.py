"""The independent team pairing checker: every rule it reports, and silence on the engine's pairings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine.teams import (
    MatchKind,
    TeamMatch,
    TeamRound,
    TeamSwissRequest,
    TeamSwissResult,
    pair_team_round,
)
from pairing.engine.teams.checks import check_team_pairing

from .event_data import small_event
from .helpers import B, W, played, team


def rules(request: TeamSwissRequest, *matches: tuple[int, int], bye: int | None = None) -> list[str]:
    result = TeamSwissResult(tuple(TeamMatch(i, w, b) for i, (w, b) in enumerate(matches, start=1)), bye)
    return [v.rule for v in check_team_pairing(request, result)]


FIELD = TeamSwissRequest(
    2,
    5,
    (
        team(1, played(2, W)),
        team(2, played(1, B)),
        team(3, TeamRound(MatchKind.FORFEIT_WIN, 4, None, 2, 8)),
        team(4, TeamRound(MatchKind.FORFEIT_LOSS, 3, None, 0, 0)),
        team(5, TeamRound(MatchKind.PAB, match_points=1, game_points=4)),
    ),
)


def test_a_legal_pairing_is_silent() -> None:
    assert rules(FIELD, (1, 3), (2, 5), bye=4) == []
    assert rules(FIELD, (3, 4), (1, 5), bye=2) == []  # a forfeited match is no meeting (GHR 3.5)


def test_each_hard_rule_is_reported() -> None:
    assert rules(FIELD, (1, 2), (3, 4), bye=5) == ["second-bye", "rematch"]
    assert rules(FIELD, (1, 3), (2, 4), bye=3) == ["paired-twice", "not-paired", "second-bye"]
    assert rules(FIELD, (1, 3), (2, 4), (5, 9)) == ["unknown-participant", "missing-bye"]
    assert rules(FIELD, (1, 3), (2, 4)) == ["not-paired", "missing-bye"]
    forbidden = replace(FIELD, forbidden_pairs=frozenset({frozenset((1, 3))}))
    assert rules(forbidden, (1, 3), (2, 5), bye=4) == ["forbidden-pair"]
    absent = replace(FIELD, teams=FIELD.teams[:4] + (replace(FIELD.teams[4], available=False),))
    assert rules(absent, (1, 3), (2, 4), bye=5) == ["unavailable-paired", "needless-bye", "second-bye"]


@pytest.mark.parametrize("rnd", [1, 2, 3])
def test_the_engine_never_breaks_a_hard_rule(rnd: int) -> None:
    from pairing.engine.teams.event import team_swiss_request

    request = team_swiss_request(replace(small_event(), total_rounds=4), rnd)
    assert check_team_pairing(request, pair_team_round(request)) == []
