"""Taking the tournament's row lock, the first step of every write that must not race.

``tournament_lock(tournament_id) -> Tournament`` locks the row for the rest of the transaction
and returns it as it is now; ``round_tournament_lock(round_id)`` does the same for a round's
tournament, before the round's own row (the order every write takes: locking both in one joined
``SELECT ... FOR UPDATE`` leaves the order to the query plan, and two writes taking them in
opposite orders deadlock). The permission checks run before the lock, on the tournament as
the request found it; an archive committed in between would let the write land in a read-only
tournament, so the lock checks again: ``ArchivedError`` (nothing written). Archiving, restoring
and deleting lock the row themselves (they are what an archived tournament still allows).
"""

from __future__ import annotations

from tournaments.models import Round, Tournament
from tournaments.permissions import require_not_archived


def tournament_lock(tournament_id: int, *, only: tuple[str, ...] = ()) -> Tournament:
    """The tournament, its row locked; ``ArchivedError`` if it has been archived meanwhile.
    ``only``: the columns the caller reads (the archive's stamp is always read), for a write
    that holds the lock as briefly as it can (result entry: the row has forty-odd columns)."""
    tournaments = Tournament.objects.select_for_update()
    if only:
        tournaments = tournaments.only("archived_at", *only)
    locked = tournaments.get(pk=tournament_id)
    require_not_archived(locked)
    return locked


def round_tournament_lock(round_id: int, *, archived_ok: bool = False) -> Tournament | None:
    """The round's tournament, its row locked (``None`` when the round is gone); ``ArchivedError``
    if it has been archived meanwhile, unless ``archived_ok``: closing a pairing claim (recording
    a failure, undoing a claim the broker never got) is what an archived tournament still allows,
    so that no round stays ``pairing`` for ever."""
    tournament_id = Round.objects.filter(pk=round_id).values_list("tournament_id", flat=True).first()
    if tournament_id is None:
        return None
    locked = Tournament.objects.select_for_update().get(pk=tournament_id)
    if not archived_ok:
        require_not_archived(locked)
    return locked
