from __future__ import annotations

from django.urls import reverse

from tournaments.models import Board, Tournament
from tournaments.services.results import result_record

from .conftest import htmx


def live_url(tournament, version):
    return (
        reverse("tournaments:round_live", kwargs={"tournament_id": tournament.pk, "number": 1})
        + f"?seen={version}&reports_seen=0.0"  # the players' reports: none
    )


def test_nothing_changed_means_no_content(
    arbiter_client, tournament, published_round, django_assert_num_queries
):
    version = Tournament.objects.get(pk=tournament.pk).version
    with django_assert_num_queries(5):  # session, user, tournament, role, the reports' stamp
        response = htmx(arbiter_client, "get", live_url(tournament, version))
    assert response.status_code == 204


def test_another_arbiters_result_appears(arbiter_client, tournament, published_round, organiser):
    version = Tournament.objects.get(pk=tournament.pk).version
    board = Board.objects.filter(round=published_round).first()
    result_record(board=board, user=organiser, result="0-1", expected_version=0)
    response = htmx(arbiter_client, "get", live_url(tournament, version))
    body = response.content.decode()
    assert response.status_code == 200 and 'id="pairings-table"' in body and "<html" not in body
    assert f'id="live-version" name="seen" value="{version + 1}" hx-swap-oob="true"' in body
    assert f'id="board-{board.pk}"' in body and '<strong class="result-value">0-1</strong>' in body


def test_the_round_status_comes_along_out_of_band(arbiter_client, tournament, published_round, arbiter):
    for board in Board.objects.filter(round=published_round):
        result_record(board=board, user=arbiter, result="1-0", expected_version=0)
    body = htmx(arbiter_client, "get", live_url(tournament, 0)).content.decode()
    assert 'id="round-status"' in body and 'hx-swap-oob="true"' in body and "Finished" in body
