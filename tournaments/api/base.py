"""What every API view shares: error mapping, permission lookup, bounded ids in URLs.

Errors never surface as 500s for anything a client can send:

* ``ServiceError`` -> its ``http_status`` (400 validation, 403 not allowed, 409 conflict) with
  ``{"detail": message, "errors": {field: [messages]}}``;
* DRF's own errors (validation 400, authentication 401, permission 403, not found 404) unchanged;
* Django ``ValidationError`` -> 400; an ``IntegrityError`` (two clients racing for the same
  number) -> 409, "try again";
* a database deadlock, serialization failure or busy SQLite file -> 409, "try again": the
  transaction was rolled back, so nothing was half-saved and repeating the request is safe;
* an engine ``PairingError`` that a service let through (for example standings asked for before
  pairing numbers exist) -> 409: the request was fine, the tournament is not in a state to answer it.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, OperationalError
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import status
from rest_framework.exceptions import APIException
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView, exception_handler

from core.errors import ServiceError
from pairing.engine.errors import PairingError
from tournaments.api.serializers import ErrorOutput
from tournaments.models import Tournament
from tournaments.permissions import VIEW, tournament_for_user
from tournaments.services.submissions import once


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, ServiceError):
        return Response({"detail": exc.message, "errors": exc.errors}, status=exc.http_status)
    if isinstance(exc, DjangoValidationError):
        errors = exc.message_dict if hasattr(exc, "error_dict") else {"": exc.messages}
        return Response(
            {"detail": " ".join(m for ms in errors.values() for m in ms), "errors": errors},
            status=status.HTTP_400_BAD_REQUEST,
        )
    if isinstance(exc, PairingError):
        message = str(exc)
        return Response(
            {"detail": f"The tournament cannot answer this yet: {message}.", "errors": {}},
            status=status.HTTP_409_CONFLICT,
        )
    if isinstance(exc, IntegrityError):
        return Response(
            {"detail": "Someone else changed this tournament at the same moment; try again.", "errors": {}},
            status=status.HTTP_409_CONFLICT,
        )
    if isinstance(exc, OperationalError) and _is_transient(exc):
        return Response(
            {
                "detail": "The database was busy with another change to this tournament; nothing was saved, try again."
            },
            status=status.HTTP_409_CONFLICT,
        )
    return exception_handler(exc, context)


_TRANSIENT = ("DeadlockDetected", "SerializationFailure", "LockNotAvailable")


def _is_transient(exc: OperationalError) -> bool:
    """A lock conflict the client may simply retry (PostgreSQL error classes, or SQLite's busy file)."""
    cause = exc.__cause__
    return type(cause).__name__ in _TRANSIENT or "database is locked" in str(exc)


class PayloadTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"


IMPORT_BODY_LIMIT = 5_000_000
"""The TRF and JSON imports' request bodies (the file and its JSON wrapping): 5 MB, as documented."""
_DRAIN_LIMIT = 64_000_000
"""A larger body is not read to the end (the connection is closed); up to this, it is read and
dropped so that the client hears the 413 instead of a reset connection."""


def megabytes(size: int) -> str:
    return f"{size / 1_000_000:.1f}".rstrip("0").rstrip(".") + f" MB ({size:,} bytes)"


def read_body(request: Any, limit: int) -> None:
    """Refuse a body over ``limit`` with a JSON 413 naming it, before Django's own check (a bare
    HTML 400 at ``DATA_UPLOAD_MAX_MEMORY_SIZE``); a larger ``limit`` than that setting is honoured
    by reading the body here."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > limit:
        if length <= _DRAIN_LIMIT and not request._read_started:
            while request.read(65536):
                pass
        raise PayloadTooLarge(
            gettext("The request body is %(megabytes)s; this endpoint accepts at most %(megabytes2)s.")
            % {"megabytes": megabytes(length), "megabytes2": megabytes(limit)}
        )
    multipart = request.META.get("CONTENT_TYPE", "").startswith("multipart/")
    if length and not multipart and not request._read_started and not hasattr(request, "_body"):
        request._body = request.read()


class ApiView(APIView):
    """Staff endpoints: token or session authentication, then a role in the tournament."""

    permission_classes = [IsAuthenticated]
    body_limit: int | None = None
    """Largest request body; ``None``: Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE``."""

    def initial(self, request: Any, *args: Any, **kwargs: Any) -> None:
        read_body(request._request, self.body_limit or settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
        super().initial(request, *args, **kwargs)

    def get_exception_handler(self):
        return api_exception_handler

    def tournament(self, tournament_id: int, level: str = VIEW) -> Tournament:
        """The tournament if the user has ``level`` in it: 404 with no role, 403 with too small a role."""
        return tournament_for_user(self.request.user, tournament_id, level)


ERRORS = {
    400: OpenApiResponse(ErrorOutput, description="Invalid input, or a tournament rule refused it."),
    401: OpenApiResponse(ErrorOutput, description="Not logged in (send `Authorization: Token <key>`)."),
    403: OpenApiResponse(ErrorOutput, description="Your role in this tournament does not allow this."),
    404: OpenApiResponse(ErrorOutput, description="No such object, or no role in its tournament."),
    413: OpenApiResponse(ErrorOutput, description="The request body is larger than the endpoint accepts."),
}
"""Responses every staff endpoint can give, for the schema."""

READ_ERRORS = {code: ERRORS[code] for code in (401, 404)}
CONFLICT = {409: OpenApiResponse(ErrorOutput, description="Changed by someone else first; reload and retry.")}
TEXT = OpenApiResponse(OpenApiTypes.STR, description="File contents.")

IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description=(
        "Optional, 8-64 letters, digits or - _ . : (a UUID is fine). Sending the same key again (a retry, "
        "a double click) answers with the tournament the first request made instead of making another."
    ),
)


def created_once(request: Any, make: Any) -> tuple[Any, dict[str, str]]:
    """``make()`` at most once per ``Idempotency-Key`` (see ``services.submissions``): the tournament
    and the response headers (``Idempotent-Replayed: true`` when it was made earlier)."""
    tournament, created = once(user=request.user, key=request.headers.get("Idempotency-Key"), make=make)
    return tournament, {} if created else {"Idempotent-Replayed": "true"}


class HeaderPagination(LimitOffsetPagination):
    """Lists come a page at a time (``?limit=&offset=``, at most :attr:`max_limit` rows), the body
    still the plain list: the total is in ``X-Total-Count`` and the neighbouring pages in ``Link``
    (``rel="next"`` / ``rel="prev"``), as many APIs do, so a client that reads short lists whole
    needs no change."""

    default_limit = 500
    max_limit = 1000

    def get_paginated_response(self, data: Any) -> Response:
        headers = {"X-Total-Count": str(self.count)}
        links = [
            f'<{url}>; rel="{rel}"'
            for rel, url in (("next", self.get_next_link()), ("prev", self.get_previous_link()))
            if url
        ]
        if links:
            headers["Link"] = ", ".join(links)
        return Response(data, headers=headers)


PAGE_PARAMETERS = [
    OpenApiParameter(
        "limit",
        OpenApiTypes.INT,
        OpenApiParameter.QUERY,
        description=f"Rows per page (default {HeaderPagination.default_limit}, at most {HeaderPagination.max_limit}).",
    ),
    OpenApiParameter(
        "offset",
        OpenApiTypes.INT,
        OpenApiParameter.QUERY,
        description="Rows to skip. The response's `X-Total-Count` header is the total; `Link` names the next and previous pages.",
    ),
]


def paginated(view: APIView, queryset: Any, serializer: Any) -> Response:
    """One page of ``queryset`` through ``serializer`` (see :class:`HeaderPagination`)."""
    pager = HeaderPagination()
    page = pager.paginate_queryset(queryset, view.request, view=view)
    return pager.get_paginated_response(serializer(page, many=True).data)
