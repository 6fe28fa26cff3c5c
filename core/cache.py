"""The public site's one cache helper: a value built once per tournament version, by one request at a time.

Keys hold the tournament's ``version`` (every service bumps it on a change, see
``tournaments.services.versions``), so nothing is ever deleted: a change makes every old key
unreachable at once. Right after a result every open page asks for the new value together;
:func:`single_flight` lets one of them build it and the others answer with the value of the
version before (stale-while-revalidate, when the caller names a ``stale_key``), wait for it, or
answer "not yet".
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TypeVar

from django.conf import settings
from django.core.cache import cache
from django.db import connection

from core.collector import collector_paused

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
    stale_key: str | None = None,
    background: bool = False,
) -> T:
    """The value cached under ``key``; on a miss, build it, with one builder at a time.

    1. A hit is returned at once.
    2. A miss takes the lock (``lock_key``, by default ``<key>:building``) and builds the value,
       then stores it for :data:`CACHE_SECONDS` (unless ``stores_itself``: ``build`` stores
       several shapes of one answer under keys of its own, ``key`` among them).
    3. When another request holds the lock: ``if_busy()`` is the answer if given; then the last
       value built under ``stale_key`` (every build also stores itself there), if any; otherwise wait
       up to ``wait_seconds`` for the other request's value, and build it here if it does not
       come (the other request failed, or is slow). The lock expires after ``lock_seconds`` so a
       crashed builder cannot block the value for long.
    4. With ``background`` (and ``settings.PUBLIC_REBUILD_IN_BACKGROUND``), a miss that finds a
       value under ``stale_key`` answers with it at once and builds the new one in a thread:
       the request that happens to come first after a change does not wait for the rebuild.

    Builds run with the cyclic garbage collector paused (``collector_paused``): a big field's
    ranking, snapshot or JSON keeps hundreds of thousands of objects alive while it allocates
    more, and each collection that set off walked them all again (a third of the public API's
    standings at 5,000 players went to it).
    """
    value = cache.get(key)
    if value is not None:
        return value
    lock = lock_key or f"{key}:building"
    if background and stale_key is not None and getattr(settings, "PUBLIC_REBUILD_IN_BACKGROUND", False):
        stale = cache.get(stale_key)
        if stale is not None:
            if cache.add(lock, 1, lock_seconds):
                threading.Thread(
                    target=_build_and_store, args=(key, stale_key, lock, build), daemon=True
                ).start()
            return stale
    if not cache.add(lock, 1, lock_seconds):
        if if_busy is not None:
            return if_busy()
        if stale_key is not None:
            stale = cache.get(stale_key)
            if stale is not None:
                return stale
        deadline = time.monotonic() + wait_seconds
        while time.monotonic() < deadline:
            time.sleep(POLL_INTERVAL)
            value = cache.get(key)
            if value is not None:
                return value
            if cache.get(lock) is None:  # the other request finished, or failed
                break
    try:
        with collector_paused():
            value = build()
        if not stores_itself:
            cache.set_many({key: value} | ({stale_key: value} if stale_key else {}), CACHE_SECONDS)
    finally:
        cache.delete(lock)
    return value


def _build_and_store(key: str, stale_key: str, lock: str, build: Callable[[], object]) -> None:
    """A background rebuild: store the value under both keys, release the lock, close the
    thread's database connection (Django opens one per thread)."""
    try:
        with collector_paused():
            value = build()
        cache.set_many({key: value, stale_key: value}, CACHE_SECONDS)
    finally:
        cache.delete(lock)
        connection.close()


_KEPT: dict[tuple[object, ...], object] = {}
_KEPT_LOCK = threading.Lock()
KEPT_PER_PROCESS = 8
"""Read-only values (snapshots, explained rounds) each web process keeps, the newest ones."""


def kept_in_process(key: tuple[object, ...], load: Callable[[], T]) -> T:
    """``load()``, once per process for ``key`` (which must name everything the value depends on:
    the tournament's id, link token and the version in force). Values are never changed after."""
    with _KEPT_LOCK:
        found = _KEPT.get(key)
    if found is not None:
        return found  # type: ignore[return-value]
    value = load()
    with _KEPT_LOCK:
        _KEPT[key] = value
        while len(_KEPT) > KEPT_PER_PROCESS:
            _KEPT.pop(next(iter(_KEPT)))
    return value
