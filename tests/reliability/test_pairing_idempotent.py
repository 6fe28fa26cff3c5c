"""Twenty "pair next round" clicks at the same moment, from the web page and the API mixed, each
with its own connection: exactly one round is created and paired once."""

from __future__ import annotations

import threading

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from tests import factories
from tests.reliability.test_concurrent_results import run_threads
from tournaments.models import AuditLog, Board, Round, RoundBye, TournamentRole


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_twenty_simultaneous_pair_requests_over_http_make_one_round(django_user_model):
    users = [django_user_model.objects.create_user(f"arb{i}", password="x") for i in range(4)]
    tournament = factories.TournamentFactory()
    for user in users:
        TournamentRole.objects.create(tournament=tournament, user=user, role=TournamentRole.Role.ARBITER)
    for i in range(15):
        factories.ParticipantFactory(tournament=tournament, name=f"P{i:02d}", rating=2000 - 7 * i)
    clients = []
    for i in range(20):
        client = Client(raise_request_exception=False)
        user = users[i % len(users)]
        if i % 2:
            client.force_login(user)
            clients.append((client, "web", {}))
        else:
            token = Token.objects.get_or_create(user=user)[0].key
            clients.append((client, "api", {"HTTP_AUTHORIZATION": f"Token {token}"}))
    answers: list[tuple[str, int, str]] = []
    lock = threading.Lock()

    def click(i: int) -> None:
        client, kind, headers = clients[i]
        if kind == "web":
            response = client.post(f"/t/{tournament.pk}/rounds/pair/")
            where = response.get("Location", "")
        else:
            response = client.post(f"/api/tournaments/{tournament.pk}/rounds/pair/", **headers)
            where = str(response.json().get("number")) if response.status_code < 500 else ""
        with lock:
            answers.append((kind, response.status_code, where))

    assert run_threads(20, click) == []

    assert Round.objects.filter(tournament=tournament).count() == 1
    rnd = Round.objects.get(tournament=tournament)
    assert rnd.number == 1 and rnd.status == Round.Status.DRAFT, rnd.error
    assert sorted({(k, s) for k, s, _ in answers}) == [("api", 202), ("web", 302)]
    assert {w for k, _, w in answers if k == "web"} == {f"/t/{tournament.pk}/rounds/1/"}
    assert {w for k, _, w in answers if k == "api"} == {"1"}
    # Paired once: seven boards and one bye, everyone exactly once, one audit entry each.
    boards = list(Board.objects.filter(round=rnd))
    byes = list(RoundBye.objects.filter(tournament=tournament, round_number=1))
    assert len(boards) == 7 and len(byes) == 1
    seated = [b.white_id for b in boards] + [b.black_id for b in boards] + [byes[0].participant_id]
    assert len(seated) == len(set(seated)) == 15
    assert AuditLog.objects.filter(tournament=tournament, action="round_pair").count() == 1
    assert AuditLog.objects.filter(tournament=tournament, action="round_paired").count() == 1
