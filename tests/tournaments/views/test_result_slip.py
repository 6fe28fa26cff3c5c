"""The quick-entry box's slips by board number (``rounds/<n>/result/``): any board of the round,
including those not on the page the arbiter is looking at."""

from __future__ import annotations

from django.contrib.messages import get_messages
from django.urls import reverse

from tournaments.models import Board
from tournaments.services.results import result_record

from .conftest import htmx


def slip_url(tournament, number=1):
    return reverse("tournaments:round_result", kwargs={"tournament_id": tournament.pk, "number": number})


def board(rnd, number):
    return Board.objects.get(round=rnd, number=number)


def test_a_slip_records_the_board_by_number_and_refreshes_standings(
    arbiter_client, tournament, published_round
):
    response = htmx(arbiter_client, "post", slip_url(tournament), data={"board": 4, "result": "0-1"})
    assert response.status_code == 200
    assert response.json() == {"message": "Board 4: 0-1 saved."}
    assert response["HX-Trigger"] == '{"standings-changed": {}}'
    assert board(published_round, 4).result == "0-1"


def test_a_slip_for_a_board_with_another_result_is_refused(
    arbiter_client, tournament, published_round, organiser
):
    result_record(board=board(published_round, 2), user=organiser, result="1-0", expected_version=0)
    response = htmx(arbiter_client, "post", slip_url(tournament), data={"board": 2, "result": "0-1"})
    assert response.status_code == 409 and "already shows 1-0" in response.json()["message"]
    assert "HX-Trigger" not in response
    assert board(published_round, 2).result == "1-0"


def test_the_same_result_again_is_quietly_accepted(arbiter_client, tournament, published_round, organiser):
    result_record(board=board(published_round, 2), user=organiser, result="1-0", expected_version=0)
    response = htmx(arbiter_client, "post", slip_url(tournament), data={"board": 2, "result": "1-0"})
    assert response.status_code == 200 and board(published_round, 2).version == 1


def test_a_board_the_round_does_not_have(arbiter_client, tournament, published_round):
    response = htmx(arbiter_client, "post", slip_url(tournament), data={"board": 99, "result": "1-0"})
    assert response.status_code == 400
    assert response.json() == {"message": "There is no board 99 in round 1."}


def test_a_slip_without_a_result_is_refused(arbiter_client, tournament, published_round):
    response = htmx(arbiter_client, "post", slip_url(tournament), data={"board": 1, "result": "2-0"})
    assert response.status_code == 400 and not board(published_round, 1).result


def test_a_draft_takes_no_slip(arbiter_client, tournament, draft_round):
    response = htmx(arbiter_client, "post", slip_url(tournament), data={"board": 1, "result": "1-0"})
    assert response.status_code == 400 and "not published" in response.json()["message"]


def test_without_javascript_it_goes_back_to_the_boards_page(
    arbiter_client, tournament, published_round, settings
):
    settings.ROUND_PAGE_BOARDS = 2
    response = arbiter_client.post(slip_url(tournament), {"board": 3, "result": "1-0"})
    assert response.status_code == 302 and response["Location"].endswith("/rounds/1/?page=2")
    assert [str(m) for m in get_messages(response.wsgi_request)] == ["Board 3: 1-0 saved."]


def test_someone_without_a_role_gets_404(stranger_client, tournament, published_round):
    response = htmx(stranger_client, "post", slip_url(tournament), data={"board": 1, "result": "1-0"})
    assert response.status_code == 404 and not board(published_round, 1).result


def test_anonymous_is_sent_to_log_in(client, tournament, published_round):
    response = client.post(slip_url(tournament), {"board": 1, "result": "1-0"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not board(published_round, 1).result


def test_a_slip_changing_a_result_asks_and_changes_it_once_confirmed(
    arbiter_client, tournament, published_round, organiser
):
    """Issue 33 (2): the slip box never silently replaces an entered result."""
    result_record(board=board(published_round, 2), user=organiser, result="1-0", expected_version=0)
    asked = htmx(arbiter_client, "post", slip_url(tournament), data={"board": 2, "result": "0-1"})
    assert asked.status_code == 409 and asked.json()["confirm"] is True
    assert "already shows 1-0" in asked.json()["message"] and "Change it to 0-1?" in asked.json()["message"]
    assert board(published_round, 2).result == "1-0"
    done = htmx(
        arbiter_client, "post", slip_url(tournament), data={"board": 2, "result": "0-1", "confirm": "1"}
    )
    assert done.status_code == 200 and board(published_round, 2).result == "0-1"
