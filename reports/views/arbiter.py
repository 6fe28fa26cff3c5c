"""The arbiter's reports page: every board of a round with its report, the counts at a glance,
accept (key ``a`` on a focused row), accept every confirmed report, override; the log.

On the round page each board's row carries its report: posts from a row (``HX-Target: board-<id>``)
are answered with the row. ``report-table`` polls every 5 s with the marker it shows (``?seen=``): 204 while nothing changed,
so the table is not re-rendered under the arbiter's keyboard. Posts redirect back without
JavaScript; with htmx they answer the table with the outcome in it and ``HX-Trigger:
standings-changed`` (what the round page listens to) when a result was recorded.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import trigger_client_event

from core.errors import ServiceError
from reports import selectors
from reports.forms import AcceptForm, OverrideForm, ReportingSettingsForm
from reports.services.arbiter import (
    report_accept,
    report_override,
    reporting_settings_update,
    reports_accept_confirmed,
)
from tournaments.models import Board, Round, Tournament
from tournaments.permissions import ARBITRATE, ORGANISE, VIEW, can_change, staff_tournament
from tournaments.selectors import board_row, board_to_change

PAGE = "reports/round.html"


def _context(request: HttpRequest, tournament: Tournament, rnd: Round | None, **extra: object) -> dict:
    return {
        "tournament": tournament,
        "round": rnd,
        "overview": selectors.round_overview(rnd) if rnd else None,
        "rounds": selectors.open_round_numbers(tournament),
        "can_accept": can_change(request.user, tournament),
        "can_organise": can_change(request.user, tournament, ORGANISE),
        "settings": selectors.settings_get(tournament),
        "log": selectors.reporting_log(tournament),
        **extra,
    }


@require_GET
@staff_tournament(VIEW)
def overview(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    rnd = selectors.latest_round(tournament)
    if rnd is not None:
        return redirect("reports:round", tournament_id=tournament.pk, number=rnd.number)
    return render(request, PAGE, _context(request, tournament, None))


@require_GET
@staff_tournament(VIEW)
def round_reports(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    rnd = selectors.open_round_get(tournament, number)
    context = _context(request, tournament, rnd)
    if request.htmx and request.htmx.target == "round-reports":
        return render(request, PANEL, context)  # the round page's counts, after a result
    if request.htmx:
        if request.GET.get("seen") == context["overview"].marker:
            return HttpResponse(status=204)
        return render(request, f"{PAGE}#report-table", context)
    return render(request, PAGE, context)


PANEL = "reports/_round_reports.html"
ROW = "tournaments/_board_row.html"


def _answer(
    request: HttpRequest, tournament: Tournament, rnd: Round, error: str, notice: str
) -> HttpResponse:
    """Without htmx: a message and back to ``next`` (the round page's panel sends it) or this page.
    With htmx: the part that asked, the round page's panel (``HX-Target: round-reports``) or the table."""
    if not request.htmx:
        if error:
            messages.error(request, error)
        if notice:
            messages.success(request, notice)
        back = request.POST.get("next", "")
        if url_has_allowed_host_and_scheme(
            back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            return redirect(back)
        return redirect("reports:round", tournament_id=tournament.pk, number=rnd.number)
    context = _context(request, tournament, rnd, error=error, notice=notice)
    template = PANEL if request.htmx.target == "round-reports" else f"{PAGE}#report-table"
    response = render(request, template, context)
    if notice:
        trigger_client_event(response, "standings-changed")
    return response


def _on_board(
    request: HttpRequest, tournament: Tournament, board: Board, error: str, call, done
) -> HttpResponse:
    """Run ``call()`` (a service returning the board) unless the form already failed with ``error``."""
    notice = ""
    if not error:
        try:
            board = call()
        except ServiceError as exc:
            error = exc.message
        else:
            notice = done(board)
    if request.htmx and (request.htmx.target or "").startswith("board-"):
        return _answer_row(request, tournament, board.pk, error)
    return _answer(request, tournament, board.round, error, notice)


def _answer_row(request: HttpRequest, tournament: Tournament, board_id: int, error: str) -> HttpResponse:
    """The round page's row asked (Accept, or a result key on a reported board): the board's row,
    as a result entered there answers it (tournaments.views.results), with the report still on it
    when the post was refused."""
    board = selectors.board_reread(board_id)
    context = {
        "row": board_row(board),
        "tournament": tournament,
        "round": board.round,
        "editable": True,
        "results_open": True,
        "reports_overview": selectors.round_overview(board.round, [board]),
        "error": error,
        "saved": not error,
    }
    response = render(request, ROW, context)
    if not error:
        trigger_client_event(response, "standings-changed")
    return response


@require_POST
@staff_tournament(ARBITRATE)
def accept(request: HttpRequest, tournament: Tournament, board_id: int) -> HttpResponse:
    board = board_to_change(tournament, board_id)
    form = AcceptForm(request.POST)
    return _on_board(
        request,
        tournament,
        board,
        "" if form.is_valid() else gettext("Reload the page: the form was incomplete."),
        lambda: report_accept(report_id=form.cleaned_data["report"], user=request.user, board_id=board.pk),
        lambda b: (
            gettext("Board %(number)s: %(result)s accepted.")
            % {"number": b.number, "result": b.get_result_display()}
        ),
    )


@require_POST
@staff_tournament(ARBITRATE)
def accept_confirmed(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    rnd = selectors.round_get(tournament, number)
    try:
        outcome = reports_accept_confirmed(round=rnd, user=request.user)
    except ServiceError as exc:
        return _answer(request, tournament, rnd, exc.message, "")
    boards = ", ".join(str(n) for n in outcome.accepted)
    notice = ngettext(
        "Accepted %(count)s confirmed report (board %(boards)s).",
        "Accepted %(count)s confirmed reports (boards %(boards)s).",
        len(outcome.accepted),
    ) % {"count": len(outcome.accepted), "boards": boards}
    if not outcome.accepted:
        notice = "" if outcome.refused else gettext("There were no confirmed reports to accept.")
    return _answer(request, tournament, rnd, " ".join(outcome.refused), notice)


@require_POST
@staff_tournament(ARBITRATE)
def override(request: HttpRequest, tournament: Tournament, board_id: int) -> HttpResponse:
    board = board_to_change(tournament, board_id)
    form = OverrideForm(request.POST)
    return _on_board(
        request,
        tournament,
        board,
        "" if form.is_valid() else gettext("Choose a result."),
        lambda: report_override(
            board=board,
            user=request.user,
            result=form.cleaned_data["result"],
            expected_version=form.cleaned_data["version"],
        ),
        lambda b: (
            gettext("Board %(number)s: %(result)s entered.")
            % {"number": b.number, "result": b.get_result_display()}
            if b.result
            else gettext("Board %(number)s: result cleared.") % {"number": b.number}
        ),
    )


@require_POST
@staff_tournament(ORGANISE)
def settings_update(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = ReportingSettingsForm(request.POST)
    form.is_valid()
    try:
        row = reporting_settings_update(
            tournament=tournament,
            user=request.user,
            auto_accept_confirmed=form.cleaned_data.get("auto_accept_confirmed", False),
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            "Reports both players confirm now become results by themselves."
            if row.auto_accept_confirmed
            else "Every report now waits for an arbiter to accept it.",
        )
    return redirect("reports:links", tournament_id=tournament.pk)
