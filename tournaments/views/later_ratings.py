"""Ratings by round: a tournament lasting more than 30 days gives players a rating per rating list,
from the round it applies (FIDE's endorsement checklist Q210-216)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from core.errors import ServiceError
from core.views import render_page, report
from tournaments.forms import LaterRatingsForm
from tournaments.models import Tournament
from tournaments.permissions import ARBITRATE, can_change, staff_tournament
from tournaments.selectors.later_ratings import later_ratings_rows
from tournaments.selectors.tournaments import long_tournament_rating_tiebreaks
from tournaments.services.participants.later_ratings import (
    later_ratings_from_fide_list,
    later_ratings_from_text,
)


@require_http_methods(["GET", "POST"])
@staff_tournament(ARBITRATE)
def later_ratings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = LaterRatingsForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            data = form.cleaned_data
            try:
                if data["source"] == "fide_list":
                    changed = later_ratings_from_fide_list(
                        tournament=tournament, user=request.user, from_round=data["from_round"]
                    )
                else:
                    changed = later_ratings_from_text(
                        tournament=tournament,
                        user=request.user,
                        from_round=data["from_round"],
                        text=data["text"],
                    )
            except ServiceError as exc:
                report(request, exc, form)
            else:
                messages.success(
                    request,
                    ngettext(
                        "Ratings from round %(round)s: %(changed)s participant changed.",
                        "Ratings from round %(round)s: %(changed)s participants changed.",
                        changed,
                    )
                    % {"round": data["from_round"], "changed": changed},
                )
                return redirect("tournaments:later_ratings", tournament_id=tournament.pk)
    context = {
        "tournament": tournament,
        "form": form,
        "rows": later_ratings_rows(tournament),
        "editable": can_change(request.user, tournament, ARBITRATE),
        "long_rating_tiebreaks": long_tournament_rating_tiebreaks(tournament),
    }
    return render_page(request, "tournaments/later_ratings.html", context, status=status)
