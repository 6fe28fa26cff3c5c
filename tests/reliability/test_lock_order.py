"""Two arbiters at once on the same player: one enters the player's result while the other
withdraws the player. Both must go through, one after the other, not deadlock (PostgreSQL would
kill one of them: a 500 and a lost entry)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from tests.reliability.test_concurrent_results import run_threads
from tests.security import world as w
from tests.worker.conftest import wait_for
from tournaments.models import Board, Participant
from tournaments.services import results
from tournaments.services.participants import withdrawals


def someone_waits_for_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0] > 0


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_result_and_a_withdrawal_of_the_same_player_at_once_both_go_through(
    tournament, arbiter, organiser, monkeypatch
):
    world = w.build(tournament, w.PUBLISHED)
    board = world.boards[0]
    player = board.white
    bump = results.tournament_changed_statement
    inside = threading.Event()
    go_on = threading.Event()

    def held_open(*args, **kwargs):
        # The result's transaction has locked its rows and is about to finish: hold it here until
        # the withdrawal has started and is waiting for a lock.
        inside.set()
        go_on.wait(timeout=30)
        return bump(*args, **kwargs)

    monkeypatch.setattr(results, "tournament_changed_statement", held_open)
    errors: dict[str, BaseException] = {}

    def work(i: int) -> None:
        try:
            if i == 0:
                results.result_record(board=board, user=arbiter, result="1-0", expected_version=0)
            else:
                assert inside.wait(timeout=30)
                withdrawals.participant_withdraw(
                    participant=Participant.objects.get(pk=player.pk), user=organiser, from_round=2
                )
        except BaseException as exc:  # noqa: BLE001 - compared below
            errors["result" if i == 0 else "withdrawal"] = exc

    def release_when_blocked() -> None:
        try:
            wait_for(someone_waits_for_a_lock, timeout=30, interval=0.05, what="the withdrawal to wait")
        finally:
            go_on.set()

    releaser = threading.Thread(target=release_when_blocked)
    releaser.start()
    try:
        assert run_threads(2, work) == []
    finally:
        go_on.set()
        releaser.join()
    assert errors == {}
    assert Board.objects.get(pk=board.pk).result == "1-0"
    assert Participant.objects.get(pk=player.pk).status == Participant.Status.WITHDRAWN
