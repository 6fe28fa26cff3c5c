"""TRF-2026 team records: what is written reads back the same."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine.errors import TrfError
from pairing.engine.teams import ColourType, PrimaryScore
from pairing.engine.teams.event import team_rounds
from pairing.engine.teams.trf import read_team_trf, system_code, write_team_trf

from .event_data import small_event


def test_written_event_reads_back() -> None:
    event = small_event()
    back = read_team_trf(write_team_trf(event))
    assert back.teams == event.teams
    assert back.byes == event.byes
    assert team_rounds(back, 3) == team_rounds(event, 3)
    assert back.total_rounds == 3
    assert back.boards == 2


def test_team_records_have_their_columns() -> None:
    lines = write_team_trf(small_event()).splitlines()
    team1 = next(line for line in lines if line.startswith("310   1"))
    assert team1[54:60].strip() == "6.0"  # match points, columns 55-60
    assert team1[61:67].strip() == "5.0"  # game points, columns 62-67
    assert team1[73:77] == "   1" and team1[78:82] == "   2"  # players from column 74
    pab = next(line for line in lines if line.startswith("320"))
    assert pab[4:8] == " 1.0" and pab[9:13] == " 1.0"
    assert [pab[14:17], pab[18:21], pab[22:25]] == ["  5", "  4", "  3"]
    assert "362 TW 2.0   TD 1.0   TL 0.0" in lines
    assert "352 WB" in lines


@pytest.mark.parametrize(
    ("colour_type", "primary", "secondary", "code"),
    [
        (ColourType.A, PrimaryScore.MATCH, True, "FIDE_TEAM_TYPEA_MP_GP"),
        (ColourType.B, PrimaryScore.GAME, False, "FIDE_TEAM_TYPEB_GP"),
        (ColourType.NONE, PrimaryScore.MATCH, True, "FIDE_TEAM_MP_GP"),
    ],
)
def test_record_192_round_trips(
    colour_type: ColourType, primary: PrimaryScore, secondary: bool, code: str
) -> None:
    event = replace(small_event(), colour_type=colour_type, primary=primary, secondary_for_colour=secondary)
    assert system_code(event) == code
    back = read_team_trf(write_team_trf(event))
    assert (back.colour_type, back.primary, back.secondary_for_colour) == (colour_type, primary, secondary)


def test_a_forfeited_match_is_record_330() -> None:
    event = small_event()
    forfeit = replace(event.matches[0], boards=(), forfeit="+-")
    event = replace(event, matches=(forfeit,) + event.matches[1:])
    text = write_team_trf(event)
    assert "330 +-   1   1   3" in text.splitlines()
    assert [m.forfeit for m in read_team_trf(text).matches if (m.round, m.white) == (1, 1)] == ["+-"]


def test_a_file_without_teams_is_refused() -> None:
    with pytest.raises(TrfError):
        read_team_trf("012 nothing\n")
