"""The API tokens page, and the password change and reset pages (Django's, plus revoking every
API token once the password has changed, and reset links built on ``SITE_URL``)."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from accounts import selectors, services
from accounts.forms import TokenCreateForm
from tournaments.services.errors import ValidationFailed


def _tokens_page(
    request: HttpRequest, form: TokenCreateForm, new_key: str = "", status: int = 200
) -> HttpResponse:
    context = {
        "form": form,
        "rows": selectors.api_token_list(user=request.user),
        "legacy": selectors.legacy_token_get(user=request.user),
        "new_key": new_key,
    }
    return render(request, "accounts/tokens.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def tokens(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":
        return _tokens_page(request, TokenCreateForm())
    form = TokenCreateForm(request.POST)
    if not form.is_valid():
        return _tokens_page(request, form, status=400)
    try:
        _, key = services.api_token_create(
            user=request.user, name=form.cleaned_data["name"], days=form.days()
        )
    except ValidationFailed as exc:
        form.add_error(None, exc.message)
        return _tokens_page(request, form, status=400)
    # The key is shown in this answer only (never stored, never put in a message cookie).
    return _tokens_page(request, TokenCreateForm(), new_key=key)


@login_required
@require_POST
def token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    try:
        services.api_token_revoke(user=request.user, token_id=token_id)
    except ValidationFailed as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "Token revoked: programs using it are refused from now on.")
    return redirect("accounts:tokens")


@login_required
@require_POST
def legacy_token_revoke(request: HttpRequest) -> HttpResponse:
    services.legacy_token_revoke(user=request.user)
    messages.success(request, "Token revoked: programs using it are refused from now on.")
    return redirect("accounts:tokens")


class PasswordChangeView(auth_views.PasswordChangeView):
    def form_valid(self, form):  # type: ignore[no-untyped-def]
        response = super().form_valid(form)
        revoked = services.api_tokens_revoke_all(user=form.user)
        if revoked:
            messages.info(self.request, f"Your API tokens ({revoked}) were revoked with the old password.")
        return response


class PasswordResetView(auth_views.PasswordResetView):
    """The link in the mail points at SITE_URL when it is set, not at the Host of the request."""

    def form_valid(self, form):  # type: ignore[no-untyped-def]
        if not settings.SITE_URL:
            return super().form_valid(form)
        site = urlsplit(settings.SITE_URL)
        form.save(
            domain_override=site.netloc,
            use_https=site.scheme == "https",
            token_generator=self.token_generator,
            from_email=self.from_email,
            email_template_name=self.email_template_name,
            subject_template_name=self.subject_template_name,
            request=self.request,
            html_email_template_name=self.html_email_template_name,
            extra_email_context=self.extra_email_context,
        )
        return redirect(self.get_success_url())


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    def form_valid(self, form):  # type: ignore[no-untyped-def]
        response = super().form_valid(form)
        services.api_tokens_revoke_all(user=form.user)
        return response
