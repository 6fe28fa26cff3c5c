"""Deployment checks (``manage.py check --deploy``) for settings that fail quietly otherwise."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Tags, Warning, register

SHARED_CACHES = ("RedisCache", "FailSoftRedisCache", "DatabaseCache", "PyMemcacheCache", "PyLibMCCache")


@register(Tags.security, deploy=True)
def production_settings_check(app_configs: Any, **kwargs: Any) -> list[Warning]:
    if settings.DEBUG:
        return []
    warnings = []
    if not settings.EMAIL_CONFIGURED:
        warnings.append(
            Warning(
                "No email server is configured: password reset mails are written to the log, not sent, "
                "and new accounts cannot verify their address.",
                hint="Set EMAIL_URL=smtp://user:password@host:587?tls (or EMAIL_HOST and friends).",
                id="chessclub.W001",
            )
        )
    if not settings.SITE_URL:
        warnings.append(
            Warning(
                "SITE_URL is not set: share links, QR codes and reset mails use whatever Host the request had.",
                hint="Set SITE_URL=https://your.host.name",
                id="chessclub.W002",
            )
        )
    backend = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
    if backend not in SHARED_CACHES:
        warnings.append(
            Warning(
                f"The cache ({backend}) is private to each process: login limits multiply by the number "
                "of web processes and public pages are cached once per process.",
                hint="Set CACHE_URL=redis://host:6379/1, or leave it unset for the database cache.",
                id="chessclub.W003",
            )
        )
    return warnings
