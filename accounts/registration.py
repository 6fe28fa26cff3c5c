"""Sign-up, email verification and changing the address: the writes to a user's account details
and to ``AccountEmail``, and the mails they send.

A link is built by the caller (``link(path)`` turns a path into a full URL, honouring
``SITE_URL``), so these functions know nothing of requests. Mails go out after the answer
(``accounts.mails.after_response``).

Nothing here tells a visitor whether an address has an account: a sign-up with a known address
answers as a new one does, and the address's owner is mailed instead. The database holds the
rules a check in code could race past: one account per address (case ignored), one account per
invitation (migration 0005); the loser of such a race gets the same answers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlencode, urlsafe_base64_decode, urlsafe_base64_encode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.invitations import SignupInvitation
from accounts.mails import after_response
from accounts.models import AccountEmail
from accounts.selectors import email_owner, email_taken, invitation_used
from accounts.tasks import mail_send_task
from accounts.tokens import email_verification_token
from core.errors import ValidationFailed
from core.ratelimit import count_in_window

Link = Callable[[str], str]
MAIL_WINDOW_SECONDS = 60 * 60
INVALID_LINK = gettext_lazy(
    "This link is not valid any more: it was used already, it is too old, or a newer one was sent."
)
TAKEN = gettext_lazy("Another account uses this address already. Log in to that one, or reset its password.")
INVITATION_USED = gettext_lazy(
    "This invitation has made an account already: log in with that account to answer it, "
    "or ask the club for a new invitation."
)
NOT_INVITED_ADDRESS = gettext_lazy(
    "This invitation was sent to another address: sign up with the address it was sent to."
)
USERNAME_TAKEN = gettext_lazy("A user with that user name already exists.")


@dataclass(frozen=True)
class Verified:
    user: Any
    changed_to: str
    """The new address when the link confirmed a change, "" when it verified a new account."""
    next_url: str


def _mail_allowed(user: Any) -> bool:
    """Count one verification mail for the user; False once ``VERIFICATION_MAIL_LIMIT`` an hour are spent."""
    return count_in_window(f"verify-mail:{user.pk}", MAIL_WINDOW_SECONDS) <= settings.VERIFICATION_MAIL_LIMIT


def _send_link(*, user: Any, to: str, link: Link) -> None:
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    path = reverse(
        "accounts:verify", kwargs={"uidb64": uid, "token": email_verification_token.make_token(user)}
    )
    context = {"user": user, "address": to, "url": link(path), "change": to != user.email}
    _mail_later("accounts/mail/verify", context, to)


def _mail_later(template: str, context: dict[str, Any], to: str) -> None:
    """Render ``<template>_subject.txt`` and ``<template>.txt`` now (in the request's language),
    send them after the answer."""
    subject = render_to_string(f"{template}_subject.txt", context).strip()
    body = render_to_string(f"{template}.txt", context)
    after_response(mail_send_task, subject=subject, body=body, to=[to])


def verification_mail_send(*, user: Any, link: Link) -> bool:
    """Mail the link that verifies the address waiting to be verified (a new account's, or a new
    address of a verified one). False, and nothing sent, when the hourly limit is spent or
    nothing waits."""
    state = AccountEmail.objects.filter(user=user).first()
    if state is None or (state.verified and not state.pending):
        return False
    if not _mail_allowed(user):
        return False
    _send_link(user=user, to=state.pending or user.email, link=link)
    return True


def _existing_account_mailed(*, email: str, next_url: str, link: Link) -> None:
    """A sign-up with the address of an existing account: tell the owner (at most
    ``VERIFICATION_MAIL_LIMIT`` an hour), how to log in and, when it came through an invitation,
    where to go on to."""
    owner = email_owner(email)
    if owner is None or not _mail_allowed(owner):
        return
    login = reverse("login") + (f"?{urlencode({'next': next_url})}" if next_url else "")
    context = {
        "user": owner,
        "login_url": link(login),
        "reset_url": link(reverse("password_reset")),
        "invitation_url": link(next_url) if next_url else "",
    }
    _mail_later("accounts/mail/signup_existing", context, owner.email)


def signup_create(
    *,
    username: str,
    email: str,
    password: str,
    next_url: str,
    link: Link,
    invitation: SignupInvitation | None = None,
) -> Any | None:
    """Make an account that cannot log in until the link mailed to ``email`` is opened.

    Through an ``invitation``: only for its address (when it names one), and one account per
    invitation. An address that has an account already gets no second one, but the answer is the
    same as for a new address (a visitor learns nothing): the owner is mailed instead, and None
    returned. The password is hashed either way, so both take as long.
    """
    email = email.strip()
    key = invitation.key if invitation is not None else ""
    if invitation is not None and invitation.email and invitation.email.casefold() != email.casefold():
        raise ValidationFailed(NOT_INVITED_ADDRESS, errors={"email": [NOT_INVITED_ADDRESS]})
    if key and invitation_used(key):
        raise ValidationFailed(INVITATION_USED)
    if email_taken(email):
        make_password(password)
        _existing_account_mailed(email=email, next_url=next_url, link=link)
        return None
    try:
        with transaction.atomic():
            user = get_user_model().objects.create_user(username, email=email, password=password)
            AccountEmail.objects.create(user=user, verified=False, next_url=next_url, invitation=key)
    except IntegrityError:  # the same user name, address or invitation at the same instant
        if key and invitation_used(key):
            raise ValidationFailed(INVITATION_USED) from None
        if email_taken(email):
            _existing_account_mailed(email=email, next_url=next_url, link=link)
            return None
        raise ValidationFailed(USERNAME_TAKEN, errors={"username": [USERNAME_TAKEN]}) from None
    verification_mail_send(user=user, link=link)
    return user


def email_verify(*, uidb64: str, token: str) -> Verified:
    """Apply what the link was mailed for: verify a new account, or switch to the new address."""
    try:
        pk = force_str(urlsafe_base64_decode(uidb64))
        user = get_user_model().objects.get(pk=pk)
    except (ValueError, OverflowError, get_user_model().DoesNotExist):
        raise ValidationFailed(INVALID_LINK) from None
    with transaction.atomic():
        state = AccountEmail.objects.select_for_update().filter(user=user).first()
        if state is None or not email_verification_token.check_token(user, token):
            raise ValidationFailed(INVALID_LINK)
        changed_to = ""
        if state.pending:
            if email_taken(state.pending, exclude=user):
                raise ValidationFailed(TAKEN)
            changed_to = user.email = state.pending
            try:
                with transaction.atomic():
                    user.save(update_fields=["email"])
            except IntegrityError:  # another account verified this address at the same instant
                raise ValidationFailed(TAKEN) from None
        elif state.verified:
            raise ValidationFailed(INVALID_LINK)
        next_url, state.verified, state.pending, state.next_url = state.next_url, True, "", ""
        state.save(update_fields=["verified", "pending", "next_url"])
    return Verified(user=user, changed_to=changed_to, next_url=next_url)


def email_verified_by_reset(*, user: Any) -> None:
    """A password reset link opened from ``user.email`` proves the address, like our own link."""
    AccountEmail.objects.filter(user=user, verified=False).update(verified=True)


def profile_update(*, user: Any, first_name: str, last_name: str) -> None:
    user.first_name, user.last_name = first_name.strip(), last_name.strip()
    user.save(update_fields=["first_name", "last_name"])


def email_change_request(*, user: Any, email: str, link: Link) -> bool:
    """Ask for a new address: mail it a link, tell the old address. ``user.email`` stays as it is
    until the link is opened. False when the address is the current one (nothing to do)."""
    email = email.strip()
    if email.casefold() == user.email.casefold():
        email_change_cancel(user=user)
        return False
    if email_taken(email, exclude=user):
        raise ValidationFailed(TAKEN, errors={"email": [TAKEN]})
    if not _mail_allowed(user):
        message = _("Too many verification mails this hour: try the new address again later.")
        raise ValidationFailed(message, errors={"email": [message]})
    with transaction.atomic():
        state, _created = AccountEmail.objects.select_for_update().get_or_create(
            user=user, defaults={"verified": True}
        )
        state.pending = email
        state.save(update_fields=["pending"])
    _send_link(user=user, to=email, link=link)
    if user.email:
        _mail_later("accounts/mail/change_notice", {"user": user, "new": email}, user.email)
    return True


def email_change_cancel(*, user: Any) -> None:
    """Forget the address waiting for its link; the link mailed to it stops working."""
    AccountEmail.objects.filter(user=user).exclude(pending="").update(pending="")
