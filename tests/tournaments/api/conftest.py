"""API clients for the standard cast, each authenticated with its own token, plus an anonymous one.

``event`` is the tournament with every kind of round record (tests/tournaments/exchange/builders.py),
with ``organiser`` as organiser and ``arbiter`` as arbiter; ``stranger`` is staff of another event.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.tournaments.exchange.builders import build_full_tournament
from tournaments.models import Tournament, TournamentRole


def token_client(user) -> APIClient:
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture(autouse=True)
def _fresh_cache():
    """The failed-login counters live in the cache; each test starts without any."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def anon_api() -> APIClient:
    return APIClient()


@pytest.fixture
def organiser_api(organiser) -> APIClient:
    return token_client(organiser)


@pytest.fixture
def arbiter_api(arbiter) -> APIClient:
    return token_client(arbiter)


@pytest.fixture
def stranger_api(stranger) -> APIClient:
    return token_client(stranger)


@pytest.fixture
def event(db, organiser, arbiter) -> Tournament:
    t = build_full_tournament(owner=organiser)
    TournamentRole.objects.create(tournament=t, user=arbiter, role=TournamentRole.Role.ARBITER)
    return t


@pytest.fixture
def clients(anon_api, organiser_api, arbiter_api, stranger_api) -> dict[str, APIClient]:
    return {
        "anonymous": anon_api,
        "organiser": organiser_api,
        "arbiter": arbiter_api,
        "stranger": stranger_api,
    }
