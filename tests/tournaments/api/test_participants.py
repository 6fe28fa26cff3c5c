"""Participants: list, register, late entry, withdraw."""

from __future__ import annotations

import pytest

from tournaments.models import Participant, RoundBye


def url(t, rest: str = "") -> str:
    return f"/api/tournaments/{t.pk}/participants/{rest}"


@pytest.mark.parametrize(
    ("who", "status"), [("anonymous", 401), ("stranger", 404), ("arbiter", 200), ("organiser", 200)]
)
def test_who_may_list_participants(event, clients, who, status):
    response = clients[who].get(url(event))
    assert response.status_code == status
    if status == 200:
        rows = response.json()
        assert [p["pairing_number"] for p in rows] == list(range(1, 11))
        assert rows[0]["email"] == "p1@example.com"  # staff see e-mail addresses


@pytest.mark.parametrize(
    ("who", "status"), [("anonymous", 401), ("stranger", 404), ("arbiter", 201), ("organiser", 201)]
)
def test_who_may_register_a_participant(tournament, clients, who, status):
    response = clients[who].post(
        url(tournament), {"name": "New Player", "rating": 1850, "title": "CM"}, format="json"
    )
    assert response.status_code == status
    assert Participant.objects.filter(tournament=tournament, name="New Player").exists() == (status == 201)
    if status == 201:
        assert response.json()["pairing_number"] == 1


def test_registration_input_is_checked_field_by_field(tournament, organiser_api):
    response = organiser_api.post(
        url(tournament), {"rating": 9000, "title": "XX", "email": "nope"}, format="json"
    )
    assert response.status_code == 400
    assert set(response.json()) == {"name", "rating", "title", "email"}
    assert not Participant.objects.exists()


def test_a_service_refusal_is_a_400_with_its_message(tournament, organiser_api):
    response = organiser_api.post(url(tournament), {"name": "Ann", "federation": "12"}, format="json")
    assert response.status_code == 400
    assert "three-letter code" in response.json()["detail"]


def test_one_participant(event, organiser_api, stranger_api):
    p = event.participants.get(pairing_number=3)
    assert organiser_api.get(url(event, f"{p.pk}/")).json()["name"] == "Player03, Test"
    assert stranger_api.get(url(event, f"{p.pk}/")).status_code == 404


def test_a_participant_of_another_tournament_is_a_404(event, tournament, organiser_api):
    other = Participant.objects.create(tournament=tournament, name="Elsewhere")
    assert organiser_api.get(url(event, f"{other.pk}/")).status_code == 404


def test_a_late_entry_misses_the_published_rounds(event, arbiter_api):
    response = arbiter_api.post(
        f"/api/tournaments/{event.pk}/late-entries/", {"name": "Latecomer"}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["joined_round"] == 5
    late = Participant.objects.get(name="Latecomer")
    assert list(RoundBye.objects.filter(participant=late).values_list("round_number", "kind")) == [
        (n, "late") for n in range(1, 5)
    ]


def test_a_late_entry_cannot_join_a_published_round(event, arbiter_api):
    response = arbiter_api.post(
        f"/api/tournaments/{event.pk}/late-entries/", {"name": "Latecomer", "joined_round": 2}, format="json"
    )
    assert response.status_code == 400
    assert "already been published" in response.json()["detail"]
    assert not Participant.objects.filter(name="Latecomer").exists()


@pytest.mark.parametrize(("who", "status"), [("anonymous", 401), ("stranger", 404), ("arbiter", 200)])
def test_who_may_withdraw_a_participant(event, clients, who, status):
    p = event.participants.get(pairing_number=1)
    response = clients[who].post(url(event, f"{p.pk}/withdraw/"), {}, format="json")
    assert response.status_code == status
    p.refresh_from_db()
    assert (p.status == "withdrawn") == (status == 200)
    if status == 200:
        assert response.json()["withdrawn_from_round"] == 5


def test_withdrawing_twice_is_refused(event, organiser_api):
    p = event.participants.get(pairing_number=8)
    response = organiser_api.post(url(event, f"{p.pk}/withdraw/"), {}, format="json")
    assert response.status_code == 400
    assert "already withdrawn" in response.json()["detail"]


def test_withdraw_input_is_checked(event, organiser_api):
    p = event.participants.get(pairing_number=1)
    response = organiser_api.post(url(event, f"{p.pk}/withdraw/"), {"from_round": 0}, format="json")
    assert response.status_code == 400
    assert "from_round" in response.json()


def test_patch_corrects_an_entry_and_delete_removes_a_wrong_one(tournament, arbiter_api):
    """Issue 22 (2): PATCH and DELETE on a participant, through the same services as the pages."""
    made = arbiter_api.post(url(tournament), {"name": "Typo Nmae", "rating": 1500}, format="json").json()
    response = arbiter_api.patch(
        url(tournament, f"{made['id']}/"), {"name": "Typo Name", "fide_id": "42"}, format="json"
    )
    assert response.status_code == 200
    assert (response.json()["name"], response.json()["fide_id"], response.json()["rating"]) == (
        "Typo Name",
        "42",
        1500,
    )
    bad = arbiter_api.patch(url(tournament, f"{made['id']}/"), {"rating": 9999}, format="json")
    assert bad.status_code == 400
    assert arbiter_api.delete(url(tournament, f"{made['id']}/")).status_code == 204
    assert not Participant.objects.filter(pk=made["id"]).exists()


def test_a_paired_participant_is_withdrawn_and_the_withdrawal_undone(event, arbiter_api):
    paired = event.participants.get(pairing_number=1)
    refused = arbiter_api.delete(url(event, f"{paired.pk}/"))
    assert refused.status_code == 400 and "withdraw them instead" in refused.json()["detail"]
    assert arbiter_api.post(url(event, f"{paired.pk}/withdraw/"), {}, format="json").status_code == 200
    response = arbiter_api.post(url(event, f"{paired.pk}/undo-withdrawal/"), {}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "active"
    again = arbiter_api.post(url(event, f"{paired.pk}/undo-withdrawal/"), {}, format="json")
    assert again.status_code == 400 and "has not withdrawn" in again.json()["detail"]
