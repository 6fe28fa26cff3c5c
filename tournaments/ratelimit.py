"""Login rate limiting: ``settings.LOGIN_RATE_LIMIT`` failed attempts per username and per client
address in a 15-minute window, counted in the cache.

Both counters are checked before the password is: once either is full, every attempt (the right
password included) is refused until the window has passed, so guessing cannot go on in the
background and be confirmed later. A success clears the username's counter but not the
address's, so one good account cannot be used to reset a guessing run against others.

The client address is ``REMOTE_ADDR``. Behind a reverse proxy that is the proxy's address unless
the proxy (or a middleware it trusts) rewrites it; we do not read ``X-Forwarded-For`` ourselves
because any client can send it.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

WINDOW_SECONDS = 15 * 60
LOCKED_MESSAGE = (
    "Too many failed login attempts for this account or from this address. "
    "Wait 15 minutes and try again; until then even the right password is refused."
)


def _key(kind: str, value: str) -> str:
    # Hash the value: usernames are user input and cache backends restrict key characters.
    digest = hashlib.sha256(value.encode("utf-8", "replace")).hexdigest()[:32]
    return f"login-fail:{kind}:{digest}"


def _keys(request: HttpRequest, username: str) -> list[str]:
    return [
        _key("user", username.strip().casefold()),
        _key("addr", request.META.get("REMOTE_ADDR", "")),
    ]


def login_locked(request: HttpRequest, username: str) -> bool:
    """Whether this username or this client address has used up its failed attempts."""
    counts = cache.get_many(_keys(request, username))
    return any(count >= settings.LOGIN_RATE_LIMIT for count in counts.values())


def login_failed(request: HttpRequest, username: str) -> None:
    """Count one failed attempt against the username and the client address."""
    for key in _keys(request, username):
        # add() starts the window only if the counter is new; incr() is atomic in Redis and locmem.
        cache.add(key, 0, WINDOW_SECONDS)
        try:
            cache.incr(key)
        except ValueError:  # expired between add() and incr()
            cache.add(key, 1, WINDOW_SECONDS)


def login_succeeded(request: HttpRequest, username: str) -> None:
    cache.delete(_keys(request, username)[0])
