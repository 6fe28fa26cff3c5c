"""CSV exports of participants and standings."""

from __future__ import annotations

import csv
import io

import pytest

from core.errors import ValidationFailed
from pairing.standings import standings_for_tournament
from tests import factories
from tournaments.exchange.csv_export import csv_export


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_participants_come_in_pairing_order_with_every_column(full_tournament):
    rows = _rows(csv_export(tournament=full_tournament, what="participants"))
    assert [r["pairing_number"] for r in rows] == [str(n) for n in range(1, 11)]
    assert rows[0]["name"] == "Player01, Test"
    assert rows[0]["title"] == "IM"
    assert rows[0]["email"] == "p1@example.com"
    assert (rows[7]["status"], rows[7]["withdrawn_from_round"]) == ("withdrawn", "4")
    assert rows[9]["joined_round"] == "3"


def test_standings_follow_the_standings_service_with_every_tiebreak(full_tournament):
    rows = _rows(csv_export(tournament=full_tournament, what="standings"))
    expected = standings_for_tournament(full_tournament, through_round=4)
    assert [(r["rank"], r["name"], r["points"]) for r in rows] == [
        (str(row.rank), row.name, row.points_display) for row in expected.rows
    ]
    assert list(rows[0]) == [
        "rank",
        "pairing_number",
        "name",
        "rating",
        "points",
        "DE",
        "BH-C1",
        "BH",
        "SB",
        "WIN",
    ]
    assert rows[0]["BH"] == expected.rows[0].tiebreaks[2].display


def test_standings_before_any_round_is_just_the_header(db):
    t = factories.TournamentFactory()
    factories.ParticipantFactory(tournament=t)
    assert csv_export(tournament=t, what="standings").splitlines() == [
        "rank,pairing_number,name,rating,points,DE,BH-C1,BH,SB,WIN"
    ]


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_quoted(db):
    t = factories.TournamentFactory()
    factories.ParticipantFactory(tournament=t, name='=HYPERLINK("http://evil")', pairing_number=1)
    rows = _rows(csv_export(tournament=t, what="participants"))
    assert rows[0]["name"] == '\'=HYPERLINK("http://evil")'


def test_an_unknown_export_is_refused(full_tournament):
    with pytest.raises(ValidationFailed, match="participants or standings"):
        csv_export(tournament=full_tournament, what="games")


def test_the_exports_build_no_tiebreak_breakdown(full_tournament, monkeypatch):
    from pairing.engine import tiebreaks
    from tournaments.exchange.trf_export import trf_export

    built = []
    real = tiebreaks.values.Contribution
    monkeypatch.setattr(tiebreaks.values, "Contribution", lambda *a, **k: built.append(1) or real(*a, **k))
    csv_export(tournament=full_tournament, what="standings")
    trf_export(tournament=full_tournament)
    assert built == []
    standings_for_tournament(full_tournament, through_round=4)
    assert built  # the count above would see them
