"""Fixtures for view tests: a tournament at each stage of the night."""

from __future__ import annotations

import pytest

from pairing.services.execute import round_pair_execute
from pairing.services.swiss import round_pair
from tests.tournaments.services.conftest import add_players, pair_and_publish, play_round  # noqa: F401
from tournaments.models import Round


@pytest.fixture
def players(tournament):
    from tournaments.services.participants.numbers import pairing_numbers_assign

    people = add_players(tournament, 8)
    pairing_numbers_assign(tournament)
    return people


@pytest.fixture
def published_round(tournament, players, arbiter) -> Round:
    return pair_and_publish(tournament, arbiter)


@pytest.fixture
def draft_round(tournament, players, arbiter) -> Round:
    rnd = round_pair(tournament=tournament, user=arbiter)
    round_pair_execute(round_id=rnd.pk)
    rnd.refresh_from_db()
    return rnd


@pytest.fixture
def stranger_client(client, stranger):
    client.force_login(stranger)
    return client


def htmx(client, method, url, **kwargs):
    return getattr(client, method)(url, headers={"HX-Request": "true"}, **kwargs)
