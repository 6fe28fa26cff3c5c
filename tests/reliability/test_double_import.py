"""The same import or creation submitted several times at once (each on its own connection, on
PostgreSQL) makes one: the CSV import locks the tournament before it looks for names already
registered, and creations and TRF/JSON imports carry a key (the form's hidden field, the API's
``Idempotency-Key`` header) that makes every copy after the first answer with the first's result."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from tests.reliability.test_concurrent_results import run_threads
from tests.security.test_authorization_matrix import TOURNAMENT_FORM
from tests.tournaments.exchange.builders import build_full_tournament
from tournaments.exchange.json_backup import json_export
from tournaments.exchange.trf_export import trf_export
from tournaments.models import AuditLog, Participant, SubmissionKey, Tournament
from tournaments.services.participants.csv_import import participants_import_csv

COPIES = 4
CSV = "\n".join(f"Player {n},{1500 + n}" for n in range(1, 301))


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_same_csv_committed_four_times_at_once_imports_once(tournament, arbiter):
    previews = []
    errors = run_threads(
        COPIES,
        lambda i: previews.append(
            participants_import_csv(tournament=tournament, user=arbiter, text=CSV, commit=True)
        ),
    )
    assert errors == []
    assert Participant.objects.filter(tournament=tournament).count() == 300
    assert sum(p.saved for p in previews) == 1
    refused = [p for p in previews if not p.saved]
    assert all("already registered" in " ".join(r.errors[0] for r in p.rows if r.errors) for p in refused)
    assert AuditLog.objects.filter(tournament=tournament, action="participants_import").count() == 1


def _api(user) -> Client:
    token = Token.objects.get_or_create(user=user)[0].key
    return Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Token {token}")


def _three_at_once(send) -> list:
    responses: list = []
    assert run_threads(3, lambda i: responses.append(send())) == []
    return responses


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("what", ["create", "trf", "json"])
def test_a_double_clicked_api_creation_or_import_makes_one_tournament(what, organiser):
    source = build_full_tournament(owner=organiser)
    path, body = {
        "create": ("/api/tournaments/", {"name": "Autumn Open", "rounds_planned": 7}),
        "trf": ("/api/tournaments/import/trf/", {"trf": trf_export(tournament=source)}),
        "json": ("/api/tournaments/import/json/", {"backup": json_export(tournament=source)}),
    }[what]
    before = Tournament.objects.count()
    key = str(uuid.uuid4())

    def send():
        return _api(organiser).post(path, body, content_type="application/json", HTTP_IDEMPOTENCY_KEY=key)

    responses = _three_at_once(send)
    assert [r.status_code for r in responses] == [201] * 3, [r.content[:300] for r in responses]
    assert Tournament.objects.count() == before + 1
    assert len({r.json()["id"] for r in responses}) == 1
    assert sorted(r.get("Idempotent-Replayed", "") for r in responses) == ["", "true", "true"]
    # A later retry with the same key still answers with the same tournament; a new key makes another.
    assert send().json()["id"] == responses[0].json()["id"]
    other = _api(organiser).post(
        path, body, content_type="application/json", HTTP_IDEMPOTENCY_KEY="another-key-1"
    )
    assert other.status_code == 201 and Tournament.objects.count() == before + 2


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_double_clicked_create_form_makes_one_tournament(organiser):
    page = Client()
    page.force_login(organiser)
    form = page.get("/t/new/").content.decode()
    key = form.split('name="submission_key" value="', 1)[1].split('"', 1)[0]
    assert len(key) >= 8
    data = {**TOURNAMENT_FORM, "name": "Double Click Open", "submission_key": key}

    def send():
        client = Client(raise_request_exception=False)
        client.force_login(organiser)
        return client.post("/t/new/", data)

    responses = _three_at_once(send)
    assert [r.status_code for r in responses] == [302] * 3, [r.content[-800:] for r in responses]
    assert Tournament.objects.filter(name="Double Click Open").count() == 1
    assert len({r["Location"] for r in responses}) == 1
    assert SubmissionKey.objects.filter(key=key).count() == 1


@pytest.mark.django_db
def test_a_double_clicked_result_with_the_same_value_is_accepted_quietly(tournament, organiser):
    """The second click carries the version the page showed before the first was saved."""
    from tests.security import world as w

    board = w.build(tournament, w.PUBLISHED).boards[0]
    api = _api(organiser)
    path = f"/api/tournaments/{tournament.pk}/rounds/1/boards/{board.number}/"
    first = api.put(path, {"result": "1-0", "version": board.version}, content_type="application/json")
    second = api.put(path, {"result": "1-0", "version": board.version}, content_type="application/json")
    assert (first.status_code, second.status_code) == (200, 200), second.content
    assert AuditLog.objects.filter(tournament=tournament, action="result_record").count() == 1
    other = api.put(path, {"result": "0-1", "version": board.version}, content_type="application/json")
    assert other.status_code == 409  # a different value on a stale page is still a conflict
