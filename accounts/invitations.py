"""The one question sign-up asks about invitations: is this ``?invitation=<token>`` valid?

In ``SIGNUP_MODE = "invitation"`` the sign-up page accepts only a visitor who came through an
invitation link. The invitations themselves belong to a higher layer (the clubs app), which this
module must not import: the clubs app registers its check here when Django starts
(``ClubsConfig.ready`` calls :func:`invitation_check_register`). A check takes the token and answers
a ``SignupInvitation`` or ``None``. With no check registered no token is valid, so invitation mode
then accepts nobody. A check must not consume the invitation: the clubs app's accept page does
that, after the new account has verified its address and logged in (``next_url``). An invitation
makes one account, for its address (``AccountEmail.invitation`` holds its ``key``, unique).

The login page asks :func:`invitation_for_next` whether the page it goes on to is an invitation's,
to offer a sign-up through it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.urls import Resolver404, resolve


@dataclass(frozen=True)
class SignupInvitation:
    email: str = ""
    """The address the invitation was sent to: the only one it makes an account for ("" if the
    link was copied by hand: any address)."""
    next_url: str = ""
    """Where the first login goes on to, e.g. the invitation's accept page ("" for the home page)."""
    key: str = ""
    """Names the invitation among all ("clubs:12"): one account per key."""
    title: str = ""
    """What it invites to, for the sign-up and login pages ("Riverside invites you as arbiter.")."""
    token: str = ""
    """The token of its link, for a sign-up link that carries it on."""


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


def invitation_for_next(next_url: str) -> SignupInvitation | None:
    """The valid invitation whose page ``next_url`` is (the login's ``?next=``), or None."""
    path = (next_url or "").split("?", 1)[0]
    if not path.startswith("/"):
        return None
    try:
        match = resolve(path)
    except Resolver404:
        return None
    token = str(match.kwargs.get("token", ""))
    found = signup_invitation(token) if token else None
    return found if found is not None and found.next_url == path else None
