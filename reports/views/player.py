"""The player's phone: ``r/<token>/`` shows their board in the latest published round and what
they can do about it; three posts report, confirm and dispute.

Every answer is ``no-store`` (the URL is a key). An unknown or revoked token gets the same 404
page; a link over its rate limit gets 429. Without JavaScript the posts redirect back to the page
with a message; with htmx they answer the ``player-card`` with the message in it (htmx swaps only
2xx answers, so a refusal travels as 200 with its real status in ``X-Report-Status``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from core.errors import ServiceError
from reports import ratelimit, selectors
from reports.forms import PlayerResultForm
from reports.models import ReportingLink
from reports.services.player import report_confirm, report_dispute, report_submit

PAGE = "reports/player.html"


def player_link(kind: str) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Resolve the token to its live link (404 otherwise), count the request against the link's
    ``kind`` limit (429 over it), call ``view(request, link)``."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, token: str) -> HttpResponse:
            link = selectors.link_get(token)
            if link is None:
                response = render(request, "reports/player_unknown.html", status=404)
            elif not ratelimit.allow(kind, link.token_hash):
                response = render(request, "reports/player_unknown.html", {"limited": True}, status=429)
            else:
                response = view(request, link)
            response["Cache-Control"] = "no-store"
            response["X-Robots-Tag"] = "noindex, nofollow"
            return response

        return wrapper

    return decorator


def _render(
    request: HttpRequest, link: ReportingLink, token: str, *, status: int = 200, **extra: Any
) -> HttpResponse:
    context = {"view": selectors.player_view(link.participant), "token": token, **extra}
    template = f"{PAGE}#player-card" if request.htmx else PAGE
    return render(request, template, context, status=200 if request.htmx else status)


@require_GET
@player_link("read")
def page(request: HttpRequest, link: ReportingLink) -> HttpResponse:
    token = request.resolver_match.kwargs["token"]
    if request.htmx and "seen" in request.GET:
        view = selectors.player_view(link.participant)
        if request.GET["seen"] == view.marker:
            return HttpResponse(status=204)
        return render(request, f"{PAGE}#player-card", {"view": view, "token": token})
    return _render(request, link, token)


def _act(request: HttpRequest, link: ReportingLink, action: Callable[..., Any], done: str) -> HttpResponse:
    token = request.resolver_match.kwargs["token"]
    form = PlayerResultForm(request.POST)
    if not form.is_valid():
        error, status = "That was not a result for your board: reload the page and try again.", 400
    else:
        data = form.cleaned_data
        kwargs = {
            "participant": link.participant,
            "board_id": data["board"],
            "result": data["result"],
            "link": link,
        }
        if action is report_dispute:
            kwargs["counter_result"] = data["counter_result"]
        try:
            action(**kwargs)
        except ServiceError as exc:
            error, status = exc.message, exc.http_status
        else:
            error, status = "", 200
    if request.htmx:
        response = _render(request, link, token, error=error, notice="" if error else done)
        response["X-Report-Status"] = str(status)
        return response
    if error:
        return _render(request, link, token, error=error, status=status)
    messages.success(request, done)
    return redirect("reports:player", token=token)


@require_POST
@player_link("write")
def report(request: HttpRequest, link: ReportingLink) -> HttpResponse:
    return _act(request, link, report_submit, "Sent. Your opponent confirms it on their phone.")


@require_POST
@player_link("write")
def confirm(request: HttpRequest, link: ReportingLink) -> HttpResponse:
    return _act(request, link, report_confirm, "Confirmed. The arbiter approves it.")


@require_POST
@player_link("write")
def dispute(request: HttpRequest, link: ReportingLink) -> HttpResponse:
    return _act(request, link, report_dispute, "Your answer is recorded.")
