"""The standard cast for app tests: an organiser, an arbiter, and a stranger."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests import factories
from tournaments.models import Tournament, TournamentRole


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache: counters (login and mail limits, keyed by user id,
    which the database hands out again after a rollback) and cached pages must not leak from one
    test into the next."""
    from django.core.cache import caches

    for cache in caches.all(initialized_only=True):
        cache.clear()
    yield


@pytest.fixture
def organiser(db):
    return get_user_model().objects.create_user("olga", password="organiser-pass-1")


@pytest.fixture
def arbiter(db):
    return get_user_model().objects.create_user("arthur", password="arbiter-pass-1")


@pytest.fixture
def stranger(db):
    """Staff of some other tournament: logged in, but no role here."""
    user = get_user_model().objects.create_user("sam", password="stranger-pass-1")
    other = factories.TournamentFactory(name="Someone else's open")
    TournamentRole.objects.create(tournament=other, user=user, role=TournamentRole.Role.ORGANISER)
    return user


@pytest.fixture
def tournament(db, organiser, arbiter) -> Tournament:
    t = factories.TournamentFactory(name="Club Championship", rounds_planned=5)
    TournamentRole.objects.create(tournament=t, user=organiser, role=TournamentRole.Role.ORGANISER)
    TournamentRole.objects.create(tournament=t, user=arbiter, role=TournamentRole.Role.ARBITER)
    return t


@pytest.fixture
def organiser_client(client, organiser):
    client.force_login(organiser)
    return client


@pytest.fixture
def arbiter_client(client, arbiter):
    client.force_login(arbiter)
    return client
