"""Several arbiters entering and correcting results on the same round at once, through the API and
the web page, each thread with its own database connection.

Whatever the interleaving: no accepted write is lost, a write based on a version that is no
longer current is refused with 409 (never silently applied), and the round is finished exactly
when every board has a result.
"""

from __future__ import annotations

import random
import threading
from collections import defaultdict
from dataclasses import dataclass

import pytest
from django.db import connections
from django.test import Client
from rest_framework.authtoken.models import Token

from tests import factories
from tournaments.models import AuditLog, Board, Round, Tournament, TournamentRole

CODES = ["1-0", "1/2-1/2", "0-1", "+/-", "-/+", "-/-", "0-0", ""]


@dataclass(frozen=True)
class Attempt:
    board: int
    expected: int
    result: str
    status: int
    """200 accepted, 409 refused as stale."""


def published_round(users, n_boards: int) -> tuple[Tournament, Round, list[Board]]:
    tournament = factories.TournamentFactory(status=Tournament.Status.RUNNING)
    for user in users:
        TournamentRole.objects.create(tournament=tournament, user=user, role=TournamentRole.Role.ARBITER)
    people = [
        factories.ParticipantFactory(tournament=tournament, pairing_number=i, rating=2400 - i)
        for i in range(1, 2 * n_boards + 1)
    ]
    rnd = Round.objects.create(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    boards = [
        Board.objects.create(round=rnd, number=i + 1, white=people[i], black=people[i + n_boards])
        for i in range(n_boards)
    ]
    return tournament, rnd, boards


def run_threads(n: int, work) -> list[BaseException]:
    barrier = threading.Barrier(n)
    errors: list[BaseException] = []

    def body(i: int) -> None:
        try:
            barrier.wait()
            work(i)
        except BaseException as exc:  # noqa: BLE001 - reported by the caller
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=body, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


class Arbiter:
    """One arbiter's device: the API with a token, or the web page's htmx form with a session."""

    def __init__(self, user, tournament: Tournament, api: bool) -> None:
        self.client = Client(raise_request_exception=False)
        self.api = api
        self.tournament = tournament
        if api:
            self.headers = {"HTTP_AUTHORIZATION": f"Token {Token.objects.get_or_create(user=user)[0].key}"}
        else:
            self.client.force_login(user)
            self.headers = {"HTTP_HX_REQUEST": "true"}

    def read(self, board: Board) -> tuple[int, str]:
        """The version and result the arbiter's screen shows before they type."""
        if not self.api:  # the page renders the same row; reading it from the database is enough
            return Board.objects.values_list("version", "result").get(pk=board.pk)
        url = f"/api/tournaments/{self.tournament.pk}/rounds/1/boards/{board.number}/"
        response = self.client.get(url, **self.headers)
        assert response.status_code == 200, response.content
        data = response.json()
        return data["version"], data["result"]

    def write(self, board: Board, expected: int, result: str) -> int:
        if self.api:
            response = self.client.put(
                f"/api/tournaments/{self.tournament.pk}/rounds/1/boards/{board.number}/",
                {"result": result, "version": expected},
                content_type="application/json",
                **self.headers,
            )
            return response.status_code
        # Each arbiter means the result they send: a change of an entered result is confirmed
        # (issue 33's question), as "Change it" would; a stale version is still refused.
        response = self.client.post(
            f"/t/{self.tournament.pk}/boards/{board.pk}/result/",
            {"result": result, "version": expected, "confirm": "1"},
            **self.headers,
        )
        assert response.status_code == 200, response.content[:300]
        return int(response["X-Result-Status"])


def replay(attempts: list[Attempt]) -> tuple[int, str]:
    """The one board state the accepted writes allow, or an AssertionError naming the lost update.

    Accepted writes are grouped by the version they were based on. At each version at most one of
    them may change the result (it moves the board to the next version); the others repeated a
    result the board had when they arrived, then or later (the service accepts a write of the
    result the board already shows, whatever version it was based on, without a new version).
    """
    by_version: dict[int, list[Attempt]] = defaultdict(list)
    for a in attempts:
        if a.status == 200:
            by_version[a.expected].append(a)

    def walk(version: int, result: str, owed: frozenset[str]) -> tuple[int, str] | None:
        """Continue the chain at (version, result); ``owed``: results that must still appear."""
        owed = owed - {result}
        changes = {a.result for a in by_version.get(version, []) if a.result != result}
        if not changes:
            later = [v for v in by_version if v > version]
            return (version, result) if not owed and not later else None
        for nxt in sorted(changes):
            found = walk(version + 1, nxt, owed | (changes - {nxt}))
            if found is not None:
                return found
        return None

    found = walk(0, "", frozenset())
    assert found is not None, f"no order of changes explains the accepted writes: {dict(by_version)}"
    return found


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_many_arbiters_at_once_lose_no_result_and_apply_no_stale_edit(django_user_model):
    n_threads, n_boards, per_thread = 8, 6, 12
    users = [django_user_model.objects.create_user(f"arb{i}", password="x") for i in range(n_threads)]
    tournament, rnd, boards = published_round(users, n_boards)
    arbiters = [Arbiter(u, tournament, api=i % 2 == 0) for i, u in enumerate(users)]
    log: list[Attempt] = []
    lock = threading.Lock()

    def work(i: int) -> None:
        rng = random.Random(i)
        arbiter = arbiters[i]
        stale: dict[int, int] = {}
        for _ in range(per_thread):
            board = rng.choice(boards)
            if board.pk in stale and rng.random() < 0.4:
                expected = stale[board.pk]  # a page left open while others kept typing
            else:
                expected, _current = arbiter.read(board)
            stale.setdefault(board.pk, expected)
            result = rng.choice(CODES)
            status = arbiter.write(board, expected, result)
            assert status in (200, 409), status
            with lock:
                log.append(Attempt(board.pk, expected, result, status))

    assert run_threads(n_threads, work) == []

    assert len(log) == n_threads * per_thread
    assert any(a.status == 409 for a in log), "no conflict happened: the test did not test anything"
    for board in boards:
        board.refresh_from_db()
        attempts = [a for a in log if a.board == board.pk]
        assert (board.version, board.result) == replay(attempts)
        # A refused write was based on a version the board had already left.
        assert all(a.expected < board.version for a in attempts if a.status == 409)
        changes = AuditLog.objects.filter(object_type="board", object_id=str(board.pk))
        assert changes.count() == board.version
    rnd.refresh_from_db()
    pending = Board.objects.filter(round=rnd, result="").exists()
    assert rnd.status == (Round.Status.PUBLISHED if pending else Round.Status.FINISHED)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_arbiters_on_the_same_board_and_version_one_wins_the_other_gets_409(django_user_model):
    users = [django_user_model.objects.create_user(f"arb{i}", password="x") for i in range(2)]
    results = ["1-0", "0-1"]
    for attempt in range(5):
        tournament, _rnd, boards = published_round(users, 1)
        arbiters = [
            Arbiter(users[0], tournament, api=True),
            Arbiter(users[1], tournament, api=attempt % 2 == 0),
        ]
        statuses: dict[int, int] = {}

        def work(i: int, arbiters=arbiters, boards=boards, statuses=statuses) -> None:
            statuses[i] = arbiters[i].write(boards[0], 0, results[i])

        assert run_threads(2, work) == []
        assert sorted(statuses.values()) == [200, 409]
        winner = next(i for i, s in statuses.items() if s == 200)
        board = Board.objects.get(pk=boards[0].pk)
        assert (board.result, board.version) == (results[winner], 1)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_last_results_entered_at_the_same_moment_finish_the_round(django_user_model):
    """The last results are entered by different arbiters at the same instant: the round must end
    up finished (else the next round cannot be paired). Each entry decides "finished?" from the
    other boards; this holds because locking the board with ``select_related("round")`` also locks
    the round row, so entries on one round take turns. Locking only the board (``of=("self",)``)
    would let two entries each see the other's board still empty and leave the round open."""
    users = [django_user_model.objects.create_user(f"arb{i}", password="x") for i in range(4)]
    for _ in range(6):
        tournament, rnd, boards = published_round(users, 4)
        arbiters = [Arbiter(u, tournament, api=i % 2 == 0) for i, u in enumerate(users)]

        def work(i: int, arbiters=arbiters, boards=boards) -> None:
            assert arbiters[i].write(boards[i], 0, "1-0") == 200

        assert run_threads(4, work) == []
        rnd.refresh_from_db()
        assert not Board.objects.filter(round=rnd, result="").exists()
        assert rnd.status == Round.Status.FINISHED
        tournament.refresh_from_db()
        assert tournament.version == 4
