"""Rounds: pair (asynchronous, polled), read, publish; boards and results with optimistic locking."""

from __future__ import annotations

import pytest

from tests import factories
from tournaments.models import Board, Round


def rounds_url(t, rest: str = "") -> str:
    return f"/api/tournaments/{t.pk}/rounds/{rest}"


@pytest.fixture
def field(tournament):
    for n in range(6):
        factories.ParticipantFactory(tournament=tournament, name=f"Entrant {n}", rating=2000 - 50 * n)
    return tournament


def pair(client, t, capture):
    with capture(execute=True):
        response = client.post(rounds_url(t, "pair/"))
    return response


def test_pairing_is_queued_and_the_round_can_be_polled_until_it_is_a_draft(
    field, arbiter_api, django_capture_on_commit_callbacks
):
    response = pair(arbiter_api, field, django_capture_on_commit_callbacks)
    assert response.status_code == 202
    assert (response.json()["number"], response.json()["status"]) == (1, "pairing")
    assert response["Location"].endswith(f"/api/tournaments/{field.pk}/rounds/1/")
    polled = arbiter_api.get(rounds_url(field, "1/"))
    assert polled.status_code == 200
    body = polled.json()
    assert body["status"] == "draft"
    assert len(body["boards"]) == 3
    seated = {b["white"]["id"] for b in body["boards"]} | {b["black"]["id"] for b in body["boards"]}
    assert seated == set(field.participants.values_list("pk", flat=True))


def test_pairing_twice_returns_the_same_round(field, arbiter_api, django_capture_on_commit_callbacks):
    first = pair(arbiter_api, field, django_capture_on_commit_callbacks)
    second = pair(arbiter_api, field, django_capture_on_commit_callbacks)
    assert first.json()["id"] == second.json()["id"]
    assert Round.objects.filter(tournament=field).count() == 1


@pytest.mark.parametrize(("who", "status"), [("anonymous", 401), ("stranger", 404)])
def test_outsiders_cannot_pair(field, clients, who, status):
    assert clients[who].post(rounds_url(field, "pair/")).status_code == status
    assert not Round.objects.filter(tournament=field).exists()


def test_the_next_round_waits_for_every_result(event, arbiter_api):
    rnd = Round.objects.create(tournament=event, number=5, status=Round.Status.PUBLISHED)
    people = {p.pairing_number: p for p in event.participants.all()}
    Board.objects.create(round=rnd, number=1, white=people[1], black=people[4])
    response = arbiter_api.post(rounds_url(event, "pair/"))
    assert response.status_code == 400
    assert "no result yet" in response.json()["detail"]


def test_too_few_players_to_pair_is_a_400(tournament, arbiter_api):
    factories.ParticipantFactory(tournament=tournament)
    response = arbiter_api.post(rounds_url(tournament, "pair/"))
    assert response.status_code == 400
    assert "at least two" in response.json()["detail"]


@pytest.mark.parametrize(
    ("who", "status"), [("anonymous", 401), ("stranger", 404), ("arbiter", 200), ("organiser", 200)]
)
def test_who_may_read_rounds(event, clients, who, status):
    listed = clients[who].get(rounds_url(event))
    detail = clients[who].get(rounds_url(event, "1/"))
    assert (listed.status_code, detail.status_code) == (status, status)
    if status == 200:
        assert [r["number"] for r in listed.json()] == [1, 2, 3, 4]
        body = detail.json()
        assert [
            (b["white"]["pairing_number"], b["black"]["pairing_number"], b["result"]) for b in body["boards"]
        ] == [
            (1, 5, "1-0"),
            (6, 2, "1/2-1/2"),
            (3, 7, "+/-"),
            (8, 4, "-/+"),
        ]
        assert {(b["participant"]["pairing_number"], b["kind"]) for b in body["byes"]} == {
            (9, "pab"),
            (10, "late"),
        }


def test_an_unknown_round_is_a_404(event, arbiter_api):
    assert arbiter_api.get(rounds_url(event, "9/")).status_code == 404


def test_publishing_a_draft(field, arbiter_api, stranger_api, django_capture_on_commit_callbacks):
    pair(arbiter_api, field, django_capture_on_commit_callbacks)
    assert stranger_api.post(rounds_url(field, "1/publish/")).status_code == 404
    response = arbiter_api.post(rounds_url(field, "1/publish/"))
    assert response.status_code == 200
    assert response.json()["status"] == "published"
    assert response.json()["published_at"]
    again = arbiter_api.post(rounds_url(field, "1/publish/"))
    assert again.status_code == 400


@pytest.fixture
def published(field, arbiter_api, django_capture_on_commit_callbacks):
    pair(arbiter_api, field, django_capture_on_commit_callbacks)
    arbiter_api.post(rounds_url(field, "1/publish/"))
    return Round.objects.get(tournament=field, number=1)


def test_boards_of_a_round(published, arbiter_api):
    response = arbiter_api.get(rounds_url(published.tournament, "1/boards/"))
    assert response.status_code == 200
    assert [b["number"] for b in response.json()] == [1, 2, 3]
    one = arbiter_api.get(rounds_url(published.tournament, "1/boards/2/"))
    assert (one.json()["number"], one.json()["result"], one.json()["version"]) == (2, "", 0)


@pytest.mark.parametrize(
    ("who", "status"), [("anonymous", 401), ("stranger", 404), ("arbiter", 200), ("organiser", 200)]
)
def test_who_may_record_a_result(published, clients, who, status):
    response = clients[who].put(
        rounds_url(published.tournament, "1/boards/1/"), {"result": "1-0", "version": 0}, format="json"
    )
    assert response.status_code == status
    board = published.boards.get(number=1)
    assert board.result == ("1-0" if status == 200 else "")
    if status == 200:
        assert response.json()["version"] == 1


def test_a_stale_version_is_a_409_and_changes_nothing(published, arbiter_api, organiser_api):
    url = rounds_url(published.tournament, "1/boards/1/")
    assert arbiter_api.put(url, {"result": "1-0", "version": 0}, format="json").status_code == 200
    late = organiser_api.put(url, {"result": "0-1", "version": 0}, format="json")
    assert late.status_code == 409
    assert "now shows 1-0" in late.json()["detail"]
    assert published.boards.get(number=1).result == "1-0"


def test_result_input_is_checked(published, arbiter_api):
    response = arbiter_api.put(
        rounds_url(published.tournament, "1/boards/1/"), {"result": "2-0", "version": -1}, format="json"
    )
    assert response.status_code == 400
    assert set(response.json()) == {"result", "version"}


def test_results_wait_for_the_round_to_be_published(field, arbiter_api, django_capture_on_commit_callbacks):
    pair(arbiter_api, field, django_capture_on_commit_callbacks)
    response = arbiter_api.put(
        rounds_url(field, "1/boards/1/"), {"result": "1-0", "version": 0}, format="json"
    )
    assert response.status_code == 400
    assert "not published yet" in response.json()["detail"]


def test_the_last_result_finishes_the_round(published, arbiter_api):
    for number in (1, 2, 3):
        arbiter_api.put(
            rounds_url(published.tournament, f"1/boards/{number}/"),
            {"result": "1/2-1/2", "version": 0},
            format="json",
        )
    assert arbiter_api.get(rounds_url(published.tournament, "1/")).json()["status"] == "finished"


def test_a_result_is_one_locked_read_and_the_writes_with_the_board_answered_as_saved(
    published, arbiter_api, django_assert_num_queries
):
    """Issue 38: the token, the tournament with the role, the tournament's lock, the board found
    by its numbers under the lock, its UPDATE, the tournament's, the audit row (on PostgreSQL the
    three writes are one statement), and the two savepoint statements of the transaction: no read
    of the board before, none after."""
    from django.db import connection

    arbiter_api.put(
        rounds_url(published.tournament, "1/boards/2/"), {"result": "1-0", "version": 0}, format="json"
    )
    with django_assert_num_queries(7 if connection.vendor == "postgresql" else 9):
        response = arbiter_api.put(
            rounds_url(published.tournament, "1/boards/1/"), {"result": "0-1", "version": 0}, format="json"
        )
    assert response.status_code == 200
    board = published.boards.select_related("white", "black").get(number=1)
    assert response.json() == {
        "id": board.pk,
        "round": 1,
        "number": 1,
        "white": {
            "id": board.white_id,
            "pairing_number": board.white.pairing_number,
            "name": board.white.name,
        },
        "black": {
            "id": board.black_id,
            "pairing_number": board.black.pairing_number,
            "name": board.black.name,
        },
        "result": "0-1",
        "version": 1,
        "corrected_after_pairing": False,
    }


def test_an_unknown_board_is_a_404(published, arbiter_api):
    response = arbiter_api.put(
        rounds_url(published.tournament, "1/boards/9/"), {"result": "1-0", "version": 0}
    )
    assert response.status_code == 404


@pytest.mark.parametrize(
    ("who", "status"), [("anonymous", 401), ("stranger", 404), ("arbiter", 403), ("organiser", 201)]
)
def test_only_organisers_start_a_round_robin(tournament, clients, who, status):
    tournament.format = "round_robin"
    tournament.tiebreaks = "DE,WIN,SB"
    tournament.save()
    for n in range(4):
        factories.ParticipantFactory(tournament=tournament, name=f"Robin {n}")
    response = clients[who].post(f"/api/tournaments/{tournament.pk}/start/")
    assert response.status_code == status
    assert Round.objects.filter(tournament=tournament).count() == (3 if status == 201 else 0)
    if status == 201:
        assert [(r["number"], r["status"]) for r in response.json()] == [(n, "published") for n in (1, 2, 3)]


def test_a_swiss_is_not_started_but_paired(field, organiser_api):
    response = organiser_api.post(f"/api/tournaments/{field.pk}/start/")
    assert response.status_code == 400
    assert "round 1 is paired" in response.json()["detail"]
