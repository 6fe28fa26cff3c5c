"""The one question sign-up asks about invitations: is this ``?invitation=<token>`` valid?

In ``SIGNUP_MODE = "invitation"`` the sign-up page accepts only a visitor who came through an
invitation link. The invitations themselves belong to the clubs app: it points the setting
``SIGNUP_INVITATION_CHECK`` at its own function (dotted path) taking the token and answering a
``SignupInvitation`` or ``None``. Without that setting no token is valid, so invitation mode
then accepts nobody. The check must not consume the invitation: the clubs app's accept page does
that, after the new account has verified its address and logged in (``next_url``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.utils.module_loading import import_string


@dataclass(frozen=True)
class SignupInvitation:
    email: str = ""
    """The address the invitation was sent to: the sign-up form starts with it ("" if copied by hand)."""
    next_url: str = ""
    """Where the first login goes on to, e.g. the invitation's accept page ("" for the home page)."""


def signup_invitation(token: str) -> SignupInvitation | None:
    """The valid invitation with this token, or None (unknown, used, revoked, expired, empty)."""
    token = token.strip()
    path = getattr(settings, "SIGNUP_INVITATION_CHECK", "")
    if not token or not path:
        return None
    check: Callable[[str], SignupInvitation | None] = import_string(path)
    return check(token)
