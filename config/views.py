"""Site-wide answers that belong to no app."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_POST, require_safe

from accounts.language import SESSION_KEY, language_codes, profile_language_set


@require_safe
@cache_control(max_age=86_400, public=True)
def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico on every site: send them to the (hashed) static icon."""
    return redirect(staticfiles_storage.url("favicon.ico"), permanent=False)


@require_safe
def language_switch(request: HttpRequest) -> HttpResponse:
    """The switcher's link: ``?language=fr&next=/p/…/`` keeps the language in a cookie (and, for
    a signed-in user, in the session, which the profile's choice otherwise fills) and goes back.

    A GET link rather than Django's POST ``set_language``: the switcher sits on public pages that
    are cached whole and shared, so it cannot carry a CSRF token; a forged link can do no more
    than change the language of the next page (the profile stays as it is: the account page
    changes it).
    """
    language = request.GET.get("language", "")
    next_url = request.GET.get("next", "")
    if not url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()}):
        next_url = "/"
    response = redirect(next_url)
    if language in language_codes():
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            language,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            secure=settings.LANGUAGE_COOKIE_SECURE,
            httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        )
        if request.user.is_authenticated:
            request.session[SESSION_KEY] = language
    return response


@login_required
@require_POST
def profile_language(request: HttpRequest) -> HttpResponse:
    """The account page's language choice: stored in the profile (it wins at every login), and in
    force at once for this session and this browser."""
    language = request.POST.get("language", "")
    profile_language_set(user=request.user, language=language)
    request.session[SESSION_KEY] = language
    if language:
        translation.activate(language)
    messages.success(request, gettext("Your language is saved."))
    response = redirect("accounts:profile")
    if language:
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            language,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            secure=settings.LANGUAGE_COOKIE_SECURE,
            httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        )
    return response
