"""A personal API token. Only a hash of the key is stored: the key is shown once, when made."""

from __future__ import annotations

from django.conf import settings
from django.db import models


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
