"""Personal entry links and the desk code: random tokens of which the database keeps only a hash."""

from __future__ import annotations

import hashlib
import secrets

HINT_LENGTH = 4


def token_new() -> str:
    return secrets.token_urlsafe(16)


def token_hash(token: str) -> str:
    # A plain hash is enough for a random token; the desk code is short, so it is salted with the
    # event and its tries are rate-limited (services.checkin).
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def token_hint(token: str) -> str:
    return token[:HINT_LENGTH]


def desk_code_hash(event_id: int, code: str) -> str:
    return hashlib.sha256(f"desk:{event_id}:{code.strip()}".encode("utf-8", "replace")).hexdigest()
