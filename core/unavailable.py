"""The site's 500 handler: a database that cannot be reached is a 503 with a retry hint.

PostgreSQL refusing connections (stopped, restarting, out of connection slots) raises
``OperationalError`` wherever the first query of the request happens: in a view, in the session
middleware, in a template. Django then calls the 500 handler inside its ``except`` block, so the
exception is still at hand here. A database that cannot be reached is temporary: the answer is
``503 Service Unavailable`` with ``Retry-After`` and a plain page built without the database (no
context processors, no user, no session); any other error keeps Django's 500.
"""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template import loader
from django.views import defaults

RETRY_AFTER_SECONDS = 30


def database_unreachable(exc: BaseException | None) -> bool:
    """True for the errors a database that cannot be reached (or dropped the connection) raises."""
    while exc is not None:
        if isinstance(exc, (OperationalError, InterfaceError)):
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: 503 with ``Retry-After`` when the database cannot be reached, else Django's 500."""
    if not database_unreachable(sys.exc_info()[1]):
        return defaults.server_error(request)
    body = loader.render_to_string("503.html", {"retry_after": RETRY_AFTER_SECONDS})
    response = HttpResponse(body, status=503, content_type="text/html; charset=utf-8")
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response
