"""The login limit holds against concurrent guessers (issue 32, item 12): an attempt is counted
before its password is checked, so clients guessing at the same moment get no more password checks
between them than ``LOGIN_RATE_LIMIT``. Each client is a thread with its own database connection;
the password check is made slow, as a real hasher's is, so that the guesses overlap."""

from __future__ import annotations

import threading
import time

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher
from django.test import Client
from rest_framework.test import APIClient

from tests.reliability.test_concurrent_results import run_threads

pytestmark = pytest.mark.django_db(transaction=True)
CLIENTS = 4
LIMIT = 10
checks: list[str] = []
lock = threading.Lock()


class SlowHasher(MD5PasswordHasher):
    """The test settings' MD5, taking 50 ms to check a password and counting the checks."""

    def verify(self, password: str, encoded: str) -> bool:
        with lock:
            checks.append(password)
        time.sleep(0.05)
        return super().verify(password, encoded)


@pytest.fixture(autouse=True)
def _slow_checks(settings, django_user_model):
    settings.PASSWORD_HASHERS = [f"{__name__}.SlowHasher"]
    settings.LOGIN_RATE_LIMIT = LIMIT
    settings.LOGIN_RATE_LIMIT_PER_ADDRESS = 1000
    django_user_model.objects.create_user("desk", email="desk@example.org", password="right-password-1")
    checks.clear()


def guess_until_refused(post) -> None:
    for n in range(2 * LIMIT):
        if post(f"guess-{threading.get_ident()}-{n}") == 429:
            return


@pytest.mark.parametrize("name", ["desk", "desk@example.org"])
def test_concurrent_guessers_on_the_login_page_get_no_more_checks_than_the_limit(name):
    def client(i: int) -> None:
        web = Client()
        address = f"10.1.0.{i}"
        guess_until_refused(
            lambda pw: (
                web.post(
                    "/accounts/login/", {"username": name, "password": pw}, REMOTE_ADDR=address
                ).status_code
            )
        )

    assert run_threads(CLIENTS, client) == []
    assert len(checks) <= LIMIT, f"{len(checks)} passwords checked with a limit of {LIMIT}"


def test_concurrent_guessers_on_the_api_get_no_more_checks_than_the_limit():
    def client(i: int) -> None:
        api = APIClient()
        address = f"10.2.0.{i}"
        guess_until_refused(
            lambda pw: (
                api.post(
                    "/api/auth/token/",
                    {"username": "desk", "password": pw},
                    format="json",
                    REMOTE_ADDR=address,
                ).status_code
            )
        )

    assert run_threads(CLIENTS, client) == []
    assert len(checks) <= LIMIT, f"{len(checks)} passwords checked with a limit of {LIMIT}"


def test_the_right_password_is_still_checked_and_logs_in_below_the_limit():
    client = Client()
    for n in range(LIMIT - 1):
        assert client.post("/accounts/login/", {"username": "desk", "password": f"no-{n}"}).status_code == 200
    response = client.post("/accounts/login/", {"username": "desk", "password": "right-password-1"})
    assert response.status_code == 302
    # The success cleared the name's counter: a full allowance again.
    client.logout()
    for n in range(LIMIT):
        assert client.post("/accounts/login/", {"username": "desk", "password": f"no-{n}"}).status_code == 200
    assert client.post("/accounts/login/", {"username": "desk", "password": "x"}).status_code == 429
