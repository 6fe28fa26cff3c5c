"""Twenty arbiters clicking "Pair next round" at the same moment create exactly one round.

Real threads with their own database connections, so this needs PostgreSQL's row locks; on SQLite
(one writer at a time by construction) it is skipped.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from pairing.services.swiss import round_pair
from tests import factories
from tournaments.models import Round, TournamentRole


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_twenty_simultaneous_pair_requests_create_one_round(django_user_model, monkeypatch):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks (run with DATABASE_URL=postgres://...)")
    monkeypatch.setattr("pairing.services.swiss._enqueue", lambda rnd, created: None)
    user = django_user_model.objects.create_user("arb", password="x")
    tournament = factories.TournamentFactory()
    TournamentRole.objects.create(tournament=tournament, user=user, role="arbiter")
    for i in range(12):
        factories.ParticipantFactory(tournament=tournament, name=f"P{i:02d}", rating=2000 - i)
    barrier = threading.Barrier(20)
    returned: list[int] = []
    errors: list[BaseException] = []

    def click() -> None:
        try:
            barrier.wait()
            returned.append(round_pair(tournament=tournament, user=user).pk)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=click) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert Round.objects.filter(tournament=tournament).count() == 1
    assert set(returned) == {Round.objects.get(tournament=tournament).pk}
