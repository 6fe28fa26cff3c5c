"""Domain errors raised by the services.

Every error carries ``message``: one or two sentences an arbiter can act on. Views show it as a
page message; the API maps the classes to HTTP status codes:

* ``ValidationFailed`` -> 400 (bad input or a rule of the tournament says no; nothing was changed)
* ``NotAllowedError`` -> 403 (the user has no right to do this to this tournament)
* ``ConflictError`` -> 409 (someone else changed the object first; nothing was changed)
* ``ServiceUnavailable`` -> 503 (a service the app needs, e.g. the pairing queue, cannot be
  reached; what was started has been undone, trying again later is the remedy)
"""

from __future__ import annotations


class ServiceError(Exception):
    """Base class of every error a service raises on purpose. Nothing was written."""

    http_status = 400

    def __init__(self, message: str, *, errors: dict[str, list[str]] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.errors = errors or {}
        """Field name -> messages, for forms and API input errors."""

    def __str__(self) -> str:
        return self.message


class ValidationFailed(ServiceError):
    http_status = 400


class NotAllowedError(ServiceError):
    http_status = 403


class NotFoundError(ServiceError):
    """What the request names does not exist (in this tournament)."""

    http_status = 404


class ConflictError(ServiceError):
    http_status = 409


class ArchivedError(ConflictError):
    """The tournament is archived: nothing in it changes until an organiser restores it."""


class ServiceUnavailable(ServiceError):
    http_status = 503


class ConfirmationNeeded(ServiceError):
    """The change is allowed but has consequences the user must confirm first (repeat with confirm)."""

    http_status = 409
