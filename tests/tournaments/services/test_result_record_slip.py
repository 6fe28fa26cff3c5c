"""``result_record_slip``: a paper slip typed by board number, for any board of the round."""

from __future__ import annotations

import pytest

from core.errors import ConfirmationNeeded, NotAllowedError, ValidationFailed
from tournaments.models import AuditLog, Board
from tournaments.services.results import result_record, result_record_slip

from .conftest import pair_and_publish


@pytest.fixture
def rnd(swiss, arbiter):
    return pair_and_publish(swiss, arbiter)


def test_it_records_the_board_with_that_number(rnd, arbiter):
    saved = result_record_slip(round=rnd, number=3, user=arbiter, result="0-1")
    assert (saved.number, saved.result, saved.version) == (3, "0-1", 1)
    assert Board.objects.get(round=rnd, number=3).result == "0-1"
    assert AuditLog.objects.get(action="result_record").after["board"] == 3


def test_it_asks_before_changing_a_board_showing_another_result(rnd, arbiter, organiser):
    """Issue 33 (2): a slip never silently replaces a result; confirmed, it changes it."""
    board = Board.objects.get(round=rnd, number=2)
    result_record(board=board, user=organiser, result="1-0", expected_version=0)
    with pytest.raises(ConfirmationNeeded) as exc:
        result_record_slip(round=rnd, number=2, user=arbiter, result="0-1")
    assert "already shows 1-0" in exc.value.message and "Change it to 0-1?" in exc.value.message
    assert Board.objects.get(pk=board.pk).result == "1-0"
    assert result_record_slip(round=rnd, number=2, user=arbiter, result="0-1", confirm=True).result == "0-1"


def test_the_same_result_again_changes_nothing(rnd, arbiter, organiser):
    board = Board.objects.get(round=rnd, number=2)
    result_record(board=board, user=organiser, result="1-0", expected_version=0)
    assert result_record_slip(round=rnd, number=2, user=arbiter, result="1-0").version == 1


def test_a_number_the_round_has_no_board_for(rnd, arbiter):
    with pytest.raises(ValidationFailed, match="There is no board 99 in round 1"):
        result_record_slip(round=rnd, number=99, user=arbiter, result="1-0")


def test_only_the_tournaments_arbiters_may(rnd, stranger):
    with pytest.raises(NotAllowedError):
        result_record_slip(round=rnd, number=1, user=stranger, result="1-0")
    assert not Board.objects.filter(round=rnd).exclude(result="").exists()
