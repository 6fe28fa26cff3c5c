"""Reporting tokens: 128 random bits, URL-safe; the database keeps only their SHA-256."""

from __future__ import annotations

import hashlib
import secrets

HINT_LENGTH = 4


def token_new() -> str:
    return secrets.token_urlsafe(16)


def token_hash(token: str) -> str:
    # A plain hash is enough: the token is random, so there is no dictionary to try against it.
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def token_hint(token: str) -> str:
    return token[:HINT_LENGTH]
