"""Rounds: the list, pairing the next round, the draft and its adjustments, publishing.

The round page shows ``round-status`` (polled every 2 s while the round is being paired; the
answer that reports the end of the pairing carries ``HX-Refresh`` so the page shows the draft;
once published it refreshes itself on ``standings-changed``, i.e. after each result entered) and
``pairings-table`` (polled every 3 s once published, sending the ``tournament.version`` the page
has seen from ``#live-version``: the server answers 204 when it has not moved, so two arbiters see
each other's results within seconds; an arbiter's own entry moves the page's version along, so
their own table is not re-rendered under their keyboard).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from django.views.decorators.http import require_GET, require_POST

from pairing.services.drafts import RuleBroken, board_swap_colours, boards_exchange_opponents
from pairing.services.swiss import next_round_offered, round_delete, round_pair, round_publish, round_repair
from tournaments import selectors
from tournaments.forms import ExchangeForm
from tournaments.models import Board, Round, Tournament
from tournaments.permissions import ARBITRATE, VIEW, can_arbitrate, staff_tournament
from tournaments.scores import format_points
from tournaments.services.errors import ServiceError
from tournaments.views._helpers import render_page, report

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
        "baku": selectors.baku_table(tournament, next_number)
        if next_number <= tournament.rounds_planned
        else [],
        "can_arbitrate": can_arbitrate(request.user, tournament),
        "upcoming_byes": selectors.upcoming_byes(tournament),
    }
    return render_page(request, "tournaments/rounds.html", context, partial="rounds-table")


@require_POST
@staff_tournament(ARBITRATE)
def pair_next(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    try:
        rnd = round_pair(tournament=tournament, user=request.user)
    except ServiceError as exc:
        report(request, exc)
        return redirect("tournaments:rounds", tournament_id=tournament.pk)
    return redirect("tournaments:round", tournament_id=tournament.pk, number=rnd.number)


def _round_context(request: HttpRequest, tournament: Tournament, rnd: Round) -> dict[str, object]:
    view = selectors.round_boards(rnd)
    return {
        "tournament": tournament,
        "round": rnd,
        "view": view,
        "editable": can_arbitrate(request.user, tournament),
        "results_open": rnd.status in (Round.Status.PUBLISHED, Round.Status.FINISHED),
        "draft": rnd.status == Round.Status.DRAFT,
        "baku": selectors.baku_table(tournament, rnd.number)
        if rnd.status in (Round.Status.DRAFT, Round.Status.PAIRING)
        else [],
        "explanation_groups": [
            (format_points(score), [view.names.get(pk, str(pk)) for pk in ids])
            for score, ids in rnd.explanation.get("scoregroups", [])
        ],
    }


@require_GET
@staff_tournament(VIEW)
def round_detail(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    rnd = selectors.round_get(tournament, number)
    context = _round_context(request, tournament, rnd)
    return render_page(request, PAGE, context, partial="pairings-table")


@require_GET
@staff_tournament(VIEW)
def round_status(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    rnd = selectors.round_get(tournament, number)
    response = render_page(request, PAGE, _round_context(request, tournament, rnd), partial="round-status")
    if request.htmx and request.GET.get("polling") and rnd.status != Round.Status.PAIRING:
        response["HX-Refresh"] = "true"
    return response


@require_GET
@staff_tournament(VIEW)
def round_live(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """The pairings table if the tournament changed since the version the page has seen
    (``?seen=``); 204 (htmx: no swap) otherwise. The round status and the page's new version
    travel along out of band, so "Finished" appears with the last result."""
    if request.GET.get("seen") == str(tournament.version):
        return HttpResponse(status=204)
    rnd = selectors.round_get(tournament, number)
    context = _round_context(request, tournament, rnd)
    table = render_page(request, PAGE, context, partial="pairings-table")
    if request.htmx:
        extra = "".join(
            render_to_string(f"{PAGE}#{name}", {**context, "oob": True}, request=request)
            for name in ("round-status", "live-version")
        )
        table.content = table.content + extra.encode()
    return table


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
    if action is round_delete and not Round.objects.filter(pk=rnd.pk).exists():
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
    return _draft_action(
        request, tournament, number, round_delete, "The draft of round {number} was deleted."
    )


@require_POST
@staff_tournament(ARBITRATE)
def repair(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    return _draft_action(request, tournament, number, round_repair, "Round {number} is being paired again.")


def _warn(request: HttpRequest, broken: list[RuleBroken]) -> None:
    if not broken:
        messages.success(request, "Changed. The pairing still keeps every rule.")
    for rule in broken:
        messages.warning(request, f"This change breaks a rule ({rule.rule}): {rule.message}")


@require_POST
@staff_tournament(ARBITRATE)
def swap_colours(request: HttpRequest, tournament: Tournament, board_id: int) -> HttpResponse:
    board = get_object_or_404(
        Board.objects.select_related("round__tournament"), pk=board_id, round__tournament=tournament
    )
    try:
        _warn(request, board_swap_colours(board=board, user=request.user))
    except ServiceError as exc:
        report(request, exc)
    return redirect("tournaments:round", tournament_id=tournament.pk, number=board.round.number)


@require_POST
@staff_tournament(ARBITRATE)
def exchange(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    rnd = selectors.round_get(tournament, number)
    form = ExchangeForm(request.POST)
    boards = {b.number: b for b in Board.objects.filter(round=rnd).select_related("round__tournament")}
    if (
        not form.is_valid()
        or form.cleaned_data["board_a"] not in boards
        or form.cleaned_data["board_b"] not in boards
    ):
        messages.error(request, f"Give two board numbers of round {number}.")
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
    return redirect("tournaments:round", tournament_id=tournament.pk, number=number)
