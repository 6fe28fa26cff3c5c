"""Issue 35's computations in the app: estimated rating changes (B.02), title norms (B.01) and
the rating report's readiness, over a played tournament."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.test import Client

from pairing.fide import norm_checks, rating_changes
from tournaments.exchange.rating_report import rating_report_problems
from tournaments.models import Board, Participant

from .conftest import pair_and_publish, play_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(swiss, arbiter):
    for _ in range(3):
        play_round(pair_and_publish(swiss, arbiter), arbiter)
    return swiss


def test_rating_changes_balance_out_when_every_player_has_the_same_k(played):
    rows = rating_changes(played)
    assert len(rows) == 10 and all(row.change is not None for row in rows)
    assert {row.change.k for row in rows} == {20}
    assert sum((row.change.change for row in rows), Fraction(0)) == 0
    winner = next(row for row in rows if row.participant.pairing_number == 1)
    assert winner.change.rated_games == 3


def test_a_forfeit_is_not_rated(played, arbiter):
    board = Board.objects.filter(round__tournament=played, round__number=3).order_by("number").first()
    Board.objects.filter(pk=board.pk).update(result="+/-")
    row = next(r for r in rating_changes(played) if r.participant.pk == board.white_id)
    assert row.change.rated_games == 2


def test_norm_checks_are_made_for_players_with_a_federation(played):
    Participant.objects.filter(tournament=played).update(federation="ENG")
    checks = norm_checks(played)
    assert len(checks) == 10
    assert [c.title for c in checks[0][1]] == ["GM", "IM", "WGM", "WIM"]
    assert not any(c.met for _, cs in checks for c in cs)  # three rounds of club players: no norm


def test_the_rating_report_lists_missing_fide_ids_and_the_pages_open(played, organiser):
    problems = rating_report_problems(played)
    assert any("FIDE id" in item.message for item in problems)
    client = Client()
    client.force_login(organiser)
    for name in ("fide", "fide/ratings", "fide/norms", "fide/rating-report"):
        response = client.get(f"/t/{played.pk}/{name}/")
        assert response.status_code == 200, name
    report = client.get(f"/t/{played.pk}/fide/rating-report/").content.decode()
    assert "things to fix before the file is sent" in report


def test_a_player_sees_their_rating_change_unless_the_organiser_hides_it(played, organiser):
    from tournaments.services.fide_mode import rating_changes_show

    top = Participant.objects.get(tournament=played, pairing_number=1)
    page = Client().get(f"/p/{played.public_token}/players/{top.pk}/").content.decode()
    assert "Rating change (estimate)" in page and "from 3 rated games, K 20" in page
    rating_changes_show(tournament=played, user=organiser, show=False)
    page = Client().get(f"/p/{played.public_token}/players/{top.pk}/").content.decode()
    assert "Rating change (estimate)" not in page
