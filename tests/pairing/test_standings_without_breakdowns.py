"""``StandingsRequest(breakdowns=False)``: the same values, ranks and lots, without building any breakdown."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine import tiebreaks
from pairing.engine.standings import Standings, StandingsRequest, compute_standings
from pairing.engine.tiebreaks import DE_RULES, REGIMES, TIEBREAKS
from pairing.engine.types import Participant
from tests.pairing.test_standings_properties import random_swiss

EVERY_CODE = tuple(info.code for info in TIEBREAKS)
ROUND_ROBIN_CODES = tuple(info.code for info in TIEBREAKS if not info.buchholz)


def with_unrated(participants: tuple[Participant, ...]) -> tuple[Participant, ...]:
    """Every third participant unrated, so ARO and TPR leave opponents out."""
    return tuple(replace(p, rating=0) if p.id % 3 == 0 else p for p in participants)


def without_breakdowns(standings: Standings) -> list[tuple[Any, ...]]:
    return [
        (
            row.rank,
            row.id,
            row.points,
            row.points_display,
            tuple((v.code, v.name, v.value, v.display) for v in row.tiebreaks),
            row.by_lot,
            row.lot_group,
            row.decided_by,
            row.deciding,
        )
        for row in standings.rows
    ]


@settings(max_examples=60, deadline=None)
@given(
    st.builds(random_swiss, st.integers(0, 10**6), st.integers(2, 14), st.integers(1, 6)),
    st.sampled_from(REGIMES),
    st.sampled_from(DE_RULES),
    st.booleans(),
)
def test_values_ranks_and_lots_are_the_same_without_breakdowns(
    participants: tuple[Participant, ...], regime: str, de_rule: str, round_robin: bool
) -> None:
    request = StandingsRequest(
        with_unrated(participants),
        len(participants[0].history),
        tiebreaks=ROUND_ROBIN_CODES if round_robin else EVERY_CODE,
        unplayed=regime,
        round_robin=round_robin,
        direct_encounter=de_rule,
        seed=7,
    )
    full = compute_standings(request)
    bare = compute_standings(replace(request, breakdowns=False))
    assert without_breakdowns(bare) == without_breakdowns(full)
    assert bare.lots == full.lots
    assert all(not v.parts and not v.notes for row in bare.rows for v in row.tiebreaks)


class LineCount:
    """How many breakdown lines (``tiebreaks.values.Contribution``) were built since ``reset``."""

    def __init__(self) -> None:
        self.built = 0

    def reset(self) -> None:
        self.built = 0


@pytest.fixture
def lines(monkeypatch: pytest.MonkeyPatch) -> LineCount:
    count = LineCount()
    real = tiebreaks.values.Contribution

    def counting(*args: Any, **kwargs: Any) -> tiebreaks.Contribution:
        count.built += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(tiebreaks.values, "Contribution", counting)
    return count


def test_no_breakdown_line_is_built_when_only_values_are_asked(lines: LineCount) -> None:
    request = StandingsRequest(random_swiss(3, 30, 5), 5, tiebreaks=EVERY_CODE)

    compute_standings(replace(request, breakdowns=False))
    assert lines.built == 0

    compute_standings(request)
    assert lines.built > 0


@settings(max_examples=30, deadline=None)
@given(
    st.builds(random_swiss, st.integers(0, 10**6), st.integers(2, 14), st.integers(1, 6)),
    st.sampled_from(REGIMES),
    st.integers(1, 14),
)
def test_the_breakdowns_of_the_participants_asked_for_are_the_full_ones(
    participants: tuple[Participant, ...], regime: str, who: int
) -> None:
    request = StandingsRequest(
        participants, len(participants[0].history), tiebreaks=EVERY_CODE, unplayed=regime, seed=3
    )
    full = compute_standings(request)
    some = compute_standings(replace(request, explained=frozenset({who})))
    assert without_breakdowns(some) == without_breakdowns(full)
    for row in some.rows:
        if row.id == who:
            assert row == full.row(who)
        else:
            assert all(not v.parts for v in row.tiebreaks if v.code != "DE")


def test_only_the_participants_asked_for_get_breakdown_lines(lines: LineCount) -> None:
    request = StandingsRequest(random_swiss(3, 30, 5), 5, tiebreaks=("BH", "SB", "PS"))
    compute_standings(request)
    everyone = lines.built
    lines.reset()
    compute_standings(replace(request, explained=frozenset({1})))
    assert 0 < lines.built <= everyone // 30 + 1
