"""The clubs' refusals: the kernel's errors (``core.errors``), named for the clubs' cases."""

from __future__ import annotations

from core.errors import ValidationFailed


class ClubError(ValidationFailed):
    """A request the rules refuse; ``message`` is shown to the user and nothing was changed.
    ``field``, when given, is the form field the message belongs on."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message, errors={field: [message]} if field else None)
        self.field = field


class InvitationNotFound(ClubError):
    """No invitation has this token (mistyped, guessed, or from another site)."""


class InvitationForbidden(ClubError):
    """The invitation exists but was sent to another e-mail address."""
