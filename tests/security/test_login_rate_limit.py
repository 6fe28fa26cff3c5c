"""Logging in is rate limited per user name (``LOGIN_RATE_LIMIT`` failures in 15 minutes) and,
separately and more loosely, per client address (``LOGIN_RATE_LIMIT_PER_ADDRESS``), counted in the
shared cache; a locked-out attempt is a 429 even with the right password."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

LOGIN = "/accounts/login/"


@pytest.fixture(autouse=True)
def _limit(settings):
    settings.LOGIN_RATE_LIMIT = 3
    settings.LOGIN_RATE_LIMIT_PER_ADDRESS = 6
    settings.TRUSTED_PROXY_COUNT = 0


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


def test_after_the_address_limit_the_address_is_locked_for_every_username(client, user):
    for i in range(6):
        attempt(client, f"someone-{i}", "wrong", address="10.9.9.9")
    assert attempt(client, "desk", "right-password-1", address="10.9.9.9").status_code == 429
    # Another address may still log in to the same account: only the guessing address is locked.
    assert attempt(client, "desk", "right-password-1", address="10.9.9.8").status_code == 302


def test_a_locked_user_name_does_not_lock_other_accounts_at_the_same_address(client, user):
    # Someone at the club's shared address (or behind a proxy hiding addresses) mistypes their
    # own password until their name is locked: the others there can still log in.
    for _ in range(4):
        attempt(client, "someone", "wrong", address="10.9.8.1")
    assert attempt(client, "someone", "wrong", address="10.9.8.1").status_code == 429
    assert attempt(client, "desk", "right-password-1", address="10.9.8.1").status_code == 302


def test_the_address_limit_is_its_own_setting(client, user, settings):
    settings.LOGIN_RATE_LIMIT_PER_ADDRESS = 2
    attempt(client, "someone-1", "wrong", address="10.9.8.2")
    attempt(client, "someone-2", "wrong", address="10.9.8.2")
    assert attempt(client, "desk", "right-password-1", address="10.9.8.2").status_code == 429


def forwarded(client, username, password, chain, proxy="172.18.0.5"):
    """A login through a proxy at ``proxy`` that sent ``X-Forwarded-For: chain``."""
    data = {"username": username, "password": password}
    return client.post(LOGIN, data, REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR=chain)


def test_a_forwarded_address_is_ignored_unless_a_proxy_is_trusted(client, user):
    for i in range(6):
        forwarded(client, f"someone-{i}", "wrong", f"192.0.2.{i}")
    assert forwarded(client, "desk", "right-password-1", "192.0.2.99").status_code == 429


def test_behind_a_trusted_proxy_each_client_address_counts_on_its_own(client, user, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    for i in range(6):
        # The guesser writes an X-Forwarded-For of his own; the proxy appends the real address.
        forwarded(client, f"someone-{i}", "wrong", f"203.0.113.{i}, 198.51.100.7")
    assert forwarded(client, "desk", "right-password-1", "198.51.100.7").status_code == 429
    # Everybody else behind the same proxy is unaffected.
    assert forwarded(client, "desk", "right-password-1", "198.51.100.8").status_code == 302


def test_the_counters_work_in_the_database_cache_every_process_shares(client, user, settings):
    from django.core.cache import caches
    from django.core.management import call_command
    from django.db import connection

    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "login_cache_test"}
    }
    call_command("createcachetable", verbosity=0)
    caches["default"].clear()
    for i in range(3):
        attempt(client, "desk", f"guess-{i}", address=f"10.0.8.{i}")
    assert attempt(client, "desk", "right-password-1", address="10.0.8.9").status_code == 429
    with connection.cursor() as cursor:  # in a table, not in this process's memory
        cursor.execute("SELECT COUNT(*) FROM login_cache_test")
        assert cursor.fetchone()[0] >= 1


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
