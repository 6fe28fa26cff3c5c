"""My clubs, creating a club, the public page, the members' dashboard and membership changes."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs import selectors
from clubs.forms import ClubForm, InvitationForm, RoleForm
from clubs.models import Club, Membership
from clubs.permissions import MANAGE, MEMBER, OWN, club_view
from clubs.services.clubs import (
    club_create,
    club_update,
    membership_leave,
    membership_remove,
    membership_role_change,
)
from clubs.services.errors import ClubError
from core.views import report
from tournaments.selectors.events import club_events
from tournaments.selectors.tournaments import club_tournaments


@require_GET
@login_required
def club_list(request: HttpRequest) -> HttpResponse:
    memberships = selectors.clubs_for_user(user=request.user)
    return render(request, "clubs/club_list.html", {"memberships": memberships, "form": ClubForm()})


@require_http_methods(["GET", "POST"])
@login_required
def club_new(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = club_create(user=request.user, name=form.cleaned_data["name"])
        except ClubError as exc:
            report(request, exc, form)
        else:
            messages.success(request, gettext("%(name)s created. You are its owner.") % {"name": club.name})
            return redirect("clubs:dashboard", slug=club.slug)
    status = 400 if request.method == "POST" else 200
    return render(request, "clubs/club_new.html", {"form": form}, status=status)


@require_GET
def club_public(request: HttpRequest, slug: str) -> HttpResponse:
    club = selectors.club_get(slug=slug)
    events = [event for event in club_events(club) if len(event.sections.all()) > 1]
    context = {"club": club, "events": events, **club_tournaments(club=club)}
    return render(request, "clubs/club_public.html", context)


def dashboard_context(request: HttpRequest, club: Club, **extra: object) -> dict[str, object]:
    """What the dashboard shows; invitations only to owners (the invitation views reuse it)."""
    owner = request.club_role == Membership.Role.OWNER  # type: ignore[attr-defined]
    return {
        "club": club,
        "role": request.club_role,  # type: ignore[attr-defined]
        "is_owner": owner,
        "members": selectors.club_members(club=club),
        "invitations": selectors.club_invitations(club=club) if owner else [],
        "invite_form": InvitationForm(),
        "roles": Membership.Role.choices,
        "roster_count": selectors.roster_count(club=club),
        "may_create": request.club_role in MANAGE,  # type: ignore[attr-defined]
        **club_tournaments(club=club),
        **extra,
    }


@require_GET
@club_view(MEMBER)
def dashboard(request: HttpRequest, club: Club) -> HttpResponse:
    return render(request, "clubs/dashboard.html", dashboard_context(request, club))


@require_http_methods(["GET", "POST"])
@club_view(OWN)
def club_settings(request: HttpRequest, club: Club) -> HttpResponse:
    form = ClubForm(request.POST or None, initial={"name": club.name})
    if request.method == "POST" and form.is_valid():
        try:
            club_update(club=club, name=form.cleaned_data["name"])
        except ClubError as exc:
            report(request, exc, form)
        else:
            messages.success(request, gettext("Club renamed."))
            return redirect("clubs:dashboard", slug=club.slug)
    status = 400 if request.method == "POST" else 200
    return render(request, "clubs/club_settings.html", {"club": club, "form": form}, status=status)


@require_POST
@club_view(OWN)
def member_role(request: HttpRequest, club: Club, membership_id: int) -> HttpResponse:
    form = RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Choose owner, organiser or arbiter."))
        return redirect("clubs:dashboard", slug=club.slug)
    try:
        m = membership_role_change(club=club, membership_id=membership_id, role=form.cleaned_data["role"])
    except ClubError as exc:
        report(request, exc)
    else:
        messages.success(
            request,
            gettext("%(username)s is now %(lower)s.")
            % {"username": m.user.get_username(), "lower": m.get_role_display().lower()},
        )
    return redirect("clubs:dashboard", slug=club.slug)


@require_POST
@club_view(OWN)
def member_remove(request: HttpRequest, club: Club, membership_id: int) -> HttpResponse:
    try:
        m = membership_remove(club=club, membership_id=membership_id)
    except ClubError as exc:
        report(request, exc)
    else:
        messages.success(
            request, gettext("%(username)s is no longer a member.") % {"username": m.user.get_username()}
        )
    return redirect("clubs:dashboard", slug=club.slug)


@require_POST
@club_view(MEMBER)
def leave(request: HttpRequest, club: Club) -> HttpResponse:
    try:
        membership_leave(club=club, user=request.user)
    except ClubError as exc:
        report(request, exc)
        return redirect("clubs:dashboard", slug=club.slug)
    messages.success(request, gettext("You left %(name)s.") % {"name": club.name})
    return redirect("clubs:list")
