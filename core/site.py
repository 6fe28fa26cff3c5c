"""Absolute links to this site, for share links, QR codes and mails.

``SITE_URL`` (scheme and host, e.g. ``https://chess.example.org``) wins: behind a proxy the
request's Host header may be an internal name, and a printed QR code must point where players
can go. Without it (a laptop) the address the request came to is used.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def absolute_url(request: HttpRequest, path: str) -> str:
    """``path`` (as ``reverse()`` gives it, starting with ``/``) as a full URL players can open."""
    if settings.SITE_URL:
        return settings.SITE_URL + path
    return request.build_absolute_uri(path)
