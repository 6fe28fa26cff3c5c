"""Issue 29: no write on GET. The API's round detail applied the stale-claim rule when it looked
(an UPDATE of the round, an audit row); it now shows a stale claim as failed and writes nothing,
and the next pair request records the failure before it claims again."""

from __future__ import annotations

from datetime import timedelta

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from pairing.services.swiss import round_pair
from tests.factories import ParticipantFactory
from tournaments.models import AuditLog, Round
from tournaments.services.participants.numbers import pairing_numbers_assign


def test_a_stale_claim_reads_as_failed_and_the_read_writes_nothing(
    tournament, arbiter, arbiter_api, settings
):
    for number in range(8):
        ParticipantFactory(tournament=tournament, name=f"Player {number}", rating=2000 - number)
    pairing_numbers_assign(tournament)
    rnd = round_pair(tournament=tournament, user=arbiter)
    Round.objects.filter(pk=rnd.pk).update(
        claimed_at=timezone.now() - timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT + 1)
    )
    audit_rows = AuditLog.objects.count()

    with CaptureQueriesContext(connection) as queries:
        response = arbiter_api.get(f"/api/tournaments/{tournament.pk}/rounds/1/")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "failed" and "did not finish within" in body["error"]
    writes = [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))
    ]
    assert writes == []
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.PAIRING
    assert AuditLog.objects.count() == audit_rows

    again = arbiter_api.post(f"/api/tournaments/{tournament.pk}/rounds/pair/")
    assert again.status_code == 202 and again.json()["id"] == rnd.pk
    assert AuditLog.objects.filter(action="round_pair_expired").count() == 1
