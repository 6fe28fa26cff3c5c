"""Reading a user's API tokens for the tokens page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils import timezone
from rest_framework.authtoken.models import Token

from accounts.models import ApiToken
from accounts.services import password_stamp


@dataclass(frozen=True)
class TokenRow:
    token: ApiToken
    state: str
    """"active", "expired" or "password changed" (no longer authenticates)."""


def api_token_list(*, user: Any) -> list[TokenRow]:
    now = timezone.now()
    stamp = password_stamp(user)
    rows = []
    for token in ApiToken.objects.filter(user=user):
        if token.password_stamp != stamp:
            state = "password changed"
        elif token.expires is not None and token.expires <= now:
            state = "expired"
        else:
            state = "active"
        rows.append(TokenRow(token=token, state=state))
    return rows


def legacy_token_get(*, user: Any) -> Token | None:
    return Token.objects.filter(user=user).first()
