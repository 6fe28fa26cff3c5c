"""The roster: search as you type, create, edit, delete, and add from the FIDE rating list."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs import selectors
from clubs.forms import FideAddForm, RosterPlayerForm, SearchForm
from clubs.models import Club, Membership, RosterPlayer
from clubs.permissions import MANAGE, MEMBER, club_view
from clubs.services.errors import ClubError
from clubs.services.roster import (
    roster_player_add_from_rating,
    roster_player_create,
    roster_player_delete,
    roster_player_update,
)
from core.views import partial, report
from ratings.selectors import rated_player_search


def _query(request: HttpRequest) -> str:
    form = SearchForm(request.GET)
    return form.cleaned_data["q"] if form.is_valid() else ""


@require_GET
@club_view(MEMBER)
def roster(request: HttpRequest, club: Club) -> HttpResponse:
    query = _query(request)
    context = {
        "club": club,
        "query": query,
        "players": selectors.roster_search(club=club, query=query),
        "can_manage": request.club_role in (Membership.Role.OWNER, Membership.Role.ORGANISER),  # type: ignore[attr-defined]
    }
    return render(request, partial(request, "clubs/roster.html", "roster-list"), context)


@require_http_methods(["GET", "POST"])
@club_view(MANAGE)
def roster_player_new(request: HttpRequest, club: Club) -> HttpResponse:
    return _player_form(request, club, None)


@require_http_methods(["GET", "POST"])
@club_view(MANAGE)
def roster_player_edit(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    return _player_form(request, club, selectors.roster_player_get(club=club, pk=player_id))


def _player_form(request: HttpRequest, club: Club, player: RosterPlayer | None) -> HttpResponse:
    form = RosterPlayerForm(request.POST or None, instance=player)
    if request.method == "POST" and form.is_valid():
        fields = {name: form.cleaned_data[name] for name in form.Meta.fields}
        try:
            if player is None:
                saved = roster_player_create(club=club, **fields)
            else:
                saved = roster_player_update(club=club, player_id=player.pk, **fields)
        except ClubError as exc:
            report(request, exc, form)
        else:
            messages.success(request, gettext("%(name)s saved.") % {"name": saved.name})
            return redirect("clubs:roster", slug=club.slug)
    status = 400 if request.method == "POST" else 200
    context = {"club": club, "form": form, "player": player}
    return render(request, "clubs/roster_player_form.html", context, status=status)


@require_POST
@club_view(MANAGE)
def roster_player_remove(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    try:
        player = roster_player_delete(club=club, player_id=player_id)
    except ClubError as exc:
        report(request, exc)
    else:
        messages.success(request, gettext("%(name)s removed from the roster.") % {"name": player.name})
    return redirect("clubs:roster", slug=club.slug)


@require_GET
@club_view(MANAGE)
def roster_fide_search(request: HttpRequest, club: Club) -> HttpResponse:
    query = _query(request)
    context = {
        "club": club,
        "query": query,
        "players": rated_player_search(query=query) if query else [],
        "add_url": reverse("clubs:roster_fide_add", kwargs={"slug": club.slug}),
    }
    return render(request, partial(request, "clubs/roster_fide.html", "rated-player-results"), context)


@require_POST
@club_view(MANAGE)
def roster_fide_add(request: HttpRequest, club: Club) -> HttpResponse:
    form = FideAddForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Choose a player from the rating list."))
        return redirect("clubs:roster_fide", slug=club.slug)
    try:
        player = roster_player_add_from_rating(club=club, fide_id=form.cleaned_data["fide_id"])
    except ClubError as exc:
        report(request, exc)
        return redirect("clubs:roster_fide", slug=club.slug)
    messages.success(request, gettext("%(name)s added to the roster.") % {"name": player.name})
    return redirect("clubs:roster", slug=club.slug)
