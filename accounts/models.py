"""A personal API token (only a hash of the key is stored: the key is shown once, when made), the
password the API login's token was made under, and the verification state of a user's email
address.

Two rules the database holds (migration 0005): an address (case ignored) belongs to one account
at most (a unique index on ``lower(email)`` of the user table), and an invitation makes one
account at most (``AccountEmail.invitation``)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class ApiToken(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100)
    key_hash = models.CharField(max_length=64, unique=True)
    """SHA-256 of the key, hex. Keys are random and long, so a fast hash is enough."""
    prefix = models.CharField(max_length=12)
    """The first characters of the key, so its owner can tell tokens apart on the page."""
    password_stamp = models.CharField(max_length=64)
    """Derived from the owner's password hash when the token was made: a token made before the
    password last changed no longer authenticates, however the password was changed."""
    created = models.DateTimeField()
    last_used = models.DateTimeField(null=True, blank=True)
    expires = models.DateTimeField(null=True, blank=True)
    """``None``: until revoked or the password changes."""

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"


class AccountEmail(models.Model):
    """Whether a user's address is verified, and a new address waiting for its link.

    A user without a row is verified: accounts made before sign-up existed (``createsuperuser``,
    the back office) were never asked to verify. ``user.email`` changes only when the link mailed
    to ``pending`` is opened, so a typo never locks anyone out of their password reset.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="account_email"
    )
    verified = models.BooleanField(default=False)
    """``user.email`` was proven by a mailed link (or the account predates sign-up)."""
    pending = models.EmailField(blank=True)
    """A new address the user asked for; it replaces ``user.email`` when its link is opened."""
    next_url = models.CharField(max_length=300, blank=True)
    """Where the login after verifying goes on to (an invitation's accept page), local paths only."""
    invitation = models.CharField(max_length=100, blank=True)
    """The key of the invitation the account was made through (``SignupInvitation.key``), or "":
    an invitation makes one account."""

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["invitation"], condition=~Q(invitation=""), name="one_account_per_invitation"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user_id}: {'verified' if self.verified else 'unverified'}"


class Profile(models.Model):
    """A user's preferences: for now the interface language (empty: the browser's choice)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="profile"
    )
    language = models.CharField(max_length=8, blank=True)
    """A code from ``settings.LANGUAGES``, or empty for the browser's Accept-Language."""

    def __str__(self) -> str:
        return f"{self.user_id}: {self.language or 'browser'}"


class LoginTokenStamp(models.Model):
    """The password the API login's token (DRF's one ``Token`` per user, from ``/api/auth/token/``)
    was made under: like a named token's ``password_stamp``, a token made before the password last
    changed no longer authenticates, wherever the password was changed (the back office, the
    ``changepassword`` command, a reset)."""

    token = models.OneToOneField(
        "authtoken.Token", on_delete=models.CASCADE, primary_key=True, related_name="password_stamp"
    )
    password_stamp = models.CharField(max_length=64)

    def __str__(self) -> str:
        return f"{self.token_id[:6]}…"
