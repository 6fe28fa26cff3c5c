"""Shared fixtures for the security tests: a clean cache (the login counters live there) and
PostgreSQL-only tests skipped with a reason on SQLite."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection


@pytest.fixture(autouse=True)
def _clean_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _postgres_only(request):
    if request.node.get_closest_marker("postgres") and connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (run with DATABASE_URL=postgres://...)")
