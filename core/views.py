"""How every page answers: the whole page or its htmx partial, and a refused request as a message."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from core.errors import ServiceError


def partial(request: HttpRequest, template: str, name: str) -> str:
    """``template#name`` for an htmx request, the whole page otherwise."""
    return f"{template}#{name}" if getattr(request, "htmx", False) else template


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
