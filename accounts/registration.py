"""Sign-up, email verification and changing the address: the writes to a user's account details
and to ``AccountEmail``, and the mails they send.

A link is built by the caller (``link(path)`` turns a path into a full URL, honouring
``SITE_URL``), so these functions know nothing of requests.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode

from accounts.models import AccountEmail
from accounts.selectors import email_taken
from accounts.tokens import email_verification_token
from core.errors import ValidationFailed
from core.ratelimit import count_in_window

Link = Callable[[str], str]
MAIL_WINDOW_SECONDS = 60 * 60
INVALID_LINK = "This link is not valid any more: it was used already, it is too old, or a newer one was sent."
TAKEN = "Another account uses this address already. Log in to that one, or reset its password."


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
    subject = render_to_string("accounts/mail/verify_subject.txt", context).strip()
    send_mail(subject, render_to_string("accounts/mail/verify.txt", context), None, [to])


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


def signup_create(*, username: str, email: str, password: str, next_url: str, link: Link) -> Any:
    """Make an account that cannot log in until the link mailed to ``email`` is opened."""
    if email_taken(email):
        raise ValidationFailed(TAKEN, errors={"email": [TAKEN]})
    try:
        with transaction.atomic():
            user = get_user_model().objects.create_user(username, email=email, password=password)
            AccountEmail.objects.create(user=user, verified=False, next_url=next_url)
    except IntegrityError:  # the same user name at the same instant
        raise ValidationFailed("A user with that user name already exists.") from None
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
            user.save(update_fields=["email"])
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
        message = "Too many verification mails this hour: try the new address again later."
        raise ValidationFailed(message, errors={"email": [message]})
    with transaction.atomic():
        state, _ = AccountEmail.objects.select_for_update().get_or_create(
            user=user, defaults={"verified": True}
        )
        state.pending = email
        state.save(update_fields=["pending"])
    _send_link(user=user, to=email, link=link)
    if user.email:
        context = {"user": user, "new": email}
        send_mail(
            render_to_string("accounts/mail/change_notice_subject.txt", context).strip(),
            render_to_string("accounts/mail/change_notice.txt", context),
            None,
            [user.email],
        )
    return True


def email_change_cancel(*, user: Any) -> None:
    """Forget the address waiting for its link; the link mailed to it stops working."""
    AccountEmail.objects.filter(user=user).exclude(pending="").update(pending="")
