"""Importing players from CSV: all rows or none."""

from __future__ import annotations

from unittest import mock

import pytest

from tournaments.models import AuditLog, Participant
from tournaments.services.participants.csv_import import participants_import_csv


def numbers(tournament):
    return list(
        Participant.objects.filter(tournament=tournament)
        .order_by("pairing_number")
        .values_list("name", flat=True)
    )


CSV_OK = """name,rating,title,federation,FIDE id,club
Alice Archer,2105,FM,ENG,2000001,Riverside
Bob Brown,1890,,SCO,,Hilltop
"Carter, Cy",1750,,,,
"""


def test_csv_preview_saves_nothing_and_commit_saves_every_row(tournament, arbiter):
    preview = participants_import_csv(tournament=tournament, user=arbiter, text=CSV_OK, commit=False)
    assert preview.ok and not preview.saved
    assert [r.values["name"] for r in preview.rows] == ["Alice Archer", "Bob Brown", "Carter, Cy"]
    assert Participant.objects.filter(tournament=tournament).count() == 0
    preview = participants_import_csv(tournament=tournament, user=arbiter, text=CSV_OK, commit=True)
    assert preview.saved
    alice = Participant.objects.get(tournament=tournament, name="Alice Archer")
    assert (
        alice.rating,
        alice.title,
        alice.federation,
        alice.fide_id,
        alice.club_name,
        alice.pairing_number,
    ) == (
        2105,
        "FM",
        "ENG",
        "2000001",
        "Riverside",
        1,
    )
    assert AuditLog.objects.get(action="participants_import").after["count"] == 3


def test_csv_with_any_bad_row_saves_nothing_and_reports_each_row(tournament, arbiter):
    text = "Ann,1500\n,1400\nCat,abc\nDan,1300,ZZ\nAnn,1500\nEve;1100\n"
    preview = participants_import_csv(tournament=tournament, user=arbiter, text=text, commit=True)
    assert not preview.saved and not preview.ok
    errors = {row.line: row.errors for row in preview.rows}
    assert errors[1] == []
    assert errors[2] == ["Name is missing."]
    assert "not a whole number" in errors[3][0]
    assert "Title 'ZZ'" in errors[4][0]
    assert "also on line 1" in errors[5][0]
    assert Participant.objects.filter(tournament=tournament).count() == 0


def test_csv_accepts_a_header_in_any_order_and_semicolons(tournament, arbiter):
    text = "Club;Name;Elo\nRiverside;Ann;1500\n;Ben;\n"
    preview = participants_import_csv(tournament=tournament, user=arbiter, text=text, commit=True)
    assert preview.saved
    assert numbers(tournament) == ["Ann", "Ben"]
    assert Participant.objects.get(name="Ann").club_name == "Riverside"


def test_csv_import_is_all_or_nothing_when_saving_fails_midway(tournament, arbiter):
    with mock.patch(
        "tournaments.services.participants.csv_import.pairing_numbers_assign",
        side_effect=RuntimeError("disk full"),
    ):
        with pytest.raises(RuntimeError):
            participants_import_csv(tournament=tournament, user=arbiter, text=CSV_OK, commit=True)
    assert Participant.objects.filter(tournament=tournament).count() == 0


def test_csv_rejects_empty_files_and_unknown_columns(tournament, arbiter):
    assert participants_import_csv(tournament=tournament, user=arbiter, text="  \n", commit=True).errors
    preview = participants_import_csv(
        tournament=tournament, user=arbiter, text="name,shoe size\nA,42\n", commit=True
    )
    assert "unknown column(s) shoe size" in preview.errors[0]
