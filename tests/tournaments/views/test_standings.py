from __future__ import annotations

from django.urls import reverse

from .conftest import htmx, play_round


def test_staff_standings_count_finished_rounds(arbiter_client, tournament, published_round, arbiter):
    url = reverse("tournaments:standings", kwargs={"tournament_id": tournament.pk})
    assert "Before round 1" in arbiter_client.get(url).content.decode()
    play_round(published_round, arbiter)
    body = arbiter_client.get(url).content.decode()
    assert 'id="standings-table"' in body and "After round 1" in body
    assert (
        body.count('<td class="num points">1.0</td>') == 4
        and body.count('<td class="num points">0.0</td>') == 4
    )
    assert 'hx-trigger="standings-changed from:body"' in body


def test_the_standings_partial(arbiter_client, tournament, published_round):
    url = reverse("tournaments:standings", kwargs={"tournament_id": tournament.pk})
    body = htmx(arbiter_client, "get", url).content.decode()
    assert 'id="standings-table"' in body and "<html" not in body


def test_arbiters_find_the_tiebreak_form_with_the_standings(arbiter_client, tournament, published_round):
    url = reverse("tournaments:standings", kwargs={"tournament_id": tournament.pk})
    body = arbiter_client.get(url).content.decode()
    assert 'id="tiebreaks-form"' in body and 'name="reason"' in body


def test_the_staff_and_public_standings_share_one_engine_run_and_agree(
    arbiter_client, client, monkeypatch, db
):
    from django.core.cache import cache

    from pairing import standings as read_model
    from tests import factories
    from tests.tournaments.public.builders import build_tournament
    from tournaments.models import TournamentRole

    tournament = factories.TournamentFactory(rounds_planned=5)
    user = arbiter_client.get("/").wsgi_request.user
    TournamentRole.objects.create(tournament=tournament, user=user, role=TournamentRole.Role.ARBITER)
    build_tournament(tournament, players=12, rounds=3)
    cache.clear()
    runs = []
    engine = read_model.compute_standings
    monkeypatch.setattr(read_model, "compute_standings", lambda request: runs.append(1) or engine(request))
    url = reverse("tournaments:standings", kwargs={"tournament_id": tournament.pk})
    staff = arbiter_client.get(url).content.decode()
    assert client.get(reverse("public:standings", args=[tournament.public_token])).status_code == 200
    assert arbiter_client.get(url).status_code == 200
    assert len(runs) == 1
    # The cached rows are the rows the engine's table gives directly (round 2 asked for by number
    # is computed, not read from the cache).
    computed = read_model.staff_standings(tournament, through_round=2).rows
    assert read_model.staff_standings(tournament).rows == computed
    assert "After round 2" in staff  # round 3 is still being played
