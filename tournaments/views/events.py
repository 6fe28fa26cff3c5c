"""The event pages: create an event, its sections and staff, the registration desk for every
section (bands suggest the section), moves before round 1, one CSV for the event, its files."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.selectors import club_get
from core.errors import ServiceError, ValidationFailed
from core.views import render_page, report
from tournaments.exchange.event_backup import event_export
from tournaments.forms import CsvImportForm, EventForm, EventRegisterForm, EventStaffForm, MoveForm
from tournaments.models import Event, Participant
from tournaments.permissions import ARBITRATE, ORGANISE, VIEW, can_organise_event, sections_for, staff_event
from tournaments.selectors import events as event_selectors
from tournaments.selectors.participants import registry_search
from tournaments.services.events import (
    event_create,
    event_import_csv,
    event_register,
    event_register_listed,
    event_role_grant,
    event_role_revoke,
    participant_move,
    sections_suggested,
)
from tournaments.views.hooks import event_links, event_listings, event_section_notes


@login_required
@require_http_methods(["GET", "POST"])
def event_new(request: HttpRequest) -> HttpResponse:
    slug = request.POST.get("club") or request.GET.get("club")
    club = club_get(slug=slug) if slug else None
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = event_create(user=request.user, club=club, **form.cleaned_data)
        except ServiceError as exc:
            report(request, exc, form)
        else:
            messages.success(request, _("%(name)s is ready. Add its sections next.") % {"name": event.name})
            return redirect("tournaments:event", event_id=event.pk)
    return render_page(request, "events/event_form.html", {"form": form, "club": club})


def _page(request: HttpRequest, event: Event, **extra: object) -> HttpResponse:
    rows = event_selectors.event_sections(request.user, event)
    sections = [row.section for row in rows]
    organiser = can_organise_event(request.user, event)
    context = {
        "event": event,
        "rows": rows,
        "notes": event_section_notes([s.pk for s in sections]),
        "feature_links": event_links(event),
        "listings": event_listings(event),
        "organiser": organiser,
        "chief": request.event_role is not None,  # type: ignore[attr-defined]
        "staff": event_selectors.event_staff(event) if organiser else [],
        "staff_form": EventStaffForm(),
        "register_form": EventRegisterForm(sections=sections),
        "move_form": MoveForm(),
        "movable": event_selectors.movable_entries(event, sections),
        "csv_form": CsvImportForm(),
        **extra,
    }
    return render_page(request, "events/event.html", context)


@require_GET
@staff_event(VIEW)
def event_detail(request: HttpRequest, event: Event) -> HttpResponse:
    return _page(request, event)


@require_GET
@staff_event(VIEW)
def section_suggestion(request: HttpRequest, event: Event) -> HttpResponse:
    """The desk's hint (htmx, as the rating and birth year are typed): the sections that admit."""
    try:
        rating = int(request.GET.get("rating") or 0)
        birth_year = int(request.GET["birth_year"]) if request.GET.get("birth_year") else None
    except ValueError:
        rating, birth_year = 0, None
    suggested = sections_suggested(event, max(0, min(rating, 3500)), birth_year)
    return render_page(request, "events/_suggestion.html", {"suggested": suggested})


@require_POST
@staff_event(VIEW)
def event_register_view(request: HttpRequest, event: Event) -> HttpResponse:
    sections = list(sections_for(request.user, event))
    form = EventRegisterForm(request.POST, sections=sections)
    if form.is_valid():
        try:
            done = event_register(
                event=event,
                user=request.user,
                section=form.cleaned_data.get("section"),
                **form.service_fields(),
            )
        except ServiceError as exc:
            report(request, exc, form)
        else:
            p = done.participant
            messages.success(
                request,
                _("%(name)s entered in %(section)s (no. %(number)s).")
                % {"name": p.name, "section": p.tournament.name, "number": p.pairing_number},
            )
            return redirect("tournaments:event", event_id=event.pk)
    else:
        messages.error(request, _("The entry was not saved: see the form."))
    return _page(request, event, register_form=form)


@require_POST
@staff_event(VIEW)
def event_move(request: HttpRequest, event: Event) -> HttpResponse:
    form = MoveForm(request.POST)
    if form.is_valid():
        participant = (
            Participant.objects.filter(pk=form.cleaned_data["participant"], tournament__event=event)
            .select_related("tournament__event")
            .first()
        )
        try:
            if participant is None:
                raise ValidationFailed(_("That player is not entered in this event."))
            moved = participant_move(
                participant=participant, section=form.cleaned_data["section"], user=request.user
            )
        except ServiceError as exc:
            report(request, exc)
        else:
            messages.success(
                request,
                _("%(name)s moved to %(section)s.") % {"name": moved.name, "section": moved.tournament.name},
            )
    else:
        messages.error(request, _("Choose a player and a section."))
    return redirect("tournaments:event", event_id=event.pk)


@require_POST
@staff_event(VIEW)
def event_import(request: HttpRequest, event: Event) -> HttpResponse:
    form = CsvImportForm(request.POST, request.FILES)
    result = None
    if form.is_valid():
        commit = "commit" in request.POST
        try:
            result = event_import_csv(event=event, user=request.user, text=form.csv_text(), commit=commit)
        except ServiceError as exc:
            report(request, exc)
        else:
            if result.saved:
                messages.success(request, _("%(count)s players entered.") % {"count": len(result.placed)})
                return redirect("tournaments:event", event_id=event.pk)
    return _page(request, event, csv_form=form, csv_result=result, csv_text=request.POST.get("text", ""))


@require_POST
@staff_event(ORGANISE)
def event_staff_add(request: HttpRequest, event: Event) -> HttpResponse:
    form = EventStaffForm(request.POST)
    if form.is_valid():
        try:
            event_role_grant(event=event, user=request.user, **form.cleaned_data)
        except ServiceError as exc:
            report(request, exc)
        else:
            messages.success(
                request, _("%(name)s added to the event's staff.") % {"name": form.cleaned_data["username"]}
            )
    return redirect("tournaments:event", event_id=event.pk)


@require_POST
@staff_event(ORGANISE)
def event_staff_remove(request: HttpRequest, event: Event, role_id: int) -> HttpResponse:
    try:
        event_role_revoke(event=event, user=request.user, role_id=role_id)
    except ServiceError as exc:
        report(request, exc)
    return redirect("tournaments:event", event_id=event.pk)


@require_GET
@staff_event(ARBITRATE)
def event_backup(request: HttpRequest, event: Event) -> HttpResponse:
    """The whole event as one JSON file: the event and every section's backup (restorable all or
    nothing with ``tournaments.exchange.event_backup``)."""
    payload = event_export(event)
    response = HttpResponse(
        json.dumps(payload, indent=1, cls=DjangoJSONEncoder), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="event-{event.pk}.json"'
    return response


@require_GET
@staff_event(VIEW)
def event_registry_search(request: HttpRequest, event: Event) -> HttpResponse:
    """The desk's search-as-you-type: the club's roster (an event of a club) or the FIDE list."""
    sections = list(sections_for(request.user, event))
    query = request.GET.get("q", "")[:100]
    source, hits = registry_search(sections[0], query) if sections else ("rating_list", [])
    found = [(hit, sections_suggested(event, hit.rating or 0)) for hit in hits]
    context = {"event": event, "registry_query": query, "registry_source": source, "registry_hits": found}
    return render_page(request, "events/_registry.html", context)


@require_POST
@staff_event(VIEW)
def event_register_listed_view(request: HttpRequest, event: Event) -> HttpResponse:
    section = request.POST.get("section") or None
    try:
        done = event_register_listed(
            event=event,
            user=request.user,
            roster_player_id=request.POST.get("roster_player"),
            fide_id=request.POST.get("fide_id"),
            section=int(section) if section and section.isdigit() else None,
        )
    except ServiceError as exc:
        report(request, exc)
    else:
        p = done.participant
        messages.success(
            request,
            _("%(name)s entered in %(section)s (no. %(number)s).")
            % {"name": p.name, "section": p.tournament.name, "number": p.pairing_number},
        )
    return redirect("tournaments:event", event_id=event.pk)
