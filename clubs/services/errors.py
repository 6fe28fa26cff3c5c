from __future__ import annotations


class ClubError(Exception):
    """A request the rules refuse; ``message`` is shown to the user and nothing was changed."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class InvitationNotFound(ClubError):
    """No invitation has this token (mistyped, guessed, or from another site)."""


class InvitationForbidden(ClubError):
    """The invitation exists but was sent to another e-mail address."""
