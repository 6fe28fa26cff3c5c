"""The one standings read model (pairing/standings.py): every table of places follows one rule.

Issue 29: the staff API serialised the engine's rows as they came, so before the last round it
gave players level on everything different places and a "by lot" mark, while the pages and the
public API showed them sharing a place (lots are drawn for the final standings only).
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from pairing.standings import placings, standings_for_tournament
from tests import factories
from tests.tournaments.public.builders import build_tournament
from tournaments.exchange.csv_export import standings_csv
from tournaments.models import Round, TournamentRole


@pytest.fixture
def running(organiser):
    """12 players after round 1 of 5 (round 2 in play): players level on everything after round 1,
    so the engine draws lots among them."""
    cache.clear()
    tournament = factories.TournamentFactory(rounds_planned=5)
    TournamentRole.objects.create(tournament=tournament, user=organiser, role=TournamentRole.Role.ORGANISER)
    build_tournament(tournament, players=12, rounds=2)
    engine = standings_for_tournament(tournament)
    assert any(row.by_lot for row in engine.rows), "the case needs players only a lot separates"
    return tournament


def _api(user):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


@pytest.mark.django_db
def test_the_staff_api_shares_places_before_the_final_round_as_the_public_api_does(running, organiser):
    staff = _api(organiser).get(f"/api/tournaments/{running.pk}/standings/").json()
    public = APIClient().get(f"/api/public/{running.public_token}/standings/").json()
    assert not any(row["by_lot"] for row in staff["rows"])
    ranks = [row["rank"] for row in staff["rows"]]
    assert len(set(ranks)) < len(ranks)  # level players share their place
    assert [(r["participant"], r["rank"], r["by_lot"]) for r in staff["rows"]] == [
        (r["participant"], r["rank"], r["by_lot"]) for r in public["rows"]
    ]


@pytest.mark.django_db
def test_the_csv_export_places_players_as_the_tables_do(running):
    placed = {row.tpn: rank for row, rank, _ in placings(running, standings_for_tournament(running))}
    lines = standings_csv(tournament=running).strip().splitlines()[1:]
    assert {int(line.split(",")[1]): int(line.split(",")[0]) for line in lines} == placed
    assert not any(by_lot for _, _, by_lot in placings(running, standings_for_tournament(running)))


@pytest.mark.django_db
def test_the_final_standings_keep_the_lot(organiser):
    tournament = factories.TournamentFactory(rounds_planned=1)
    build_tournament(tournament, players=12, rounds=1)
    tournament.rounds.update(status=Round.Status.FINISHED)  # every result is in: the final standings
    placed = placings(tournament, standings_for_tournament(tournament))
    assert any(by_lot for _, _, by_lot in placed)
    assert sorted(rank for _, rank, _ in placed) == list(range(1, 13))
