"""DRF authentication for ``Authorization: Token <key>``: named tokens first, then the older
one-per-user DRF tokens, so clients holding one of those keep working until it is revoked."""

from __future__ import annotations

from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from accounts.services import KEY_PREFIX, api_token_authenticate


class ApiTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str):  # type: ignore[no-untyped-def]
        if key.startswith(KEY_PREFIX):
            token = api_token_authenticate(key)
            if token is None:
                raise exceptions.AuthenticationFailed(
                    "Invalid, expired or revoked token (tokens are revoked when the password changes)."
                )
            return token.user, token
        return super().authenticate_credentials(key)
