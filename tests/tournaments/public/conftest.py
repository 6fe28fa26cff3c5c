"""Fixtures for the public pages: a small running Swiss, URL helpers, and a clean cache per test."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.tournaments.public.builders import build_tournament
from tournaments.models import Tournament

HTMX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def running(tournament) -> Tournament:
    """Nine players, rounds 1-2 finished, round 3 published with no results yet (one bye a round)."""
    build_tournament(tournament, players=9, rounds=3, last_round_results=False)
    return tournament


def public_url(tournament: Tournament, name: str, *args) -> str:
    return reverse(f"public:{name}", args=[tournament.public_token, *args])


def bump(tournament: Tournament) -> None:
    """What every service does after a change a public page shows."""
    Tournament.objects.filter(pk=tournament.pk).update(
        version=tournament.version + 1, standings_version=tournament.version + 1
    )
    tournament.refresh_from_db()
