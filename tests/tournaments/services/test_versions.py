"""The one "tournament changed" bump."""

from __future__ import annotations

import datetime

from tournaments.models import Tournament
from tournaments.services.versions import tournament_changed


def test_it_adds_one_to_the_version_and_stamps_updated_at(tournament):
    Tournament.objects.filter(pk=tournament.pk).update(
        version=7, updated_at=datetime.datetime(2020, 1, 1, tzinfo=datetime.UTC)
    )
    tournament_changed(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.version == 8
    assert tournament.updated_at.year > 2020


def test_it_touches_only_that_tournament(tournament):
    other = Tournament.objects.create(name="Other", rounds_planned=3)
    tournament_changed(tournament.pk)
    other.refresh_from_db()
    assert other.version == 0
