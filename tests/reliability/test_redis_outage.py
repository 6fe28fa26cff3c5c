"""Issue 32 item 2: a Redis outage must not take the site down.

The cache (and the session cache) are a real ``redis-server`` process, configured exactly as
production configures them from ``CACHE_URL`` (config/settings.py read again with it set). The
server is then stopped: the public pairings and standings, a player's report page, the arbiter's
round page, result entry and login must still answer (from the database), and everything must
use Redis again once it is back.

A private server on a free port: never the machine's shared Redis.
"""

from __future__ import annotations

import importlib.util
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest
from django.core.cache import caches
from django.urls import reverse

from reports.services.links import reporting_link_issue
from tests.security import world as w
from tournaments.models import Board

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not shutil.which("redis-server"), reason="needs redis-server")


class RedisServer:
    def __init__(self) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.popen: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.popen = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise AssertionError("redis-server did not start")

    def stop(self) -> None:
        if self.popen and self.popen.poll() is None:
            self.popen.kill()
            self.popen.wait(timeout=10)

    def keys(self) -> int:
        out = subprocess.run(
            ["redis-cli", "-p", str(self.port), "dbsize"], capture_output=True, text=True, check=True
        )
        return int(out.stdout.strip())


def production_cache_settings(monkeypatch, url: str) -> dict[str, object]:
    """CACHES and SESSION_ENGINE as config/settings.py makes them from CACHE_URL."""
    monkeypatch.setenv("CACHE_URL", url)
    spec = importlib.util.spec_from_file_location("_settings_with_redis", ROOT / "config" / "settings.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return {"CACHES": module.CACHES, "SESSION_ENGINE": module.SESSION_ENGINE}


@pytest.fixture
def redis_server():
    server = RedisServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def redis_settings(settings, monkeypatch, redis_server):
    values = production_cache_settings(monkeypatch, redis_server.url)
    assert "redis" in values["CACHES"]["default"]["BACKEND"].lower()
    settings.CACHES = values["CACHES"]
    settings.SESSION_ENGINE = values["SESSION_ENGINE"]
    yield settings
    for cache in caches.all(initialized_only=True):
        try:
            cache.close()
        except Exception:  # noqa: BLE001
            pass


@pytest.fixture
def world(tournament):
    return w.build(tournament, w.PUBLISHED)


def _pages(world, report_token: str) -> dict[str, str]:
    token = world.tournament.public_token
    return {
        "public pairings": reverse("public:pairings", kwargs={"token": token}),
        "public standings": reverse("public:standings", kwargs={"token": token}),
        "player's report page": f"/r/{report_token}/",
    }


def _everything_answers(client, arbiter, world, report_token: str, board_number: int, result: str) -> None:
    for what, url in _pages(world, report_token).items():
        response = client.get(url)
        assert response.status_code == 200, f"{what}: {response.status_code}"
    # The login form (and its rate limit) with a wrong, then the right password.
    wrong = client.post(reverse("login"), {"username": "arthur", "password": "not-it"})
    assert wrong.status_code == 200 and "_auth_user_id" not in client.session
    right = client.post(reverse("login"), {"username": "arthur", "password": "arbiter-pass-1"})
    assert right.status_code == 302, right.content[:300]
    round_page = client.get(
        reverse("tournaments:round", kwargs={"tournament_id": world.tournament.pk, "number": 1})
    )
    assert round_page.status_code == 200
    board = Board.objects.get(round=world.round, number=board_number)
    saved = client.post(
        reverse("tournaments:result", kwargs={"tournament_id": world.tournament.pk, "board_id": board.pk}),
        {"result": result, "version": board.version},
    )
    assert saved.status_code in (200, 302), saved.content[:300]
    board.refresh_from_db()
    assert board.result == result
    client.logout()


@pytest.mark.django_db
def test_the_site_keeps_answering_while_redis_is_down_and_uses_it_again_when_it_returns(
    client, redis_settings, redis_server, world, organiser, arbiter
):
    client.raise_request_exception = False
    report_token = reporting_link_issue(participant=world.people[0], user=organiser).token

    _everything_answers(client, arbiter, world, report_token, 1, "1-0")
    assert redis_server.keys() > 0, "Redis is used while it runs"

    redis_server.stop()
    started = time.monotonic()
    _everything_answers(client, arbiter, world, report_token, 2, "0-1")
    assert time.monotonic() - started < 20, "an outage must not make every request wait for timeouts"

    redis_server.start()  # back, empty (no persistence): nothing to restore
    time.sleep(1.1)  # the cache tries Redis again after a short pause
    _everything_answers(client, arbiter, world, report_token, 3, "1/2-1/2")
    assert redis_server.keys() > 0, "the cache is used again once Redis is back"


@pytest.mark.django_db
def test_while_redis_is_down_the_login_limit_still_holds_in_each_process(
    client, redis_settings, redis_server, arbiter
):
    """Fail open only as far as the number of web processes: each counts in its own memory."""
    redis_settings.LOGIN_RATE_LIMIT = 3
    redis_server.stop()
    for _ in range(4):
        client.post(reverse("login"), {"username": "arthur", "password": "not-it"})
    locked = client.post(reverse("login"), {"username": "arthur", "password": "arbiter-pass-1"})
    assert locked.status_code != 302 and "_auth_user_id" not in client.session
