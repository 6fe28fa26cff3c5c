"""The round page offers the arbiter a way out in every state (issue 19): while the round is being
paired and after a failure, "Pair again" and "Cancel" (each asking first), not only a spinner; a
claim older than the task's time limit is shown as failed (the page and its status write nothing:
"Pair again" records the failure and claims again, the command records it on its own); a broker
that cannot be reached is reported on the page and leaves no round."""

from __future__ import annotations

import io
from datetime import timedelta
from unittest import mock

import pytest
from django.contrib.messages import get_messages
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from kombu.exceptions import OperationalError

from pairing.services.swiss import round_pair
from tournaments.models import AuditLog, Round

from .conftest import htmx


def round_url(tournament, name="round", number=1):
    return reverse(f"tournaments:{name}", kwargs={"tournament_id": tournament.pk, "number": number})


def test_while_pairing_the_page_offers_pair_again_and_cancel_with_a_confirmation(
    arbiter_client, tournament, players, arbiter
):
    round_pair(tournament=tournament, user=arbiter)
    body = arbiter_client.get(round_url(tournament)).content.decode()
    assert "Pairing round 1" in body
    assert f'action="{round_url(tournament, "round_repair")}"' in body
    assert f'action="{round_url(tournament, "round_delete")}"' in body
    assert 'data-confirm="Pair round 1 again?' in body and 'data-confirm="Cancel round 1?' in body


def test_after_a_failure_pair_again_and_cancel_ask_first(arbiter_client, tournament, players, arbiter):
    rnd = round_pair(tournament=tournament, user=arbiter)
    Round.objects.filter(pk=rnd.pk).update(status="failed", error="Stopped.")
    body = arbiter_client.get(round_url(tournament)).content.decode()
    assert f'action="{round_url(tournament, "round_repair")}"' in body
    assert f'action="{round_url(tournament, "round_delete")}"' in body
    assert 'data-confirm="Pair round 1 again?' in body and 'data-confirm="Cancel round 1?' in body


def stale_round(tournament, arbiter, settings) -> Round:
    """A round whose pairing job died: still "being paired", claimed longer ago than a task may run."""
    rnd = round_pair(tournament=tournament, user=arbiter)
    Round.objects.filter(pk=rnd.pk).update(
        claimed_at=timezone.now() - timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT + 1)
    )
    return Round.objects.get(pk=rnd.pk)


def test_a_stale_claim_is_shown_as_failed_when_the_page_looks_at_it(
    arbiter_client, tournament, players, arbiter, settings
):
    rnd = stale_round(tournament, arbiter, settings)
    for response in (
        arbiter_client.get(round_url(tournament, "round_status")),
        arbiter_client.get(round_url(tournament)),
        htmx(arbiter_client, "get", round_url(tournament, "round_status") + "?polling=1"),  # the poll
    ):
        body = response.content.decode()
        assert "Pairing failed" in body and "did not finish within" in body and "every 2s" not in body
        assert f'action="{round_url(tournament, "round_repair")}"' in body  # "Pair again", one click away
    assert b'http-equiv="refresh"' not in arbiter_client.get(round_url(tournament)).content
    # Looking wrote nothing: the round is as the dead job left it.
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.PAIRING
    assert not AuditLog.objects.filter(action="round_pair_expired").exists()


def test_pair_again_on_a_stale_claim_records_the_failure_and_claims_again(
    arbiter_client, tournament, players, arbiter, settings
):
    rnd = stale_round(tournament, arbiter, settings)
    response = arbiter_client.post(round_url(tournament, "round_repair"))
    assert response.status_code == 302 and response["Location"].endswith(round_url(tournament))
    expired = AuditLog.objects.get(action="round_pair_expired", object_id=str(rnd.pk))
    assert "did not finish within" in expired.after["error"]
    assert AuditLog.objects.filter(action="round_repair", object_id=str(rnd.pk)).exists()
    again = Round.objects.get(pk=rnd.pk)
    assert again.status == Round.Status.PAIRING and again.task_id != rnd.task_id
    assert again.claimed_at > rnd.claimed_at and again.error == ""
    body = arbiter_client.get(round_url(tournament)).content.decode()
    assert "Pairing round 1" in body and "every 2s" in body and "Pairing failed" not in body


def test_pair_again_on_a_claim_still_within_its_time_records_no_failure(
    arbiter_client, tournament, players, arbiter
):
    rnd = round_pair(tournament=tournament, user=arbiter)
    arbiter_client.post(round_url(tournament, "round_repair"))
    assert not AuditLog.objects.filter(action="round_pair_expired").exists()
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.PAIRING


def test_the_periodic_check_marks_a_stale_claim_failed_and_the_page_says_why(
    arbiter_client, tournament, players, arbiter, settings
):
    rnd = stale_round(tournament, arbiter, settings)
    call_command("expire_stale_pairings", stdout=io.StringIO())
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.FAILED
    body = arbiter_client.get(round_url(tournament, "round_status")).content.decode()
    assert "Pairing failed" in body and "did not finish within" in body and "every 2s" not in body


def test_a_get_of_the_round_page_and_of_its_status_poll_writes_nothing(
    arbiter_client, tournament, players, arbiter, settings
):
    """A page is never a write, not even for a claim the stale-claim rule would fail."""
    rnd = stale_round(tournament, arbiter, settings)
    with CaptureQueriesContext(connection) as queries:
        for response in (
            arbiter_client.get(round_url(tournament)),
            htmx(arbiter_client, "get", round_url(tournament)),
            arbiter_client.get(round_url(tournament, "round_status")),
            htmx(arbiter_client, "get", round_url(tournament, "round_status")),
            htmx(arbiter_client, "get", round_url(tournament, "round_status") + "?polling=1"),
        ):
            assert response.status_code == 200
    writes = [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE", "REPLACE"))
    ]
    assert writes == []
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.PAIRING


def test_cancel_while_pairing_removes_the_round(arbiter_client, tournament, players, arbiter):
    round_pair(tournament=tournament, user=arbiter)
    response = arbiter_client.post(round_url(tournament, "round_delete"))
    assert response.status_code == 302 and response["Location"].endswith("/rounds/")
    assert not Round.objects.filter(tournament=tournament).exists()


# The task is sent when the claim commits: a real commit, not the test's enclosing transaction.
@pytest.mark.django_db(transaction=True)
def test_an_unreachable_broker_says_so_on_the_page_and_leaves_no_round(arbiter_client, tournament, players):
    down = OperationalError("Error 111 connecting to 127.0.0.1:8259. Connection refused.")
    with mock.patch("pairing.tasks.round_pair_task.apply_async", side_effect=down):
        response = arbiter_client.post(
            reverse("tournaments:round_pair", kwargs={"tournament_id": tournament.pk})
        )
    assert response.status_code == 302 and response["Location"].endswith("/rounds/")
    text = [str(m) for m in get_messages(response.wsgi_request)]
    assert any("pairing service is unavailable" in m and "try again" in m for m in text), text
    assert not Round.objects.filter(tournament=tournament).exists()
