"""The one question sign-up asks about invitations: is this ``?invitation=<token>`` valid?

In ``SIGNUP_MODE = "invitation"`` the sign-up page accepts only a visitor who came through an
invitation link. The invitations themselves belong to a higher layer (the clubs app), which this
module must not import: the clubs app registers its check here when Django starts
(``ClubsConfig.ready`` calls :func:`invitation_check_register`). A check takes the token and answers
a ``SignupInvitation`` or ``None``. With no check registered no token is valid, so invitation mode
then accepts nobody. A check must not consume the invitation: the clubs app's accept page does
that, after the new account has verified its address and logged in (``next_url``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class SignupInvitation:
    email: str = ""
    """The address the invitation was sent to: the sign-up form starts with it ("" if copied by hand)."""
    next_url: str = ""
    """Where the first login goes on to, e.g. the invitation's accept page ("" for the home page)."""


InvitationCheck = Callable[[str], SignupInvitation | None]
_checks: list[InvitationCheck] = []


def invitation_check_register(check: InvitationCheck) -> None:
    """Add ``check`` to the checks sign-up asks (once, however often it is registered)."""
    if check not in _checks:
        _checks.append(check)


def signup_invitation(token: str) -> SignupInvitation | None:
    """The valid invitation with this token, or None (unknown, used, revoked, expired, empty)."""
    token = token.strip()
    if not token:
        return None
    for check in _checks:
        found = check(token)
        if found is not None:
            return found
    return None
