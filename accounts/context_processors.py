"""What every page's navigation needs from the accounts app."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def signup(request: HttpRequest) -> dict[str, bool]:
    """Offer "Sign up" to visitors only when anyone may (invitations bring their own link)."""
    return {"signup_open": settings.SIGNUP_MODE == "open"}
