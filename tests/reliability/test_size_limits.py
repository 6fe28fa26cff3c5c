"""Size limits agree with each other and with the documentation, and a refusal names the limit:
the CSV upload (2 MB) is refused whole, never cut; the API imports take the documented 5 MB and
answer a larger body with a JSON 413; a file in an unknown encoding is reported as such."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.tournaments.api.conftest import token_client
from tests.tournaments.exchange.builders import build_full_tournament
from tournaments.exchange.json_backup import json_export
from tournaments.forms import MAX_CSV_BYTES
from tournaments.models import Participant, Tournament


def _csv_of_at_least(size: int) -> bytes:
    lines, total, n = [], 0, 0
    while total <= size:
        n += 1
        line = f"Player number {n:07d} with a long name,{1000 + n % 2000},,ENG,,Chess Club of Somewhere\n"
        lines.append(line)
        total += len(line)
    return "".join(lines).encode()


@pytest.mark.django_db
def test_a_csv_over_the_limit_is_refused_whole_with_the_limit_named(tournament, arbiter_client):
    raw = _csv_of_at_least(MAX_CSV_BYTES)
    response = arbiter_client.post(
        f"/t/{tournament.pk}/participants/import/",
        {"file": SimpleUploadedFile("players.csv", raw), "commit": "1"},
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "2,000,000 bytes" in page
    assert Participant.objects.filter(tournament=tournament).count() == 0


@pytest.mark.django_db
def test_a_csv_in_an_unknown_encoding_is_reported_as_such(tournament, arbiter_client):
    raw = "Müller,1800\nSchön,1700\n".encode("cp437")  # ü is 0x81: neither UTF-8 nor Windows-1252
    response = arbiter_client.post(
        f"/t/{tournament.pk}/participants/import/", {"file": SimpleUploadedFile("players.csv", raw)}
    )
    page = response.content.decode()
    assert "Could not read the file&#x27;s encoding" in page
    assert "The file is empty" not in page


def _padded_backup(organiser, size: int) -> str:
    backup = json_export(tournament=build_full_tournament(owner=organiser))
    body = json.dumps({"backup": backup})
    backup["tournament"]["note"] = "x" * (size - len(body) - 20)  # keys the backup does not know are ignored
    return json.dumps({"backup": backup})


@pytest.mark.django_db
def test_a_3_mb_backup_the_documentation_allows_is_imported(organiser):
    body = _padded_backup(organiser, 3_000_000)
    assert len(body) > 2_621_440  # over Django's default body limit
    response = token_client(organiser).post(
        "/api/tournaments/import/json/", body, content_type="application/json"
    )
    assert response.status_code == 201, response.content[:300]


@pytest.mark.django_db
def test_an_11_mb_body_gets_a_json_413_naming_the_limit(organiser):
    before = Tournament.objects.count()
    body = _padded_backup(organiser, 11_000_000)
    for path in ("/api/tournaments/import/json/", "/api/tournaments/import/trf/"):
        response = token_client(organiser).post(path, body, content_type="application/json")
        assert response.status_code == 413
        assert "5 MB (5,000,000 bytes)" in response.json()["detail"]
    small = token_client(organiser).post(
        "/api/tournaments/", json.dumps({"name": "x" * 3_000_000}), content_type="application/json"
    )
    assert small.status_code == 413 and "2.6 MB (2,621,440 bytes)" in small.json()["detail"]
    assert Tournament.objects.count() == before + 1  # the one the backup was made from
