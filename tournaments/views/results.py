"""Result entry, board by board. htmx posts get the board's row back (with the conflict message
when another arbiter changed the board first) and an ``HX-Trigger: standings-changed``. Correcting
a result a later round was paired on asks first (the row, or a page without JavaScript, offers
"Correct anyway", which posts again with ``confirm=1``).

The row's answer is one render of ``round_detail.html#result-answer``: the row, and out of band the
page's new version when the arbiter's entry is the only change since the page last looked.

``record_slip`` takes the quick-entry box's slips by board number, for boards that are not on the
page the arbiter is looking at (a big round comes in pages); boards on the page go through their
row, as above."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import trigger_client_event

from core.errors import ConfirmationNeeded, ConflictError, NotFoundError, ServiceError
from tournaments.forms import ResultForm, ResultSlipForm
from tournaments.models import Board, Tournament
from tournaments.permissions import ARBITRATE, staff_tournament
from tournaments.selectors import board_as_it_stands, board_row, round_get
from tournaments.services.results import (
    CorrectionNeedsConfirming,
    result_record_by_id,
    result_record_slip,
)
from tournaments.views._helpers import back_to_board

ROUND_ANSWER = "tournaments/round_detail.html#result-answer"  # the row and its out-of-band companion


@require_POST
@staff_tournament(ARBITRATE)
def record(request: HttpRequest, tournament: Tournament, board_id: int) -> HttpResponse:
    form = ResultForm(request.POST)
    error, status, confirm, board, correcting = "", 200, "", None, False
    if not form.is_valid():
        error, status = "Choose a result.", 400
    else:
        try:
            # The board is read once, locked, by the service (the flat-out path of a busy night).
            board = result_record_by_id(
                tournament=tournament,
                board_id=board_id,
                user=request.user,
                result=form.cleaned_data["result"],
                expected_version=form.cleaned_data["version"],
                confirm_correction=request.POST.get("confirm") == "1",
                confirm_change=request.POST.get("confirm") == "1",
            )
        except NotFoundError:
            raise Http404(gettext("No such board in this tournament.")) from None
        except ConfirmationNeeded as exc:
            error, status, confirm = exc.message, 409, form.cleaned_data["result"]
            correcting = isinstance(exc, CorrectionNeedsConfirming)
        except ConflictError as exc:
            error, status = exc.message, 409
        except ServiceError as exc:
            error, status = exc.message, 400
    if board is None:  # not saved: the row as it stands
        board = board_as_it_stands(tournament, board_id)
    if not request.htmx:
        if confirm:
            context = {
                "tournament": tournament,
                "board": board,
                "result": confirm,
                "result_label": Board.Result(confirm).label,
                "question": error,
                "correcting": correcting,
            }
            return render(request, "tournaments/result_confirm.html", context, status=status)
        if error:
            messages.error(request, error)
        else:
            messages.success(
                request,
                gettext("Board %(number)s: %(cleared)s.")
                % {"number": board.number, "cleared": board.get_result_display() or "result cleared"},
            )
        return back_to_board(tournament.pk, board.round.number, board.number)
    # The row is re-rendered either way; htmx only swaps 2xx answers, so errors travel in the row.
    version = board.changed_version  # the tournament's version this entry made
    context = {
        "row": board_row(board),
        "tournament": tournament,
        "editable": True,
        "results_open": True,
        "error": error,
        "saved": not error,
        "confirm_result": confirm,
        "confirm_label": Board.Result(confirm).label if confirm else "",
        "correcting": correcting,
        # Nobody else changed anything since this page last looked: its version moves along, so the
        # live poll does not re-render the table for the arbiter's own entry.
        "live_version": version if not error and request.POST.get("seen") == str(version - 1) else None,
    }
    response = render(request, ROUND_ANSWER, context)
    response["X-Result-Status"] = str(status)
    if not error:
        trigger_client_event(response, "standings-changed")
    return response


@require_POST
@staff_tournament(ARBITRATE)
def record_slip(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """A slip (``board``, ``result``) for any board of the round: htmx and the quick-entry box get
    ``{"message": …}`` (with ``HX-Trigger: standings-changed`` once saved, 400 or 409 when not);
    a plain post goes back to the page the board is on, with the message."""
    rnd = round_get(tournament, number)
    form = ResultSlipForm(request.POST)
    status, message, confirm = 400, "Give a board number and a result.", {}
    if form.is_valid():
        board_number, result = form.cleaned_data["board"], form.cleaned_data["result"]
        try:
            board = result_record_slip(
                round=rnd,
                number=board_number,
                user=request.user,
                result=result,
                confirm=request.POST.get("confirm") == "1",
            )
        except ConfirmationNeeded as exc:
            status, message = 409, exc.message
            confirm = {
                "confirm": True,
                "change_label": _("Correct anyway")
                if isinstance(exc, CorrectionNeedsConfirming)
                else _("Change it to %(result)s") % {"result": Board.Result(result).label},
                "keep_label": _("Keep it"),
                "kept_message": _("Board %(board)s: kept as it was.") % {"board": board_number},
                "pending_message": _("Board %(board)s: not changed yet, see below.")
                % {"board": board_number},
            }
        except ConflictError as exc:
            status, message = 409, exc.message
        except ServiceError as exc:
            message = exc.message
        else:
            status, message = 200, f"Board {board.number}: {board.get_result_display()} saved."
    if not request.htmx:
        (messages.success if status == 200 else messages.error)(request, message)
        return back_to_board(tournament.pk, number, form.cleaned_data["board"] if form.is_valid() else None)
    # ``confirm``: the box asks before the slip replaces the result the board shows.
    response = JsonResponse({"message": message, **confirm}, status=status)
    if status == 200:
        trigger_client_event(response, "standings-changed")
    return response
