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
    with django_assert_num_queries(4):  # session, user, the tournament with the role, the reports' stamp
        response = htmx(arbiter_client, "get", live_url(tournament, version))
    assert response.status_code == 204


def test_another_arbiters_result_comes_as_its_row_alone(
    arbiter_client, tournament, published_round, organiser, django_assert_num_queries
):
    """Before: every poll after any change re-rendered the whole table (500 rows, 774 KiB at a
    1000-player open) although one row had changed. Now only the changed rows come, swapped out
    of band, and the table is left where it is (HX-Reswap: none)."""
    version = Tournament.objects.get(pk=tournament.pk).version
    boards = list(Board.objects.filter(round=published_round).order_by("number"))
    result_record(board=boards[1], user=organiser, result="0-1", expected_version=0)
    result_record(board=boards[2], user=organiser, result="1-0", expected_version=0)
    # session, user, the tournament with the role; the round; the changed boards (with their players); the
    # arbiter's right to enter results. Round 1: no past games to score (later rounds: two more
    # queries, for these players' games and byes only). The players' phone reports add three: the
    # round's report stamp, and its boards and reports for the counts that travel with every answer.
    # One more reads the namesakes (only the players whose name is shared), for their labels.
    with django_assert_num_queries(10):
        response = htmx(arbiter_client, "get", live_url(tournament, version))
    body = response.content.decode()
    assert response.status_code == 200 and response["HX-Reswap"] == "none"
    assert 'id="pairings-table"' not in body and "<html" not in body
    assert body.count("<tr ") == 2
    assert f'<tr id="board-{boards[1].pk}"' in body and f'<tr id="board-{boards[2].pk}"' in body
    assert f'id="board-{boards[0].pk}"' not in body and f'id="board-{boards[3].pk}"' not in body
    # Two rows, the round status, the version, the reports' counts.
    assert body.count('hx-swap-oob="true"') == 5
    assert '<strong class="result-value">0-1</strong>' in body
    assert f'id="live-version" name="seen" value="{version + 2}" hx-swap-oob="true"' in body


def test_the_rows_since_the_version_shown_and_no_older_ones(
    arbiter_client, tournament, published_round, organiser
):
    boards = list(Board.objects.filter(round=published_round).order_by("number"))
    result_record(board=boards[0], user=organiser, result="0-1", expected_version=0)
    seen = Tournament.objects.get(pk=tournament.pk).version
    result_record(board=boards[3], user=organiser, result="1-0", expected_version=0)
    body = htmx(arbiter_client, "get", live_url(tournament, seen)).content.decode()
    assert body.count("<tr ") == 1 and f'<tr id="board-{boards[3].pk}"' in body


def test_any_other_change_re_renders_the_whole_table(arbiter_client, tournament, published_round, organiser):
    from tournaments.services.versions import tournament_changed

    version = Tournament.objects.get(pk=tournament.pk).version
    board = Board.objects.filter(round=published_round).first()
    result_record(board=board, user=organiser, result="0-1", expected_version=0)
    tournament_changed(tournament.pk)  # e.g. a withdrawal: not a result, so not in any row's stamp
    response = htmx(arbiter_client, "get", live_url(tournament, version))
    body = response.content.decode()
    assert response.status_code == 200 and "HX-Reswap" not in response
    assert (
        'id="pairings-table"' in body
        and body.count("<tr ") == Board.objects.filter(round=published_round).count()
    )
    assert f'id="live-version" name="seen" value="{version + 2}" hx-swap-oob="true"' in body


def test_the_round_status_comes_along_out_of_band(arbiter_client, tournament, published_round, arbiter):
    for board in Board.objects.filter(round=published_round):
        result_record(board=board, user=arbiter, result="1-0", expected_version=0)
    body = htmx(arbiter_client, "get", live_url(tournament, 0)).content.decode()
    assert 'id="round-status"' in body and 'hx-swap-oob="true"' in body and "Finished" in body
