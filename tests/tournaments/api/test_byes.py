"""Requested byes and absences."""

from __future__ import annotations

import pytest

from tournaments.models import RoundBye


def url(t, rest: str = "") -> str:
    return f"/api/tournaments/{t.pk}/byes/{rest}"


@pytest.mark.parametrize(("who", "status"), [("anonymous", 401), ("stranger", 404), ("arbiter", 200)])
def test_who_may_list_byes(event, clients, who, status):
    response = clients[who].get(url(event))
    assert response.status_code == status
    if status == 200:
        assert {b["kind"] for b in response.json()} == {"pab", "late", "half", "zero", "full", "absent"}


@pytest.mark.parametrize(
    ("who", "status"), [("anonymous", 401), ("stranger", 404), ("arbiter", 201), ("organiser", 201)]
)
def test_who_may_request_a_zero_point_bye(event, clients, who, status):
    p = event.participants.get(pairing_number=4)
    response = clients[who].post(
        url(event), {"participant": p.pk, "round_number": 5, "kind": "zero"}, format="json"
    )
    assert response.status_code == status
    assert RoundBye.objects.filter(participant=p, round_number=5).exists() == (status == 201)
    if status == 201:
        assert (response.json()["kind"], response.json()["points"]) == ("zero", 0)


def test_a_half_point_bye_is_worth_a_draw(tournament, arbiter_api):
    p = tournament.participants.create(name="Ann")
    response = arbiter_api.post(
        url(tournament), {"participant": p.pk, "round_number": 2, "kind": "half"}, format="json"
    )
    assert response.status_code == 201
    assert (response.json()["kind"], response.json()["points"]) == ("half", 1)


def test_the_organisers_bye_rules_apply(event, arbiter_api):
    p = event.participants.get(pairing_number=4)
    response = arbiter_api.post(
        url(event), {"participant": p.pk, "round_number": 5, "kind": "half"}, format="json"
    )
    assert response.status_code == 400
    assert "last 1 round" in response.json()["detail"]
    assert not RoundBye.objects.filter(participant=p, round_number=5).exists()


def test_a_known_absence(event, arbiter_api):
    p = event.participants.get(pairing_number=5)
    response = arbiter_api.post(
        url(event), {"participant": p.pk, "round_number": 5, "kind": "absent"}, format="json"
    )
    assert response.status_code == 201
    assert RoundBye.objects.get(participant=p, round_number=5).kind == "absent"


def test_a_bye_for_a_published_round_is_refused(event, arbiter_api):
    p = event.participants.get(pairing_number=1)
    response = arbiter_api.post(
        url(event), {"participant": p.pk, "round_number": 4, "kind": "zero"}, format="json"
    )
    assert response.status_code == 400
    assert "already been published" in response.json()["detail"]


def test_bye_input_is_checked(event, arbiter_api):
    response = arbiter_api.post(
        url(event), {"participant": "x", "round_number": 0, "kind": "pab"}, format="json"
    )
    assert response.status_code == 400
    assert set(response.json()) == {"participant", "round_number", "kind"}


def test_a_participant_of_another_tournament_is_a_404(event, tournament, arbiter_api):
    other = tournament.participants.create(name="Elsewhere")
    response = arbiter_api.post(
        url(event), {"participant": other.pk, "round_number": 5, "kind": "half"}, format="json"
    )
    assert response.status_code == 404


def test_cancelling_a_requested_bye(event, arbiter_api, stranger_api):
    bye = RoundBye.objects.get(tournament=event, round_number=5)
    assert stranger_api.delete(url(event, f"{bye.pk}/")).status_code == 404
    assert arbiter_api.delete(url(event, f"{bye.pk}/")).status_code == 204
    assert not RoundBye.objects.filter(pk=bye.pk).exists()


def test_a_pairing_allocated_bye_cannot_be_cancelled(event, arbiter_api):
    bye = RoundBye.objects.get(tournament=event, kind="pab")
    response = arbiter_api.delete(url(event, f"{bye.pk}/"))
    assert response.status_code == 400
    assert RoundBye.objects.filter(pk=bye.pk).exists()
