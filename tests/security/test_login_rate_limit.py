"""Logging in is rate limited per username and per client address (``LOGIN_RATE_LIMIT`` failures
in 15 minutes, counted in the cache); a locked-out attempt is a 429 even with the right password."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

LOGIN = "/accounts/login/"


@pytest.fixture(autouse=True)
def _limit(settings):
    settings.LOGIN_RATE_LIMIT = 3


@pytest.fixture
def user(db):
    return get_user_model().objects.create_user("desk", password="right-password-1")


def attempt(client, username, password, address="10.0.0.1"):
    return client.post(LOGIN, {"username": username, "password": password}, REMOTE_ADDR=address)


def test_the_right_password_logs_in(client, user):
    response = attempt(client, "desk", "right-password-1")
    assert response.status_code == 302
    assert client.session.get("_auth_user_id") == str(user.pk)


def test_a_wrong_password_is_an_ordinary_form_error_below_the_limit(client, user):
    response = attempt(client, "desk", "wrong")
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_after_the_limit_the_username_is_locked_even_with_the_right_password(client, user):
    for i in range(3):
        assert attempt(client, "desk", f"guess-{i}", address=f"10.0.1.{i}").status_code == 200
    response = attempt(client, "desk", "right-password-1", address="10.0.2.1")
    assert response.status_code == 429
    assert "Too many failed login attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_username_lock_ignores_case_and_surrounding_spaces(client, user):
    for name in ("DESK", " desk", "Desk "):
        attempt(client, name, "wrong", address="10.0.3.1")
    assert attempt(client, "desk", "right-password-1", address="10.0.3.2").status_code == 429


def test_after_the_limit_the_address_is_locked_for_every_username(client, user):
    for i in range(3):
        attempt(client, f"someone-{i}", "wrong", address="10.9.9.9")
    assert attempt(client, "desk", "right-password-1", address="10.9.9.9").status_code == 429
    # Another address may still log in to the same account: only the guessing address is locked.
    assert attempt(client, "desk", "right-password-1", address="10.9.9.8").status_code == 302


def test_a_success_resets_the_username_counter(client, user):
    attempt(client, "desk", "wrong", address="10.0.4.1")
    attempt(client, "desk", "wrong", address="10.0.4.2")
    assert attempt(client, "desk", "right-password-1", address="10.0.4.3").status_code == 302
    client.logout()
    attempt(client, "desk", "wrong", address="10.0.4.4")
    attempt(client, "desk", "wrong", address="10.0.4.5")
    assert attempt(client, "desk", "right-password-1", address="10.0.4.6").status_code == 302


def test_the_lock_lifts_when_the_window_has_passed(client, user, settings):
    from django.core.cache import cache

    for _ in range(3):
        attempt(client, "desk", "wrong", address="10.0.5.1")
    assert attempt(client, "desk", "right-password-1", address="10.0.5.1").status_code == 429
    cache.clear()  # what the 15-minute expiry of the counters does
    assert attempt(client, "desk", "right-password-1", address="10.0.5.1").status_code == 302


def test_the_back_office_login_goes_through_the_same_page(client):
    response = client.get("/admin/login/?next=/admin/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/admin/"


def test_the_api_token_endpoint_is_limited_too(client, user):
    for i in range(3):
        client.post(
            "/api/auth/token/", {"username": "desk", "password": f"guess-{i}"}, REMOTE_ADDR="10.0.6.1"
        )
    response = client.post(
        "/api/auth/token/", {"username": "desk", "password": "right-password-1"}, REMOTE_ADDR="10.0.6.2"
    )
    assert response.status_code == 429


def test_guesses_on_the_login_page_and_the_api_token_endpoint_add_up(client, user):
    attempt(client, "desk", "guess-1", address="10.0.7.1")
    client.post("/api/auth/token/", {"username": "desk", "password": "guess-2"}, REMOTE_ADDR="10.0.7.2")
    attempt(client, "desk", "guess-3", address="10.0.7.3")
    assert attempt(client, "desk", "right-password-1", address="10.0.7.4").status_code == 429
    response = client.post(
        "/api/auth/token/", {"username": "desk", "password": "right-password-1"}, REMOTE_ADDR="10.0.7.5"
    )
    assert response.status_code == 429
