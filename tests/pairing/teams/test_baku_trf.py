"""The Baku acceleration in the TRF-2026 team file: the ``_BAKU`` system code (record 192) and the
virtual match points (records 250), written and read back."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine.teams import ColourType, PrimaryScore, read_team_trf, write_team_trf
from pairing.engine.teams.event import TeamEntry, TeamEvent


def _event(**kw: object) -> TeamEvent:
    teams = tuple(TeamEntry(t, f"T{t}", (2 * t - 1, 2 * t)) for t in range(1, 14))
    return TeamEvent("baku", 7, 2, teams, baku=True, **kw)  # type: ignore[arg-type]


def test_the_file_says_it_is_accelerated_and_by_how_much():
    lines = write_team_trf(_event()).splitlines()
    assert "192 FIDE_TEAM_TYPEA_MP_GP_BAKU" in lines
    assert [ln for ln in lines if ln.startswith("250")] == [
        "250  2.0        1   2    1    8",
        "250  1.0        3   4    1    8",
    ]


@pytest.mark.parametrize(
    "changes",
    [{}, {"colour_type": ColourType.B}, {"colour_type": ColourType.NONE}, {"secondary_for_colour": False}],
)
def test_read_back(changes):
    event = _event(**changes)
    back = read_team_trf(write_team_trf(event), boards=2)
    assert back.baku
    assert (back.colour_type, back.primary, back.secondary_for_colour) == (
        event.colour_type,
        PrimaryScore.MATCH,
        event.secondary_for_colour,
    )


def test_unaccelerated_files_are_unchanged():
    text = write_team_trf(replace(_event(), baku=False))
    assert "_BAKU" not in text and "\n250 " not in text
    assert not read_team_trf(text, boards=2).baku
