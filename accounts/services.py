"""Making, using and revoking personal API tokens (the only writes to ``ApiToken``)."""

from __future__ import annotations

import datetime
import hashlib
import secrets
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext
from rest_framework.authtoken.models import Token

from accounts.models import ApiToken, LoginTokenStamp
from core.errors import ValidationFailed
from core.prepared import Prepared

KEY_PREFIX = "cct_"
"""Marks our keys (``cct_`` + 43 URL-safe characters) apart from the older 40-hex DRF tokens."""
LAST_USED_GRANULARITY = datetime.timedelta(minutes=1)
"""``last_used`` is written at most once a minute per token, not on every request."""


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()


def password_stamp(user: Any) -> str:
    return salted_hmac("accounts.ApiToken.password_stamp", user.password, algorithm="sha256").hexdigest()


def api_token_create(*, user: Any, name: str, days: int | None) -> tuple[ApiToken, str]:
    """Make a token; returns it and its key, which is not stored and cannot be shown again."""
    name = name.strip()
    if not name:
        raise ValidationFailed(gettext("Give the token a name, e.g. the program that will use it."))
    if len(name) > 100:
        raise ValidationFailed(gettext("A token name has at most 100 characters."))
    if days is not None and not 1 <= days <= 3650:
        raise ValidationFailed(gettext("A token lasts between 1 and 3650 days, or until revoked."))
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    now = timezone.now()
    token = ApiToken.objects.create(
        user=user,
        name=name,
        key_hash=key_hash(key),
        prefix=key[: len(KEY_PREFIX) + 4],
        password_stamp=password_stamp(user),
        created=now,
        expires=now + datetime.timedelta(days=days) if days is not None else None,
    )
    return token, key


def api_token_revoke(*, user: Any, token_id: int) -> None:
    """Revoke one of the user's own tokens (someone else's is "not found": no hint it exists)."""
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    if not deleted:
        raise ValidationFailed(gettext("No such token: it may have been revoked already."))


@transaction.atomic
def api_token_for_login(*, user: Any) -> Token:
    """The token the API login (``POST /api/auth/token/``) answers with: the user's one token of
    the older kind, made on first use, and made anew once the password has changed."""
    stamp = password_stamp(user)
    token = Token.objects.select_for_update().filter(user=user).first()
    if token is not None and not _login_token_current(token, stamp):
        token.delete()
        token = None
    if token is None:
        token = Token.objects.create(user=user)
        LoginTokenStamp.objects.create(token=token, password_stamp=stamp)
    return token


def _login_token_current(token: Token, stamp: str) -> bool:
    try:
        row = token.password_stamp  # type: ignore[attr-defined]
    except LoginTokenStamp.DoesNotExist:
        # Made by hand (the back office's token page, a script) or by a test: it stands until
        # revoked; the back office's password change revokes it (accounts.admin).
        return True
    return constant_time_compare(row.password_stamp, stamp)


def login_token_authenticates(token: Token) -> bool:
    """Whether the API login's token still stands: made under the user's current password, or
    made by hand. Read ``token`` with ``select_related("user", "password_stamp")``."""
    return _login_token_current(token, password_stamp(token.user))


def legacy_token_revoke(*, user: Any) -> None:
    """Revoke the user's token from before named tokens (one per user, made by the API login)."""
    Token.objects.filter(user=user).delete()


@transaction.atomic
def api_tokens_revoke_all(*, user: Any) -> int:
    """After a password change or reset: every token the user had stops working at once."""
    deleted, _ = ApiToken.objects.filter(user=user).delete()
    legacy, _ = Token.objects.filter(user=user).delete()
    return deleted + legacy


# Every API request reads its token and user by this (key_hash is unique), compiled once a process
# (core.prepared; issue 38).
_TOKEN_BY_HASH = Prepared(lambda digest: ApiToken.objects.select_related("user").filter(key_hash=digest))


def api_token_authenticate(key: str) -> ApiToken | None:
    """The live token with this key, or None (unknown, expired, inactive user, password changed)."""
    token = _TOKEN_BY_HASH.first(key_hash(key))
    if token is None:
        return None
    now = timezone.now()
    if token.expires is not None and token.expires <= now:
        return None
    if not token.user.is_active or not constant_time_compare(
        token.password_stamp, password_stamp(token.user)
    ):
        return None
    if token.last_used is None or token.last_used < now - LAST_USED_GRANULARITY:
        ApiToken.objects.filter(pk=token.pk).update(last_used=now)
        token.last_used = now
    return token
