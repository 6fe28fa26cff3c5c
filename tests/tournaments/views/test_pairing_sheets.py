"""Issue 22 (6, 8): drafts and the pairings PDF show pairing numbers, ratings and points; pairings
also by name; a correction after the next pairing asks first, and the next round shows both scores."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from core.errors import ConfirmationNeeded
from pairing.services.execute import round_pair_execute
from pairing.services.swiss import round_pair
from tests.tournaments.public.test_pdf_layout import text_runs
from tournaments.models import Board, Round
from tournaments.public import pdf as public_pdf
from tournaments.services.results import result_record

from .conftest import htmx, pair_and_publish, play_round


@pytest.fixture
def helvetica(monkeypatch):
    monkeypatch.setattr(public_pdf, "_fonts", lambda: ("Helvetica", "Helvetica-Bold"))


def round_url(tournament, number):
    return reverse("tournaments:round", kwargs={"tournament_id": tournament.pk, "number": number})


def test_a_draft_shows_pairing_numbers_ratings_and_points(arbiter_client, tournament, draft_round):
    body = arbiter_client.get(round_url(tournament, 1)).content.decode()
    for board in Board.objects.filter(round=draft_round).select_related("white", "black"):
        for p in (board.white, board.black):
            cell = re.search(
                rf'<small class="pno"[^>]*>{p.pairing_number}</small> {p.name} <small class="rating"[^>]*>{p.rating}</small> <small class="muted">\(0\)</small>',
                body,
            )
            assert cell, p.name


def test_the_pairings_pdf_has_numbers_and_ratings_and_a_by_name_version(
    client, tournament, published_round, helvetica
):
    url = reverse("public:pairings_pdf", args=[tournament.public_token, 1])
    texts = [t for _, t, _ in text_runs(client.get(url).content)]
    board = Board.objects.select_related("white", "black").get(round=published_round, number=1)
    assert "No." in texts and "Rtg" in texts
    assert str(board.white.rating) in texts and str(board.black.rating) in texts
    assert str(board.white.pairing_number) in texts
    texts = [t for _, t, _ in text_runs(client.get(url, {"order": "name"}).content)]
    names = [t for t in texts if t.startswith("Player ")][0::2]  # each row: the player, then the opponent
    assert names == sorted(names) and len(set(names)) == 8
    assert "Opponent" in texts and "Colour" in texts


def test_the_public_pairings_page_lists_players_by_name(client, tournament, published_round):
    url = reverse("public:pairings", args=[tournament.public_token])
    body = client.get(url, {"order": "name"}).content.decode()
    assert 'id="pairings-by-name"' in body
    order = re.findall(r'<td class="player"><a href="[^"]+">(Player \d+)</a>', body)
    assert order == sorted(order) and len(order) == 8
    assert 'href="?order=name"' in client.get(url).content.decode()


def test_a_correction_after_the_next_pairing_needs_confirming(
    arbiter_client, tournament, published_round, arbiter
):
    play_round(published_round, arbiter)
    second = pair_and_publish(tournament, arbiter)
    board = Board.objects.get(round=published_round, number=1)
    url = reverse("tournaments:result", kwargs={"tournament_id": tournament.pk, "board_id": board.pk})
    response = htmx(arbiter_client, "post", url, data={"result": "0-1", "version": board.version})
    body = response.content.decode()
    assert response["X-Result-Status"] == "409"
    assert "round 2 has already been paired on 1-0" in body and "Correct anyway" in body
    board.refresh_from_db()
    assert board.result == "1-0"
    response = htmx(
        arbiter_client, "post", url, data={"result": "0-1", "version": board.version, "confirm": "1"}
    )
    board.refresh_from_db()
    assert response["X-Result-Status"] == "200" and board.result == "0-1"
    second.refresh_from_db()
    assert second.scores_paired_on == {str(board.white_id): 2, str(board.black_id): 0}
    page = arbiter_client.get(round_url(tournament, 2)).content.decode()
    assert "(0, paired on 1)" in page and "(1, paired on 0)" in page and 'id="paired-on-old"' in page


def test_the_next_rounds_pdf_marks_the_score_it_was_paired_on(
    client, tournament, published_round, arbiter, helvetica
):
    play_round(published_round, arbiter)
    pair_and_publish(tournament, arbiter)
    board = Board.objects.select_related("white").get(round=published_round, number=1)
    result_record(board=board, user=arbiter, result="1/2-1/2", expected_version=board.version)
    runs = text_runs(client.get(reverse("public:pairings_pdf", args=[tournament.public_token, 2])).content)
    texts = [t.replace("\\275", "½") for _, t, _ in runs]
    assert texts.count("½*") == 2  # both players of the corrected board, starred
    assert f"{board.white.name} 1 (now ½)" in " ".join(texts)


def test_the_service_asks_only_when_told_to(tournament, published_round, arbiter):
    play_round(published_round, arbiter)
    rnd = round_pair(tournament=tournament, user=arbiter)
    round_pair_execute(round_id=rnd.pk)
    board = Board.objects.get(round=published_round, number=2)
    with pytest.raises(ConfirmationNeeded, match="round 2 has already been paired on 1-0"):
        result_record(
            board=board, user=arbiter, result="0-1", expected_version=board.version, confirm_correction=False
        )
    result_record(board=board, user=arbiter, result="0-1", expected_version=board.version)
    assert Round.objects.get(pk=rnd.pk).scores_paired_on
