"""A team competition: an event with an organiser and a chief arbiter, and helpers that fill it."""

from __future__ import annotations

import pytest

from teams import services
from tournaments.models import EventRole
from tournaments.services.events import event_create


@pytest.fixture
def event(db, organiser, arbiter):
    event = event_create(user=organiser, name="Team weekend")
    EventRole.objects.create(event=event, user=arbiter, role=EventRole.Role.ARBITER)
    return event


def add_teams(competition, user, count, boards=4, reserves=1):
    teams = []
    for t in range(1, count + 1):
        players = [(f"T{t} P{b}", 2400 - 100 * t - 10 * b, "") for b in range(1, boards + reserves + 1)]
        teams.append(
            services.team_create(competition=competition, user=user, name=f"Team {t}", players=players)
        )
    return teams


@pytest.fixture
def competition(event, organiser):
    return services.competition_create(event=event, user=organiser, name="Team Swiss", boards=4, rounds=5)


@pytest.fixture
def eight_teams(competition, organiser):
    return add_teams(competition, organiser, 8)


def play_round(rnd, user, pattern=("1-0", "1/2", "0-1", "1-0")):
    """Publish ``rnd`` and give every board a result from ``pattern`` (cycled)."""
    services.round_publish(team_round=rnd, user=user)
    for m in rnd.matches.all():
        for g in m.boards.all():
            services.board_result_set(
                game=g, result=pattern[(g.board - 1 + m.number) % len(pattern)], user=user
            )
