from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations
from unittest import mock

import pytest

from core.errors import NotAllowedError, ValidationFailed
from pairing.services.drafts import board_swap_colours, boards_exchange_opponents
from pairing.services.execute import round_pair_execute
from pairing.services.round_robin import tournament_start
from pairing.services.swiss import round_delete, round_pair, round_publish, round_repair
from tournaments.models import AuditLog, Board, Participant, Round, RoundBye
from tournaments.services.participants.byes import bye_request
from tournaments.services.results import result_record
from tournaments.services.tournaments import tournament_create

from .conftest import add_players, pair_and_publish, play_round


def paired_ids(rnd):
    return {pk for pair in Board.objects.filter(round=rnd).values_list("white_id", "black_id") for pk in pair}


def test_pairing_is_enqueued_after_commit_and_produces_a_draft(
    swiss, arbiter, django_capture_on_commit_callbacks
):
    with mock.patch("pairing.tasks.round_pair_task.apply_async") as send:
        with django_capture_on_commit_callbacks(execute=True) as callbacks:
            rnd = round_pair(tournament=swiss, user=arbiter)
            send.assert_not_called()
    assert len(callbacks) == 1
    rnd.refresh_from_db()
    send.assert_called_once_with(args=(rnd.pk,), task_id=rnd.task_id)
    assert rnd.status == Round.Status.PAIRING and not Board.objects.filter(round=rnd).exists()


def test_the_enqueued_task_pairs_the_round(swiss, arbiter, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        rnd = round_pair(tournament=swiss, user=arbiter)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.DRAFT
    assert Board.objects.filter(round=rnd).count() == 5
    assert rnd.explanation["scoregroups"] and rnd.violations == []


def test_claiming_twice_returns_the_same_round(swiss, arbiter):
    first = round_pair(tournament=swiss, user=arbiter)
    second = round_pair(tournament=swiss, user=arbiter)
    assert first.pk == second.pk and Round.objects.filter(tournament=swiss).count() == 1
    round_pair_execute(round_id=first.pk)
    round_pair_execute(round_id=first.pk)  # a duplicate delivery does nothing
    assert Board.objects.filter(round=first).count() == 5
    assert round_pair(tournament=swiss, user=arbiter).pk == first.pk


def test_the_next_round_waits_for_every_result_and_names_the_missing_boards(swiss, arbiter):
    rnd = pair_and_publish(swiss, arbiter)
    boards = list(Board.objects.filter(round=rnd).order_by("number"))
    for board in boards[:2] + boards[3:4]:
        result_record(board=board, user=arbiter, result="1-0", expected_version=board.version)
    with pytest.raises(ValidationFailed) as exc:
        round_pair(tournament=swiss, user=arbiter)
    assert "Round 1 is not finished: boards 3, 5 have no result yet" in exc.value.message
    assert Round.objects.filter(tournament=swiss).count() == 1


def test_an_odd_field_gives_the_pairing_allocated_bye_worth_the_organisers_points(tournament, arbiter):
    tournament.bye_points = 1
    tournament.save()
    add_players(tournament, 7)
    rnd = pair_and_publish(tournament, arbiter)
    bye = RoundBye.objects.get(round_number=1, kind="pab")
    assert bye.points == 1
    assert bye.participant.pairing_number == 7  # the lowest in the bottom half gets it in round 1
    assert bye.participant_id not in paired_ids(rnd)


def test_a_crash_while_pairing_leaves_no_half_paired_round_and_it_can_be_paired_again(swiss, arbiter):
    rnd = round_pair(tournament=swiss, user=arbiter)
    with mock.patch.object(Board.objects, "bulk_create", side_effect=RuntimeError("db went away")):
        round_pair_execute(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.FAILED and "db went away" in rnd.error
    assert not Board.objects.filter(round=rnd).exists()
    again = round_pair(tournament=swiss, user=arbiter)
    assert again.pk == rnd.pk and again.status == Round.Status.PAIRING
    round_pair_execute(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.DRAFT and Board.objects.filter(round=rnd).count() == 5


def test_a_crash_after_some_boards_are_written_rolls_all_of_them_back(tournament, arbiter):
    add_players(tournament, 7)  # odd: the bye is written after the boards
    rnd = round_pair(tournament=tournament, user=arbiter)
    with mock.patch("pairing.services.swiss.RoundBye.objects.create", side_effect=RuntimeError("crash")):
        round_pair_execute(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.FAILED
    assert not Board.objects.filter(round=rnd).exists() and not RoundBye.objects.exists()


def test_a_pairing_that_fails_the_independent_check_is_never_saved(swiss, arbiter):
    from pairing.engine import dutch

    rnd = round_pair(tournament=swiss, user=arbiter)
    real = dutch.pair_round

    def engine_that_forgets_a_board(request):
        result = real(request)
        return replace(result, boards=result.boards[1:])  # two players left unpaired, unreported

    with mock.patch("pairing.services.execute.pair_round", side_effect=engine_that_forgets_a_board):
        round_pair_execute(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.FAILED and "independent check" in rnd.error
    assert "Player 01 is left without a game or the bye" in rnd.error
    assert not Board.objects.filter(round=rnd).exists()


def test_publish_delete_and_repair_work_on_drafts_only(swiss, arbiter):
    rnd = round_pair(tournament=swiss, user=arbiter)
    round_pair_execute(round_id=rnd.pk)
    round_delete(round=rnd, user=arbiter)
    assert not Round.objects.filter(tournament=swiss).exists()
    swiss.refresh_from_db()
    assert swiss.status == "registration"
    rnd = round_pair(tournament=swiss, user=arbiter)
    round_pair_execute(round_id=rnd.pk)
    round_repair(round=rnd, user=arbiter)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PAIRING and not Board.objects.filter(round=rnd).exists()
    round_pair_execute(round_id=rnd.pk)
    round_publish(round=rnd, user=arbiter)
    assert rnd.status == Round.Status.PUBLISHED and rnd.published_at
    for action in (round_delete, round_repair, round_publish):
        with pytest.raises(ValidationFailed, match="only a draft"):
            action(round=rnd, user=arbiter)
    assert [a.action for a in AuditLog.objects.order_by("id") if a.action.startswith("round_")][
        -1
    ] == "round_publish"


def test_a_draft_that_pairs_someone_now_on_a_bye_must_be_paired_again(swiss, arbiter):
    rnd = round_pair(tournament=swiss, user=arbiter)
    round_pair_execute(round_id=rnd.pk)
    player = Participant.objects.get(tournament=swiss, pairing_number=3)
    bye = bye_request(participant=player, round_number=1, kind="zero", user=arbiter)
    assert bye.draft_needs_repair
    with pytest.raises(ValidationFailed, match="Pair the round again"):
        round_publish(round=rnd, user=arbiter)
    round_repair(round=rnd, user=arbiter)
    round_pair_execute(round_id=rnd.pk)
    round_publish(round=rnd, user=arbiter)
    assert player.pk not in paired_ids(rnd)


def test_swapping_colours_warns_about_each_rule_it_breaks(tournament, arbiter):
    add_players(tournament, 4)
    play_round(pair_and_publish(tournament, arbiter), arbiter)
    play_round(pair_and_publish(tournament, arbiter), arbiter)
    rnd = round_pair(tournament=tournament, user=arbiter)
    round_pair_execute(round_id=rnd.pk)
    warnings_per_board = {}
    for board in Board.objects.filter(round=rnd):
        warnings_per_board[board.number] = board_swap_colours(board=board, user=arbiter)
        board_swap_colours(board=Board.objects.get(pk=board.pk), user=arbiter)  # and back
    rules = {w.rule for ws in warnings_per_board.values() for w in ws.broken}
    # After W,B or B,W histories every swap in round 3 breaks a colour rule for someone.
    assert rules & {"colour-three-in-row", "colour-difference", "colour-clash"}
    assert all(w.names and w.message for ws in warnings_per_board.values() for w in ws.broken)
    rnd.refresh_from_db()
    assert rnd.violations == []  # swapped back: nothing broken any more


def test_exchanging_opponents_into_a_rematch_is_named(tournament, arbiter):
    add_players(tournament, 4)
    r1 = play_round(pair_and_publish(tournament, arbiter), arbiter)
    met = {frozenset(p) for p in Board.objects.filter(round=r1).values_list("white_id", "black_id")}
    rnd = round_pair(tournament=tournament, user=arbiter)
    round_pair_execute(round_id=rnd.pk)
    b1, b2 = Board.objects.filter(round=rnd).order_by("number")
    if frozenset((b1.white_id, b2.black_id)) not in met:
        board_swap_colours(board=b2, user=arbiter)
        b2.refresh_from_db()
    warnings = boards_exchange_opponents(board_a=b1, board_b=b2, user=arbiter)
    assert "rematch" in {w.rule for w in warnings.broken}
    rnd.refresh_from_db()
    assert "rematch" in {v["rule"] for v in rnd.violations}
    assert Board.objects.filter(round=rnd).count() == 2


def test_strangers_cannot_pair(swiss, stranger):
    with pytest.raises(NotAllowedError):
        round_pair(tournament=swiss, user=stranger)


def test_baku_round_one_uses_virtual_points_for_ga(organiser, arbiter):
    t = tournament_create(user=organiser, name="Baku", rounds_planned=7, acceleration="baku", lots_seed=1)
    add_players(t, 12)
    rnd = pair_and_publish(t, organiser)
    t.refresh_from_db()
    assert t.baku_last_ga.pairing_number == 6
    assert rnd.explanation["baku"]["virtual_points"] == {
        str(pk): 2
        for pk in Participant.objects.filter(tournament=t, pairing_number__lte=6).values_list("pk", flat=True)
    }
    # GA (1-6) plays within itself in round 1: 1-4, 2-5, 3-6 (top half against bottom half of the group).
    pairs = {
        frozenset((b.white.pairing_number, b.black.pairing_number))
        for b in Board.objects.filter(round=rnd).select_related("white", "black")
    }
    assert {frozenset((1, 4)), frozenset((2, 5)), frozenset((3, 6))} <= pairs


def test_a_round_robin_is_drawn_up_in_full_when_it_starts(organiser):
    t = tournament_create(
        user=organiser, name="Closed", format="round_robin", lots_seed=7, pairing_numbers="lot"
    )
    people = add_players(t, 5)
    rounds = tournament_start(tournament=t, user=organiser)
    t.refresh_from_db()
    assert len(rounds) == 5 and t.rounds_planned == 5
    assert all(r.status == Round.Status.PUBLISHED for r in rounds)
    meetings = Counter(
        frozenset(p) for p in Board.objects.filter(round__tournament=t).values_list("white_id", "black_id")
    )
    assert set(meetings) == {frozenset(pair) for pair in combinations([p.pk for p in people], 2)}
    assert set(meetings.values()) == {1}
    byes = RoundBye.objects.filter(tournament=t)
    assert sorted(byes.values_list("participant_id", flat=True)) == sorted(p.pk for p in people)
    assert set(byes.values_list("points", flat=True)) == {0}
    with pytest.raises(ValidationFailed, match="already started"):
        tournament_start(tournament=t, user=organiser)


def test_pairing_numbers_by_lot_are_reproducible_from_the_seed(organiser):
    orders = []
    for name in ("A", "B"):
        t = tournament_create(
            user=organiser, name=name, format="round_robin", lots_seed=99, pairing_numbers="lot"
        )
        add_players(t, 6)
        tournament_start(tournament=t, user=organiser)
        orders.append(
            list(
                Participant.objects.filter(tournament=t)
                .order_by("pairing_number")
                .values_list("name", flat=True)
            )
        )
    assert orders[0] == orders[1]
    assert orders[0] != sorted(orders[0])  # seed 99 does not happen to give rating order


def test_a_double_round_robin_reverses_colours_and_never_gives_three_in_a_row(organiser):
    t = tournament_create(user=organiser, name="Double", format="round_robin", double_round_robin=True)
    add_players(t, 6)
    tournament_start(tournament=t, user=organiser)
    assert t.rounds_planned == 10
    colours: dict[int, list[str]] = {}
    for number in range(1, 11):
        for w, b in Board.objects.filter(round__tournament=t, round__number=number).values_list(
            "white_id", "black_id"
        ):
            colours.setdefault(w, []).append("W")
            colours.setdefault(b, []).append("B")
    for seq in colours.values():
        text = "".join(seq)
        assert "WWW" not in text and "BBB" not in text
    pairs = Counter(
        (w, b) for w, b in Board.objects.filter(round__tournament=t).values_list("white_id", "black_id")
    )
    assert set(pairs.values()) == {1}
    assert all((b, w) in pairs for w, b in pairs)


def test_round_robins_are_not_paired_round_by_round(organiser):
    t = tournament_create(user=organiser, name="Closed", format="round_robin")
    with pytest.raises(ValidationFailed, match="not paired round by round"):
        round_pair(tournament=t, user=organiser)
