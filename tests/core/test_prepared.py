"""``core.prepared.Prepared``: a query compiled once gives what the ORM gives, for new values each
time (issue 38: the reads of every result entry run this way)."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.models import CharField, Q
from django.db.models.expressions import RawSQL
from django.db.models.functions import Lower
from django.test.utils import CaptureQueriesContext

from core.prepared import Prepared
from tests import factories
from tournaments.models import Board, Participant, Round, Tournament


def _fields(obj) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


@pytest.mark.django_db
def test_objects_are_the_orms_with_related_objects_annotations_and_converted_values():
    club = factories.ClubFactory(name="Caissa")
    first = factories.TournamentFactory(club=club, name="Spring open", fide_mode=False)
    second = factories.TournamentFactory(club=None, name="Club night")
    prepared = Prepared(
        lambda pk: (
            Tournament.objects.select_related("club")
            .annotate(shout=RawSQL("UPPER(tournaments_tournament.name)", (), output_field=CharField()))
            .filter(pk=pk)
        )
    )
    for tournament in (first, second, first):
        [found] = prepared.objects(tournament.pk)
        orm = Tournament.objects.select_related("club").get(pk=tournament.pk)
        assert _fields(found) == _fields(orm)
        assert isinstance(found.created_at, datetime.datetime)  # SQLite's text turned into a datetime
        assert found.shout == tournament.name.upper()
        with CaptureQueriesContext(connection) as queries:
            club_name = found.club.name if found.club_id else None
        assert club_name == (orm.club.name if orm.club_id else None) and not queries  # already read
        assert not found._state.adding and found._state.db == "default"
    assert prepared.objects(second.pk + first.pk + 1000) == []
    assert prepared.first(second.pk + first.pk + 1000) is None
    assert prepared.first(second.pk).pk == second.pk


@pytest.mark.django_db
def test_rows_follow_the_values_of_each_call_in_every_place_and_in_fixed_length_lists(tournament):
    a, b, c = (factories.ParticipantFactory(tournament=tournament, name=n) for n in ("Ann", "Bob", "ann"))
    rnd = Round.objects.create(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    Board.objects.create(round=rnd, number=1, white=a, black=b, result="1-0")
    Board.objects.create(
        round=rnd, number=2, white=c, black=factories.ParticipantFactory(tournament=tournament)
    )
    games = Prepared(
        lambda t, n, x, y: (
            Board.objects.filter(round__tournament=t, round__number__lte=n)
            .filter(Q(white_id__in=[x, y]) | Q(black_id__in=[x, y]))
            .order_by("number")
            .values_list("number", "result")
        )
    )
    assert games.rows(tournament.pk, 1, a.pk, b.pk) == [(1, "1-0")]
    assert games.rows(tournament.pk, 1, b.pk, c.pk) == [(1, "1-0"), (2, "")]
    assert games.rows(tournament.pk, 0, b.pk, c.pk) == []
    names = Prepared(
        lambda t, x: (
            Participant.objects.filter(tournament=t)
            .annotate(lowered=Lower("name"))
            .filter(lowered=x)
            .order_by("pk")
            .only("id", "name")
        )
    )
    found = names.objects(tournament.pk, "ann")
    assert [p.pk for p in found] == [a.pk, c.pk] and [p.name for p in found] == ["Ann", "ann"]


def test_a_value_the_sql_does_not_carry_is_an_error_not_a_wrong_answer(db):
    constant = Prepared(lambda t, n: Tournament.objects.filter(pk=t))
    with pytest.raises(ValueError, match="does not carry"):
        constant.objects(1, 2)
    with pytest.raises(TypeError, match="takes 1 values"):
        Prepared(lambda t: Tournament.objects.filter(pk=t)).objects(1, 2)
    with pytest.raises(TypeError, match="values_list"):
        Prepared(lambda t: Tournament.objects.filter(pk=t)).rows(1)
