"""The pairing task on a real Celery worker process (Redis broker, the PostgreSQL test database):
it pairs outside eager mode, and a worker killed in the middle of a pairing leaves nothing
half-done: the round stays ``pairing`` with no boards and no bye, and pairing it again completes.
"""

from __future__ import annotations

import pytest
from django.db import DatabaseError, transaction

from pairing.services.swiss import round_pair, round_repair
from tests import factories
from tests.worker.conftest import start_worker, wait_for
from tournaments.models import AuditLog, Board, Participant, Round, RoundBye, Tournament, TournamentRole

pytestmark = pytest.mark.worker


def field(user, n: int) -> Tournament:
    tournament = factories.TournamentFactory()
    TournamentRole.objects.create(tournament=tournament, user=user, role=TournamentRole.Role.ARBITER)
    # Many equal ratings make round 1's scoregroup big and its colour lots many: a slow pairing.
    Participant.objects.bulk_create(
        Participant(tournament=tournament, name=f"Player {i:04d}", rating=1000 + (i * 7919) % 1800)
        for i in range(n)
    )
    return tournament


def status(rnd: Round) -> str:
    return Round.objects.values_list("status", flat=True).get(pk=rnd.pk)


def locked_by_someone_else(rnd: Round) -> bool:
    """True while another connection (the worker, mid-pairing) holds the round's row lock."""
    try:
        with transaction.atomic():
            Round.objects.select_for_update(nowait=True).get(pk=rnd.pk)
    except DatabaseError:
        return True
    return False


def assert_fully_paired(rnd: Round, n: int) -> None:
    boards = list(Board.objects.filter(round=rnd))
    byes = list(RoundBye.objects.filter(tournament=rnd.tournament, round_number=rnd.number))
    seated = [b.white_id for b in boards] + [b.black_id for b in boards] + [b.participant_id for b in byes]
    assert len(boards) == n // 2 and len(byes) == n % 2
    assert sorted(seated) == sorted(
        Participant.objects.filter(tournament=rnd.tournament).values_list("pk", flat=True)
    )
    assert (
        AuditLog.objects.filter(object_type="round", object_id=str(rnd.pk), action="round_paired").count()
        == 1
    )


def test_the_worker_pairs_a_round_queued_after_commit(celery_worker_process, django_user_model):
    user = django_user_model.objects.create_user("arb", password="x")
    tournament = field(user, 13)
    rnd = round_pair(tournament=tournament, user=user)
    assert status(rnd) == Round.Status.PAIRING  # nothing ran in this process
    wait_for(lambda: status(rnd) != Round.Status.PAIRING, timeout=180, what="the worker to pair the round")
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.DRAFT, rnd.error
    assert_fully_paired(rnd, 13)
    assert "tournaments.round_pair" in celery_worker_process.output()


def test_a_worker_killed_mid_pairing_leaves_nothing_and_the_round_can_be_paired_again(
    celery_worker_process, django_user_model, tmp_path
):
    user = django_user_model.objects.create_user("arb", password="x")
    # A big field so the pairing lasts long enough for the kill to land inside it (about a second
    # on an idle machine, against a 20 ms poll); 2000 would hit the engine's recursion limit.
    n = 1501
    tournament = field(user, n)
    rnd = round_pair(tournament=tournament, user=user)

    # The worker has taken the task and holds the round while it pairs: kill it there.
    wait_for(
        lambda: locked_by_someone_else(rnd), timeout=180, interval=0.02, what="the worker to start pairing"
    )
    celery_worker_process.kill()

    # Its connection is gone, so PostgreSQL rolls its transaction back and releases the lock.
    wait_for(lambda: not locked_by_someone_else(rnd), timeout=30, what="the dead worker's lock to go")
    assert status(rnd) == Round.Status.PAIRING
    assert not Board.objects.filter(round=rnd).exists()
    assert not RoundBye.objects.filter(tournament=tournament, round_number=rnd.number).exists()
    assert not AuditLog.objects.filter(action="round_paired").exists()

    # A new worker, and the arbiter clicks "Pair again": the same round, a new claim, completes.
    worker = start_worker(celery_worker_process.queue, tmp_path / "second-worker.log")
    try:
        wait_for(lambda: "ready." in worker.output(), timeout=120, what="the second worker to start")
        again = round_repair(round=rnd, user=user)
        assert again.pk == rnd.pk
        wait_for(lambda: status(rnd) != Round.Status.PAIRING, timeout=600, what="the second worker to pair")
        rnd.refresh_from_db()
        assert rnd.status == Round.Status.DRAFT, rnd.error
        assert Round.objects.filter(tournament=tournament).count() == 1
        assert_fully_paired(rnd, n)
    finally:
        worker.kill()
