from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest

from clubs.services.errors import ClubError


def report(request: HttpRequest, exc: ClubError, form: Any = None) -> None:
    """Show a refused request as a message, and on the form field it names."""
    if form is not None and exc.field in getattr(form, "fields", {}):
        form.add_error(exc.field, exc.message)
    messages.error(request, exc.message)


def partial(request: HttpRequest, template: str, name: str) -> str:
    """``template#name`` for an htmx request, the whole page otherwise."""
    return f"{template}#{name}" if getattr(request, "htmx", False) else template
