"""Reliability tests: PostgreSQL-only tests skip with a reason on SQLite (one writer at a time by
construction, so there is no race to show)."""

from __future__ import annotations

import pytest
from django.db import connection


@pytest.fixture(autouse=True)
def _postgres_only(request):
    if request.node.get_closest_marker("postgres") and connection.vendor != "postgresql":
        pytest.skip(
            "needs PostgreSQL row locks and real concurrent connections (DATABASE_URL=postgres://...)"
        )
