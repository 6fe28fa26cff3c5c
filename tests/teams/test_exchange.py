"""The TRF-2026 team file: the engine reads back what the app writes, with the players' names."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from pairing.engine.teams import read_team_trf, team_standings
from teams import adapters, exchange, services

from .conftest import play_round

pytestmark = pytest.mark.django_db


def test_the_trf_reads_back_into_the_same_standings(competition, eight_teams, organiser):
    for _ in range(3):
        play_round(services.round_pair(competition=competition, user=organiser), organiser)
    text = exchange.team_trf(competition)
    assert "T1 P1" in text and "310   1 Team 1" in text
    back = read_team_trf(text)
    ours = team_standings(adapters.team_event(competition), ["EMGSB", "BH"])
    theirs = team_standings(back, ["EMGSB", "BH"])
    assert [(r.tpn, r.match_points, r.game_points, r.values) for r in ours] == [
        (r.tpn, r.match_points, r.game_points, r.values) for r in theirs
    ]


def test_the_trf_is_for_the_competitions_staff(competition, eight_teams, organiser, stranger):
    client = Client()
    url = reverse("teams:trf", args=[competition.pk])
    client.force_login(stranger)
    assert client.get(url).status_code == 404
    client.force_login(organiser)
    response = client.get(url)
    assert response.status_code == 200 and b"012 Team Swiss" in response.content
