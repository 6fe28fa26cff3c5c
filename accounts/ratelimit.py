"""Login rate limiting, counted in the cache that every web process shares (Redis, or the
database cache when no CACHE_URL is set).

Two counters, each with its own limit, over a 15-minute window:

* per user name: ``settings.LOGIN_RATE_LIMIT`` failures, from wherever they come (guessing one
  account's password from many addresses). An email address that logs in to an account counts
  under that account's user name (``accounts.backends.login_name``), so guesses by either add up;
* per client address: ``settings.LOGIN_RATE_LIMIT_PER_ADDRESS`` failures, whatever the names
  (trying many accounts from one machine). It is higher than the per-name limit, so a few bad
  passwords typed at the venue's shared Wi-Fi do not lock every other member out.

Once a counter is full, every attempt it covers (the right password included) is refused until
the window has passed, so guessing cannot go on in the background and be confirmed later. A
success clears the user name's counter but not the address's, so one good account cannot be used
to reset a guessing run against others.

The client address and the windowed counter are the kernel's (``core.ratelimit``).
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from accounts.backends import login_name
from core.ratelimit import client_address, count_in_window

WINDOW_SECONDS = 15 * 60
LOCKED_MESSAGE = (
    "Too many failed login attempts for this account or from this address. "
    "Wait 15 minutes and try again; until then even the right password is refused."
)


def _key(kind: str, value: str) -> str:
    # Hash the value: user names are user input and cache backends restrict key characters.
    digest = hashlib.sha256(value.encode("utf-8", "replace")).hexdigest()[:32]
    return f"login-fail:{kind}:{digest}"


def _user_key(username: str) -> str:
    return _key("user", login_name(username).strip().casefold())


def _limits(request: HttpRequest, username: str) -> dict[str, int]:
    """Counter key -> the number of failures that fills it."""
    return {
        _user_key(username): settings.LOGIN_RATE_LIMIT,
        _key("addr", client_address(request)): settings.LOGIN_RATE_LIMIT_PER_ADDRESS,
    }


def login_locked(request: HttpRequest, username: str) -> bool:
    """Whether this user name or this client address has used up its failed attempts."""
    limits = _limits(request, username)
    counts = cache.get_many(list(limits))
    return any(count >= limits[key] for key, count in counts.items())


def login_failed(request: HttpRequest, username: str) -> None:
    """Count one failed attempt against the user name and the client address."""
    for key in _limits(request, username):
        count_in_window(key, WINDOW_SECONDS)


def login_succeeded(request: HttpRequest, username: str) -> None:
    cache.delete(_user_key(username))
