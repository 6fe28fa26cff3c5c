"""The players' prize page behind the section's public link: the list before the event (who may
enter each group, what it pays, the rules), the winners once the final standings are in, and the
PDF. A list the organiser keeps private answers as if there were none."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from prizes import pdf, selectors
from tournaments.models import Event
from tournaments.public.responses import NO_INDEX
from tournaments.public.selectors import public_tournament_get


def _public_list(tournament):  # type: ignore[no-untyped-def]
    """The section's (or event's) list when the organiser shows it to players, else None."""
    found = selectors.prize_list_of(tournament)
    return found if found is not None and found.public else None


@require_safe
def prizes_page(request: HttpRequest, token: str) -> HttpResponse:
    tournament = public_tournament_get(token=token)
    found = _public_list(tournament)
    result = selectors.winners_cached(tournament, found) if found is not None else None
    context = {
        "tournament": tournament,
        "page": "prizes",
        "view": selectors.list_view(tournament, found) if found is not None else None,
        "result": result if result is not None and result.final else None,
        "polling": False,
    }
    response = render(request, "prizes/public.html", context)
    response["X-Robots-Tag"] = NO_INDEX
    return response


@require_safe
def prizes_pdf(request: HttpRequest, token: str) -> HttpResponse:
    tournament = public_tournament_get(token=token)
    found = _public_list(tournament)
    if found is None:
        raise Http404(_("No prize list at this link."))
    with pdf.in_language(tournament):
        result = selectors.winners_cached(tournament, found)
        body = pdf.winners_pdf(
            tournament, result if result is not None and result.final else None, found=found
        )
    response = HttpResponse(body, content_type="application/pdf")
    response["Content-Disposition"] = 'inline; filename="prizes.pdf"'
    response["X-Robots-Tag"] = NO_INDEX
    return response


@require_safe
def event_prizes(request: HttpRequest, token: str) -> HttpResponse:
    """Every section's public prize list on one page, from the event's public link."""
    event = Event.objects.filter(public_token=token).first() if token else None
    if event is None:
        raise Http404(_("No event at this link."))
    sections = []
    found = _public_list(event)
    if found is not None:
        # The whole event's list, its sections pooled: computed, not cached (one per event).
        result = selectors.winners(event, found)
        sections.append(
            (None, selectors.list_view(event, found), result if result and result.final else None)
        )
    for section in event.sections.order_by("section_order", "pk"):
        found = _public_list(section)
        if found is None:
            continue
        result = selectors.winners_cached(section, found)
        sections.append(
            (section, selectors.list_view(section, found), result if result and result.final else None)
        )
    response = render(request, "prizes/event.html", {"event": event, "page": "prizes", "sections": sections})
    response["X-Robots-Tag"] = NO_INDEX
    return response
