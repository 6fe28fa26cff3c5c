"""The dashboard: the tournaments the user runs."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournaments.selectors import tournament_lists
from tournaments.selectors.events import events_for_user


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Staff see the tournaments they run (archived ones apart); everyone else gets the help links."""
    tournaments, archived = tournament_lists(request.user) if request.user.is_authenticated else ([], [])
    events = events_for_user(request.user) if request.user.is_authenticated else []
    context = {"tournaments": tournaments, "archived": archived, "events": events}
    return render(request, "tournaments/home.html", context)
