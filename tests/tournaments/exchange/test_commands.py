"""Management commands: scriptable exports and imports, clear errors and a non-zero exit on bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.exchange.trf_export import trf_export
from tournaments.models import Tournament


def run(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_export_trf_writes_trf_2026_to_standard_output(full_tournament):
    text = run("export_trf", str(full_tournament.pk))
    assert text == trf_export(tournament=full_tournament)


def test_export_trf_writes_trf_2016_to_a_file_byte_for_byte(full_tournament, tmp_path):
    target = tmp_path / "event.trf"
    run("export_trf", str(full_tournament.pk), "--version", "2016", "-o", str(target))
    assert target.read_bytes() == trf_export(tournament=full_tournament, version="2016").encode()
    assert b"\r" in target.read_bytes() and b"\n" not in target.read_bytes()


def test_export_trf_refuses_an_unknown_tournament(db):
    with pytest.raises(CommandError, match="No tournament with id '999'"):
        run("export_trf", "999")


def test_import_trf_creates_a_tournament_for_the_owner(full_tournament, organiser, tmp_path):
    source = tmp_path / "event.trf"
    source.write_bytes(trf_export(tournament=full_tournament).encode())
    message = run("import_trf", str(source), "--owner", organiser.username, "--name", "Imported")
    imported = Tournament.objects.get(name="Imported")
    assert f"Imported tournament {imported.pk}" in message
    assert [line for line in trf_export(tournament=imported).split("\r") if not line.startswith("012")] == [
        line for line in trf_export(tournament=full_tournament).split("\r") if not line.startswith("012")
    ]


def test_import_trf_writes_what_it_could_not_keep_to_standard_error(db, organiser, tmp_path):
    from tests.tournaments.exchange.test_trf_import import SMALL

    source = tmp_path / "event.trf"
    source.write_text(SMALL.replace("   2 b 1", "   2 b W").replace("   1 w 0", "   1 w L"))
    errors = StringIO()
    call_command("import_trf", str(source), "--owner", organiser.username, stdout=StringIO(), stderr=errors)
    assert errors.getvalue().startswith("Warning: Games of less than one move (W/D/L)")


def test_import_trf_reports_the_line_and_column_and_saves_nothing(db, organiser, tmp_path):
    source = tmp_path / "bad.trf"
    source.write_text("012 Broken\n001    1      Someone                           abcd\n")
    with pytest.raises(CommandError, match=r"bad.trf: line 2, column 49"):
        run("import_trf", str(source), "--owner", organiser.username)
    assert Tournament.objects.count() == 0


def test_import_trf_needs_an_existing_owner_and_file(db, tmp_path):
    with pytest.raises(CommandError, match="No user called 'nobody'"):
        run("import_trf", str(tmp_path / "x.trf"), "--owner", "nobody")


def test_import_trf_says_when_the_file_is_missing(db, organiser, tmp_path):
    with pytest.raises(CommandError, match="Cannot read"):
        run("import_trf", str(tmp_path / "missing.trf"), "--owner", organiser.username)


def test_json_backup_and_restore_through_commands(full_tournament, stranger, tmp_path):
    backup = tmp_path / "backup.json"
    run("export_json", str(full_tournament.pk), "-o", str(backup))
    assert json.loads(backup.read_text())["format"] == "chessclub.tournament"
    message = run("import_json", str(backup), "--owner", stranger.username)
    restored = Tournament.objects.exclude(pk=full_tournament.pk).get(
        name="Every Record Open", created_by=stranger
    )
    assert f"Restored tournament {restored.pk}" in message
    assert restored.participants.count() == 10


def test_import_json_refuses_invalid_json(db, organiser, tmp_path):
    source = tmp_path / "bad.json"
    source.write_text("{not json")
    with pytest.raises(CommandError, match="not valid JSON"):
        run("import_json", str(source), "--owner", organiser.username)


def test_import_json_refuses_a_bad_backup_with_its_reasons(full_tournament, organiser, tmp_path):
    source = tmp_path / "bad.json"
    source.write_text(json.dumps({"format": "chessclub.tournament", "version": 1, "tournament": {}}))
    with pytest.raises(CommandError, match="tournament.name"):
        run("import_json", str(source), "--owner", organiser.username)


def test_export_csv_participants_and_standings(full_tournament):
    participants = run("export_csv", str(full_tournament.pk), "--what", "participants")
    standings = run("export_csv", str(full_tournament.pk), "--what", "standings")
    assert participants.splitlines()[0].startswith("pairing_number,name")
    assert standings.splitlines()[0].startswith("rank,pairing_number,name")
    assert len(standings.splitlines()) == 11


def test_export_csv_needs_to_know_what(full_tournament):
    with pytest.raises(CommandError):
        run("export_csv", str(full_tournament.pk), "--what", "games")


def test_a_bad_command_line_exits_non_zero(tmp_path):
    """The real ``manage.py``: argument errors and CommandErrors end with a non-zero status."""
    manage = Path(__file__).resolve().parents[3] / "manage.py"
    env = {
        **os.environ,
        "SQLITE_NAME": str(tmp_path / "cli.sqlite3"),
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
    }
    env.pop("DATABASE_URL", None)
    subprocess.run([sys.executable, str(manage), "migrate", "-v0"], env=env, check=True, capture_output=True)
    missing = subprocess.run(
        [sys.executable, str(manage), "export_trf", "42"], env=env, capture_output=True, text=True
    )
    assert missing.returncode != 0
    assert "No tournament with id '42'" in missing.stderr
    bad_version = subprocess.run(
        [sys.executable, str(manage), "export_trf", "42", "--version", "1999"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert bad_version.returncode != 0
    assert "invalid choice" in bad_version.stderr
