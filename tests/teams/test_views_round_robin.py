"""A team round robin sizes its rounds from its teams when round 1 is paired: n - 1 rounds for an even
number n of teams, n for an odd one (one team sits each round out); the competition page says so
before and the pair button's answer after."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from core.errors import ConflictError
from teams import services
from teams.models import TeamCompetition
from tournaments.models import AuditLog

from .conftest import add_teams, play_round

pytestmark = pytest.mark.django_db


def _round_robin(event, organiser, teams, rounds):
    rr = services.competition_create(
        event=event,
        user=organiser,
        name="League",
        format=TeamCompetition.Format.ROUND_ROBIN,
        boards=4,
        rounds=rounds,
    )
    add_teams(rr, organiser, teams)
    return rr


@pytest.mark.parametrize(("teams", "expected"), [(2, 1), (5, 5), (6, 5), (8, 7)])
def test_the_number_of_rounds_follows_the_teams(teams, expected):
    assert services.round_robin_rounds(teams) == expected


def test_an_even_field_too_few_rounds_planned_gets_n_minus_one_rounds(event, organiser):
    rr = _round_robin(event, organiser, 6, rounds=3)
    for number in range(1, 6):
        rnd = services.round_pair(competition=rr, user=organiser)
        assert rnd.number == number and rnd.bye_team is None and rnd.matches.count() == 3
        play_round(rnd, organiser)
    rr.refresh_from_db()
    assert rr.rounds == 5
    log = AuditLog.objects.get(action="team_round_robin_rounds")
    assert (log.before, log.after) == (3, 5)
    with pytest.raises(ConflictError, match="Every round of the competition has been paired"):
        services.round_pair(competition=rr, user=organiser)
    met = {frozenset((m.home_id, m.away_id)) for r in rr.team_rounds.all() for m in r.matches.all()}
    assert len(met) == 15  # every pair of six teams once


def test_an_odd_field_too_many_rounds_planned_gets_n_rounds_with_one_team_idle_each(event, organiser):
    rr = _round_robin(event, organiser, 5, rounds=9)
    idle = []
    for _number in range(1, 6):
        rnd = services.round_pair(competition=rr, user=organiser)
        assert rnd.matches.count() == 2 and rnd.bye_team is not None
        idle.append(rnd.bye_team.tpn)
        play_round(rnd, organiser)
    rr.refresh_from_db()
    assert rr.rounds == 5 and sorted(idle) == [1, 2, 3, 4, 5]
    with pytest.raises(ConflictError):
        services.round_pair(competition=rr, user=organiser)
    assert rr.team_rounds.count() == 5


def test_the_planned_number_already_right_is_left_alone(event, organiser):
    rr = _round_robin(event, organiser, 4, rounds=3)
    services.round_pair(competition=rr, user=organiser)
    rr.refresh_from_db()
    assert rr.rounds == 3 and not AuditLog.objects.filter(action="team_round_robin_rounds").exists()


def test_a_swiss_keeps_its_planned_rounds(competition, organiser):
    add_teams(competition, organiser, 4)
    services.round_pair(competition=competition, user=organiser)
    competition.refresh_from_db()
    assert competition.rounds == 5


def test_the_pages_say_how_many_rounds_the_teams_give(event, organiser):
    rr = _round_robin(event, organiser, 8, rounds=5)
    client = Client()
    client.force_login(organiser)
    page = client.get(reverse("teams:competition", args=[rr.pk])).content.decode()
    assert 'id="round-robin-rounds"' in page and "With 8 teams the round robin has 7 rounds" in page
    answer = client.post(reverse("teams:pair", args=[rr.pk]), follow=True).content.decode()
    assert "A round robin of 8 teams has 7 rounds: the planned number (5) was set from the teams." in answer
    page = client.get(reverse("teams:competition", args=[rr.pk])).content.decode()
    assert 'id="round-robin-rounds"' not in page and "7 rounds" in page
