from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournaments.models import Tournament


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Staff see the tournaments they run; everyone else gets the help page links."""
    tournaments = []
    if request.user.is_authenticated:
        tournaments = list(
            Tournament.objects.filter(roles__user=request.user)
            .select_related("club")
            .distinct()
            .order_by("-created_at")
        )
    return render(request, "tournaments/home.html", {"tournaments": tournaments})
