"""A double-clicked button: every write endpoint, the same request three times at once (each on
its own connection), as an organiser on PostgreSQL. No answer is a server error, and where the
second click must not count twice, it does not."""

from __future__ import annotations

import threading

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from tests.reliability.test_concurrent_results import run_threads
from tests.security import world as w
from tests.security.test_authorization_matrix import MATRIX, _path_for, _request
from tournaments.models import AuditLog, Participant, Round, RoundBye, TournamentRole

CLICKS = 3

ONCE = {
    # endpoint: what must exist exactly once afterwards, however many clicks got through
    "tournaments:round_pair": lambda t: Round.objects.filter(tournament=t, number=2).count(),
    "api:round-pair": lambda t: Round.objects.filter(tournament=t, number=2).count(),
    "tournaments:participant_add": lambda t: Participant.objects.filter(
        tournament=t, name="Nina Newcomer"
    ).count(),
    "api:participants": lambda t: Participant.objects.filter(tournament=t, name="Nina Newcomer").count(),
    "api:late-entries": lambda t: Participant.objects.filter(tournament=t, name="Lars Late").count(),
    "tournaments:bye_add": lambda t: RoundBye.objects.filter(tournament=t, round_number=2).count(),
    "api:byes": lambda t: RoundBye.objects.filter(tournament=t, round_number=2).count(),
    "tournaments:staff_add": lambda t: TournamentRole.objects.filter(
        tournament=t, user__username="vera-volunteer"
    ).count(),
    "tournaments:result": lambda t: AuditLog.objects.filter(tournament=t, action="result_record").count(),
    "api:board": lambda t: AuditLog.objects.filter(tournament=t, action="result_record").count(),
    "tournaments:round_publish": lambda t: AuditLog.objects.filter(
        tournament=t, action="round_publish"
    ).count(),
    "api:round-publish": lambda t: AuditLog.objects.filter(tournament=t, action="round_publish").count(),
    "tournaments:start": lambda t: AuditLog.objects.filter(tournament=t, action="tournament_start").count(),
    "api:start": lambda t: AuditLog.objects.filter(tournament=t, action="tournament_start").count(),
    "tournaments:withdraw": lambda t: AuditLog.objects.filter(
        tournament=t, action="participant_withdraw"
    ).count(),
    "api:withdraw": lambda t: AuditLog.objects.filter(tournament=t, action="participant_withdraw").count(),
}
"""Creating a tournament or importing a file twice makes two tournaments, as two clicks on "Create"
would one after the other; those are checked for server errors only."""

ENDPOINTS = sorted(MATRIX)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("name", "method"), ENDPOINTS, ids=[f"{n}-{m}" for n, m in ENDPOINTS])
def test_three_identical_clicks_at_once_never_fail_and_count_once(name, method, tournament, organiser):
    spec = MATRIX[(name, method)]
    world = w.build(tournament, spec.state)
    path, data = _path_for(name, world), spec.data(world)
    token = Token.objects.get_or_create(user=organiser)[0].key
    clients = []
    for _ in range(CLICKS):
        client = Client(raise_request_exception=False)
        if name.startswith("api:"):
            clients.append((client, {"HTTP_AUTHORIZATION": f"Token {token}"}))
        else:
            client.force_login(organiser)
            clients.append((client, {}))
    statuses: list[int] = []
    lock = threading.Lock()

    def click(i: int) -> None:
        client, extra = clients[i]
        response = _request(client, method, path, data, **extra)
        with lock:
            statuses.append(response.status_code)

    assert run_threads(CLICKS, click) == []
    assert all(s < 500 for s in statuses), statuses
    assert any(s < 400 for s in statuses), statuses
    if name in ONCE:
        assert ONCE[name](tournament) == 1
