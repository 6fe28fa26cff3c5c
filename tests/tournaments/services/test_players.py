from __future__ import annotations

from unittest import mock

import pytest

from pairing.services import ga_participant_ids, pairing_request_for_round
from pairing.services.round_robin import tournament_start
from tests import factories
from tournaments.models import AuditLog, Board, Participant, Round, RoundBye
from tournaments.services.byes import absence_mark, bye_cancel, bye_record, bye_request
from tournaments.services.errors import NotAllowedError, ValidationFailed
from tournaments.services.participants_csv import participants_import_csv
from tournaments.services.registration import late_entry, participant_register
from tournaments.services.tournaments import tournament_create
from tournaments.services.withdrawals import participant_withdraw

from .conftest import add_players, pair_and_publish, play_round


def numbers(tournament):
    return list(
        Participant.objects.filter(tournament=tournament)
        .order_by("pairing_number")
        .values_list("name", flat=True)
    )


def test_pairing_numbers_follow_rating_then_title_then_name(tournament, arbiter):
    for name, rating, title in [
        ("Zed", 2000, ""),
        ("Amy", 2000, ""),
        ("Fay", 2000, "FM"),
        ("Gus", 2000, "GM"),
        ("Wim", 2000, "WIM"),
        ("Top", 2100, ""),
        ("Ima", 2000, "IM"),
        ("Wgm", 2000, "WGM"),
    ]:
        participant_register(tournament=tournament, user=arbiter, name=name, rating=rating, title=title)
    assert numbers(tournament) == ["Top", "Gus", "Ima", "Wgm", "Fay", "Wim", "Amy", "Zed"]


def test_registration_refuses_bad_input_and_duplicates(tournament, arbiter, stranger):
    participant_register(tournament=tournament, user=arbiter, name="Ann Lee", rating=1500, fide_id="123")
    with pytest.raises(ValidationFailed, match="already registered"):
        participant_register(tournament=tournament, user=arbiter, name="ann lee")
    with pytest.raises(ValidationFailed, match="Rating 9000 is outside"):
        participant_register(tournament=tournament, user=arbiter, name="Bob", rating=9000)
    with pytest.raises(ValidationFailed, match="Title 'XX'"):
        participant_register(tournament=tournament, user=arbiter, name="Bob", title="XX")
    with pytest.raises(NotAllowedError):
        participant_register(tournament=tournament, user=stranger, name="Bob")
    assert Participant.objects.filter(tournament=tournament).count() == 1


CSV_OK = """name,rating,title,federation,FIDE id,club
Alice Archer,2105,FM,ENG,2000001,Riverside
Bob Brown,1890,,SCO,,Hilltop
"Carter, Cy",1750,,,,
"""


def test_csv_preview_saves_nothing_and_commit_saves_every_row(tournament, arbiter):
    preview = participants_import_csv(tournament=tournament, user=arbiter, text=CSV_OK, commit=False)
    assert preview.ok and not preview.saved
    assert [r.values["name"] for r in preview.rows] == ["Alice Archer", "Bob Brown", "Carter, Cy"]
    assert Participant.objects.filter(tournament=tournament).count() == 0
    preview = participants_import_csv(tournament=tournament, user=arbiter, text=CSV_OK, commit=True)
    assert preview.saved
    alice = Participant.objects.get(tournament=tournament, name="Alice Archer")
    assert (
        alice.rating,
        alice.title,
        alice.federation,
        alice.fide_id,
        alice.club_name,
        alice.pairing_number,
    ) == (
        2105,
        "FM",
        "ENG",
        "2000001",
        "Riverside",
        1,
    )
    assert AuditLog.objects.get(action="participants_import").after["count"] == 3


def test_csv_with_any_bad_row_saves_nothing_and_reports_each_row(tournament, arbiter):
    text = "Ann,1500\n,1400\nCat,abc\nDan,1300,ZZ\nAnn,1200\nEve;1100\n"
    preview = participants_import_csv(tournament=tournament, user=arbiter, text=text, commit=True)
    assert not preview.saved and not preview.ok
    errors = {row.line: row.errors for row in preview.rows}
    assert errors[1] == []
    assert errors[2] == ["Name is missing."]
    assert "not a whole number" in errors[3][0]
    assert "Title 'ZZ'" in errors[4][0]
    assert "also on line 1" in errors[5][0]
    assert Participant.objects.filter(tournament=tournament).count() == 0


def test_csv_accepts_a_header_in_any_order_and_semicolons(tournament, arbiter):
    text = "Club;Name;Elo\nRiverside;Ann;1500\n;Ben;\n"
    preview = participants_import_csv(tournament=tournament, user=arbiter, text=text, commit=True)
    assert preview.saved
    assert numbers(tournament) == ["Ann", "Ben"]
    assert Participant.objects.get(name="Ann").club_name == "Riverside"


def test_csv_import_is_all_or_nothing_when_saving_fails_midway(tournament, arbiter):
    with mock.patch(
        "tournaments.services.participants_csv.pairing_numbers_assign", side_effect=RuntimeError("disk full")
    ):
        with pytest.raises(RuntimeError):
            participants_import_csv(tournament=tournament, user=arbiter, text=CSV_OK, commit=True)
    assert Participant.objects.filter(tournament=tournament).count() == 0


def test_csv_rejects_empty_files_and_unknown_columns(tournament, arbiter):
    assert participants_import_csv(tournament=tournament, user=arbiter, text="  \n", commit=True).errors
    preview = participants_import_csv(
        tournament=tournament, user=arbiter, text="name,shoe size\nA,42\n", commit=True
    )
    assert "unknown column(s) shoe size" in preview.errors[0]


def test_a_late_entry_misses_the_paired_rounds_with_zero_and_gets_a_rating_number(tournament, arbiter):
    add_players(tournament, 6)
    rnd = pair_and_publish(tournament, arbiter)
    play_round(rnd, arbiter)
    late = participant_register(tournament=tournament, user=arbiter, name="Latecomer", rating=2300)
    assert late.joined_round == 2 and late.pairing_number == 1
    bye = RoundBye.objects.get(participant=late)
    assert (bye.round_number, bye.kind, bye.points) == (1, "late", 0)
    request = pairing_request_for_round(tournament, 2)
    entry = next(p for p in request.participants if p.id == late.pk)
    assert entry.available and entry.history[0].result.value == "Z"


def test_a_late_entry_can_get_half_a_point_per_missed_round(tournament, organiser, arbiter):
    tournament.late_entry_points = "half"
    tournament.save()
    add_players(tournament, 4)
    play_round(pair_and_publish(tournament, arbiter), arbiter)
    play_round(pair_and_publish(tournament, arbiter), arbiter)
    late = late_entry(tournament=tournament, user=arbiter, name="Late", rating=1000)
    assert list(RoundBye.objects.filter(participant=late).values_list("round_number", "points")) == [
        (1, 1),
        (2, 1),
    ]
    entry = next(p for p in pairing_request_for_round(tournament, 3).participants if p.id == late.pk)
    assert [r.result.value for r in entry.history] == ["H", "H"]


def test_after_round_four_pairing_numbers_are_frozen_and_a_late_entry_goes_last(tournament, arbiter):
    add_players(tournament, 6)
    for _ in range(4):
        play_round(pair_and_publish(tournament, arbiter), arbiter)
    before = numbers(tournament)
    late = late_entry(tournament=tournament, user=arbiter, name="Strong late", rating=2800)
    assert numbers(tournament) == [*before, "Strong late"] and late.pairing_number == 7


def test_baku_keeps_the_same_last_ga_participant_when_a_late_entry_arrives(organiser, arbiter):
    t = tournament_create(
        user=organiser, name="Baku open", rounds_planned=7, acceleration="baku", lots_seed=3
    )
    t.roles.create(user=arbiter, role="arbiter")
    add_players(t, 10)
    play_round(pair_and_publish(t, arbiter), arbiter)
    t.refresh_from_db()
    last_ga = t.baku_last_ga
    assert last_ga.pairing_number == 6  # 2 * ceil(10 / 4)
    ga_before = ga_participant_ids(t)
    late = late_entry(tournament=t, user=arbiter, name="Strong late", rating=2150)
    t.refresh_from_db()
    assert t.baku_last_ga == last_ga
    assert ga_participant_ids(t) == ga_before | {late.pk}
    assert len(ga_participant_ids(t)) == 7


def test_late_entry_is_refused_in_a_round_robin_once_started(organiser):
    t = tournament_create(user=organiser, name="Closed", format="round_robin")
    add_players(t, 4)
    tournament_start(tournament=t, user=organiser)
    with pytest.raises(ValidationFailed, match="schedule is fixed"):
        late_entry(tournament=t, user=organiser, name="Late")


def test_a_withdrawn_player_keeps_their_games_and_is_left_out_of_the_next_pairing(tournament, arbiter):
    people = add_players(tournament, 6)
    rnd = play_round(pair_and_publish(tournament, arbiter), arbiter)
    leaver = people[0]
    participant_withdraw(participant=leaver, user=arbiter)
    leaver.refresh_from_db()
    assert (leaver.status, leaver.withdrawn_from_round) == ("withdrawn", 2)
    assert (
        Board.objects.filter(round=rnd, white=leaver).exists()
        or Board.objects.filter(round=rnd, black=leaver).exists()
    )
    rnd2 = pair_and_publish(tournament, arbiter)
    paired = set(Board.objects.filter(round=rnd2).values_list("white_id", "black_id"))
    assert leaver.pk not in {pk for pair in paired for pk in pair}
    assert not RoundBye.objects.filter(participant=leaver, round_number=2).exists()
    with pytest.raises(ValidationFailed, match="already withdrawn"):
        participant_withdraw(participant=leaver, user=arbiter)


@pytest.mark.parametrize(("rule", "expected"), [("forfeit", {"+/-", "-/+"}), ("unplayed", {"0-0"})])
def test_a_round_robin_withdrawal_settles_the_remaining_games(organiser, rule, expected):
    t = tournament_create(user=organiser, name="Closed", format="round_robin", withdrawal_games=rule)
    people = add_players(t, 4)
    tournament_start(tournament=t, user=organiser)
    play_round(Round.objects.get(tournament=t, number=1), organiser)
    participant_withdraw(participant=people[0], user=organiser)
    later = Board.objects.filter(round__tournament=t, round__number__gte=2)
    theirs = later.filter(white=people[0]) | later.filter(black=people[0])
    assert theirs.count() == 2
    assert set(theirs.values_list("result", flat=True)) <= expected
    for board in theirs:
        if rule == "forfeit":
            winner_is_white = board.black_id == people[0].pk
            assert board.result == ("+/-" if winner_is_white else "-/+")
    assert later.exclude(pk__in=theirs).filter(result="").count() == 2


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


def test_stranger_cannot_touch_participants(tournament, stranger):
    p = factories.ParticipantFactory(tournament=tournament)
    with pytest.raises(NotAllowedError):
        participant_withdraw(participant=p, user=stranger)
    with pytest.raises(NotAllowedError):
        bye_request(participant=p, round_number=1, kind="half", user=stranger)
    with pytest.raises(NotAllowedError):
        participants_import_csv(tournament=tournament, user=stranger, text=CSV_OK, commit=True)


def test_bye_record_dispatches_by_kind_for_the_desk_and_the_api(tournament, arbiter):
    people = add_players(tournament, 4)
    absent = bye_record(participant=people[0], round_number=1, kind="absent", user=arbiter)
    half = bye_record(participant=people[1], round_number=1, kind="half", user=arbiter)
    assert (absent.bye.kind, absent.bye.points) == ("absent", 0)
    assert (half.bye.kind, half.bye.points) == ("half", 1)
    assert not absent.draft_needs_repair
    with pytest.raises(ValidationFailed, match="either a half-point bye or a zero-point bye"):
        bye_record(participant=people[2], round_number=1, kind="pab", user=arbiter)
