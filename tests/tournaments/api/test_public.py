"""Public read-only API through the tournament's public token: published rounds only, no e-mails."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tournaments.models import Board, Round


@pytest.fixture
def with_draft(event):
    """Round 5 paired but not published: the public must not see it."""
    rnd = Round.objects.create(tournament=event, number=5, status=Round.Status.DRAFT)
    people = {p.pairing_number: p for p in event.participants.all()}
    Board.objects.create(round=rnd, number=1, white=people[1], black=people[4])
    return event


def url(t, rest: str = "") -> str:
    return f"/api/public/{t.public_token}/{rest}"


def test_the_tournament_without_login(event, anon_api):
    response = anon_api.get(url(event))
    assert response.status_code == 200
    body = response.json()
    assert body["name"] == "Every Record Open"
    assert "public_token" not in body and "id" not in body


def test_a_wrong_token_is_a_404(db, anon_api):
    for rest in ("", "participants/", "rounds/", "rounds/1/", "standings/"):
        assert anon_api.get(f"/api/public/not-a-token/{rest}").status_code == 404


def test_a_token_with_characters_no_token_has_is_a_404(db, anon_api):
    for token in ("nul%00byte", "%C2%98I", "semi;colon", "x" * 65):
        for rest in ("", "participants/", "rounds/", "standings/"):
            assert anon_api.get(f"/api/public/{token}/{rest}").status_code == 404


def test_participants_come_without_email_addresses(event, anon_api):
    response = anon_api.get(url(event, "participants/"))
    assert response.status_code == 200
    assert len(response.json()) == 10
    assert all("email" not in p for p in response.json())
    assert "@" not in response.content.decode()


def test_only_published_and_finished_rounds_are_listed(with_draft, anon_api):
    response = anon_api.get(url(with_draft, "rounds/"))
    assert [r["number"] for r in response.json()] == [1, 2, 3, 4]


def test_a_draft_round_is_a_404(with_draft, anon_api):
    assert anon_api.get(url(with_draft, "rounds/5/")).status_code == 404


def test_a_published_round_with_boards_and_byes(with_draft, anon_api):
    body = anon_api.get(url(with_draft, "rounds/1/")).json()
    assert [(b["white"]["name"], b["black"]["name"], b["result"]) for b in body["boards"]][0] == (
        "Player01, Test",
        "Player05, Test",
        "1-0",
    )
    assert {b["kind"] for b in body["byes"]} == {"pab", "late"}
    assert "version" not in body["boards"][0]


def test_standings_through_the_last_complete_round(with_draft, anon_api):
    body = anon_api.get(url(with_draft, "standings/")).json()
    assert body["through_round"] == 4
    assert len(body["rows"]) == 10


def test_staff_credentials_do_not_matter_and_a_stale_token_header_is_ignored(event):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token expired-or-revoked")
    assert client.get(url(event)).status_code == 200


def test_the_public_api_is_read_only(event, anon_api, organiser_api):
    assert anon_api.post(url(event, "participants/"), {"name": "x"}, format="json").status_code == 405
    assert organiser_api.delete(url(event)).status_code == 405
