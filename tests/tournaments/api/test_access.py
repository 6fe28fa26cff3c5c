"""The same access rules on every staff endpoint: anonymous 401, a public-link holder 401, staff of
another tournament 404, arbiters and organisers in."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tournaments.models import RoundBye

READS = [
    "",
    "participants/",
    "participants/{participant}/",
    "byes/",
    "rounds/",
    "rounds/1/",
    "rounds/1/boards/",
    "rounds/1/boards/1/",
    "standings/",
    "export/trf/",
    "export/json/",
    "export/csv/?what=standings",
]


def staff_url(event, rest: str) -> str:
    participant = event.participants.get(pairing_number=1).pk
    return f"/api/tournaments/{event.pk}/" + rest.format(participant=participant)


@pytest.mark.parametrize("rest", READS)
@pytest.mark.parametrize(
    ("who", "status"), [("anonymous", 401), ("stranger", 404), ("arbiter", 200), ("organiser", 200)]
)
def test_every_staff_read(event, clients, rest, who, status):
    assert clients[who].get(staff_url(event, rest)).status_code == status


@pytest.mark.parametrize("rest", READS)
def test_the_public_token_opens_no_staff_endpoint(event, rest):
    holder = APIClient()
    holder.credentials(HTTP_AUTHORIZATION=f"Token {event.public_token}")
    assert holder.get(staff_url(event, rest)).status_code == 401
    assert APIClient().get(staff_url(event, rest), {"token": event.public_token}).status_code == 401


WRITES = [
    ("post", "participants/", {"name": "Someone New"}),
    ("post", "late-entries/", {"name": "Someone Late"}),
    ("post", "participants/{participant}/withdraw/", {}),
    ("post", "byes/", {"participant": "{participant}", "round_number": 5, "kind": "zero"}),
    ("delete", "byes/{bye}/", None),
    ("post", "rounds/pair/", None),
    ("post", "rounds/1/publish/", None),
    ("put", "rounds/1/boards/1/", {"result": "1-0", "version": 0}),
]


@pytest.mark.parametrize(("method", "rest", "body"), WRITES)
@pytest.mark.parametrize(("who", "status"), [("anonymous", 401), ("stranger", 404)])
def test_outsiders_change_nothing(event, clients, method, rest, body, who, status):
    participant = event.participants.get(pairing_number=1).pk
    bye = RoundBye.objects.get(tournament=event, round_number=5).pk
    url = f"/api/tournaments/{event.pk}/" + rest.format(participant=participant, bye=bye)
    if body and body.get("participant"):
        body = {**body, "participant": participant}
    before = (event.participants.count(), event.byes.count(), event.rounds.count())
    response = getattr(clients[who], method)(url, body, format="json")
    assert response.status_code == status
    assert (event.participants.count(), event.byes.count(), event.rounds.count()) == before
