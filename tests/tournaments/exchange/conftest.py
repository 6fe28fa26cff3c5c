"""Fixtures for the exchange tests: see ``builders.py`` for the tournament they share."""

from __future__ import annotations

import pytest

from tests.tournaments.exchange.builders import build_full_tournament
from tournaments.models import Tournament


@pytest.fixture
def full_tournament(db, organiser) -> Tournament:
    return build_full_tournament(owner=organiser)
