"""Forbidden pairs through the API: same roles and rules as the participants page."""

from __future__ import annotations

import pytest

from tests import factories
from tournaments.models import AuditLog, ForbiddenPair


def url(t, rest: str = "") -> str:
    return f"/api/tournaments/{t.pk}/forbidden-pairs/{rest}"


def _two(event):
    return event.participants.get(pairing_number=1), event.participants.get(pairing_number=2)


@pytest.mark.parametrize(
    ("who", "status"), [("anonymous", 401), ("stranger", 404), ("arbiter", 201), ("organiser", 201)]
)
def test_who_may_keep_two_apart(event, clients, who, status):
    a, b = _two(event)
    response = clients[who].post(
        url(event), {"first": b.pk, "second": a.pk, "last_round": 5, "reason": "Siblings"}, format="json"
    )
    assert response.status_code == status, response.content
    assert ForbiddenPair.objects.filter(tournament=event).exists() == (status == 201)
    if status == 201:
        body = response.json()
        assert {body["first"]["id"], body["second"]["id"]} == {a.pk, b.pk}
        assert (body["first_round"], body["last_round"], body["reason"]) == (None, 5, "Siblings")


@pytest.mark.parametrize(("who", "status"), [("anonymous", 401), ("stranger", 404), ("arbiter", 200)])
def test_who_may_list_them(event, clients, arbiter_api, who, status):
    a, b = _two(event)
    arbiter_api.post(url(event), {"first": a.pk, "second": b.pk}, format="json")
    response = clients[who].get(url(event))
    assert response.status_code == status
    if status == 200:
        assert [(p["first"]["name"], p["second"]["name"]) for p in response.json()] == [(a.name, b.name)]


@pytest.mark.parametrize(
    ("who", "status"), [("anonymous", 401), ("stranger", 404), ("arbiter", 204), ("organiser", 204)]
)
def test_who_may_remove_one(event, clients, organiser_api, who, status):
    a, b = _two(event)
    pk = organiser_api.post(url(event), {"first": a.pk, "second": b.pk}, format="json").json()["id"]
    response = clients[who].delete(url(event, f"{pk}/"))
    assert response.status_code == status
    assert ForbiddenPair.objects.filter(pk=pk).exists() == (status != 204)


def test_the_rules_answer_400_with_the_reason_and_change_nothing(event, arbiter_api):
    a, b = _two(event)
    audit = AuditLog.objects.count()
    same = arbiter_api.post(url(event), {"first": a.pk, "second": a.pk}, format="json")
    assert same.status_code == 400 and "themselves" in same.json()["detail"]
    past = arbiter_api.post(url(event), {"first": a.pk, "second": b.pk, "last_round": 3}, format="json")
    assert past.status_code == 400 and "next round to pair is round 5" in past.json()["detail"]
    empty = arbiter_api.post(
        url(event), {"first": a.pk, "second": b.pk, "first_round": 5, "last_round": 4}, format="json"
    )
    assert empty.status_code == 400 and "empty range" in empty.json()["detail"]
    assert not ForbiddenPair.objects.exists() and AuditLog.objects.count() == audit


def test_a_participant_of_another_tournament_is_a_400_that_names_no_one(event, arbiter_api):
    a, _ = _two(event)
    outsider = factories.ParticipantFactory(name="Secret Outsider")
    response = arbiter_api.post(url(event), {"first": a.pk, "second": outsider.pk}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == {"second": ["Not in this tournament."]}
    assert "Secret Outsider" not in response.content.decode()


def test_a_duplicate_is_refused(event, arbiter_api):
    a, b = _two(event)
    assert arbiter_api.post(url(event), {"first": a.pk, "second": b.pk}, format="json").status_code == 201
    again = arbiter_api.post(url(event), {"first": b.pk, "second": a.pk}, format="json")
    assert again.status_code == 400 and "already kept apart" in again.json()["detail"]


def test_another_tournaments_pair_is_not_found(event, arbiter_api, stranger):
    other = factories.TournamentFactory()
    x, y = factories.ParticipantFactory(tournament=other), factories.ParticipantFactory(tournament=other)
    pair = ForbiddenPair.objects.create(tournament=other, first=x, second=y)
    assert arbiter_api.delete(url(event, f"{pair.pk}/")).status_code == 404
    assert ForbiddenPair.objects.filter(pk=pair.pk).exists()


def test_the_schema_lists_the_endpoints(client):
    paths = client.get("/api/schema/", {"format": "json"}).json()["paths"]
    assert {"get", "post"} <= set(paths["/api/tournaments/{tournament_id}/forbidden-pairs/"])
    assert "delete" in paths["/api/tournaments/{tournament_id}/forbidden-pairs/{pair_id}/"]
