"""Django for a benchmark: a scratch SQLite file (or the configured DATABASE_URL), migrated."""

from __future__ import annotations

import os
import tempfile


def django_setup(*, configured_db: bool) -> str | None:
    """Point Django at a fresh SQLite file unless ``configured_db``, set it up, allow the test
    client's host and migrate. Returns the scratch file's path (None with ``configured_db``)."""
    scratch = None
    if not configured_db:
        with tempfile.NamedTemporaryFile(suffix=".sqlite3", delete=False) as handle:
            scratch = handle.name
        os.environ["DATABASE_URL"] = f"sqlite:///{scratch}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DEBUG", "1")

    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    call_command("migrate", verbosity=0, interactive=False)
    return scratch
