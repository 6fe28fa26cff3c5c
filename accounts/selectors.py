"""Reads: a user's API tokens for the tokens page, an account by its id, and the state of their
email address."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.authtoken.models import Token

from accounts.models import AccountEmail, ApiToken
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


def user_get(pk: Any) -> Any:
    """The account with this id, or None."""
    return get_user_model().objects.filter(pk=pk).first()


def email_taken(email: str, *, exclude: Any = None) -> bool:
    """Whether another account has this address (case ignored): an address logs in one account."""
    users = get_user_model().objects.filter(email__iexact=email.strip())
    if exclude is not None:
        users = users.exclude(pk=exclude.pk)
    return bool(email.strip()) and users.exists()


def email_owner(email: str) -> Any | None:
    """The account with this address (case ignored; at most one, by the unique index), or None."""
    email = email.strip()
    return get_user_model().objects.filter(email__iexact=email).first() if email else None


def invitation_used(key: str) -> bool:
    """Whether an account was made through the invitation with this key (``SignupInvitation.key``)."""
    return bool(key) and AccountEmail.objects.filter(invitation=key).exists()


def email_verified(user: Any) -> bool:
    """False only for an account whose address has not been verified yet (older accounts are)."""
    return not AccountEmail.objects.filter(user=user, verified=False).exists()


def pending_email(user: Any) -> str:
    state = AccountEmail.objects.filter(user=user).first()
    return state.pending if state else ""
