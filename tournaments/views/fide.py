"""The FIDE mode page: whether the tournament is in FIDE mode, the seed of its drawing of lots,
leaving FIDE mode (two warnings, final), and results corrected for the rating report only."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from core.errors import ServiceError, ValidationFailed
from core.views import render_page, report
from pairing import fide as fide_arith
from tournaments.exchange.rating_report import rating_report_problems
from tournaments.forms import FideModeLeaveForm, RatingCorrectionForm
from tournaments.models import Board, RatingReportCorrection, Tournament
from tournaments.permissions import ARBITRATE, ORGANISE, VIEW, can_change, staff_tournament
from tournaments.selectors.tournaments import long_tournament_rating_tiebreaks, unrated_left_out
from tournaments.services.fide_mode import (
    LEAVE_WARNINGS,
    fide_mode_leave,
    rating_changes_show,
    rating_report_correction_record,
)


def _page(request: HttpRequest, tournament: Tournament, **extra: object) -> HttpResponse:
    context = {
        "tournament": tournament,
        "warnings": LEAVE_WARNINGS,
        "leave_form": FideModeLeaveForm(),
        "correction_form": RatingCorrectionForm(),
        "corrections": RatingReportCorrection.objects.filter(tournament=tournament)
        .select_related("board__round", "board__white", "board__black", "recorded_by")
        .order_by("board__round__number", "board__number"),
        "may_organise": can_change(request.user, tournament, ORGANISE),
        "may_arbitrate": can_change(request.user, tournament, ARBITRATE),
        "unrated_left_out": unrated_left_out(tournament),
        "long_rating_tiebreaks": long_tournament_rating_tiebreaks(tournament),
        **extra,
    }
    return render_page(request, "tournaments/fide.html", context)


@require_GET
@staff_tournament(VIEW)
def fide_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return _page(request, tournament)


@require_POST
@staff_tournament(ORGANISE)
def fide_leave(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = FideModeLeaveForm(request.POST)
    try:
        if not form.is_valid():
            raise ValidationFailed(_("Read and tick both warnings, and give the reason, to leave FIDE mode."))
        fide_mode_leave(tournament=tournament, user=request.user, **form.cleaned_data)
    except ServiceError as exc:
        report(request, exc, form)
        return _page(request, tournament, leave_form=form)
    messages.warning(request, _("This tournament has left FIDE mode. Every TRF file will say so."))
    return redirect("tournaments:fide", tournament_id=tournament.pk)


@require_POST
@staff_tournament(ARBITRATE)
def rating_correction(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = RatingCorrectionForm(request.POST)
    try:
        if not form.is_valid():
            raise ValidationFailed(_("Give the round, the board, the result and the reason."))
        data = form.cleaned_data
        board = (
            Board.objects.select_related("round__tournament")
            .filter(round__tournament=tournament, round__number=data["round"], number=data["board"])
            .first()
        )
        if board is None:
            raise ValidationFailed(_("Round %(round)s has no board %(board)s.") % data)
        rating_report_correction_record(
            board=board, user=request.user, result=data["result"], reason=data["reason"]
        )
    except ServiceError as exc:
        report(request, exc, form)
        return _page(request, tournament, correction_form=form)
    messages.success(request, _("Recorded for the rating report; the standings keep the played result."))
    return redirect("tournaments:fide", tournament_id=tournament.pk)


@require_GET
@staff_tournament(VIEW)
def rating_changes_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Every player's estimated rating change, per game on demand (B.02)."""
    rows = fide_arith.rating_changes(tournament)
    context = {
        "tournament": tournament,
        "rows": rows,
        "may_organise": can_change(request.user, tournament, ORGANISE),
    }
    return render_page(request, "tournaments/fide_ratings.html", context)


@require_GET
@staff_tournament(VIEW)
def norms_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Title norms (B.01 1.4): for each player, each title's conditions, met or not, and the score
    that would have been needed."""
    checks = fide_arith.norm_checks(tournament)
    met = [(p, [c for c in cs if c.met]) for p, cs in checks]
    return render_page(
        request, "tournaments/fide_norms.html", {"tournament": tournament, "checks": checks, "met": met}
    )


@require_GET
@staff_tournament(VIEW)
def rating_report_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The rating report: what is missing before the TRF is sent, and the file itself."""
    problems = rating_report_problems(tournament)
    context = {
        "tournament": tournament,
        "problems": problems,
        "blocking": [p for p in problems if p.blocking],
    }
    return render_page(request, "tournaments/fide_report.html", context)


@require_POST
@staff_tournament(ORGANISE)
def rating_changes_visibility(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    try:
        rating_changes_show(tournament=tournament, user=request.user, show=request.POST.get("show") == "1")
    except ServiceError as exc:
        report(request, exc)
    return redirect("tournaments:rating_changes", tournament_id=tournament.pk)
