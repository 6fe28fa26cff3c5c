"""Issue 21 (result entry under load): every result entered re-reads the namesakes of the field.
For a tournament newer than PostgreSQL's statistics of the table (a club's database analysed
with its past events, then a new event imported) the planner expects one participant, and the
old ``IN (... GROUP BY ... HAVING)`` form ran as a nested loop re-grouping the whole field once
per participant: 180 ms at 1,000 players on each result, most of a result's time under load."""

from __future__ import annotations

import json

import pytest
from django.db import connection

from tests import factories
from tournaments.namesakes import namesakes_of, namesakes_query

pytestmark = pytest.mark.django_db


def _nodes(plan: dict) -> list[dict]:
    return [plan, *(node for child in plan.get("Plans", ()) for node in _nodes(child))]


def test_the_namesakes_are_read_in_one_pass_over_the_field_whatever_the_statistics(tournament):
    if connection.vendor != "postgresql":
        pytest.skip("reads PostgreSQL's plan")
    past = factories.TournamentFactory()
    for index in range(200):
        factories.ParticipantFactory(tournament=past, name=f"Past {index:03}")
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE tournaments_participant")  # the new tournament is not in it
    field = 300
    for index in range(field):
        factories.ParticipantFactory(tournament=tournament, name=f"Player {index % 290:03}")
    sql, params = namesakes_query(tournament).only("id", "name").query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + sql, params)
        document = cursor.fetchone()[0]
    plan = (json.loads(document) if isinstance(document, str) else document)[0]["Plan"]
    # Rows every step of the plan handled: a few passes over the field, not one per participant.
    handled = sum(node["Actual Rows"] * node["Actual Loops"] for node in _nodes(plan))
    assert handled <= 6 * field, f"{handled} rows handled for a field of {field}: {plan}"
    assert len(namesakes_of(tournament)) == 20  # ten names, each shared by two


def test_namesakes_ignore_case_and_other_tournaments(tournament, organiser):
    other = factories.TournamentFactory()
    for name, club in (("John Smith", "Hull"), ("JOHN SMITH", "York"), ("Ann Lee", "Hull")):
        factories.ParticipantFactory(tournament=tournament, name=name, club_name=club)
    factories.ParticipantFactory(tournament=other, name="Ann Lee", club_name="York")
    labels = namesakes_of(tournament)
    assert sorted(labels.values()) == ["Hull", "York"]


def test_the_labels_of_a_few_players_are_those_of_the_whole_list(tournament, django_assert_num_queries):
    """Issue 21: the row redrawn after each result read the whole field's namesakes; now only
    those bearing its two players' names, with the same labels."""
    from tournaments.namesakes import namesakes_among

    smiths = [
        factories.ParticipantFactory(tournament=tournament, name=name, club_name=club)
        for name, club in (("John Smith", "Hull"), ("john smith", "York"), ("JOHN SMITH", "Leeds"))
    ]
    lee = factories.ParticipantFactory(tournament=tournament, name="Ann Lee")
    factories.ParticipantFactory(tournament=tournament, name="Bo Chen")
    with django_assert_num_queries(1):
        labels = namesakes_among(tournament, [smiths[1], lee])
    assert labels == {smiths[1].pk: namesakes_of(tournament)[smiths[1].pk]} == {smiths[1].pk: "York"}
    assert namesakes_among(tournament, []) == {}
