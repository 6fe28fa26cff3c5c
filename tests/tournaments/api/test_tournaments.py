"""/api/tournaments/ and /api/tournaments/<id>/."""

from __future__ import annotations

import pytest

from tournaments.models import AuditLog, Round, Tournament, TournamentRole


def test_the_list_shows_only_tournaments_where_you_have_a_role(
    event, organiser_api, stranger_api, arbiter_api
):
    assert [t["name"] for t in organiser_api.get("/api/tournaments/").json()] == ["Every Record Open"]
    assert [t["name"] for t in arbiter_api.get("/api/tournaments/").json()] == ["Every Record Open"]
    assert [t["name"] for t in stranger_api.get("/api/tournaments/").json()] == ["Someone else's open"]


def test_creating_a_tournament_makes_you_its_organiser(organiser, organiser_api):
    response = organiser_api.post(
        "/api/tournaments/",
        {"name": "Spring Rapid", "rounds_planned": 7, "initial_colour": "b"},
        format="json",
    )
    assert response.status_code == 201
    body = response.json()
    assert (body["name"], body["rounds_planned"], body["initial_colour"], body["status"]) == (
        "Spring Rapid",
        7,
        "b",
        "registration",
    )
    created = Tournament.objects.get(pk=body["id"])
    assert TournamentRole.objects.get(tournament=created).user == organiser
    assert AuditLog.objects.filter(tournament=created, action="tournament_create").exists()


def test_creating_needs_a_name_and_sane_numbers(organiser_api):
    response = organiser_api.post(
        "/api/tournaments/", {"rounds_planned": 0, "format": "knockout"}, format="json"
    )
    assert response.status_code == 400
    assert set(response.json()) == {"name", "rounds_planned", "format"}
    assert Tournament.objects.count() == 0


def test_the_service_rules_come_back_as_field_errors(organiser_api):
    response = organiser_api.post(
        "/api/tournaments/", {"name": "Odd", "win_points": 2, "bye_points": 4}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"] == {"bye_points": ["The bye cannot be worth more than a win."]}
    assert Tournament.objects.count() == 0


def test_creating_for_a_club_you_are_not_in_is_forbidden(organiser_api, tournament):
    response = organiser_api.post(
        "/api/tournaments/", {"name": "Club Cup", "club": tournament.club_id}, format="json"
    )
    assert response.status_code == 403
    assert "owners and organisers of Riverside Chess Club" in response.json()["detail"]


def test_anonymous_cannot_create(db, anon_api):
    assert anon_api.post("/api/tournaments/", {"name": "X"}, format="json").status_code == 401


@pytest.mark.parametrize(
    ("who", "status"), [("anonymous", 401), ("stranger", 404), ("arbiter", 200), ("organiser", 200)]
)
def test_who_may_read_a_tournament(event, clients, who, status):
    response = clients[who].get(f"/api/tournaments/{event.pk}/")
    assert response.status_code == status
    if status == 200:
        assert response.json()["name"] == "Every Record Open"


def test_an_unknown_tournament_is_a_404(organiser_api):
    assert organiser_api.get("/api/tournaments/987654/").status_code == 404
    assert organiser_api.get("/api/tournaments/99999999999999999999/").status_code == 404


@pytest.mark.parametrize(
    ("who", "status"), [("anonymous", 401), ("stranger", 404), ("arbiter", 403), ("organiser", 200)]
)
def test_only_organisers_change_settings(tournament, clients, who, status):
    response = clients[who].patch(f"/api/tournaments/{tournament.pk}/", {"place": "Town hall"}, format="json")
    assert response.status_code == status
    tournament.refresh_from_db()
    assert (tournament.place == "Town hall") == (status == 200)


def test_pairing_settings_are_frozen_after_round_one(event, organiser_api):
    response = organiser_api.patch(f"/api/tournaments/{event.pk}/", {"rounds_planned": 9}, format="json")
    assert response.status_code == 400
    assert "rounds_planned" in response.json()["errors"]
    event.refresh_from_db()
    assert event.rounds_planned == 5
    assert Round.objects.filter(tournament=event).count() == 4


def test_a_patch_with_a_bad_value_is_a_400(tournament, organiser_api):
    response = organiser_api.patch(
        f"/api/tournaments/{tournament.pk}/", {"rounds_planned": "many"}, format="json"
    )
    assert response.status_code == 400
    assert "rounds_planned" in response.json()
