"""Login rate limiting, counted in the cache that every web process shares (Redis, or the
database cache when no CACHE_URL is set).

Two counters, each with its own limit, over a 15-minute window:

* per user name: ``settings.LOGIN_RATE_LIMIT`` failures, from wherever they come (guessing one
  account's password from many addresses). An email address that logs in to an account counts
  under that account's user name (``accounts.backends.login_name``), so guesses by either add up;
* per client address: ``settings.LOGIN_RATE_LIMIT_PER_ADDRESS`` failures, whatever the names
  (trying many accounts from one machine). It is higher than the per-name limit, so a few bad
  passwords typed at the venue's shared Wi-Fi do not lock every other member out.

An attempt is counted before its password is checked (``login_attempt``), so clients guessing
at the same moment cannot slip extra guesses in while the slow password hash runs: at most the
limit's number of passwords are ever checked. Once a counter is over its limit, every attempt it
covers (the right password included) is refused unchecked until the window has passed, so
guessing cannot go on in the background and be confirmed later. A success clears the user name's
counter and takes its own attempt back from the address's, but leaves the address's earlier
failures, so one good account cannot be used to reset a guessing run against others.

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
        _address_key(request): settings.LOGIN_RATE_LIMIT_PER_ADDRESS,
    }


def _address_key(request: HttpRequest) -> str:
    return _key("addr", client_address(request))


def login_attempt(request: HttpRequest, username: str) -> bool:
    """Count this attempt against the user name and the client address, before the password is
    checked. False when either counter is now over its limit: refuse without checking anything."""
    allowed = True
    for key, limit in _limits(request, username).items():
        if count_in_window(key, WINDOW_SECONDS) > limit:
            allowed = False
    return allowed


def login_succeeded(request: HttpRequest, username: str) -> None:
    """The password was right: clear the user name's counter and take this attempt back from the
    address's (its earlier failures stay)."""
    cache.delete(_user_key(username))
    try:
        cache.decr(_address_key(request))
    except ValueError:  # the window ended meanwhile
        pass
