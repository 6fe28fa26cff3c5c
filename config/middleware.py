"""Project-wide middleware."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils import translation
from django.utils.translation import gettext

from accounts.language import session_language


class ContentSecurityPolicyMiddleware:
    """Send the Content-Security-Policy header (Django 5.2 has no built-in CSP).

    The policy allows only same-origin scripts and styles, so templates carry no inline
    ``<script>`` or ``style=`` attributes; htmx is served from ``static/``.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if settings.CONTENT_SECURITY_POLICY and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = settings.CONTENT_SECURITY_POLICY
        return response


class RefuseNulInQueryMiddleware:
    """A NUL character in a query string is a 400: no page needs one, and PostgreSQL refuses it in
    any query (a search for it would be a server error)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "%00" in request.META.get("QUERY_STRING", "") or any("\x00" in v for v in request.GET.values()):
            return HttpResponseBadRequest(
                gettext("The address contains a NUL character (%00); remove it and try again."),
                content_type="text/plain",
            )
        return self.get_response(request)


class ProfileLanguageMiddleware:
    """A signed-in user's language (the profile's, kept in the session) wins over the cookie and
    Accept-Language, which ``LocaleMiddleware`` (above this one) has already weighed. No query: the
    session is loaded for the user already, and holds the profile's choice from login on."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            language = session_language(request)
            if language:
                translation.activate(language)
                request.LANGUAGE_CODE = translation.get_language()
        return self.get_response(request)
