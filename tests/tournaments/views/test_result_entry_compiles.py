"""A result entry, on the round page's form and through the API, runs no query Django compiles
again for it (issue 38): the session's user, the token, the tournament with the role, the row's two
players' games, byes and namesakes are compiled once a process (``core.prepared``), the locked
writes are written by hand (``tournaments.services.results``). Compiling them was 40 % of an
entry's CPU on the form (12.3 ms to 7.7 ms measured with benchmarks/profile_result_entry.py)."""

from __future__ import annotations

import traceback
from contextlib import contextmanager

from django.db import connection
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.services import api_token_create
from tournaments.models import Board

from .conftest import htmx


@contextmanager
def compiled_by_django():
    """The SQL Django's query compiler sent while the block ran."""
    sent: list[str] = []

    def spy(execute, sql, params, many, context):
        if any(
            frame.filename.endswith("django/db/models/sql/compiler.py") for frame in traceback.extract_stack()
        ):
            sent.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(spy):
        yield sent


def test_the_form_entry_compiles_nothing_once_warm(settings, client, arbiter, tournament, published_round):
    # The production shape's sessions: read from the cache (Redis), written through to the database.
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    arbiter_client = client
    arbiter_client.force_login(arbiter)
    first, second = Board.objects.filter(round=published_round).order_by("number")[:2]
    url = "tournaments:result"

    def enter(board, result):
        return htmx(
            arbiter_client,
            "post",
            reverse(url, kwargs={"tournament_id": tournament.pk, "board_id": board.pk}),
            data={"result": result, "version": 0},
        )

    assert enter(first, "1-0").status_code == 200  # compiles this process's queries, if not done yet
    with compiled_by_django() as sent:
        answer = enter(second, "1/2-1/2")
    assert answer.status_code == 200 and answer["X-Result-Status"] == "200" and "½-½" in answer.text
    assert sent == []
    second.refresh_from_db()
    assert second.result == "1/2-1/2"
    with compiled_by_django() as sent:  # a refusal (stale version) answers the row as it stands
        answer = enter(second, "0-1")
    assert answer["X-Result-Status"] == "409"


def test_the_api_entry_compiles_nothing_once_warm(arbiter, tournament, published_round):
    _, key = api_token_create(user=arbiter, name="hall tablet", days=None)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    url = f"/api/tournaments/{tournament.pk}/rounds/1/boards/{{n}}/"
    assert api.put(url.format(n=1), {"result": "1-0", "version": 0}, format="json").status_code == 200
    with compiled_by_django() as sent:
        answer = api.put(url.format(n=2), {"result": "0-1", "version": 0}, format="json")
    assert answer.status_code == 200 and answer.json()["result"] == "0-1"
    assert sent == []
