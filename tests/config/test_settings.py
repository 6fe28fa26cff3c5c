"""The settings module reads the environment and refuses unsafe production configurations."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.settings import database_from_url, env_bool

ROOT = Path(__file__).resolve().parents[2]


SHOWN = "print(s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER, s.DEBUG)"


def load_settings(*, show: str = SHOWN, **env: str) -> subprocess.CompletedProcess[str]:
    """Import config.settings in a fresh interpreter with exactly these variables set, and run
    ``show`` (the module is ``s``)."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DEBUG", "SECRET_KEY", "DATABASE_URL", "CELERY_BROKER_URL", "CACHE_URL")
    }
    code = f"import config.settings as s; {show}"
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_it_runs_embedded_without_services():
    out = load_settings()
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["django.db.backends.sqlite3", "True", "True"]


def test_it_uses_postgres_and_a_real_broker_when_configured():
    out = load_settings(
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/x", CELERY_BROKER_URL="redis://127.0.0.1:6379/0"
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["django.db.backends.postgresql", "False", "True"]


def test_production_refuses_the_development_secret():
    out = load_settings(DEBUG="0")
    assert out.returncode != 0
    assert "Set SECRET_KEY" in out.stderr


def test_production_starts_with_a_real_secret():
    out = load_settings(DEBUG="0", SECRET_KEY="s3cret-for-this-test-only-0123456789abcdef")
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[-1] == "False"


def test_database_url_is_parsed_into_parts():
    db = database_from_url("postgres://user:p%40ss@db.example:6543/chess?sslmode=require")
    assert (db["NAME"], db["USER"], db["PASSWORD"], db["HOST"], db["PORT"]) == (
        "chess",
        "user",
        "p@ss",
        "db.example",
        "6543",
    )
    assert db["OPTIONS"] == {"sslmode": "require", "prepare_threshold": 0}


def test_prepared_statements_can_be_turned_off_for_a_pooler(monkeypatch):
    """Issue 38: the hot paths' statements are prepared on each connection; a pooler in
    transaction mode cannot keep them, so ``DB_PREPARED_STATEMENTS=0`` leaves psycopg's
    ``prepare_threshold`` at None (never prepare)."""
    monkeypatch.setenv("DB_PREPARED_STATEMENTS", "0")
    assert database_from_url("postgres://u@h/chess")["OPTIONS"] == {"prepare_threshold": None}


def test_bad_values_fail_loudly(monkeypatch):
    monkeypatch.setenv("SOME_FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="SOME_FLAG"):
        env_bool("SOME_FLAG", False)
    with pytest.raises(ImproperlyConfigured, match="not supported"):
        database_from_url("mysql://root@localhost/x")


@pytest.mark.parametrize(
    ("env", "engine"),
    [
        ({}, "django.contrib.sessions.backends.db"),  # the cache is a database table: no gain
        ({"CACHE_URL": "redis://127.0.0.1:6379/0"}, "django.contrib.sessions.backends.cached_db"),
    ],
)
def test_sessions_are_read_from_redis_when_the_cache_is_redis(env, engine):
    """Issue 21: an arbiter's every request read its session from PostgreSQL."""
    out = load_settings(
        show="print(getattr(s, 'SESSION_ENGINE', 'django.contrib.sessions.backends.db'))", **env
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == engine
