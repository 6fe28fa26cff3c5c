"""DRF authentication for ``Authorization: Token <key>``: named tokens first, then the older
one-per-user DRF tokens (the API login's), so clients holding one of those keep working until it
is revoked or the password changes, wherever it is changed."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from accounts.services import KEY_PREFIX, api_token_authenticate, login_token_authenticates
from core.prepared import Prepared

REFUSED = _("Invalid, expired or revoked token (tokens are revoked when the password changes).")


# DRF's own lookup (the key is the primary key), with the password stamp in the same query, compiled
# once a process (core.prepared; issue 38).
_LOGIN_TOKEN = Prepared(lambda key: Token.objects.select_related("user", "password_stamp").filter(key=key))


class ApiTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str):  # type: ignore[no-untyped-def]
        if key.startswith(KEY_PREFIX):
            token = api_token_authenticate(key)
            if token is None:
                raise exceptions.AuthenticationFailed(REFUSED)
            return token.user, token
        # DRF's own lookup, with the password stamp in the same query.
        token = _LOGIN_TOKEN.first(key)
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        if not login_token_authenticates(token):
            raise exceptions.AuthenticationFailed(REFUSED)
        return token.user, token
