"""Rounds: the list, pairing the next round, the draft and its adjustments, publishing.

The round page shows ``round-status`` (polled every 2 s while the round is being paired; the
answer that reports the end of the pairing swaps the whole round section, draft or failure, in
place, so the page is not reloaded; once published it refreshes itself on ``standings-changed``, i.e. after each result entered) and
``pairings-table`` (polled every 3 s once published, sending the ``tournament.version`` the page
has seen from ``#live-version``: the server answers 204 when it has not moved, so two arbiters see
each other's results within seconds; an arbiter's own entry moves the page's version along, so
their own table is not re-rendered under their keyboard).

While a round is being paired or has failed, the arbiter is offered "Pair again" and "Cancel
round" (each asks first); a claim older than the task's time limit is shown as failed, with the
same way out (``round_as_seen``: the page and its status only read; "Pair again" records the
failure before it claims again, and the ``expire_stale_pairings`` command or task sweeps the rest).

Every view here answers with one template render: the page, or one of its partials
(``round_detail.html``), whose out-of-band parts (``hx-swap-oob``) are in the template.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import reswap, retarget

from core.errors import ServiceError
from core.views import render_page, report
from pairing import selectors as pairing_selectors
from pairing.services.drafts import HandEdit, board_swap_colours, boards_exchange_opponents
from pairing.services.execute import pairing_limit_text, round_as_seen
from pairing.services.swiss import next_round_offered, round_delete, round_pair, round_publish, round_repair
from tournaments import selectors
from tournaments.forms import ExchangeForm
from tournaments.models import Round, Tournament
from tournaments.permissions import ARBITRATE, VIEW, can_change, staff_tournament
from tournaments.scores import format_points
from tournaments.services.prepair import pre_pair_run
from tournaments.views._helpers import back_to_board
from tournaments.views.hooks import round_panel, round_panel_stamp, rounds_notes

PAGE = "tournaments/round_detail.html"


@require_GET
@staff_tournament(VIEW)
def rounds(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    rows = selectors.round_rows(tournament)
    next_number = selectors.next_round_number(tournament)
    latest = rows[-1] if rows else None
    context = {
        "tournament": tournament,
        "rounds": rows,
        "next_number": next_number,
        "can_pair": next_round_offered(tournament, latest),
        "open_round": latest
        if latest and latest.status in (Round.Status.PAIRING, Round.Status.DRAFT, Round.Status.FAILED)
        else None,
        "baku": pairing_selectors.baku_table(tournament, next_number)
        if next_number <= tournament.rounds_planned
        else [],
        "can_arbitrate": can_change(request.user, tournament),
        "upcoming_byes": selectors.upcoming_byes(tournament),
        # Features' notes above the pair button (check-in); the htmx table partial does not show them.
        "pairing_notes": [] if getattr(request, "htmx", False) else rounds_notes(tournament),
    }
    return render_page(request, "tournaments/rounds.html", context, partial="rounds-table")


@require_POST
@staff_tournament(ARBITRATE)
def pair_next(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    try:
        for note in pre_pair_run(tournament, request.user):  # e.g. check-in: absences first
            messages.info(request, note)
        rnd = round_pair(tournament=tournament, user=request.user)
    except ServiceError as exc:
        report(request, exc)
        return redirect("tournaments:rounds", tournament_id=tournament.pk)
    return redirect("tournaments:round", tournament_id=tournament.pk, number=rnd.number)


def _board_page_query(request: HttpRequest) -> tuple[str, bool]:
    """The page of boards asked for (``?page=``) and whether only boards without a result are
    (``?show=open``)."""
    return request.GET.get("page", "1"), request.GET.get("show") == "open"


def _told_apart(view: selectors.RoundView, pk: int) -> str:
    name, label = view.names.get(pk, str(pk)), view.tell_apart.get(pk)
    return f"{name} ({label})" if label else name


def _round_context(request: HttpRequest, tournament: Tournament, rnd: Round) -> dict[str, object]:
    page, open_only = _board_page_query(request)
    view = selectors.round_boards(rnd, page=page, open_only=open_only)
    pager = view.pager
    results_open = rnd.status in (Round.Status.PUBLISHED, Round.Status.FINISHED)
    # The live poll asks for the same page, and sends back rows of the boards it shows only.
    live = (
        {"page": pager.current.number, "from": pager.current.first, "to": pager.current.last}
        if pager.current
        else {}
    )
    if open_only:
        live["show"] = "open"
    notes = rnd.explanation.get("boards", []) if rnd.status != Round.Status.PAIRING else []
    if pager.paged:  # a big round: the shown boards' colour notes, and the score groups' sizes
        shown = {row.board.number for row in view.boards}
        notes = [n for n in notes if n.get("board") in shown]
    return {
        # Players' phone reports, on the rows and in the counts (every board of the round, light).
        "reports_overview": round_panel(rnd, view.every_board) if results_open else None,
        "tournament": tournament,
        "round": rnd,
        "view": view,
        "pager": pager,
        "live_query": urlencode(live),
        "editable": can_change(request.user, tournament),
        "results_open": results_open,
        "draft": rnd.status == Round.Status.DRAFT,
        "baku": pairing_selectors.baku_table(tournament, rnd.number)
        if rnd.status in (Round.Status.DRAFT, Round.Status.PAIRING)
        else [],
        "pairing_limit": pairing_limit_text(),
        "explanation_groups": [
            (
                format_points(score),
                [] if pager.paged else [_told_apart(view, pk) for pk in ids],
                len(ids),
            )
            for score, ids in rnd.explanation.get("scoregroups", [])
        ],
        "explanation_boards": notes,
    }


@require_GET
@staff_tournament(VIEW)
def round_detail(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    rnd = round_as_seen(selectors.round_get(tournament, number))
    context = _round_context(request, tournament, rnd)
    return render_page(request, PAGE, context, partial="pairings-table")


@require_GET
@staff_tournament(VIEW)
def round_status(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """The round's status: polled while the round is paired (``?polling=1``), asked again after
    each result. Without htmx, the whole page."""
    rnd = round_as_seen(selectors.round_get(tournament, number))
    if not request.htmx:
        return render(request, PAGE, _round_context(request, tournament, rnd))
    polling = bool(request.GET.get("polling"))
    if polling and rnd.status != Round.Status.PAIRING:
        # The pairing ended: the draft (or why it failed) replaces the whole round section in place,
        # so the page keeps its state instead of reloading (no JavaScript: the page's meta refresh).
        context = _round_context(request, tournament, rnd)
        response = render(request, f"{PAGE}#round-section", context)
        return reswap(retarget(response, "#round-section"), "outerHTML")
    results_open = rnd.status in (Round.Status.PUBLISHED, Round.Status.FINISHED)
    # The status and the reports' counts only (after every result entered): no page of boards.
    context = {
        "tournament": tournament,
        "round": rnd,
        "editable": can_change(request.user, tournament),
        "results_open": results_open,
        "polling": polling,
        "pairing_limit": pairing_limit_text(),
        "reports_overview": round_panel(rnd, selectors.round_board_states(rnd)) if results_open else None,
    }
    return render(request, f"{PAGE}#status-answer", context)


@require_GET
@staff_tournament(VIEW)
def round_live(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """What changed since the version the page has seen (``?seen=``): 204 (htmx: no swap) when
    nothing did; when only results did, only those rows, swapped out of band (the table itself is
    left alone: ``HX-Reswap: none``); otherwise the whole table. The round status and the page's
    new version travel along out of band, so "Finished" appears with the last result. The players'
    reports (``?reports_seen=``) move without changing any board: when they did, the whole table.
    A page of a big round sends its page and board numbers (``?page=&from=&to=``): only rows of
    those boards come back, and the whole table is that page again."""
    seen = request.GET.get("seen", "")
    reports_same = request.GET.get("reports_seen") == round_panel_stamp(tournament.pk, number)
    if seen == str(tournament.version) and reports_same:
        return HttpResponse(status=204)
    rnd = selectors.round_get(tournament, number)
    changed = request.htmx and seen.isdigit() and reports_same
    rows = selectors.board_rows_changed(rnd, int(seen), within=_shown_boards(request)) if changed else None
    if rows is None:
        context = _round_context(request, tournament, rnd)
        return render_page(request, PAGE, context, partial="live-table")
    context = {
        "tournament": tournament,
        "round": rnd,
        "rows": rows,
        "editable": can_change(request.user, tournament),
        "results_open": rnd.status in (Round.Status.PUBLISHED, Round.Status.FINISHED),
        # The counts and each changed row's report (the round's boards, light, and reports).
        "reports_overview": round_panel(rnd, selectors.round_board_states(rnd)),
    }
    return reswap(render(request, f"{PAGE}#live-rows", context), "none")


def _shown_boards(request: HttpRequest) -> tuple[int, int] | None:
    """The board numbers of the page the poll comes from (``?from=&to=``); None: every board."""
    first, last = request.GET.get("from", ""), request.GET.get("to", "")
    return (int(first), int(last)) if first.isdigit() and last.isdigit() else None


def _draft_action(
    request: HttpRequest, tournament: Tournament, number: int, action, done: str
) -> HttpResponse:  # noqa: ANN001
    rnd = selectors.round_get(tournament, number)
    try:
        action(round=rnd, user=request.user)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(request, done.format(number=number))
    if action is round_delete and not selectors.round_exists(rnd.pk):
        return redirect("tournaments:rounds", tournament_id=tournament.pk)
    return redirect("tournaments:round", tournament_id=tournament.pk, number=number)


@require_POST
@staff_tournament(ARBITRATE)
def publish(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    return _draft_action(
        request, tournament, number, round_publish, "Round {number} is published: players can see it."
    )


@require_POST
@staff_tournament(ARBITRATE)
def delete(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    return _draft_action(request, tournament, number, round_delete, "Round {number} was deleted.")


@require_POST
@staff_tournament(ARBITRATE)
def repair(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    try:
        for note in pre_pair_run(tournament, request.user):  # late check-ins and absences first
            messages.info(request, note)
    except ServiceError as exc:
        report(request, exc)
    return _draft_action(request, tournament, number, round_repair, "Round {number} is being paired again.")


def _warn(request: HttpRequest, edit: HandEdit) -> None:
    """Say what the edit broke and what the edited draft gives up against the engine's pairing."""
    for rule in edit.broken:
        messages.warning(
            request,
            gettext("This change breaks a rule (%(rule)s): %(message)s")
            % {"rule": rule.rule, "message": rule.message},
        )
    if edit.given_up:
        given = "; ".join(f"{g.message} ({g.rule})" for g in edit.given_up)
        messages.warning(
            request,
            gettext("Edited by hand. Compared with the engine's pairing it gives up: %(given)s.")
            % {"given": given},
        )
    elif not edit.broken and edit.compared:
        messages.success(
            request, gettext("Changed. It keeps every rule and gives up nothing the engine's pairing had.")
        )
    elif not edit.broken:
        messages.success(request, gettext("Changed. It breaks no absolute rule."))


@require_POST
@staff_tournament(ARBITRATE)
def swap_colours(request: HttpRequest, tournament: Tournament, board_id: int) -> HttpResponse:
    board = selectors.board_to_change(tournament, board_id)
    try:
        _warn(request, board_swap_colours(board=board, user=request.user))
    except ServiceError as exc:
        report(request, exc)
    return back_to_board(tournament.pk, board.round.number, board.number)


@require_POST
@staff_tournament(ARBITRATE)
def exchange(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    rnd = selectors.round_get(tournament, number)
    form = ExchangeForm(request.POST)
    boards = selectors.boards_by_number(rnd)
    if (
        not form.is_valid()
        or form.cleaned_data["board_a"] not in boards
        or form.cleaned_data["board_b"] not in boards
    ):
        messages.error(request, gettext("Give two board numbers of round %(number)s.") % {"number": number})
    else:
        try:
            warnings = boards_exchange_opponents(
                board_a=boards[form.cleaned_data["board_a"]],
                board_b=boards[form.cleaned_data["board_b"]],
                user=request.user,
            )
            _warn(request, warnings)
        except ServiceError as exc:
            report(request, exc)
    return back_to_board(tournament.pk, number, form.cleaned_data.get("board_a") if form.is_valid() else None)
