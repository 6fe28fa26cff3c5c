"""Requested byes and absences."""

from __future__ import annotations

import pytest

from core.errors import ValidationFailed
from tournaments.models import AuditLog, Board, RoundBye
from tournaments.services.participants.byes import absence_mark, bye_cancel, bye_record, bye_request

from .conftest import add_players, pair_and_publish


def test_half_point_byes_respect_the_organisers_limits(tournament, arbiter):
    tournament.max_half_byes = 1
    tournament.no_byes_in_last_rounds = 2
    tournament.save()
    people = add_players(tournament, 6)
    bye = bye_request(participant=people[0], round_number=2, kind="half", user=arbiter).bye
    assert (bye.kind, bye.points) == ("half", 1)
    with pytest.raises(ValidationFailed, match="already had 1 half-point bye"):
        bye_request(participant=people[0], round_number=3, kind="half", user=arbiter)
    with pytest.raises(ValidationFailed, match="last 2 round"):
        bye_request(participant=people[1], round_number=4, kind="half", user=arbiter)
    zero = bye_request(participant=people[1], round_number=5, kind="zero", user=arbiter).bye
    assert zero.points == 0
    with pytest.raises(ValidationFailed, match="already has"):
        absence_mark(participant=people[1], round_number=5, user=arbiter)


def test_a_bye_takes_the_player_out_of_that_rounds_pairing_and_counts_its_points(tournament, arbiter):
    people = add_players(tournament, 5)
    bye_request(participant=people[0], round_number=1, kind="half", user=arbiter)
    rnd = pair_and_publish(tournament, arbiter)
    on_boards = {
        pk for pair in Board.objects.filter(round=rnd).values_list("white_id", "black_id") for pk in pair
    }
    assert people[0].pk not in on_boards and len(on_boards) == 4
    assert not RoundBye.objects.filter(round_number=1, kind="pab").exists()
    with pytest.raises(ValidationFailed, match="already been published"):
        bye_request(participant=people[1], round_number=1, kind="zero", user=arbiter)


def test_a_bye_can_be_cancelled_until_its_round_is_published(tournament, arbiter):
    people = add_players(tournament, 4)
    bye = absence_mark(participant=people[0], round_number=1, user=arbiter).bye
    bye_cancel(bye=bye, user=arbiter)
    assert not RoundBye.objects.exists()
    assert AuditLog.objects.filter(action="bye_cancel").exists()


def test_bye_record_dispatches_by_kind_for_the_desk_and_the_api(tournament, arbiter):
    people = add_players(tournament, 4)
    absent = bye_record(participant=people[0], round_number=1, kind="absent", user=arbiter)
    half = bye_record(participant=people[1], round_number=1, kind="half", user=arbiter)
    assert (absent.bye.kind, absent.bye.points) == ("absent", 0)
    assert (half.bye.kind, half.bye.points) == ("half", 1)
    assert not absent.draft_needs_repair
    with pytest.raises(ValidationFailed, match="either a half-point bye or a zero-point bye"):
        bye_record(participant=people[2], round_number=1, kind="pab", user=arbiter)


def test_a_second_half_point_bye_is_recorded_with_a_word_to_the_arbiter(tournament, arbiter, client):
    """FIDE's endorsement checklist (171-176): a second half-point bye warns, though the
    organiser's limit (here 2) allows it."""
    from django.urls import reverse

    people = add_players(tournament, 6)
    first = bye_request(participant=people[0], round_number=1, kind="half", user=arbiter)
    assert first.half_byes_before == 0
    client.force_login(arbiter)
    answer = client.post(
        reverse("tournaments:bye_add", kwargs={"tournament_id": tournament.pk}),
        {"participant": people[0].pk, "round_number": 2, "kind": "half"},
        follow=True,
    )
    page = answer.content.decode()
    assert f"{people[0].name} had 1 half-point bye already" in page
    assert RoundBye.objects.filter(participant=people[0], kind="half").count() == 2
    client.post(
        reverse("tournaments:bye_add", kwargs={"tournament_id": tournament.pk}),
        {"participant": people[1].pk, "round_number": 2, "kind": "half"},
    )
    assert (
        "half-point bye already"
        not in client.get(
            reverse("tournaments:participants", kwargs={"tournament_id": tournament.pk})
        ).content.decode()
    )
