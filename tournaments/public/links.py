"""The organiser's side of the public link: regenerating it revokes the old one."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from tournaments.models import Tournament, new_public_token
from tournaments.permissions import require_organiser
from tournaments.services.audit import audit_record
from tournaments.services.locks import tournament_lock
from tournaments.services.versions import tournament_changed


def _hint(token: str) -> str:
    """Enough of a token to tell two apart in the audit log, not enough to open the page."""
    return f"{token[:4]}…"


def public_token_regenerate(*, tournament: Tournament, user: Any) -> Tournament:
    """Give the tournament a new public link; the old link answers 404 from now on.

    1. Only organisers may do it (a leaked link is theirs to revoke).
    2. Lock the row, store a fresh token and bump ``version`` so no cached page outlives the change.
    3. Record it in the audit log, with only the first characters of each token.
    """
    require_organiser(user, tournament, to="change its public link")
    with transaction.atomic():
        locked = tournament_lock(tournament.pk)
        old = locked.public_token
        locked.public_token = new_public_token()
        locked.save(update_fields=["public_token", "updated_at"])
        tournament_changed(locked.pk)
        locked.refresh_from_db(fields=["version", "updated_at"])
        audit_record(
            tournament=locked,
            user=user,
            action="public_link.regenerate",
            obj=locked,
            before={"public_token": _hint(old)},
            after={"public_token": _hint(locked.public_token)},
        )
    return locked
