"""The Redis cache the site runs on, made to fail soft: while Redis cannot be reached every call
answers as a cache miss would, so pages are built from the database and nothing answers 500.

What a miss means per call: ``get`` the default, ``get_many`` nothing, ``has_key`` False, ``set``
and ``delete`` nothing done, ``add`` True (the caller may go on as if it held the key: a build
lock is then per request, and :func:`core.cache.single_flight` builds the page itself),
``incr``/``decr`` ``ValueError`` as for a missing key. The rate limiters ask :func:`is_up`
first and count elsewhere during an outage (``core.ratelimit``).

After a failure the cache does not ask Redis again for ``RETRY_SECONDS``: a request makes a dozen
cache calls, and a Redis that does not answer would otherwise cost each of them a connection
timeout. The first call after the pause tries again, so the site uses Redis again within a second
or two of its return. Each outage and each return is logged once per process.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache import BaseCache
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

T = TypeVar("T")

RETRY_SECONDS = 1.0
"""How long the cache answers "miss" without asking Redis after a failure."""

_down_until: dict[str, float] = {}
"""Redis location -> the monotonic time before which it is not asked again (process-wide: Django
makes a cache object per thread)."""
_state_lock = threading.Lock()


def is_up(cache: BaseCache) -> bool:
    """False while ``cache`` is a fail-soft Redis cache that could not reach Redis lately."""
    check = getattr(cache, "redis_is_up", None)
    return bool(check()) if check is not None else True


class FailSoftRedisCache(RedisCache):
    """Django's Redis cache; every call answers as a miss while Redis is unreachable (see the module)."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        options = dict(params.get("OPTIONS") or {})
        # Fail fast on a Redis that does not answer: a cache is not worth a slow page.
        options.setdefault("socket_connect_timeout", 0.5)
        options.setdefault("socket_timeout", 1.0)
        super().__init__(server, {**params, "OPTIONS": options})
        self._location = server if isinstance(server, str) else ",".join(server)

    def redis_is_up(self) -> bool:
        return time.monotonic() >= _down_until.get(self._location, 0.0)

    def _call(self, what: str, miss: Callable[[], T], call: Callable[[], T]) -> T:
        if not self.redis_is_up():
            return miss()
        try:
            value = call()
        except RedisError as exc:
            with _state_lock:
                first = _down_until.get(self._location, 0.0) == 0.0
                _down_until[self._location] = time.monotonic() + RETRY_SECONDS
            if first:
                logger.error(
                    "cache: Redis at %s cannot be reached (%s: %s); serving without it",
                    self._location,
                    what,
                    exc,
                )
            return miss()
        if _down_until.get(self._location):
            with _state_lock:
                was_down = _down_until.pop(self._location, None) is not None
            if was_down:
                logger.warning("cache: Redis at %s answers again", self._location)
        return value

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        return self._call(
            "get", lambda: default, lambda: super(FailSoftRedisCache, self).get(key, default, version)
        )

    def get_many(self, keys: Any, version: int | None = None) -> dict[str, Any]:
        return self._call("get_many", dict, lambda: super(FailSoftRedisCache, self).get_many(keys, version))

    def has_key(self, key: Any, version: int | None = None) -> bool:
        return self._call(
            "has_key", lambda: False, lambda: super(FailSoftRedisCache, self).has_key(key, version)
        )

    def set(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> None:
        self._call(
            "set", lambda: None, lambda: super(FailSoftRedisCache, self).set(key, value, timeout, version)
        )

    def set_many(
        self, data: dict[str, Any], timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> list[str]:
        return self._call(
            "set_many", list, lambda: super(FailSoftRedisCache, self).set_many(data, timeout, version)
        )

    def add(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        return self._call(
            "add", lambda: True, lambda: super(FailSoftRedisCache, self).add(key, value, timeout, version)
        )

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        return self._call(
            "touch", lambda: False, lambda: super(FailSoftRedisCache, self).touch(key, timeout, version)
        )

    def delete(self, key: Any, version: int | None = None) -> bool:
        return self._call(
            "delete", lambda: False, lambda: super(FailSoftRedisCache, self).delete(key, version)
        )

    def delete_many(self, keys: Any, version: int | None = None) -> None:
        self._call(
            "delete_many", lambda: None, lambda: super(FailSoftRedisCache, self).delete_many(keys, version)
        )

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        def missing() -> int:
            raise ValueError(f"Key '{key}' not found (the cache is unreachable)")

        return self._call("incr", missing, lambda: super(FailSoftRedisCache, self).incr(key, delta, version))

    def clear(self) -> None:
        self._call("clear", lambda: None, lambda: super(FailSoftRedisCache, self).clear())
