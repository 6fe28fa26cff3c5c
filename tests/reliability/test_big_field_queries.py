"""Every staff page (pages of boards and participants included), public page and API read costs
the same number of queries for 20 players as for 60 (benchmarks/bench_big_field.py times them at
5,000), and reading a round decodes its explanation (megabytes of JSON for a big field) once, not
once per board."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection, models
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token

from tests.tournaments.public.builders import add_round, build_tournament
from tournaments.models import Participant, Round, Tournament, TournamentRole

ROUNDS = 3


def staff_pages(t: Tournament, someone: Participant) -> list[str]:
    return [
        "/",
        f"/t/{t.pk}/",
        f"/t/{t.pk}/rounds/",
        f"/t/{t.pk}/rounds/1/",
        f"/t/{t.pk}/rounds/{ROUNDS}/",
        f"/t/{t.pk}/rounds/{ROUNDS}/?page=2",
        f"/t/{t.pk}/rounds/{ROUNDS}/?show=open",
        f"/t/{t.pk}/rounds/{ROUNDS}/live/",
        f"/t/{t.pk}/rounds/{ROUNDS}/live/?seen=0&page=2&from=5&to=8",
        f"/t/{t.pk}/standings/",
        f"/t/{t.pk}/standings/?round=1",
        f"/t/{t.pk}/participants/",
        f"/t/{t.pk}/participants/?page=2",
        f"/t/{t.pk}/participants/?find=Player",
        f"/t/{t.pk}/settings/",
    ]


def public_pages(t: Tournament, someone: Participant) -> list[str]:
    p = f"/p/{t.public_token}"
    return [
        f"{p}/",
        f"{p}/rounds/",
        f"{p}/rounds/1/",
        f"{p}/standings/",
        f"{p}/crosstable/",
        f"{p}/players/{someone.pk}/",
        f"{p}/find/?q=Player",
        f"{p}/display/",
    ]


def api_reads(t: Tournament, someone: Participant) -> list[str]:
    a = f"/api/tournaments/{t.pk}"
    return [
        f"{a}/",
        f"{a}/participants/",
        f"{a}/participants/{someone.pk}/",
        f"{a}/byes/",
        f"{a}/forbidden-pairs/",
        f"{a}/rounds/",
        f"{a}/rounds/{ROUNDS}/",
        f"{a}/rounds/{ROUNDS}/boards/",
        f"{a}/rounds/{ROUNDS}/boards/1/",
        f"{a}/standings/",
        f"{a}/export/trf/",
        f"{a}/export/json/",
        f"{a}/export/csv/?what=standings",
        f"/api/public/{t.public_token}/",
        f"/api/public/{t.public_token}/participants/",
        f"/api/public/{t.public_token}/rounds/",
        f"/api/public/{t.public_token}/rounds/{ROUNDS}/",
        f"/api/public/{t.public_token}/standings/",
    ]


def _explained(t: Tournament, people: list[Participant]) -> None:
    for rnd in Round.objects.filter(tournament=t):
        rnd.explanation = {
            "scoregroups": [[0, [p.pk for p in people]]],
            "boards": [
                {"board": n, "colour_rule": "alternation", "message": "Colours alternate."}
                for n in rnd.boards.values_list("number", flat=True)
            ],
            "names": {str(p.pk): p.name for p in people},
        }
        rnd.save(update_fields=["explanation"])


def _queries(players: int, organiser) -> dict[str, int]:
    t = Tournament.objects.create(name=f"Field of {players}", rounds_planned=ROUNDS + 1)
    TournamentRole.objects.create(tournament=t, user=organiser, role=TournamentRole.Role.ORGANISER)
    people = build_tournament(t, players=players, rounds=ROUNDS)
    _explained(t, people)
    someone = people[len(people) // 2]
    web = Client()
    web.force_login(organiser)
    api = Client(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=organiser)[0].key}")
    counts = {}
    for client, urls in ((web, staff_pages), (Client(), public_pages), (api, api_reads)):
        for index, url in enumerate(urls(t, someone)):
            cache.clear()
            with CaptureQueriesContext(connection) as captured:
                response = client.get(url)
            assert response.status_code == 200, (url, response.status_code)
            counts[f"{urls.__name__}[{index}]"] = len(captured)
    return counts


@pytest.mark.django_db
def test_every_page_and_api_read_costs_the_same_queries_for_20_and_60_players(organiser, settings):
    # Both fields come in pages, as 5,000 players do with the usual sizes (100 boards, 200 players).
    settings.ROUND_PAGE_BOARDS, settings.PARTICIPANTS_PAGE_SIZE = 4, 8
    small, large = _queries(20, organiser), _queries(60, organiser)
    grown = {url: (small[url], large[url]) for url in small if large[url] != small[url]}
    assert grown == {}


@pytest.mark.django_db
def test_reading_a_round_decodes_its_explanation_at_most_once(organiser, monkeypatch):
    t = Tournament.objects.create(name="Decodes", rounds_planned=2)
    TournamentRole.objects.create(tournament=t, user=organiser, role=TournamentRole.Role.ORGANISER)
    people = build_tournament(t, players=40, rounds=1)
    _explained(t, people)
    add_round(t, 2, people, status=Round.Status.DRAFT, results=False)
    _explained(t, people)
    decoded = []
    field = Round._meta.get_field("explanation")
    original = models.JSONField.from_db_value

    def counting(self, value, expression, conn):
        if self is field:
            decoded.append(1)
        return original(self, value, expression, conn)

    monkeypatch.setattr(models.JSONField, "from_db_value", counting)
    api = Client(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=organiser)[0].key}")
    for url, most in (
        (f"/api/tournaments/{t.pk}/rounds/1/", 1),
        (f"/api/tournaments/{t.pk}/rounds/1/boards/", 0),
        (f"/api/tournaments/{t.pk}/rounds/1/boards/3/", 0),
        (f"/api/tournaments/{t.pk}/rounds/", 0),
        (f"/api/public/{t.public_token}/rounds/1/", 0),
    ):
        decoded.clear()
        assert api.get(url).status_code == 200
        assert len(decoded) <= most, url
    decoded.clear()
    assert api.post(f"/api/tournaments/{t.pk}/rounds/2/publish/").status_code == 200
    assert len(decoded) <= 2  # the service's locked draft, and the answer
