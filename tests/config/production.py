"""Run a snippet in a fresh interpreter with exactly the environment a deployment would set."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

APP_VARIABLES = (
    "DEBUG",
    "SECRET_KEY",
    "DATABASE_URL",
    "CELERY_BROKER_URL",
    "CACHE_URL",
    "EMAIL_URL",
    "EMAIL_HOST",
    "SITE_URL",
    "STATIC_ROOT",
    "CELERY_TASK_SOFT_TIME_LIMIT",
    "CELERY_TASK_TIME_LIMIT",
    "CELERY_VISIBILITY_TIMEOUT",
    "DJANGO_SETTINGS_MODULE",
    "SIGNUP_MODE",
)

PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "ALLOWED_HOSTS": "testserver,chess.example.org",
    "SECURE_SSL_REDIRECT": "0",
}


def run_python(code: str, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -c code`` (or ``python manage.py args`` when code is empty) with these variables."""
    clean = {k: v for k, v in os.environ.items() if k not in APP_VARIABLES}
    command = [sys.executable, "-c", code] if code else [sys.executable, "manage.py", *args]
    return subprocess.run(
        command,
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
