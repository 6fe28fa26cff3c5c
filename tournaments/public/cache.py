"""The public site's one cache helper: a value built once per tournament version, by one request at a time.

Keys hold the tournament's ``version`` (every service bumps it on a change, see
``tournaments.services.versions``), so nothing is ever deleted: a change makes every old key
unreachable at once. Right after a result every open page asks for the new value together;
:func:`single_flight` lets one of them build it and the others wait for it or answer "not yet".
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache

T = TypeVar("T")

CACHE_SECONDS = 60 * 60
"""How long a built page, file or ranking is kept (a newer version makes it unreachable sooner)."""
POLL_INTERVAL = 0.05
"""How often a waiting request looks for the value another request is building."""


def single_flight(
    key: str,
    build: Callable[[], T],
    *,
    lock_key: str | None = None,
    lock_seconds: int,
    wait_seconds: float = 0.0,
    if_busy: Callable[[], T] | None = None,
    stores_itself: bool = False,
) -> T:
    """The value cached under ``key``; on a miss, build it, with one builder at a time.

    1. A hit is returned at once.
    2. A miss takes the lock (``lock_key``, by default ``<key>:building``) and builds the value,
       then stores it for :data:`CACHE_SECONDS` (unless ``stores_itself``: ``build`` stores
       several shapes of one answer under keys of its own, ``key`` among them).
    3. When another request holds the lock: ``if_busy()`` is the answer if given; otherwise wait
       up to ``wait_seconds`` for the other request's value, and build it here if it does not
       come (the other request failed, or is slow). The lock expires after ``lock_seconds`` so a
       crashed builder cannot block the value for long.
    """
    value = cache.get(key)
    if value is not None:
        return value
    lock = lock_key or f"{key}:building"
    if not cache.add(lock, 1, lock_seconds):
        if if_busy is not None:
            return if_busy()
        deadline = time.monotonic() + wait_seconds
        while time.monotonic() < deadline:
            time.sleep(POLL_INTERVAL)
            value = cache.get(key)
            if value is not None:
                return value
            if cache.get(lock) is None:  # the other request finished, or failed
                break
    try:
        value = build()
        if not stores_itself:
            cache.set(key, value, CACHE_SECONDS)
    finally:
        cache.delete(lock)
    return value
