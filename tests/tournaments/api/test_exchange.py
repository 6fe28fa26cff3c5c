"""File exchange over the API: exports need a staff role; imports create a tournament for the caller."""

from __future__ import annotations

import pytest

from tournaments.exchange.csv_export import csv_export
from tournaments.exchange.json_backup import json_export
from tournaments.exchange.trf_export import trf_export
from tournaments.models import Tournament, TournamentRole


def url(t, rest: str) -> str:
    return f"/api/tournaments/{t.pk}/export/{rest}"


@pytest.mark.parametrize(
    ("who", "status"), [("anonymous", 401), ("stranger", 404), ("arbiter", 200), ("organiser", 200)]
)
def test_who_may_export(event, clients, who, status):
    for rest in ("trf/", "json/", "csv/?what=participants"):
        assert clients[who].get(url(event, rest)).status_code == status


def test_trf_export_is_the_file_as_an_attachment(event, organiser_api):
    response = organiser_api.get(url(event, "trf/"))
    assert response["Content-Type"].startswith("text/plain")
    assert response["Content-Disposition"] == f'attachment; filename="tournament-{event.pk}-trf26.txt"'
    assert response.content.decode() == trf_export(tournament=event)
    older = organiser_api.get(url(event, "trf/"), {"version": "2016"})
    assert older.content.decode() == trf_export(tournament=event, version="2016")


def test_an_unknown_trf_version_is_a_400(event, organiser_api):
    response = organiser_api.get(url(event, "trf/"), {"version": "1999"})
    assert response.status_code == 400
    assert "version" in response.json()


def test_json_and_csv_exports(event, organiser_api):
    backup = organiser_api.get(url(event, "json/")).json()
    expected = json_export(tournament=event)
    backup.pop("exported_at"), expected.pop("exported_at")
    assert backup == expected
    standings = organiser_api.get(url(event, "csv/"), {"what": "standings"})
    assert standings["Content-Type"].startswith("text/csv")
    assert standings.content.decode() == csv_export(tournament=event, what="standings")


def test_csv_needs_to_know_what(event, organiser_api):
    response = organiser_api.get(url(event, "csv/"))
    assert response.status_code == 400
    assert "what" in response.json()


def test_importing_a_trf_file_creates_a_tournament_for_the_caller(event, stranger, stranger_api):
    response = stranger_api.post(
        "/api/tournaments/import/trf/",
        {"trf": trf_export(tournament=event), "name": "Moved here"},
        format="json",
    )
    assert response.status_code == 201
    body = response.json()
    assert (body["name"], body["participants"], body["rounds"]) == ("Moved here", 10, 4)
    assert TournamentRole.objects.get(tournament_id=body["id"]).user == stranger


def test_a_broken_trf_file_is_a_400_naming_line_and_column(db, organiser_api):
    response = organiser_api.post(
        "/api/tournaments/import/trf/", {"trf": "012 Broken\n001 abcd Someone\n"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["detail"].startswith("line 2, column 5:")
    assert response.json()["errors"]["file"]
    assert Tournament.objects.count() == 0


def test_restoring_a_json_backup(event, organiser_api):
    backup = organiser_api.get(url(event, "json/")).json()
    response = organiser_api.post(
        "/api/tournaments/import/json/", {"backup": backup, "name": "Restored"}, format="json"
    )
    assert response.status_code == 201
    assert (response.json()["participants"], response.json()["rounds"]) == (10, 4)


def test_a_bad_backup_is_a_400_with_paths(event, organiser_api):
    backup = organiser_api.get(url(event, "json/")).json()
    backup["rounds"][0]["boards"][0]["white"] = 424242
    before = Tournament.objects.count()
    response = organiser_api.post("/api/tournaments/import/json/", {"backup": backup}, format="json")
    assert response.status_code == 400
    assert "rounds[0].boards[0].white" in response.json()["errors"]
    assert Tournament.objects.count() == before


@pytest.mark.parametrize("path", ["/api/tournaments/import/trf/", "/api/tournaments/import/json/"])
def test_imports_need_a_login(db, anon_api, path):
    assert anon_api.post(path, {}, format="json").status_code == 401


def test_a_trf_file_can_be_uploaded(event, organiser_api):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("event.trf", trf_export(tournament=event).encode("latin-1"), "text/plain")
    response = organiser_api.post("/api/tournaments/import/trf/", {"file": upload}, format="multipart")
    assert response.status_code == 201
    assert response.json()["participants"] == 10


def test_a_trf_import_needs_the_file(db, organiser_api):
    response = organiser_api.post("/api/tournaments/import/trf/", {"name": "Nothing"}, format="json")
    assert response.status_code == 400
    assert "trf" in response.json()


def test_an_import_answers_its_warnings_and_a_replay_the_same_tournament_without_them(db, organiser_api):
    from tests.tournaments.exchange.test_trf_import import SMALL

    text = SMALL.replace("   2 b 1", "   2 b W").replace("   1 w 0", "   1 w L")
    headers = {"HTTP_IDEMPOTENCY_KEY": "import-with-warnings-1"}
    first = organiser_api.post("/api/tournaments/import/trf/", {"trf": text}, format="json", **headers)
    assert first.status_code == 201
    assert len(first.json()["warnings"]) == 1 and "less than one move" in first.json()["warnings"][0]
    again = organiser_api.post("/api/tournaments/import/trf/", {"trf": text}, format="json", **headers)
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    assert (again.json()["id"], again.json()["warnings"]) == (first.json()["id"], [])
    assert Tournament.objects.count() == 1
