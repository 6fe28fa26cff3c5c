"""Logging in by user name or email address: who a typed login name stands for.

``LoginBackend`` is Django's ``ModelBackend`` (password check, inactive users refused, the same
time spent on unknown names) with one more way to find the account: an address that exactly one
account has. Whether the address is verified is the login form's question, not the backend's,
so the form can say why it refuses and offer to send the link again.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.http import HttpRequest

from core.prepared import Prepared


def user_for_login(typed: str) -> Any | None:
    """The account a login name stands for: the user name as typed, else the one account whose
    address it is (case and surrounding spaces ignored). None when unknown or ambiguous."""
    if "\x00" in typed:  # no account has one, and PostgreSQL refuses it in a query
        return None
    model = get_user_model()
    user = model.objects.filter(**{model.USERNAME_FIELD: typed}).first()
    if user is not None or "@" not in typed:
        return user
    matches = list(model.objects.filter(email__iexact=typed.strip())[:2])
    return matches[0] if len(matches) == 1 else None


def login_name(typed: str) -> str:
    """The name failed logins are counted under: an address counts against the account it logs in
    to, so guesses by address and by user name add up."""
    if "@" in typed:
        user = user_for_login(typed)
        if user is not None:
            return str(user.get_username())
    return typed


# The signed-in user of every staff request, read by the session's user id: compiled once a process
# (core.prepared; issue 38).
_USER_BY_ID = Prepared(lambda pk: get_user_model()._default_manager.filter(pk=pk))


class LoginBackend(ModelBackend):
    def get_user(self, user_id: Any) -> Any | None:
        """``ModelBackend.get_user`` (inactive users are nobody) with its query compiled once."""
        user = _USER_BY_ID.first(user_id)
        return user if user is not None and self.user_can_authenticate(user) else None

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> Any | None:
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if username is None or password is None:
            return None
        user = user_for_login(username)
        if user is None:
            # Hash anyway, so an unknown name takes as long as a wrong password (as ModelBackend).
            get_user_model()().set_password(password)
            return None
        if user.check_password(password) and self.user_can_authenticate(user):
            return user
        return None
