"""The "tournament changed" signal: one function bumps ``Tournament.version`` and ``updated_at``.

Public page caches key on the version and the arbiters' live tables poll it, so every service that
changes what a page shows calls :func:`tournament_changed` inside its transaction.
"""

from __future__ import annotations

from django.db.models import F
from django.utils import timezone

from tournaments.models import Tournament


def tournament_changed(tournament_id: int) -> None:
    """Add one to the tournament's version and stamp ``updated_at`` (one UPDATE, race-free)."""
    Tournament.objects.filter(pk=tournament_id).update(version=F("version") + 1, updated_at=timezone.now())
