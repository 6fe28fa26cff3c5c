"""On PostgreSQL a result entry's statements are prepared once a connection (issue 38): parsing and
planning them again on every entry was a third of PostgreSQL's CPU per form entry under load
(pg_stat_statements with track_planning: 1.3 ms of planning beside 1.0 ms of execution). The
tournament's lock, the board's locked read, the writes and the hot reads (the session's user, the
tournament with the role, the row's games, byes and namesakes) go through ``core.prepared``'s
server-binding cursor; everything else keeps Django's client-side binding."""

from __future__ import annotations

import pytest
from django.db import connection
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.services import api_token_create
from tournaments.models import Board

from .conftest import htmx


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("prepared statements are PostgreSQL's")


def prepared_statements() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements WHERE NOT from_sql")
        return [row[0] for row in cursor.fetchall()]


def test_the_form_entry_runs_prepared_statements(client, arbiter, tournament, published_round):
    client.force_login(arbiter)
    boards = list(Board.objects.filter(round=published_round).order_by("number"))
    for board, result in zip(boards, ("1-0", "0-1", "1/2-1/2"), strict=False):
        answer = htmx(
            client,
            "post",
            reverse("tournaments:result", kwargs={"tournament_id": tournament.pk, "board_id": board.pk}),
            data={"result": result, "version": 0},
        )
        assert answer.status_code == 200 and answer["X-Result-Status"] == "200"
    statements = prepared_statements()
    lock = [s for s in statements if "FOR UPDATE" in s and "tournaments_tournament" in s]
    board_read = [s for s in statements if "FOR UPDATE OF b" in s]
    writes = [s for s in statements if s.startswith("WITH w0 AS (UPDATE")]
    namesakes = [s for s in statements if 'LOWER("tournaments_participant"."name")' in s]
    user = [s for s in statements if s.startswith('SELECT "auth_user"."id"')]
    assert lock and board_read and writes and namesakes and user, statements
    # Prepared with parameters: one statement serves every entry.
    assert len(board_read) == 1 and "$1" in board_read[0]
    assert [b.result for b in Board.objects.filter(pk__in=[b.pk for b in boards[:3]]).order_by("number")] == [
        "1-0",
        "0-1",
        "1/2-1/2",
    ]


def test_the_api_entry_runs_prepared_statements(arbiter, tournament, published_round):
    _, key = api_token_create(user=arbiter, name="hall tablet", days=None)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    for number in (1, 2):
        answer = api.put(
            f"/api/tournaments/{tournament.pk}/rounds/1/boards/{number}/",
            {"result": "1-0", "version": 0},
            format="json",
        )
        assert answer.status_code == 200
    statements = prepared_statements()
    assert any("FOR UPDATE OF b" in s for s in statements), statements
    assert any("tournaments_apitoken" in s or "token" in s.lower() for s in statements), statements
