"""Issue 32 item 15: PostgreSQL refusing connections answers 503 with a Retry-After hint and a
plain page, not a 500.

A real gunicorn process (``DEBUG=0``, the production settings) whose ``DATABASE_URL`` names a
port nothing listens on: every connection is refused, as when PostgreSQL is stopped.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def gunicorn_without_database(tmp_path):
    port, dead = _free_port(), _free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "SECRET_KEY": "x" * 60,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:{dead}/h_faults_nowhere",
        "CACHE_URL": "",
        "CELERY_BROKER_URL": "",
        "STATIC_ROOT": str(tmp_path / "static"),
    }
    log = (tmp_path / "gunicorn.log").open("wb")
    popen = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "1",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert popen.poll() is None, (tmp_path / "gunicorn.log").read_text()
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        popen.terminate()
        popen.wait(timeout=20)


def _get(url: str) -> tuple[int, dict[str, str], str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


TOKEN = "B80CRA0zTwHOH8myblUAwUGS_dvA62Rb"


@pytest.mark.parametrize("path", [f"/p/{TOKEN}/", f"/p/{TOKEN}/standings/", f"/r/{TOKEN}/"])
def test_a_refused_database_connection_answers_503_with_retry_after(gunicorn_without_database, path):
    status, headers, body = _get(gunicorn_without_database + path)
    assert status == 503, body[:500]
    assert int(headers["Retry-After"]) > 0
    assert headers["Content-Type"].startswith("text/html")
    assert "try again" in body.lower() and "Traceback" not in body and "psycopg" not in body
