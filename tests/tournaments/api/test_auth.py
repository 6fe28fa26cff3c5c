"""Obtaining a token, and using it."""

from __future__ import annotations

from rest_framework.test import APIClient


def test_a_username_and_password_give_a_token_that_authenticates(organiser, tournament):
    client = APIClient()
    response = client.post(
        "/api/auth/token/", {"username": "olga", "password": "organiser-pass-1"}, format="json"
    )
    assert response.status_code == 200
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    listed = client.get("/api/tournaments/")
    assert listed.status_code == 200
    assert [t["name"] for t in listed.json()] == ["Club Championship"]


def test_the_same_user_gets_the_same_token(organiser):
    client = APIClient()
    first = client.post(
        "/api/auth/token/", {"username": "olga", "password": "organiser-pass-1"}, format="json"
    )
    second = client.post(
        "/api/auth/token/", {"username": "olga", "password": "organiser-pass-1"}, format="json"
    )
    assert first.json()["token"] == second.json()["token"]


def test_a_wrong_password_is_a_400_without_a_token(organiser):
    response = APIClient().post("/api/auth/token/", {"username": "olga", "password": "nope"}, format="json")
    assert response.status_code == 400
    assert "token" not in response.json()
    assert response.json()["detail"] == "Wrong username or password."


def test_missing_fields_are_a_400_naming_them(db):
    response = APIClient().post("/api/auth/token/", {}, format="json")
    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"username", "password"}


def test_repeated_failures_are_stopped_even_with_the_right_password(organiser, settings):
    settings.LOGIN_RATE_LIMIT = 3
    client = APIClient()
    for _ in range(3):
        assert (
            client.post("/api/auth/token/", {"username": "olga", "password": "x"}, format="json").status_code
            == 400
        )
    response = client.post(
        "/api/auth/token/", {"username": "olga", "password": "organiser-pass-1"}, format="json"
    )
    assert response.status_code == 429


def test_staff_endpoints_need_authentication(db, anon_api):
    response = anon_api.get("/api/tournaments/")
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Token")


def test_a_bad_token_is_a_401(db):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    assert client.get("/api/tournaments/").status_code == 401


def test_a_browser_session_works_too(client, organiser, tournament):
    client.force_login(organiser)
    assert client.get("/api/tournaments/").status_code == 200
