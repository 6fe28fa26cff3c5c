"""The API tokens page; the password change and reset pages (Django's, plus revoking every API
token once the password has changed, and reset links built on ``SITE_URL``); the login by user
name or email, sign-up with email verification, and the profile page."""

from __future__ import annotations

from urllib.parse import quote, urlsplit

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts import registration, selectors, services
from accounts.forms import LoginForm, ProfileForm, SignupForm, TokenCreateForm
from accounts.invitations import invitation_for_next, signup_invitation
from accounts.login import RateLimitedLoginView
from accounts.mails import after_response
from accounts.ratelimit import login_succeeded
from accounts.tasks import password_reset_mail_task
from core.errors import ValidationFailed
from core.site import absolute_url

UNVERIFIED_SESSION_KEY = "accounts_unverified_user"
"""The account whose right password was refused for its unverified address: only it may ask for
the link again from this browser, so nobody can send mails to an address without its password."""


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
        messages.success(request, gettext("Token revoked: programs using it are refused from now on."))
    return redirect("accounts:tokens")


@login_required
@require_POST
def legacy_token_revoke(request: HttpRequest) -> HttpResponse:
    services.legacy_token_revoke(user=request.user)
    messages.success(request, gettext("Token revoked: programs using it are refused from now on."))
    return redirect("accounts:tokens")


class PasswordChangeView(auth_views.PasswordChangeView):
    def form_valid(self, form):  # type: ignore[no-untyped-def]
        response = super().form_valid(form)
        revoked = services.api_tokens_revoke_all(user=form.user)
        if revoked:
            messages.info(
                self.request,
                gettext("Your API tokens (%(revoked)s) were revoked with the old password.")
                % {"revoked": revoked},
            )
        return response


class PasswordResetView(auth_views.PasswordResetView):
    """The mail goes out after the answer, and the address is looked up there too, so the answer
    takes as long for an unknown address as for a known one. Its link points at SITE_URL when it
    is set, not at the Host of the request."""

    def form_valid(self, form):  # type: ignore[no-untyped-def]
        if settings.SITE_URL:
            site = urlsplit(settings.SITE_URL)
            domain, use_https = site.netloc, site.scheme == "https"
        else:
            domain, use_https = self.request.get_host(), self.request.is_secure()
        after_response(
            password_reset_mail_task,
            email=form.cleaned_data["email"],
            domain=domain,
            use_https=use_https,
            language=get_language() or "",
        )
        return redirect(self.get_success_url())


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    def form_valid(self, form):  # type: ignore[no-untyped-def]
        response = super().form_valid(form)
        services.api_tokens_revoke_all(user=form.user)
        registration.email_verified_by_reset(user=form.user)
        return response


class LoginView(RateLimitedLoginView):
    """The rate-limited login, by user name or email; an unverified account is told so (its right
    password is not a failed attempt) and offered the link again."""

    form_class = LoginForm

    def get_context_data(self, **kwargs):  # type: ignore[no-untyped-def]
        context = super().get_context_data(**kwargs)
        invitation = invitation_for_next(self.get_redirect_url())
        if invitation is not None:
            # Came from an invitation's page: say so, and sign up through it in any mode but closed.
            context["invitation"] = invitation
            if settings.SIGNUP_MODE != "closed":
                query = urlencode({"invitation": invitation.token})
                context["invitation_signup_url"] = f"{reverse('accounts:signup')}?{query}"
        return context

    def form_invalid(self, form):  # type: ignore[no-untyped-def]
        user = form.unverified_user
        if user is None:
            return super().form_invalid(form)
        login_succeeded(self.request, self._username())  # the right password: not a failed attempt
        self.request.session[UNVERIFIED_SESSION_KEY] = user.pk
        return self.render_to_response(self.get_context_data(form=form, resend=True))


def _link(request: HttpRequest):  # type: ignore[no-untyped-def]
    return lambda path: absolute_url(request, path)


def _local(url: str) -> str:
    return url if url and url_has_allowed_host_and_scheme(url, allowed_hosts=None) else ""


def _signup_refused(request: HttpRequest, invitation_only: bool) -> HttpResponse:
    context = {"invitation_only": invitation_only}
    return render(request, "accounts/signup_closed.html", context, status=403)


def _signup_page(request: HttpRequest, form: SignupForm, invitation, status: int = 200) -> HttpResponse:  # type: ignore[no-untyped-def]
    return render(request, "accounts/signup.html", {"form": form, "invitation": invitation}, status=status)


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Open sign-up, or only through a club's invitation link (``?invitation=``), or closed.
    Through an invitation: for its address only, one account per invitation, and the first login
    goes on to the invitation's page."""
    token = request.GET.get("invitation", "")
    if request.user.is_authenticated:
        invited = signup_invitation(token) if token else None
        if invited is not None and invited.next_url:
            return redirect(invited.next_url)  # logged in already: straight to the invitation
        messages.info(request, gettext("You are logged in already: this is your account."))
        return redirect("accounts:profile")
    mode = settings.SIGNUP_MODE
    if mode == "closed":
        return _signup_refused(request, invitation_only=False)
    invitation = signup_invitation(token) if token else None
    if mode == "invitation" and invitation is None:
        return _signup_refused(request, invitation_only=True)
    invited_email = invitation.email if invitation is not None else ""
    if invitation is not None and selectors.invitation_used(invitation.key):
        messages.info(request, registration.INVITATION_USED)
        login = reverse("login")
        return redirect(f"{login}?{urlencode({'next': invitation.next_url})}")
    if request.method == "GET":
        return _signup_page(request, SignupForm(invited_email=invited_email), invitation)
    form = SignupForm(request.POST, invited_email=invited_email)
    if form.is_valid():
        try:
            registration.signup_create(
                username=form.cleaned_data["username"],
                email=form.cleaned_data["email"],
                password=form.cleaned_data["password1"],
                next_url=_local(invitation.next_url) if invitation is not None else "",
                link=_link(request),
                invitation=invitation,
            )
        except ValidationFailed as exc:
            for field, errors in exc.errors.items():
                form.add_error(field if field in form.fields else None, errors)
            if not exc.errors:
                form.add_error(None, exc.message)
        else:
            # The same answer whether or not the address had an account (its owner is mailed).
            request.session["accounts_signup_email"] = form.cleaned_data["email"]
            return redirect("accounts:signup_done")
    return _signup_page(request, form, invitation, status=400)


@require_GET
def signup_done(request: HttpRequest) -> HttpResponse:
    email = request.session.get("accounts_signup_email", "")
    return render(request, "accounts/signup_done.html", {"email": email})


@require_GET
def verify(request: HttpRequest, uidb64: str, token: str) -> HttpResponse:
    """The mailed link: verifies the address (opening it is the proof), then on to the login."""
    try:
        done = registration.email_verify(uidb64=uidb64, token=token)
    except ValidationFailed as exc:
        return render(request, "accounts/verify_failed.html", {"message": exc.message}, status=400)
    if done.changed_to:
        messages.success(
            request, gettext("Your email address is now %(changed_to)s.") % {"changed_to": done.changed_to}
        )
    else:
        messages.success(request, gettext("Your email address is verified: log in to start."))
    if request.user.is_authenticated and request.user.pk == done.user.pk:
        return redirect("accounts:profile")
    url = reverse("login")
    next_url = _local(done.next_url)
    return redirect(f"{url}?next={quote(next_url, safe='/')}" if next_url else url)


@require_POST
def verify_resend(request: HttpRequest) -> HttpResponse:
    """Send the verification link again: to the logged-in user's new address, or to the account
    whose login was just refused for its unverified address. At most VERIFICATION_MAIL_LIMIT an hour."""
    if request.user.is_authenticated:
        user, back = request.user, "accounts:profile"
    else:
        pk = request.session.get(UNVERIFIED_SESSION_KEY)
        user = selectors.user_get(pk) if pk else None
        back = "login"
        if user is None:
            return render(
                request,
                "accounts/verify_failed.html",
                {"message": "Log in first: the page then offers to send the link again."},
                status=400,
            )
    if registration.verification_mail_send(user=user, link=_link(request)):
        messages.success(request, gettext("Link sent: check your mailbox (and its spam folder)."))
    elif selectors.email_verified(user) and not selectors.pending_email(user):
        messages.info(request, gettext("Your address is verified already."))
    else:
        messages.error(
            request, gettext("Too many links sent this hour: use the last one, or try again later.")
        )
    return redirect(back)


def _profile_page(request: HttpRequest, form: ProfileForm, status: int = 200) -> HttpResponse:
    context = {"form": form, "pending": selectors.pending_email(request.user)}
    return render(request, "accounts/profile.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    user = request.user
    if request.method == "GET":
        initial = {"first_name": user.first_name, "last_name": user.last_name, "email": user.email}
        return _profile_page(request, ProfileForm(initial=initial))
    form = ProfileForm(request.POST)
    if not form.is_valid():
        return _profile_page(request, form, status=400)
    data = form.cleaned_data
    try:
        changing = registration.email_change_request(user=user, email=data["email"], link=_link(request))
    except ValidationFailed as exc:
        form.add_error("email" if "email" in exc.errors else None, exc.message)
        return _profile_page(request, form, status=400)
    registration.profile_update(user=user, first_name=data["first_name"], last_name=data["last_name"])
    if changing:
        messages.success(
            request,
            gettext("Saved. We mailed a link to %(email)s: your address changes when you open it.")
            % {"email": data["email"]},
        )
    else:
        messages.success(request, gettext("Saved."))
    return redirect("accounts:profile")


@login_required
@require_POST
def email_change_cancel(request: HttpRequest) -> HttpResponse:
    registration.email_change_cancel(user=request.user)
    messages.success(request, gettext("The change is cancelled: your address stays as it is."))
    return redirect("accounts:profile")
