"""Query counts do not grow with the size of the tournament."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests import factories
from tournaments.models import Board, Round


def _count(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def _grow(event) -> None:
    """Add a fifth, published round with more boards than any other."""
    extra = [factories.ParticipantFactory(tournament=event, pairing_number=n) for n in range(11, 31)]
    rnd = Round.objects.create(tournament=event, number=5, status=Round.Status.PUBLISHED)
    for i in range(0, len(extra), 2):
        Board.objects.create(round=rnd, number=i // 2 + 1, white=extra[i], black=extra[i + 1])


def test_round_detail_and_lists_cost_the_same_for_ten_boards_as_for_four(event, organiser_api, anon_api):
    urls = [
        (organiser_api, f"/api/tournaments/{event.pk}/rounds/{{n}}/"),
        (organiser_api, f"/api/tournaments/{event.pk}/rounds/{{n}}/boards/"),
        (anon_api, f"/api/public/{event.public_token}/rounds/{{n}}/"),
    ]
    small = [_count(client, url.format(n=1)) for client, url in urls]
    _grow(event)
    large = [_count(client, url.format(n=5)) for client, url in urls]
    assert large == small
    assert max(small) <= 8


def test_participant_lists_cost_the_same_for_thirty_as_for_ten(event, organiser_api, anon_api):
    urls = [
        (organiser_api, f"/api/tournaments/{event.pk}/participants/"),
        (organiser_api, f"/api/tournaments/{event.pk}/byes/"),
        (anon_api, f"/api/public/{event.public_token}/participants/"),
    ]
    small = [_count(client, url) for client, url in urls]
    _grow(event)
    assert [_count(client, url) for client, url in urls] == small
