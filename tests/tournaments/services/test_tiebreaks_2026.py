"""Issue 34, checklist Q199: the tie-breaks C.07's edition of 02/02/2026 adds (STD 7.7, TPN 7.8, RTNG 10.6)
can be chosen, are explained in the reader's words, rank the public standings and travel through TRF."""

from __future__ import annotations

import pytest
from django.urls import reverse

from pairing.engine.checker import check_tournament
from pairing.engine.trf.read import parse_trf
from pairing.standings import standings_for_tournament
from tournaments.exchange.trf_export import trf_export
from tournaments.exchange.trf_import import trf_import
from tournaments.models import Participant
from tournaments.services.participants.numbers import pairing_numbers_assign
from tournaments.services.tournaments import tournament_update

from .conftest import add_players, pair_and_publish, play_round

pytestmark = pytest.mark.django_db


def test_the_2026_tiebreaks_rank_the_standings_and_survive_a_trf_round_trip(tournament, organiser, arbiter):
    add_players(tournament, 8, start_rating=1500)
    pairing_numbers_assign(tournament)
    tournament_update(tournament=tournament, user=organiser, tiebreaks="STD,RTNG-R,TPN-R")
    for _ in range(3):
        play_round(pair_and_publish(tournament, arbiter), arbiter)
    table = standings_for_tournament(tournament)
    assert table.tiebreaks == ("STD", "RTNG-R", "TPN-R")
    by_points: dict = {}
    for row in table.rows:
        by_points.setdefault(row.points, []).append(row)
    for rows in by_points.values():
        # Level on points and on STD (standard scoring: STD is the score), the lower rating goes first.
        ratings = [Participant.objects.get(pk=row.id).rating for row in rows]
        assert ratings == sorted(ratings), ratings
    text = trf_export(tournament=tournament)
    assert "STD,RTNG/R,TPN/R" in text
    report = check_tournament(parse_trf(text))
    assert report.standings_checked and not report.findings, report.findings
    imported = trf_import(text=text, owner=organiser)
    assert imported.tournament.tiebreak_codes == ["STD", "RTNG-R", "TPN-R"]


def test_the_rules_page_explains_them(tournament, organiser, client):
    tournament_update(tournament=tournament, user=organiser, tiebreaks="STD,TPN,RTNG")
    page = client.get(reverse("public:rules", args=[tournament.public_token])).content.decode()
    assert "Standard points" in page and "whatever the points system" in page
    assert "The lower pairing number ranks first." in page
    assert "The higher rating ranks first." in page
    assert "½-0 gives 1 to the player with ½, and 0-0 gives ½ to both" in page
    assert "this tie-break separates nobody and the next one decides" in page


def test_the_fide_page_warns_when_rtng_meets_unrated_players_without_a_rating(tournament, organiser, client):
    add_players(tournament, 3)
    Participant.objects.create(tournament=tournament, name="Newcomer, Nils", rating=0)
    tournament_update(tournament=tournament, user=organiser, tiebreaks="BH,RTNG")
    client.force_login(organiser)
    page = client.get(reverse("tournaments:fide", kwargs={"tournament_id": tournament.pk})).content.decode()
    assert 'id="unrated-rating-missing"' in page and "1 player is unrated" in page
