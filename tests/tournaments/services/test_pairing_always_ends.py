"""Pairing that always ends (issue 19): every claim records its task and time, a claim older than
the task's hard time limit fails with a message, the arbiter can pair again or cancel in every
state, a task delivered again (or superseded) does nothing, and a broker that cannot be reached
leaves no round behind."""

from __future__ import annotations

import io
import logging
from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone
from kombu.exceptions import OperationalError

from pairing.services.execute import round_pair_execute, round_pairing_expire
from pairing.services.swiss import PairingUnavailable, round_delete, round_pair, round_repair
from tournaments.models import AuditLog, Board, Round, Tournament

BROKER_DOWN = OperationalError("Error 111 connecting to 127.0.0.1:8259. Connection refused.")


def claimed_ago(rnd: Round, seconds: int) -> None:
    Round.objects.filter(pk=rnd.pk).update(claimed_at=timezone.now() - timedelta(seconds=seconds))


def test_a_claim_records_its_task_id_and_time_and_sends_the_task_under_that_id(
    swiss, arbiter, django_capture_on_commit_callbacks
):
    with mock.patch("pairing.tasks.round_pair_task.apply_async") as send:
        with django_capture_on_commit_callbacks(execute=True):
            rnd = round_pair(tournament=swiss, user=arbiter)
            send.assert_not_called()  # only once the claim is committed
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PAIRING and rnd.task_id and rnd.claimed_at is not None
    send.assert_called_once()
    assert send.call_args.kwargs["args"] == (rnd.pk,)
    assert send.call_args.kwargs["task_id"] == rnd.task_id


@pytest.mark.parametrize("limit", [60, 300])
def test_a_claim_older_than_the_hard_time_limit_fails_with_a_clear_message(swiss, arbiter, settings, limit):
    settings.CELERY_TASK_TIME_LIMIT = limit
    rnd = round_pair(tournament=swiss, user=arbiter)
    claimed_ago(rnd, limit - 5)
    assert (
        round_pairing_expire(round=Round.objects.get(pk=rnd.pk)).status == Round.Status.PAIRING
    )  # still within its time

    claimed_ago(rnd, limit + 5)
    expired = round_pairing_expire(round=Round.objects.get(pk=rnd.pk))
    assert expired.status == Round.Status.FAILED
    assert f"did not finish within {limit // 60} minute" in expired.error
    assert "the pairing worker stopped or never received the task" in expired.error
    assert AuditLog.objects.filter(action="round_pair_expired", object_id=str(rnd.pk)).count() == 1
    # Its task, should it still arrive, does nothing.
    round_pair_execute(round_id=rnd.pk, task_id=expired.task_id)
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.FAILED
    assert not Board.objects.filter(round=rnd).exists()


def test_a_claim_from_before_claims_were_timed_counts_as_stale(swiss, arbiter):
    rnd = round_pair(tournament=swiss, user=arbiter)
    Round.objects.filter(pk=rnd.pk).update(claimed_at=None, task_id="")
    assert round_pairing_expire(round=Round.objects.get(pk=rnd.pk)).status == Round.Status.FAILED


def test_the_next_pair_request_on_a_stale_claim_claims_the_round_again(
    swiss, arbiter, django_capture_on_commit_callbacks
):
    first = round_pair(tournament=swiss, user=arbiter)
    claimed_ago(first, 3600)
    with django_capture_on_commit_callbacks(execute=True):
        again = round_pair(tournament=swiss, user=arbiter)
    assert again.pk == first.pk
    again.refresh_from_db()
    assert again.status == Round.Status.DRAFT, again.error
    assert Round.objects.filter(tournament=swiss).count() == 1


def test_a_fresh_claim_is_not_sent_twice_by_a_second_click(
    swiss, arbiter, django_capture_on_commit_callbacks
):
    with mock.patch("pairing.tasks.round_pair_task.apply_async") as send:
        with django_capture_on_commit_callbacks(execute=True):
            first = round_pair(tournament=swiss, user=arbiter)
        with django_capture_on_commit_callbacks(execute=True):
            second = round_pair(tournament=swiss, user=arbiter)
    assert first.pk == second.pk and send.call_count == 1


@pytest.mark.parametrize("state", ["pairing", "failed"])
def test_the_arbiter_can_pair_again_while_pairing_or_after_a_failure(
    swiss, arbiter, django_capture_on_commit_callbacks, state
):
    rnd = round_pair(tournament=swiss, user=arbiter)
    old_task = Round.objects.get(pk=rnd.pk).task_id
    Round.objects.filter(pk=rnd.pk).update(status=state, error="x" if state == "failed" else "")
    with django_capture_on_commit_callbacks(execute=True):
        round_repair(round=rnd, user=arbiter)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.DRAFT, rnd.error
    assert rnd.task_id != old_task
    assert Board.objects.filter(round=rnd).count() == 5


@pytest.mark.parametrize("state", ["pairing", "failed"])
def test_the_arbiter_can_cancel_a_round_being_paired_or_failed(swiss, arbiter, state):
    rnd = round_pair(tournament=swiss, user=arbiter)
    Round.objects.filter(pk=rnd.pk).update(status=state)
    round_delete(round=rnd, user=arbiter)
    assert not Round.objects.filter(tournament=swiss).exists()
    swiss.refresh_from_db()
    assert swiss.status == Tournament.Status.REGISTRATION


def test_a_redelivered_task_for_a_paired_round_does_nothing(swiss, arbiter):
    rnd = round_pair(tournament=swiss, user=arbiter)
    task_id = Round.objects.get(pk=rnd.pk).task_id
    round_pair_execute(round_id=rnd.pk, task_id=task_id)
    boards = list(Board.objects.filter(round=rnd).values_list("pk", "white_id", "black_id"))
    round_pair_execute(round_id=rnd.pk, task_id=task_id)
    assert list(Board.objects.filter(round=rnd).values_list("pk", "white_id", "black_id")) == boards
    assert AuditLog.objects.filter(action="round_paired").count() == 1


def test_a_redelivered_task_for_a_failed_round_does_nothing(swiss, arbiter):
    rnd = round_pair(tournament=swiss, user=arbiter)
    Round.objects.filter(pk=rnd.pk).update(status="failed", error="Stopped.")
    round_pair_execute(round_id=rnd.pk, task_id=Round.objects.get(pk=rnd.pk).task_id)
    rnd.refresh_from_db()
    assert (rnd.status, rnd.error) == (Round.Status.FAILED, "Stopped.")
    assert not Board.objects.filter(round=rnd).exists()


def test_a_redelivered_task_for_a_cancelled_round_does_nothing_and_logs_no_error(swiss, arbiter, caplog):
    rnd = round_pair(tournament=swiss, user=arbiter)
    task_id = Round.objects.get(pk=rnd.pk).task_id
    round_delete(round=rnd, user=arbiter)
    with caplog.at_level(logging.INFO, logger="pairing.services.swiss"):
        round_pair_execute(round_id=rnd.pk, task_id=task_id)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not Round.objects.filter(tournament=swiss).exists()


def test_the_task_of_a_superseded_claim_does_nothing(swiss, arbiter):
    rnd = round_pair(tournament=swiss, user=arbiter)
    old_task = Round.objects.get(pk=rnd.pk).task_id
    round_repair(round=rnd, user=arbiter)  # "Pair again" while it was being paired
    new_task = Round.objects.get(pk=rnd.pk).task_id
    round_pair_execute(round_id=rnd.pk, task_id=old_task)
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.PAIRING
    round_pair_execute(round_id=rnd.pk, task_id=new_task)
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.DRAFT


def test_an_unreachable_broker_leaves_no_round_behind_and_says_so(
    swiss, arbiter, django_capture_on_commit_callbacks
):
    with mock.patch("pairing.tasks.round_pair_task.apply_async", side_effect=BROKER_DOWN):
        with pytest.raises(PairingUnavailable) as exc:
            with django_capture_on_commit_callbacks(execute=True):
                round_pair(tournament=swiss, user=arbiter)
    assert exc.value.http_status == 503
    assert "pairing service is unavailable" in exc.value.message and "try again" in exc.value.message
    assert not Round.objects.filter(tournament=swiss).exists()
    swiss.refresh_from_db()
    assert swiss.status == Tournament.Status.REGISTRATION
    # Once the broker is back, the same click works.
    with django_capture_on_commit_callbacks(execute=True):
        rnd = round_pair(tournament=swiss, user=arbiter)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.DRAFT


def test_an_unreachable_broker_on_pair_again_leaves_the_round_failed_with_the_reason(
    swiss, arbiter, django_capture_on_commit_callbacks
):
    rnd = round_pair(tournament=swiss, user=arbiter)
    Round.objects.filter(pk=rnd.pk).update(status="failed", error="Stopped.")
    with mock.patch("pairing.tasks.round_pair_task.apply_async", side_effect=BROKER_DOWN):
        with pytest.raises(PairingUnavailable):
            with django_capture_on_commit_callbacks(execute=True):
                round_repair(round=rnd, user=arbiter)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.FAILED and "pairing service is unavailable" in rnd.error


def test_the_periodic_check_fails_every_stale_claim_and_leaves_fresh_ones(organiser, arbiter, settings):
    from django.core.management import call_command

    from tests.tournaments.services.conftest import add_players
    from tournaments.services.tournaments import tournament_create

    rounds = []
    for name in ("Stale", "Fresh"):
        t = tournament_create(user=organiser, name=name, rounds_planned=3)
        add_players(t, 4)
        rounds.append(round_pair(tournament=t, user=organiser))
    stale, fresh = rounds
    claimed_ago(stale, settings.CELERY_TASK_TIME_LIMIT + 1)
    out = io.StringIO()
    call_command("expire_stale_pairings", stdout=out)
    assert "1 stale pairing marked failed" in out.getvalue()
    assert Round.objects.get(pk=stale.pk).status == Round.Status.FAILED
    assert Round.objects.get(pk=fresh.pk).status == Round.Status.PAIRING


def test_a_pairing_stopped_by_the_soft_time_limit_fails_with_the_limit_in_words(swiss, arbiter, settings):
    from celery.exceptions import SoftTimeLimitExceeded

    settings.CELERY_TASK_SOFT_TIME_LIMIT = 240
    rnd = round_pair(tournament=swiss, user=arbiter)
    task_id = Round.objects.get(pk=rnd.pk).task_id
    with mock.patch("pairing.services.execute.pair_round", side_effect=SoftTimeLimitExceeded()):
        round_pair_execute(round_id=rnd.pk, task_id=task_id)
    rnd.refresh_from_db()
    assert (rnd.status, rnd.error) == (
        Round.Status.FAILED,
        "Pairing took longer than 4 minutes and was stopped.",
    )
    assert not Board.objects.filter(round=rnd).exists()
