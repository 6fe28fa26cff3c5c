"""Pairing that always ends, end to end through HTTP (issue 19): a real web server process, a real
Celery worker on Redis, the PostgreSQL test database.

* The worker is SIGKILLed right after it receives the pairing task of a 1,501-player round and is
  started again: the round ends by itself (late acknowledgement: Redis hands the task out again
  once the visibility timeout has passed), without a second click.
* The broker cannot be reached: the API answers 503 with a clear message at once, and no round is
  left behind.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from accounts.services import api_token_create
from tests.worker.conftest import (
    ROOT,
    WorkerProcess,
    _skip_reason,
    start_worker,
    wait_for,
    worker_database_url,
)
from tests.worker.test_pairing_worker import assert_fully_paired, field
from tournaments.models import Round

pytestmark = pytest.mark.worker

# Short limits so that the test ends within a minute or two. The web server and the worker share
# them, as in a deployment: the stale-claim rule fails a claim older than the hard limit, and the
# worker that comes back hands out a dead worker's task again after the visibility timeout.
REDELIVER = {
    "CELERY_TASK_SOFT_TIME_LIMIT": "30",
    "CELERY_TASK_TIME_LIMIT": "40",
    "CELERY_VISIBILITY_TIMEOUT": "45",
}
# Redelivery far away (10 minutes): what the arbiter sees first is the stale-claim rule.
STALE_FIRST = {**REDELIVER, "CELERY_VISIBILITY_TIMEOUT": "600"}


def unused_port() -> int:
    """A port nothing listens on (the kernel's choice, so no other test run collides)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, popen: subprocess.Popen[bytes], base: str, log: Path) -> None:
        self.popen, self.base, self.log = popen, base, log

    def call(self, method: str, path: str, token: str) -> tuple[int, dict]:
        request = urllib.request.Request(
            self.base + path, method=method, headers={"Authorization": f"Token {token}"}
        )
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                return response.status, self.parse(response.read())
        except urllib.error.HTTPError as exc:
            return exc.code, self.parse(exc.read())

    @staticmethod
    def parse(body: bytes) -> dict:
        try:
            return json.loads(body or b"{}")
        except ValueError:  # an error page, not the API's JSON
            return {"detail": body.decode(errors="replace")[:500]}


def start_server(tmp_path: Path, extra_env: dict[str, str]) -> Server:
    """Django's server in a process of its own, on the test database."""
    port = int(os.environ.get("TEST_HTTP_PORT") or unused_port())
    log = tmp_path / f"server-{port}.log"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": worker_database_url(),
        "DB_CONN_MAX_AGE": "0",
        **extra_env,
    }
    popen = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload", "--skip-checks"],
        cwd=ROOT,
        env=env,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    server = Server(popen, f"http://127.0.0.1:{port}", log)

    def up() -> bool:
        assert popen.poll() is None, log.read_text(errors="replace")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except OSError:
            return False
        return True

    wait_for(up, timeout=60, what="the web server to start")
    return server


@pytest.fixture
def servers() -> Iterator[list[Server | WorkerProcess]]:
    """Web servers and extra workers a test starts, stopped afterwards."""
    started: list[Server | WorkerProcess] = []
    yield started
    for process in started:
        if isinstance(process, WorkerProcess):
            process.kill()
        elif process.popen.poll() is None:
            process.popen.terminate()
            process.popen.wait(timeout=20)


FIELD = 1501


def a_killed_pairing(worker, django_user_model, tmp_path: Path, servers: list, env: dict[str, str]):
    """A 1,501-player Swiss, a web server with these limits, the worker SIGKILLed as it pairs and
    a new worker started."""
    user = django_user_model.objects.create_user("arb", password="x")
    tournament = field(user, FIELD)
    _, token = api_token_create(user=user, name="test", days=None)
    server = start_server(tmp_path, {"CELERY_QUEUE": worker.queue, **env})
    servers.append(server)
    rnd = kill_right_after_it_receives(worker, server, tournament, token)
    # The worker comes back (with the same limits); nobody clicks anything yet.
    again = start_worker(worker.queue, tmp_path / "second-worker.log", extra_env=env)
    servers.append(again)
    return server, again, tournament, token, rnd


def kill_right_after_it_receives(worker, server: Server, tournament, token: str) -> Round:
    """POST the pairing of the round through the API, and SIGKILL the worker the moment it logs
    that it received the task (the solo pool starts pairing at once, so it dies in the middle)."""
    code, body = server.call("POST", f"/api/tournaments/{tournament.pk}/rounds/pair/", token)
    assert code == 202 and body["status"] == "pairing", body
    wait_for(
        lambda: "] received" in worker.output(),
        timeout=120,
        interval=0.02,
        what="the worker to receive the task",
    )
    worker.kill()
    assert "succeeded" not in worker.output()
    rnd = Round.objects.get(tournament=tournament)
    assert rnd.status == Round.Status.PAIRING and rnd.task_id in worker.output()
    return rnd


def poll_round(server: Server, tournament, token: str) -> dict:
    """Poll the round through the API (which shows a stale claim as failed) until it leaves `pairing`."""
    url = f"/api/tournaments/{tournament.pk}/rounds/1/"

    def ended() -> dict | None:
        code, body = server.call("GET", url, token)
        assert code == 200, body
        return body if body["status"] != "pairing" else None

    return wait_for(ended, timeout=400, interval=1, what="the round to leave 'pairing'")


def test_a_killed_worker_s_pairing_is_delivered_again_and_the_round_is_paired(
    celery_worker_process, django_user_model, tmp_path, servers
):
    server, worker, tournament, token, rnd = a_killed_pairing(
        celery_worker_process, django_user_model, tmp_path, servers, REDELIVER
    )
    started = time.monotonic()
    wait_for(
        lambda: Round.objects.get(pk=rnd.pk).status != Round.Status.PAIRING,
        timeout=400,
        interval=1,
        what="the task to be delivered again",
    )
    print(f"paired by redelivery {time.monotonic() - started:.0f}s after the worker restarted")
    code, body = server.call("GET", f"/api/tournaments/{tournament.pk}/rounds/1/", token)
    assert code == 200 and body["status"] == "draft", body
    assert_fully_paired(Round.objects.get(pk=rnd.pk), FIELD)
    assert f"[{rnd.task_id}] received" in worker.output()  # the same task, handed out again


def test_a_killed_worker_s_round_fails_by_the_stale_rule_and_pairing_again_completes(
    celery_worker_process, django_user_model, tmp_path, servers
):
    server, _worker, tournament, token, rnd = a_killed_pairing(
        celery_worker_process, django_user_model, tmp_path, servers, STALE_FIRST
    )
    started = time.monotonic()
    body = poll_round(server, tournament, token)
    print(f"failed by the stale rule {time.monotonic() - started:.0f}s after the worker restarted")
    assert body["status"] == "failed", body
    assert "did not finish within 40 seconds" in body["error"]

    # The way out the page and the API offer: pair again. A new claim, a new task, a draft.
    code, again = server.call("POST", f"/api/tournaments/{tournament.pk}/rounds/pair/", token)
    assert code == 202 and again["id"] == rnd.pk and again["status"] == "pairing", again
    body = poll_round(server, tournament, token)
    assert body["status"] == "draft", body
    fresh = Round.objects.get(pk=rnd.pk)
    assert fresh.task_id != rnd.task_id
    assert_fully_paired(fresh, FIELD)


def test_an_unreachable_broker_answers_503_at_once_and_leaves_no_round(
    transactional_db, django_user_model, tmp_path, servers
):
    reason = _skip_reason()
    if reason:
        pytest.skip(reason)
    user = django_user_model.objects.create_user("arb", password="x")
    tournament = field(user, 12)
    _, token = api_token_create(user=user, name="test", days=None)
    closed = unused_port()
    server = start_server(tmp_path, {"CELERY_BROKER_URL": f"redis://127.0.0.1:{closed}/9"})
    servers.append(server)

    for attempt in ("first", "second"):  # the second click: the server has warmed up
        started = time.monotonic()
        code, body = server.call("POST", f"/api/tournaments/{tournament.pk}/rounds/pair/", token)
        print(f"broker down, {attempt} POST: HTTP {code} after {time.monotonic() - started:.2f}s")
        assert code == 503, body
        assert "pairing service is unavailable" in body["detail"] and "try again" in body["detail"]
        assert not Round.objects.filter(tournament=tournament).exists()
    tournament.refresh_from_db()
    assert tournament.status == "registration"
