from __future__ import annotations

from django.urls import reverse

from pairing.services.execute import round_pair_execute
from pairing.services.swiss import round_pair
from tournaments.models import Round

from .conftest import htmx


def status_url(tournament, number=1):
    return reverse("tournaments:round_status", kwargs={"tournament_id": tournament.pk, "number": number})


def test_while_pairing_the_status_polls_itself(arbiter_client, tournament, players, arbiter):
    round_pair(tournament=tournament, user=arbiter)
    response = htmx(arbiter_client, "get", status_url(tournament) + "?polling=1")
    body = response.content.decode()
    assert 'id="round-status"' in body and 'hx-trigger="every 2s"' in body and "<html" not in body
    assert "HX-Refresh" not in response
    page = arbiter_client.get(
        reverse("tournaments:round", kwargs={"tournament_id": tournament.pk, "number": 1})
    )
    assert b'http-equiv="refresh"' in page.content  # without JavaScript the page reloads itself


def test_when_the_draft_is_ready_the_round_section_is_swapped_in_without_a_reload(
    arbiter_client, tournament, players, arbiter
):
    rnd = round_pair(tournament=tournament, user=arbiter)
    round_pair_execute(round_id=rnd.pk)
    response = htmx(arbiter_client, "get", status_url(tournament) + "?polling=1")
    body = response.content.decode()
    assert "HX-Refresh" not in response
    assert (response["HX-Retarget"], response["HX-Reswap"]) == ("#round-section", "outerHTML")
    assert body.lstrip().startswith('<div id="round-section">') and "<html" not in body
    assert "every 2s" not in body and "Draft" in body and "Publish round 1" in body
    assert body.count('class="board-row') == 4  # the draft's boards come with it


def test_when_the_pairing_fails_the_reason_is_swapped_in_without_a_reload(
    arbiter_client, tournament, players, arbiter
):
    rnd = round_pair(tournament=tournament, user=arbiter)
    Round.objects.filter(pk=rnd.pk).update(status="failed", error="The engine ran out of time.")
    response = htmx(arbiter_client, "get", status_url(tournament) + "?polling=1")
    assert "HX-Refresh" not in response and response["HX-Retarget"] == "#round-section"
    assert (
        "Pairing failed" in response.content.decode()
        and "The engine ran out of time." in response.content.decode()
    )


def test_the_section_swap_is_refused_like_the_page_to_strangers(
    stranger_client, tournament, players, arbiter
):
    rnd = round_pair(tournament=tournament, user=arbiter)
    round_pair_execute(round_id=rnd.pk)
    assert htmx(stranger_client, "get", status_url(tournament) + "?polling=1").status_code == 404


def test_a_failed_pairing_says_why_and_offers_to_try_again(arbiter_client, tournament, players, arbiter):
    rnd = round_pair(tournament=tournament, user=arbiter)
    Round.objects.filter(pk=rnd.pk).update(status="failed", error="The engine ran out of time.")
    body = arbiter_client.get(status_url(tournament)).content.decode()
    assert "Pairing failed" in body and "The engine ran out of time." in body and "Pair again" in body


def test_a_published_round_refreshes_its_status_after_each_result_without_reloading(
    arbiter_client, tournament, published_round, arbiter
):
    from tournaments.models import Board
    from tournaments.services.results import result_record

    page = arbiter_client.get(
        reverse("tournaments:round", kwargs={"tournament_id": tournament.pk, "number": 1})
    )
    assert (
        b'id="round-status-box"' in page.content
        and b'hx-trigger="standings-changed from:body"' in page.content
    )
    for board in Board.objects.filter(round=published_round):
        result_record(board=board, user=arbiter, result="1-0", expected_version=0)
    response = htmx(arbiter_client, "get", status_url(tournament))
    assert b"Finished" in response.content and "HX-Refresh" not in response
