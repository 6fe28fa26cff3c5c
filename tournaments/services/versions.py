"""The "tournament changed" signal: one function bumps ``Tournament.version`` and ``updated_at``.

Public page caches key on the version and the arbiters' live tables poll it, so every service that
changes what a page shows calls :func:`tournament_changed` inside its transaction. The standings
key on ``standings_version``, which follows ``version`` on every change except a result entered in
a round still being played (``standings=False``): the standings shown are those after the last
complete round, so such a result cannot change them.
"""

from __future__ import annotations

from django.db.models import F
from django.utils import timezone

from tournaments.models import Tournament


def tournament_changed(tournament_id: int, *, standings: bool = True, **also: object) -> None:
    """Add one to the tournament's version and stamp ``updated_at`` (one UPDATE, race-free).

    ``standings`` moves ``standings_version`` to the new version too; ``also`` are other columns
    written by the same UPDATE (result entry sets the status there).
    """
    values: dict[str, object] = {"version": F("version") + 1, "updated_at": timezone.now(), **also}
    if standings:
        # The right-hand side reads the row before the UPDATE, so this is the new version.
        values["standings_version"] = F("version") + 1
    Tournament.objects.filter(pk=tournament_id).update(**values)
