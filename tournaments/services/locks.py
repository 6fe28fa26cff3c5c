"""Taking the tournament's row lock, the first step of every write that must not race.

``tournament_lock(tournament_id) -> Tournament`` locks the row for the rest of the transaction
and returns it as it is now. The permission checks run before the lock, on the tournament as
the request found it; an archive committed in between would let the write land in a read-only
tournament, so the lock checks again: ``ArchivedError`` (nothing written). Archiving, restoring
and deleting lock the row themselves (they are what an archived tournament still allows).
"""

from __future__ import annotations

from tournaments.models import Tournament
from tournaments.permissions import require_not_archived


def tournament_lock(tournament_id: int) -> Tournament:
    """The tournament, its row locked; ``ArchivedError`` if it has been archived meanwhile."""
    locked = Tournament.objects.select_for_update().get(pk=tournament_id)
    require_not_archived(locked)
    return locked
