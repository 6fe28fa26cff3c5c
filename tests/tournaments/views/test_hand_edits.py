"""Issue 22 (7): after a hand edit the draft says it was edited and what it gave up."""

from __future__ import annotations

from django.urls import reverse

from tournaments.models import Board

from .conftest import play_round


def round_url(tournament, number):
    return reverse("tournaments:round", kwargs={"tournament_id": tournament.pk, "number": number})


def test_a_colour_swap_is_reported_as_a_hand_edit_that_gives_up_c12(
    arbiter_client, tournament, published_round, arbiter
):
    from pairing.services.execute import round_pair_execute
    from pairing.services.swiss import round_pair

    play_round(published_round, arbiter, result=Board.Result.DRAW)
    rnd = round_pair(tournament=tournament, user=arbiter)
    round_pair_execute(round_id=rnd.pk)
    board = Board.objects.select_related("white", "black").get(round=rnd, number=1)
    response = arbiter_client.post(
        reverse("tournaments:board_swap", kwargs={"tournament_id": tournament.pk, "board_id": board.pk}),
        follow=True,
    )
    body = response.content.decode()
    assert "The pairing still keeps every rule" not in body and "keeps every rule" not in body
    assert "Edited by hand. Compared with the engine&#x27;s pairing it gives up: both " in body
    first, second = sorted((board.white, board.black), key=lambda p: p.pairing_number)
    assert f"{first.name} and {second.name} now get the colour they did not want (C12)" in body
    assert 'id="hand-edited"' in body
    # Swapping back restores the engine's pairing: nothing is given up any more.
    board.refresh_from_db()
    response = arbiter_client.post(
        reverse("tournaments:board_swap", kwargs={"tournament_id": tournament.pk, "board_id": board.pk}),
        follow=True,
    )
    body = response.content.decode()
    assert "gives up nothing the engine&#x27;s pairing had" in body
    assert "They give up none of the criteria" in body


def test_a_colour_swap_in_round_one_names_the_initial_colour_and_the_notes_follow_the_boards(
    arbiter_client, tournament, draft_round
):
    """Issue 33 (4): nobody has a colour preference in round 1, yet a swap is not free: it goes
    against the initial colour (Art. 5.2.5). After it, the board's note describes the board as it
    stands, not the engine's colours."""
    board = Board.objects.select_related("white", "black").get(round=draft_round, number=1)
    white, black = board.white, board.black
    response = arbiter_client.post(
        reverse("tournaments:board_swap", kwargs={"tournament_id": tournament.pk, "board_id": board.pk}),
        follow=True,
    )
    body = response.content.decode()
    assert "gives up nothing" not in body and "give up none" not in body
    assert "(Art. 5.2.5)" in body
    assert f"{black.name} now has White on board 1; the colour rules give White to {white.name} — " in body
    notes = body.split("Colours, board by board", 1)[1]
    board_one = notes.split("Board 1:", 1)[1].split("</li>", 1)[0]
    assert "by hand" in board_one and f"{black.name} has White" in board_one
    assert f"would give White to {white.name} — " in board_one
    assert "describe the engine&#x27;s pairing, not the boards above" not in body
