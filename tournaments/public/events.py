"""An event's public pages: the one link and QR code for the hall.

The event page lists the sections with their current round; "find my board" searches every
section at once; the projector view cycles through the sections' display pages. Each section's
own pages (pairings, standings, crosstable) stay where they are, under the section's token.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from core.site import absolute_url
from tournaments.models import Event
from tournaments.public import selectors
from tournaments.public.downloads import qr_code_svg
from tournaments.public.responses import NO_INDEX
from tournaments.selectors.events import section_rows
from tournaments.views.hooks import public_event_rows

FIND_LIMIT_PER_SECTION = 10
DISPLAY_SECONDS = 20
"""How long the projector shows each section before the next."""


def _event(token: str) -> Event:
    if not token:
        raise Http404
    try:
        return Event.objects.select_related("club").get(public_token=token)
    except Event.DoesNotExist:
        raise Http404(gettext("No event at this link.")) from None


def _answer(request: HttpRequest, template: str, context: dict) -> HttpResponse:
    response = render(request, template, context)
    response["X-Robots-Tag"] = NO_INDEX
    # Short: the sections' own pages carry the live data; this page is a table of contents.
    patch_cache_control(response, public=True, max_age=10)
    patch_vary_headers(response, ["Cookie", "Accept-Language"])
    return response


@require_safe
def event_page(request: HttpRequest, token: str) -> HttpResponse:
    event = _event(token)
    rows = section_rows(event.sections.all())
    # A feature's own public pages for the event (each team competition's), through the hook.
    context = {"event": event, "rows": rows, "more": public_event_rows(event), "page": "event"}
    return _answer(request, "public/event.html", context)


@require_safe
def event_find(request: HttpRequest, token: str) -> HttpResponse:
    """Find a player's board in every section at once (a GET form; htmx swaps the answer)."""
    event = _event(token)
    query = request.GET.get("q", "").strip()[:60]
    found = []
    if query:
        for section in event.sections.order_by("section_order", "pk"):
            current, findings = selectors.find_my_board(tournament=section, query=query)
            if findings:
                found.append((section, current, findings[:FIND_LIMIT_PER_SECTION]))
    context = {"event": event, "query": query, "found": found, "page": "find"}
    template = (
        "public/event_find.html#event-findings"
        if getattr(request, "htmx", False)
        else "public/event_find.html"
    )
    return _answer(request, template, context)


@require_safe
def event_display(request: HttpRequest, token: str) -> HttpResponse:
    """The projector: each section's display page in turn, ``DISPLAY_SECONDS`` each."""
    event = _event(token)
    sections = list(event.sections.order_by("section_order", "pk"))
    if not sections:
        raise Http404(gettext("This event has no section yet."))
    try:
        index = int(request.GET.get("i", "0")) % len(sections)
    except ValueError:
        index = 0
    context = {
        "event": event,
        "section": sections[index],
        "next": (index + 1) % len(sections),
        "seconds": DISPLAY_SECONDS,
        "count": len(sections),
        "index": index + 1,
    }
    return _answer(request, "public/event_display.html", context)


@require_safe
def event_qr(request: HttpRequest, token: str) -> HttpResponse:
    event = _event(token)
    url = absolute_url(request, reverse("public:event", args=[event.public_token]))
    response = HttpResponse(qr_code_svg(url), content_type="image/svg+xml")
    response["X-Robots-Tag"] = NO_INDEX
    patch_cache_control(response, max_age=3600)
    return response
