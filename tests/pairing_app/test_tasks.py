"""pairing.tasks: the Celery task hands the round id to the pairing service, under a stable name."""

from __future__ import annotations

from unittest import mock

from pairing.tasks import round_pair_task


def test_the_task_hands_the_round_id_to_the_service():
    with mock.patch("pairing.tasks.round_pair_execute") as service:
        round_pair_task.run(42)
    service.assert_called_once_with(round_id=42, task_id=None)


def test_the_task_is_registered_under_a_stable_name_and_has_time_limits():
    assert round_pair_task.name == "tournaments.round_pair"
    assert round_pair_task.soft_time_limit and round_pair_task.time_limit


def test_the_stale_claim_task_hands_over_to_the_service_under_a_stable_name():
    """The stale-claim rule runs from a task (or the command), never from a page."""
    from pairing.tasks import expire_stale_pairings_task

    assert expire_stale_pairings_task.name == "pairing.expire_stale_pairings"
    with mock.patch("pairing.tasks.stale_pairings_expire", return_value=2) as service:
        assert expire_stale_pairings_task.run() == 2
    service.assert_called_once_with()
