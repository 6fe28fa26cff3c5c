"""The windowed counter every rate limit counts with, and the client address it counts by.

Counters live in the cache every web process shares (Redis, or the database cache when no
CACHE_URL is set). The client address is ``REMOTE_ADDR`` unless ``settings.TRUSTED_PROXY_COUNT``
says how many proxies in front of the app append to ``X-Forwarded-For``: then it is the address
the outermost trusted proxy saw. Entries further left were written by the client and are never
trusted.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    """The address of the client, trusting ``X-Forwarded-For`` only as far as configured."""
    remote = request.META.get("REMOTE_ADDR", "")
    proxies = settings.TRUSTED_PROXY_COUNT
    if not proxies:
        return remote
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [part for part in forwarded if part]
    # Each trusted proxy appended the address it got the request from; with fewer entries than
    # proxies the request did not come through them all, so fall back to the socket's address.
    if len(forwarded) < proxies:
        return remote
    return forwarded[-proxies]


def count_in_window(key: str, seconds: int) -> int:
    """Count one more event under ``key`` in the shared cache and return the count so far; the
    window starts with the first event. add() starts it only if the counter is new; incr() is
    atomic in Redis (the database cache reads and writes, so two events at the same instant may
    count once)."""
    cache.add(key, 0, seconds)
    try:
        return int(cache.incr(key))
    except ValueError:  # expired between add() and incr()
        cache.add(key, 1, seconds)
        return 1
