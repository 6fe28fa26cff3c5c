"""The windowed counter every rate limit counts with, and the client address it counts by.

Counters live in the cache every web process shares (Redis, or the database cache when no
CACHE_URL is set). The client address is ``REMOTE_ADDR`` unless ``settings.TRUSTED_PROXY_COUNT``
says how many proxies in front of the app append to ``X-Forwarded-For``: then it is the address
the outermost trusted proxy saw. Entries further left were written by the client and are never
trusted.
"""

from __future__ import annotations

import threading
import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from core.redis_cache import is_up


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
    count once).

    While the shared cache (Redis) cannot be reached the count is kept in this process's memory
    instead: the limits fail open only as far as the number of web processes (each counts up to
    the limit on its own), neither closed (nobody could log in or report during the outage) nor
    wide open (unlimited password guesses). Counts go back to the shared cache when it returns."""
    if not is_up(cache):
        return _LOCAL.count(key, seconds)
    cache.add(key, 0, seconds)
    try:
        return int(cache.incr(key))
    except ValueError:  # expired between add() and incr(), or the cache went away meanwhile
        if not is_up(cache):
            return _LOCAL.count(key, seconds)
        cache.add(key, 1, seconds)
        return 1


class _LocalCounters:
    """Windowed counters in this process's memory, for while the shared cache is unreachable."""

    MAX_KEYS = 10_000

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: dict[str, tuple[float, int]] = {}

    def count(self, key: str, seconds: int) -> int:
        now = time.monotonic()
        with self._lock:
            started, count = self._counts.get(key, (now, 0))
            if now - started >= seconds:
                started, count = now, 0
            if len(self._counts) >= self.MAX_KEYS and key not in self._counts:
                self._counts = {k: v for k, v in self._counts.items() if now - v[0] < seconds}
            self._counts[key] = (started, count + 1)
            return count + 1


_LOCAL = _LocalCounters()
