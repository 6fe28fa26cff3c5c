"""The token in the email verification link: Django's password-reset token machinery (HMAC over
the account's state, with a timestamp, expiring after ``PASSWORD_RESET_TIMEOUT``), keyed on the
address being verified, so a link stops working once used or once another address is asked for."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.tokens import PasswordResetTokenGenerator


class EmailVerificationTokenGenerator(PasswordResetTokenGenerator):
    key_salt = "accounts.tokens.EmailVerificationTokenGenerator"

    def _make_hash_value(self, user: Any, timestamp: int) -> str:
        from accounts.models import AccountEmail

        state = AccountEmail.objects.filter(user=user).first()
        verified, pending = (True, "") if state is None else (state.verified, state.pending)
        # Verifying flips ``verified`` or clears ``pending``: the hash changes, the link is spent.
        return f"{user.pk}|{timestamp}|{user.email}|{verified}|{pending}"


email_verification_token = EmailVerificationTokenGenerator()
