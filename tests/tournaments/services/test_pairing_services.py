"""pairing.adapters: the database as the engine sees it."""

from __future__ import annotations

from pairing.adapters import pairing_request_for_round
from pairing.standings import standings_for_tournament
from tournaments.models import Board, Participant, Round, RoundBye
from tournaments.records import histories_for_tournament
from tournaments.services.participants.numbers import pairing_numbers_assign

from .conftest import add_players


def test_histories_map_every_kind_of_round_record(tournament, django_assert_max_num_queries):
    a, b, c, d, e, f = add_players(tournament, 6)
    pairing_numbers_assign(tournament)
    r1 = Round.objects.create(tournament=tournament, number=1, status="finished")
    Board.objects.create(round=r1, number=1, white=a, black=b, result="1-0")
    Board.objects.create(round=r1, number=2, white=c, black=d, result="+/-")
    Board.objects.create(round=r1, number=3, white=e, black=f, result="-/-")
    r2 = Round.objects.create(tournament=tournament, number=2, status="finished")
    Board.objects.create(round=r2, number=1, white=b, black=a, result="0-0")
    Board.objects.create(round=r2, number=2, white=d, black=c, result="1/2-1/2")
    RoundBye.objects.create(tournament=tournament, participant=e, round_number=2, kind="pab", points=2)
    RoundBye.objects.create(tournament=tournament, participant=f, round_number=2, kind="half", points=1)
    with django_assert_max_num_queries(3):  # participants, boards, byes
        h = histories_for_tournament(tournament, 2)
    text = {
        p.name: [(r.result.value, r.opponent, r.colour and r.colour.value) for r in h[p.pk]]
        for p in (a, b, c, d, e, f)
    }
    assert text[a.name] == [("1", b.pk, "w"), ("Z", None, None)]
    assert text[b.name] == [("0", a.pk, "b"), ("Z", None, None)]
    assert text[c.name] == [("+", d.pk, "w"), ("=", d.pk, "b")]
    assert text[d.name] == [("-", c.pk, "b"), ("=", c.pk, "w")]
    assert text[e.name] == [("-", f.pk, "w"), ("U", None, None)]
    assert text[f.name] == [("-", e.pk, "b"), ("H", None, None)]


def test_who_is_available_for_the_round_being_paired(tournament, django_assert_max_num_queries):
    a, b, c, d = add_players(tournament, 4)
    Participant.objects.create(tournament=tournament, name="Late", joined_round=3)
    pairing_numbers_assign(tournament)
    Participant.objects.filter(pk=b.pk).update(status="withdrawn", withdrawn_from_round=2)
    RoundBye.objects.create(tournament=tournament, participant=c, round_number=2, kind="absent", points=0)
    with django_assert_max_num_queries(4):  # participants, boards, byes, forbidden pairs
        request = pairing_request_for_round(tournament, 2)
    available = {p.name: p.available for p in request.participants}
    assert available == {a.name: True, b.name: False, c.name: False, d.name: True, "Late": False}
    assert [p.tpn for p in request.participants] == [1, 2, 3, 4, 5]
    assert request.least_bad and request.round_number == 2 and request.total_rounds == 5
    assert all(len(p.history) == 1 for p in request.participants)


def test_standings_count_points_and_default_to_the_last_complete_round(tournament):
    a, b, c, d = add_players(tournament, 4)
    pairing_numbers_assign(tournament)
    r1 = Round.objects.create(tournament=tournament, number=1, status="finished")
    Board.objects.create(round=r1, number=1, white=a, black=c, result="0-1")
    Board.objects.create(round=r1, number=2, white=d, black=b, result="1/2-1/2")
    r2 = Round.objects.create(tournament=tournament, number=2, status="published")
    Board.objects.create(round=r2, number=1, white=c, black=d, result="1-0")
    Board.objects.create(round=r2, number=2, white=b, black=a, result="")
    standings = standings_for_tournament(tournament)
    assert standings.rounds == 1
    assert [(r.name, r.points_display) for r in standings.rows][0] == (c.name, "1.0")
    live = standings_for_tournament(tournament, through_round=2)
    assert live.row(c.pk).points == 2
