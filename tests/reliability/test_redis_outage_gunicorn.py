"""Issue 32 item 2 in the production shape: gunicorn with ``DEBUG=0`` and the production settings,
its cache, sessions and broker on a private ``redis-server`` that is stopped, then started again.

Public pairings and standings, a player's report page, login, the arbiter's round page and
result entry must answer throughout (the database is the test database, shared with gunicorn).
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.db import connection
from django.urls import reverse

from reports.services.links import reporting_link_issue
from tests.reliability.test_redis_outage import RedisServer
from tests.security import world as w
from tournaments.models import Board

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.skipif(not shutil.which("redis-server"), reason="needs redis-server"),
    pytest.mark.django_db(transaction=True),
]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _database_env() -> dict[str, str]:
    db = connection.settings_dict
    if db["ENGINE"] == "django.db.backends.postgresql":
        return {
            "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
        }
    return {"DATABASE_URL": "", "SQLITE_NAME": str(db["NAME"])}


@pytest.fixture
def redis_server():
    server = RedisServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def gunicorn(redis_server, tmp_path):
    port = _free_port()
    env = {
        **os.environ,
        **_database_env(),
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "SECRET_KEY": "gunicorn-outage-" + "x" * 50,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        "SESSION_COOKIE_SECURE": "0",
        "CSRF_COOKIE_SECURE": "0",
        "SECURE_HSTS_SECONDS": "0",
        "CACHE_URL": f"redis://127.0.0.1:{redis_server.port}/0",
        "CELERY_BROKER_URL": f"redis://127.0.0.1:{redis_server.port}/1",
        "STATIC_ROOT": str(tmp_path / "static"),
        "DB_CONN_MAX_AGE": "0",
        "PUBLIC_REBUILD_IN_BACKGROUND": "0",
    }
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True
    )
    log = tmp_path / "gunicorn.log"
    popen = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
        ],
        cwd=ROOT,
        env=env,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert popen.poll() is None, log.read_text()
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}", log
    finally:
        popen.terminate()
        popen.wait(timeout=20)


class Browser:
    """Cookies and CSRF like a browser; 3xx answers are returned, not followed."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect)

    def open(self, path: str, data: dict[str, str] | None = None) -> tuple[int, str]:
        body = None
        if data is not None:
            csrf = next((c.value for c in self.jar if c.name == "csrftoken"), "")
            body = urllib.parse.urlencode({"csrfmiddlewaretoken": csrf, **data}).encode()
        request = urllib.request.Request(self.base + path, data=body)
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()


def _round_of_checks(base: str, world, report_token: str, board_number: int, result: str) -> None:
    browser = Browser(base)
    token = world.tournament.public_token
    for what, path in {
        "public pairings": reverse("public:pairings", kwargs={"token": token}),
        "public standings": reverse("public:standings", kwargs={"token": token}),
        "player's report page": f"/r/{report_token}/",
        "login page": reverse("login"),
    }.items():
        status, _ = browser.open(path)
        assert status == 200, f"{what}: {status}"
    status, _ = browser.open(reverse("login"), {"username": "arthur", "password": "not-it"})
    assert status == 200
    status, body = browser.open(reverse("login"), {"username": "arthur", "password": "arbiter-pass-1"})
    assert status == 302, body[:500]
    round_url = reverse("tournaments:round", kwargs={"tournament_id": world.tournament.pk, "number": 1})
    status, page = browser.open(round_url)
    assert status == 200 and re.search(r"csrfmiddlewaretoken", page)
    board = Board.objects.get(round=world.round, number=board_number)
    status, body = browser.open(
        reverse("tournaments:result", kwargs={"tournament_id": world.tournament.pk, "board_id": board.pk}),
        {"result": result, "version": str(board.version)},
    )
    assert status in (200, 302), body[:500]
    board.refresh_from_db()
    assert board.result == result


def test_gunicorn_keeps_answering_while_redis_is_down_and_uses_it_again(
    gunicorn, redis_server, tournament, organiser, arbiter
):
    base, log = gunicorn
    # The test settings hash with MD5, which the production settings gunicorn runs do not accept.
    arbiter.password = PBKDF2PasswordHasher().encode("arbiter-pass-1", PBKDF2PasswordHasher().salt())
    arbiter.save(update_fields=["password"])
    world = w.build(tournament, w.PUBLISHED)
    report_token = reporting_link_issue(participant=world.people[0], user=organiser).token

    _round_of_checks(base, world, report_token, 1, "1-0")
    assert redis_server.keys() > 0

    redis_server.stop()
    _round_of_checks(base, world, report_token, 2, "0-1")
    assert "cannot be reached" in log.read_text()

    redis_server.start()
    time.sleep(1.1)
    _round_of_checks(base, world, report_token, 3, "1/2-1/2")
    assert redis_server.keys() > 0
    assert " 500 " not in log.read_text() and "Traceback" not in log.read_text()
