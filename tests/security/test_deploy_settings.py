"""Production settings (only environment variables differ) pass Django's deployment checks with no
warning at all, and every page carries the Content-Security-Policy header."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DEBUG", "SECRET_KEY"))}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_settings_pass_check_deploy_with_no_warnings():
    out = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="chess.example.org",
        SITE_URL="https://chess.example.org",
        EMAIL_URL="smtp://mail.example.org:587?tls",
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "System check identified no issues" in out.stdout


def test_the_check_does_fail_on_a_weak_secret():
    """The control: the command above would have said so if something were wrong."""
    out = _manage(
        "check", "--deploy", "--fail-level", "WARNING", DEBUG="0", SECRET_KEY="short", ALLOWED_HOSTS="x.org"
    )
    assert out.returncode != 0
    assert "security.W009" in out.stdout + out.stderr


@pytest.mark.parametrize(
    "path",
    ["/accounts/login/", "/", "/t/{t}/rounds/", "/p/{token}/", "/p/{token}/standings/", "/api/docs/"],
)
def test_pages_carry_a_strict_content_security_policy(path, client, tournament, organiser):
    client.force_login(organiser)
    response = client.get(path.format(t=tournament.pk, token=tournament.public_token))
    assert response.status_code == 200
    policy = response["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";") if d.strip())
    assert directives["script-src"] == "'self'"
    assert directives["default-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
