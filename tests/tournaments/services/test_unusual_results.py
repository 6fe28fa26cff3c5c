"""Issue 34: the arbiter's unusual results ½-0 and 0-½ (one side's half point against a zero).

They are entered on the round page like any result, count in the standings, and travel through
TRF as "=" against "0" both ways, so the rating report and another program read the same game."""

from __future__ import annotations

from fractions import Fraction

from django.urls import reverse

from pairing.standings import standings_for_tournament
from tournaments.exchange.trf_export import trf_export
from tournaments.exchange.trf_import import trf_import
from tournaments.models import Board

from .conftest import pair_and_publish


def test_half_zero_from_the_round_page_counts_and_travels_through_trf(swiss, arbiter, organiser, client):
    rnd = pair_and_publish(swiss, arbiter)
    first, second, *rest = Board.objects.filter(round=rnd).order_by("number")
    client.force_login(arbiter)
    for board, result in ((first, "1/2-0"), (second, "0-1/2")):
        answer = client.post(
            reverse("tournaments:result", kwargs={"tournament_id": swiss.pk, "board_id": board.pk}),
            {"result": result, "version": board.version},
            HTTP_HX_REQUEST="true",
        )
        assert answer.status_code == 200, answer.content[:300]
        board.refresh_from_db()
        assert board.result == result
    assert "½-0" in answer.content.decode() or "0-½" in answer.content.decode()
    for board in rest:
        client.post(
            reverse("tournaments:result", kwargs={"tournament_id": swiss.pk, "board_id": board.pk}),
            {"result": "1-0", "version": board.version},
        )

    standings = standings_for_tournament(swiss)
    assert standings.row(first.white_id).points == Fraction(1, 2)
    assert standings.row(first.black_id).points == 0
    assert standings.row(second.white_id).points == 0
    assert standings.row(second.black_id).points == Fraction(1, 2)

    text = trf_export(tournament=swiss)
    imported = trf_import(text=text, owner=organiser).tournament
    again = {(b.white.name, b.black.name): b.result for b in Board.objects.filter(round__tournament=imported)}
    assert again[(first.white.name, first.black.name)] == "1/2-0"
    assert again[(second.white.name, second.black.name)] == "0-1/2"
    assert trf_export(tournament=imported).splitlines()[1:] == text.splitlines()[1:]
