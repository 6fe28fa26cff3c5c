"""Inviting staff (owners), and answering an invitation link: logged out, the page offers to make an
account through it or to log in (both come back to it); logged in, to accept or decline."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from accounts.selectors import invitation_used
from clubs import selectors
from clubs.forms import InvitationForm
from clubs.models import Club, Invitation
from clubs.permissions import OWN, club_view
from clubs.services.errors import ClubError, InvitationForbidden, InvitationNotFound
from clubs.services.invitations import (
    invitation_accept,
    invitation_create,
    invitation_decline,
    invitation_revoke,
)
from clubs.views.clubs import dashboard_context
from core.site import absolute_url
from core.views import report


@require_POST
@club_view(OWN)
def invitation_new(request: HttpRequest, club: Club) -> HttpResponse:
    """Create the invitation and show its link once, on the dashboard (nothing else can show it again)."""
    form = InvitationForm(request.POST)
    if form.is_valid():
        try:
            invitation, link = invitation_create(
                club=club,
                invited_by=request.user,
                role=form.cleaned_data["role"],
                email=form.cleaned_data["email"],
                base_url=absolute_url(request, "/"),
            )
        except ClubError as exc:
            report(request, exc, form)
        else:
            created = (
                gettext(
                    "Invitation created and mailed to %(email)s. Copy the link now: it is shown only once."
                )
                % {"email": invitation.email}
                if invitation.email
                else gettext("Invitation created. Copy the link now: it is shown only once.")
            )
            messages.success(request, created)
            return render(request, "clubs/dashboard.html", dashboard_context(request, club, new_link=link))
    context = dashboard_context(request, club, invite_form=form)
    return render(request, "clubs/dashboard.html", context, status=400)


@require_POST
@club_view(OWN)
def invitation_revoke_view(request: HttpRequest, club: Club, invitation_id: int) -> HttpResponse:
    try:
        invitation_revoke(club=club, invitation_id=invitation_id, user=request.user)
    except ClubError as exc:
        report(request, exc)
    else:
        messages.success(request, gettext("Invitation revoked: its link no longer works."))
    return redirect("clubs:dashboard", slug=club.slug)


def _answer_page(
    request: HttpRequest, token: str, invitation: Invitation, problem: str, status: int
) -> HttpResponse:
    context = {"invitation": invitation, "token": token, "problem": problem}
    if not request.user.is_authenticated:
        here = reverse("clubs:invitation", kwargs={"token": token})
        context["login_url"] = f"{reverse('login')}?{urlencode({'next': here})}"
        if settings.SIGNUP_MODE != "closed" and not invitation_used(
            selectors.invitation_signup_key(invitation)
        ):
            context["signup_url"] = f"{reverse('accounts:signup')}?{urlencode({'invitation': token})}"
    return render(request, "clubs/invitation.html", context, status=status)


def _problem(request: HttpRequest, invitation: Invitation) -> tuple[str, int]:
    if invitation.status != Invitation.Status.PENDING:
        return f"This invitation was already {invitation.get_status_display().lower()}.", 410
    if invitation.expired:
        return "This invitation has expired: ask the club for a new one.", 410
    if (
        request.user.is_authenticated
        and invitation.email
        and (request.user.email or "").casefold() != invitation.email.casefold()
    ):
        return "This invitation was sent to another e-mail address: log in with that account.", 403
    return "", 200


@require_GET
def invitation(request: HttpRequest, token: str) -> HttpResponse:
    """Anyone holding the link sees what it invites to (the token is the secret)."""
    found = selectors.invitation_for_token(token=token)
    if found is None:
        raise Http404("This invitation link is not valid.")
    problem, status = _problem(request, found)
    return _answer_page(request, token, found, problem, status)


def _respond(request: HttpRequest, token: str, accept: bool) -> HttpResponse:
    try:
        if accept:
            membership = invitation_accept(token=token, user=request.user)
        else:
            invitation_decline(token=token, user=request.user)
    except InvitationNotFound as exc:
        raise Http404(exc.message) from exc
    except ClubError as exc:
        found = selectors.invitation_for_token(token=token)
        return _answer_page(
            request, token, found, exc.message, 403 if isinstance(exc, InvitationForbidden) else 409
        )
    if accept:
        messages.success(
            request,
            # The role as its label says it: a German noun keeps its capital.
            gettext("Welcome to %(club)s. Your role: %(role)s.")
            % {"club": membership.club.name, "role": membership.get_role_display()},
        )
        return redirect("clubs:dashboard", slug=membership.club.slug)
    messages.success(request, gettext("Invitation declined."))
    return redirect("clubs:list")


@require_POST
@login_required
def invitation_accept_view(request: HttpRequest, token: str) -> HttpResponse:
    return _respond(request, token, accept=True)


@require_POST
@login_required
def invitation_decline_view(request: HttpRequest, token: str) -> HttpResponse:
    return _respond(request, token, accept=False)
