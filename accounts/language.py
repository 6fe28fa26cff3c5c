"""A user's interface language: the profile's choice, and the session's copy the middleware reads.

The order of choice (``config.middleware.ProfileLanguageMiddleware``): the session's language,
which is the profile's from login on (or the switcher's, once it is used during the session),
then the switcher's cookie, then the browser's Accept-Language. Keeping the profile's choice in
the session spares every signed-in request a query for the profile.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext as _

from accounts.models import Profile
from core.errors import ValidationFailed

SESSION_KEY = "interface_language"


def language_codes() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def profile_language(user: Any) -> str:
    """The profile's language code, or "" (the browser decides)."""
    language = Profile.objects.filter(user=user).values_list("language", flat=True).first()
    return language or ""


def profile_language_set(*, user: Any, language: str) -> None:
    """Store the profile's language ("" for the browser's choice)."""
    if language and language not in language_codes():
        raise ValidationFailed(
            _("Unknown language %(code)s.") % {"code": language}, errors={"language": ["unknown"]}
        )
    Profile.objects.update_or_create(user=user, defaults={"language": language})


def session_language(request: HttpRequest) -> str:
    """The language this signed-in session chose, read from the profile once per session."""
    session = request.session
    if SESSION_KEY not in session:
        session[SESSION_KEY] = profile_language(request.user)
    language: str = session[SESSION_KEY]
    return language if language in language_codes() else ""


def remember_profile_language(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    """``user_logged_in`` receiver: the profile's language holds for the new session."""
    if request is not None and hasattr(request, "session"):
        request.session[SESSION_KEY] = profile_language(user)
