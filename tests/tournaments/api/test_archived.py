"""Issue 22 (archive): the API refuses changes to an archived tournament with a 409 and the reason;
reading and exporting keep working."""

from __future__ import annotations

import pytest

from tournaments.models import AuditLog, Board, Tournament
from tournaments.services.lifecycle import tournament_archive

MESSAGE = "This tournament is archived; restore it to change it."


@pytest.fixture
def archived(event, organiser) -> Tournament:
    return tournament_archive(tournament=event, user=organiser)


def _writes(t: Tournament) -> list[tuple[str, str, dict]]:
    base = f"/api/tournaments/{t.pk}/"
    board = Board.objects.filter(round__tournament=t, round__number=1).order_by("number").first()
    person = t.participants.order_by("pairing_number").first()
    return [
        ("patch", base, {"name": "Renamed"}),
        ("post", base + "participants/", {"name": "New Nora", "rating": 1500}),
        ("patch", base + f"participants/{person.pk}/", {"rating": 1234}),
        ("post", base + "rounds/pair/", {}),
        ("put", base + f"rounds/1/boards/{board.number}/", {"result": "0-1", "version": board.version}),
    ]


def test_every_write_answers_409_with_the_reason_and_changes_nothing(archived, arbiter_api, organiser_api):
    before = AuditLog.objects.count(), Tournament.objects.get(pk=archived.pk).version
    for method, url, body in _writes(archived):
        for api in (organiser_api,) if url.endswith(f"/{archived.pk}/") else (arbiter_api, organiser_api):
            response = getattr(api, method)(url, body, format="json")
            assert response.status_code == 409, (method, url, response.content)
            assert response.json()["detail"] == MESSAGE
    assert (AuditLog.objects.count(), Tournament.objects.get(pk=archived.pk).version) == before


def test_reading_and_exports_still_work(archived, arbiter_api):
    base = f"/api/tournaments/{archived.pk}/"
    for path in ("", "participants/", "rounds/", "standings/", "export/json/", "export/trf/"):
        assert arbiter_api.get(base + path).status_code == 200, path


def test_a_stranger_still_gets_404_not_the_archive_message(archived, stranger_api):
    response = stranger_api.patch(f"/api/tournaments/{archived.pk}/", {"name": "X"}, format="json")
    assert response.status_code == 404
