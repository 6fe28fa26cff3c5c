"""The API's side of pairing that always ends (issue 19): 503 with a clear message and no round
when the broker cannot be reached; a stale claim reads as failed; a round being paired or failed
can be cancelled."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone
from kombu.exceptions import OperationalError

from tests import factories
from tournaments.models import Round


def rounds_url(t, rest: str = "") -> str:
    return f"/api/tournaments/{t.pk}/rounds/{rest}"


def field(tournament):
    for n in range(6):
        factories.ParticipantFactory(tournament=tournament, name=f"Entrant {n}", rating=2000 - 50 * n)
    return tournament


# The task is sent when the claim commits: a real commit, not the test's enclosing transaction.
@pytest.mark.django_db(transaction=True)
def test_an_unreachable_broker_answers_503_with_a_message_and_leaves_no_round(tournament, arbiter_api):
    t = field(tournament)
    down = OperationalError("Error 111 connecting to 127.0.0.1:8259. Connection refused.")
    with mock.patch("pairing.tasks.round_pair_task.apply_async", side_effect=down):
        response = arbiter_api.post(rounds_url(t, "pair/"))
    assert response.status_code == 503
    assert "pairing service is unavailable" in response.json()["detail"]
    assert not Round.objects.filter(tournament=t).exists()


def test_a_stale_claim_reads_as_failed(tournament, arbiter_api, settings):
    t = field(tournament)
    assert arbiter_api.post(rounds_url(t, "pair/")).status_code == 202
    Round.objects.filter(tournament=t).update(
        claimed_at=timezone.now() - timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT + 1)
    )
    body = arbiter_api.get(rounds_url(t, "1/")).json()
    assert body["status"] == "failed" and "did not finish within" in body["error"]


def test_a_round_being_paired_can_be_cancelled(tournament, arbiter_api):
    t = field(tournament)
    assert arbiter_api.post(rounds_url(t, "pair/")).status_code == 202
    assert arbiter_api.delete(rounds_url(t, "1/")).status_code == 204
    assert not Round.objects.filter(tournament=t).exists()
