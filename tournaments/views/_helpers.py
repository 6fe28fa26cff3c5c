"""Small helpers shared by the staff views."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render

from tournaments.selectors import page_of_board
from tournaments.services.errors import ServiceError


def render_page(
    request: HttpRequest,
    template: str,
    context: dict[str, Any],
    *,
    partial: str | None = None,
    status: int = 200,
) -> HttpResponse:
    """Render the page, or only ``partial`` (``template#partial``) for an htmx request."""
    if partial and getattr(request, "htmx", False):
        template = f"{template}#{partial}"
    return render(request, template, context, status=status)


def report(request: HttpRequest, exc: ServiceError, form: Any = None) -> None:
    """Show a service error as a page message, and on the form's fields where it names them."""
    if form is not None:
        for field, errors in exc.errors.items():
            for error in errors:
                form.add_error(field if field in form.fields else None, error)
    messages.error(request, exc.message)


def back_to_board(tournament_id: int, number: int, board: int | None) -> HttpResponseRedirect:
    """Back to round ``number``'s page, on the page of boards that shows ``board`` (a big round
    comes in pages; the first page needs no ``?page=``)."""
    response = redirect("tournaments:round", tournament_id=tournament_id, number=number)
    page = page_of_board(board) if board else 1
    if page > 1:
        response["Location"] += f"?page={page}"
    return response
