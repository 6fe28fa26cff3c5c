"""The players' side, no login: the entry form under the event's public token, a player's page
under their personal token (their entry, their fee, "I am here"), and the desk tablet under the
event's token and its code.

Every answer is ``no-store`` and ``noindex``. The desk code, once given, marks this browser's
session for this event's tablet only: it opens no other page.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.errors import ServiceError
from core.ratelimit import client_address, count_in_window
from core.site import absolute_url
from entries import selectors
from entries.forms import DeskCodeForm, EntryForm, ParticipantForm
from entries.models import CheckIn
from entries.services.checkin import check_in, desk_unlock
from entries.services.entries import entry_mail_link, entry_submit
from tournaments.models import Event, Participant

FIND_LIMIT, FIND_WINDOW_SECONDS = 300, 10 * 60
"""Searches one address may make in ten minutes (each keystroke is one; far above a family's)."""


def private(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        response["Cache-Control"] = "no-store"
        response["X-Robots-Tag"] = "noindex, nofollow"
        return response

    return wrapper


def _event(token: str) -> Event:
    return get_object_or_404(Event.objects.select_related("club"), public_token=token)


def _entry_page(request: HttpRequest, event: Event, form: EntryForm, *, status: int = 200) -> HttpResponse:
    rules, is_open = selectors.form_state(event)
    context = {
        "event": event,
        "form": form,
        "offers": selectors.section_offers(event),
        "rules": rules,
        "is_open": is_open,
        "not_yet": rules.opens_at is not None and rules.opens_at > timezone.now(),
        "query": request.GET.get("q", ""),
    }
    return render(request, "entries/enter.html", context, status=status)


def _sections(event: Event) -> list[tuple[int, str]]:
    return [(s.pk, s.name) for s in event.sections.order_by("section_order", "pk")]


@private
@require_http_methods(["GET", "POST"])
def enter(request: HttpRequest, token: str) -> HttpResponse:
    event = _event(token)
    if request.method == "GET":
        initial = _picked(event, request.GET.get("roster"), request.GET.get("fide"))
        return _entry_page(request, event, EntryForm(initial=initial, sections=_sections(event)))
    form = EntryForm(request.POST, sections=_sections(event))
    if not form.is_valid():
        messages.error(request, _("Your entry was not sent: see the form."))
        return _entry_page(request, event, form, status=400)
    try:
        done = entry_submit(event=event, address=client_address(request), **form.service_fields())
    except ServiceError as exc:
        messages.error(request, exc.message)
        return _entry_page(request, event, form, status=exc.http_status)
    link = absolute_url(request, reverse("entries:me", kwargs={"token": done.token}))
    entry_mail_link(entry=done.entry, link=link)
    messages.success(
        request,
        _("Your entry is in. We have sent your personal link to %(email)s.") % {"email": done.entry.email},
    )
    return redirect("entries:me", token=done.token)


def _picked(event: Event, roster: str | None, fide: str | None) -> dict[str, Any]:
    """The form's initial values for a player picked in the search (no contact details)."""
    from clubs.models import RosterPlayer
    from ratings.selectors import rated_player_get

    if roster and roster.isdigit() and event.club_id:
        player = RosterPlayer.objects.filter(club_id=event.club_id, pk=roster).first()
        if player:
            return {
                "roster_id": player.pk,
                "name": player.name,
                "rating": player.rating,
                "fide_id": player.fide_id or "",
                "federation": player.federation,
                "club_name": player.club_name,
                "birth_year": player.birth_year,
            }
    if fide and fide.isdigit() and len(fide) < 13:
        rated = rated_player_get(fide_id=int(fide))
        if rated:
            return {
                "fide_pick": rated.fide_id,
                "name": rated.name,
                "rating": rated.standard_rating,
                "fide_id": rated.fide_id,
                "federation": rated.federation,
                "birth_year": rated.birth_year,
            }
    return {}


@private
@require_GET
def find(request: HttpRequest, token: str) -> HttpResponse:
    """Who you might be: the club's roster and the FIDE list, as the name is typed (htmx)."""
    event = _event(token)
    query = request.GET.get("q", "")
    if count_in_window(f"entries-find:{client_address(request)}", FIND_WINDOW_SECONDS) > FIND_LIMIT:
        return HttpResponse(status=429)
    roster, rated = selectors.entry_candidates(event, query)
    context = {"event": event, "roster": roster, "rated": rated, "query": query}
    return render(request, "entries/_candidates.html", context)


@private
@require_GET
def me(request: HttpRequest, token: str) -> HttpResponse:
    entry = selectors.entry_for_token(token)
    if entry is None:
        return render(request, "entries/unknown.html", status=404)
    return render(request, "entries/me.html", {"page": selectors.player_page(entry), "token": token})


@private
@require_POST
def me_check_in(request: HttpRequest, token: str) -> HttpResponse:
    entry = selectors.entry_for_token(token)
    if entry is None:
        return render(request, "entries/unknown.html", status=404)
    if entry.participant is None:
        messages.error(request, _("Your entry has not been accepted yet."))
        return redirect("entries:me", token=token)
    try:
        done = check_in(participant=entry.participant, via=CheckIn.Via.LINK)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request, _("You are checked in for round %(number)s.") % {"number": done.check_in.round_number}
        )
    return redirect("entries:me", token=token)


# The desk tablet.


def _desk_key(event: Event) -> str:
    return f"entries-desk-{event.pk}"


@private
@require_GET
def desk(request: HttpRequest, token: str) -> HttpResponse:
    event = _event(token)
    if not request.session.get(_desk_key(event)):
        return render(request, "entries/desk_code.html", {"event": event, "form": DeskCodeForm()})
    query = request.GET.get("q", "")[:60]
    context = {"event": event, "sections": selectors.desk_rows(event, query), "query": query}
    template = "entries/desk.html#desk-list" if getattr(request, "htmx", False) else "entries/desk.html"
    return render(request, template, context)


@private
@require_POST
def desk_open(request: HttpRequest, token: str) -> HttpResponse:
    event = _event(token)
    form = DeskCodeForm(request.POST)
    try:
        right = form.is_valid() and desk_unlock(
            event=event, code=form.cleaned_data["code"], address=client_address(request)
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
        return render(request, "entries/desk_code.html", {"event": event, "form": DeskCodeForm()}, status=429)
    if not right:
        messages.error(request, _("That is not the desk code."))
        return render(request, "entries/desk_code.html", {"event": event, "form": DeskCodeForm()}, status=403)
    request.session[_desk_key(event)] = True
    return redirect("entries:desk", token=token)


@private
@require_POST
def desk_close(request: HttpRequest, token: str) -> HttpResponse:
    event = _event(token)
    request.session.pop(_desk_key(event), None)
    return redirect("entries:desk", token=token)


@private
@require_POST
def desk_check_in(request: HttpRequest, token: str) -> HttpResponse:
    event = _event(token)
    if not request.session.get(_desk_key(event)):
        raise Http404
    form = ParticipantForm(request.POST)
    participant = (
        Participant.objects.select_related("tournament")
        .filter(pk=form.cleaned_data["participant"], tournament__event=event)
        .first()
        if form.is_valid()
        else None
    )
    if participant is None:
        raise Http404
    try:
        done = check_in(participant=participant, via=CheckIn.Via.DESK)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            _("%(name)s is checked in for round %(number)s.")
            % {"name": participant.name, "number": done.check_in.round_number},
        )
    query = urlencode({"q": request.POST.get("q", "")[:60]})
    return redirect(reverse("entries:desk", kwargs={"token": token}) + "?" + query)
