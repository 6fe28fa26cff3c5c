"""FIDE mode (issue 34): on by default; only the previous round's results change; corrections for
the rating report recorded apart; leaving takes two warnings, is final and is written in the TRF."""

from __future__ import annotations

import re

import pytest

from core.errors import NotAllowedError, ValidationFailed
from pairing.standings import standings_for_tournament
from tournaments.exchange.trf_export import trf_export
from tournaments.exchange.trf_import import trf_import
from tournaments.models import AuditLog, Board, RatingReportCorrection, Tournament
from tournaments.services.fide_mode import fide_mode_leave, rating_report_correction_record
from tournaments.services.results import result_record
from tournaments.services.tournaments import tiebreaks_change, tournament_create, tournament_update

from .conftest import pair_and_publish, play_round

pytestmark = pytest.mark.django_db


def three_rounds(swiss, arbiter):
    first = play_round(pair_and_publish(swiss, arbiter), arbiter)
    second = play_round(pair_and_publish(swiss, arbiter), arbiter)
    third = pair_and_publish(swiss, arbiter)
    return first, second, third


def test_a_new_tournament_is_in_fide_mode(organiser):
    assert tournament_create(user=organiser, name="Rated Open").fide_mode is True


def test_only_the_previous_rounds_results_can_change(swiss, arbiter):
    first, second, _third = three_rounds(swiss, arbiter)
    old = Board.objects.get(round=first, number=1)
    with pytest.raises(
        ValidationFailed, match="FIDE mode: only the results of the round in play and the one before"
    ):
        result_record(board=old, user=arbiter, result="0-1", expected_version=old.version)
    assert Board.objects.get(pk=old.pk).result == "1-0"
    previous = Board.objects.get(round=second, number=1)
    result_record(board=previous, user=arbiter, result="0-1", expected_version=previous.version)
    assert Board.objects.get(pk=previous.pk).result == "0-1"


def test_outside_fide_mode_an_older_result_can_still_be_corrected(swiss, arbiter, organiser):
    first, _second, _third = three_rounds(swiss, arbiter)
    fide_mode_leave(
        tournament=swiss,
        user=organiser,
        reason="Club rapid, not rated",
        first_warning=True,
        second_warning=True,
    )
    old = Board.objects.get(round=first, number=1)
    result_record(board=old, user=arbiter, result="0-1", expected_version=old.version)
    assert Board.objects.get(pk=old.pk).result == "0-1"


def test_leaving_takes_both_warnings_is_final_and_audited(swiss, organiser, arbiter):
    with pytest.raises(ValidationFailed, match="both warnings"):
        fide_mode_leave(
            tournament=swiss, user=organiser, reason="x", first_warning=True, second_warning=False
        )
    with pytest.raises(NotAllowedError):
        fide_mode_leave(tournament=swiss, user=arbiter, reason="x", first_warning=True, second_warning=True)
    assert Tournament.objects.get(pk=swiss.pk).fide_mode
    fide_mode_leave(
        tournament=swiss, user=organiser, reason="Not rated", first_warning=True, second_warning=True
    )
    swiss.refresh_from_db()
    assert not swiss.fide_mode and swiss.fide_mode_left_reason == "Not rated"
    assert AuditLog.objects.filter(tournament=swiss, action="fide_mode_left").count() == 1
    with pytest.raises(ValidationFailed, match="already left"):
        fide_mode_leave(
            tournament=swiss, user=organiser, reason="again", first_warning=True, second_warning=True
        )
    with pytest.raises(ValidationFailed, match="Unknown tournament settings"):
        tournament_update(tournament=swiss, user=organiser, fide_mode=True)
    assert "### FIDE mode LEFT on" in trf_export(tournament=swiss) and "Not rated" in trf_export(
        tournament=swiss
    )


def test_a_correction_for_the_rating_report_is_kept_apart_and_written_in_the_trf(swiss, arbiter):
    first, _second, _third = three_rounds(swiss, arbiter)
    before = standings_for_tournament(swiss)
    board = Board.objects.select_related("round__tournament").get(round=first, number=1)
    rating_report_correction_record(
        board=board, user=arbiter, result="1/2-1/2", reason="Scoresheet shows a draw"
    )
    assert Board.objects.get(pk=board.pk).result == "1-0"  # the played result stands
    assert standings_for_tournament(swiss).rows == before.rows
    assert RatingReportCorrection.objects.get().result == "1/2-1/2"
    text = trf_export(tournament=swiss)
    assert "### Rating report correction: round 1 board 1: 1-0 -> 1/2-1/2 (Scoresheet shows a draw)" in text
    white = [line for line in text.splitlines() if line.startswith("001") and board.white.name[:20] in line][
        0
    ]
    assert " = " in white[91:101] or white[91:101].rstrip().endswith("=")  # round 1 written as a draw


def test_the_trf_records_the_lots_seed_fide_mode_and_a_tiebreak_change(swiss, arbiter):
    play_round(pair_and_publish(swiss, arbiter), arbiter)
    tiebreaks_change(tournament=swiss, user=arbiter, codes="BH,SB", reason="Announced wrongly before round 1")
    text = trf_export(tournament=swiss)
    assert f"### Drawing of lots: seed {swiss.lots_seed} (repeatable)" in text
    assert "### FIDE mode: on" in text
    assert "### Tie-breaks changed after the start on" in text and "Announced wrongly" in text
    # The line names the round in play, which a rating officer reads against the crosstable.
    assert re.search(r"### Tie-breaks changed after the start on \d{4}-\d{2}-\d{2} in round 1: ", text)


def test_the_left_line_names_the_round_and_reads_back(swiss, organiser, arbiter):
    play_round(pair_and_publish(swiss, arbiter), arbiter)
    pair_and_publish(swiss, arbiter)
    fide_mode_leave(
        tournament=swiss, user=organiser, reason="Club rapid", first_warning=True, second_warning=True
    )
    text = trf_export(tournament=swiss)
    assert re.search(r"### FIDE mode LEFT on \d{4}-\d{2}-\d{2} in round 2: Club rapid", text)
    back = trf_import(text=text, owner=organiser).tournament
    assert not back.fide_mode and back.fide_mode_left_reason == "Club rapid"


def test_a_rating_report_correction_needs_a_finished_round_and_a_reason(swiss, arbiter):
    rnd = pair_and_publish(swiss, arbiter)
    board = Board.objects.select_related("round__tournament").get(round=rnd, number=1)
    with pytest.raises(ValidationFailed, match="finished round"):
        rating_report_correction_record(board=board, user=arbiter, result="1-0", reason="x")
    play_round(rnd, arbiter)
    board.refresh_from_db()
    with pytest.raises(ValidationFailed):
        rating_report_correction_record(board=board, user=arbiter, result="0-1", reason="  ")
    assert not RatingReportCorrection.objects.exists()
