from __future__ import annotations

from django.contrib.messages import get_messages
from django.urls import reverse

from tournaments.models import Board, Round
from tournaments.services.results import result_record

from .conftest import htmx


def test_the_rounds_page_offers_the_next_pairing(arbiter_client, tournament, players):
    response = arbiter_client.get(reverse("tournaments:rounds", kwargs={"tournament_id": tournament.pk}))
    body = response.content.decode()
    assert 'id="rounds-table"' in body and "Pair round 1" in body


def test_the_rounds_partial_has_a_fixed_number_of_queries(
    arbiter_client, tournament, published_round, django_assert_num_queries
):
    with django_assert_num_queries(7):
        response = htmx(
            arbiter_client, "get", reverse("tournaments:rounds", kwargs={"tournament_id": tournament.pk})
        )
    body = response.content.decode()
    assert 'id="rounds-table"' in body and "<html" not in body and "0 / 4" in body


def test_pairing_claims_the_round_enqueues_it_and_shows_the_draft(
    arbiter_client, tournament, players, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = arbiter_client.post(
            reverse("tournaments:round_pair", kwargs={"tournament_id": tournament.pk})
        )
    assert len(callbacks) == 1
    assert response.status_code == 302 and response["Location"].endswith("/rounds/1/")
    assert Round.objects.get(tournament=tournament).status == Round.Status.DRAFT
    page = arbiter_client.get(response["Location"]).content.decode()
    assert "Publish round 1" in page


def test_pairing_before_every_result_is_in_names_the_missing_boards(
    arbiter_client, tournament, published_round, arbiter
):
    boards = list(Board.objects.filter(round=published_round).order_by("number"))
    for board in boards[1:]:
        result_record(board=board, user=arbiter, result="1-0", expected_version=0)
    response = arbiter_client.post(reverse("tournaments:round_pair", kwargs={"tournament_id": tournament.pk}))
    text = [str(m) for m in get_messages(response.wsgi_request)]
    assert any("board 1 has no result yet" in m for m in text)
    assert Round.objects.filter(tournament=tournament).count() == 1


def test_publish_then_the_draft_actions_are_gone(arbiter_client, tournament, draft_round):
    url = reverse("tournaments:round_publish", kwargs={"tournament_id": tournament.pk, "number": 1})
    assert arbiter_client.post(url).status_code == 302
    draft_round.refresh_from_db()
    assert draft_round.status == Round.Status.PUBLISHED
    delete = reverse("tournaments:round_delete", kwargs={"tournament_id": tournament.pk, "number": 1})
    response = arbiter_client.post(delete)
    assert any("only a draft" in str(m) for m in get_messages(response.wsgi_request))
    assert Round.objects.filter(pk=draft_round.pk).exists()


def test_deleting_and_repairing_a_draft(
    arbiter_client, tournament, draft_round, django_capture_on_commit_callbacks
):
    repair = reverse("tournaments:round_repair", kwargs={"tournament_id": tournament.pk, "number": 1})
    with django_capture_on_commit_callbacks(execute=True):
        arbiter_client.post(repair)
    draft_round.refresh_from_db()
    assert draft_round.status == Round.Status.DRAFT and Board.objects.filter(round=draft_round).count() == 4
    delete = reverse("tournaments:round_delete", kwargs={"tournament_id": tournament.pk, "number": 1})
    response = arbiter_client.post(delete)
    assert response["Location"].endswith("/rounds/") and not Round.objects.exists()


def test_swapping_colours_and_exchanging_opponents_report_warnings(arbiter_client, tournament, draft_round):
    board = Board.objects.filter(round=draft_round).order_by("number").first()
    white, black = board.white_id, board.black_id
    url = reverse("tournaments:board_swap", kwargs={"tournament_id": tournament.pk, "board_id": board.pk})
    response = arbiter_client.post(url)
    board.refresh_from_db()
    assert (board.white_id, board.black_id) == (black, white)
    # Round 1: nobody has a colour preference yet, but the swap goes against the initial colour
    # (Art. 5.2.5), and says so (issue 33, item 4; it once said it gave up nothing).
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert any("(Art. 5.2.5)" in m for m in said) and not any("gives up nothing" in m for m in said)
    url = reverse("tournaments:boards_exchange", kwargs={"tournament_id": tournament.pk, "number": 1})
    response = arbiter_client.post(url, {"board_a": 1, "board_b": 9})
    assert any("Give two board numbers" in str(m) for m in get_messages(response.wsgi_request))
    arbiter_client.post(url, {"board_a": 1, "board_b": 2})
    assert Board.objects.get(round=draft_round, number=1).black_id != white
