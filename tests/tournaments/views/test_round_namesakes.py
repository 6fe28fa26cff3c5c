"""Issue 22 (namesakes): the staff round page tells namesakes apart on the boards of a draft and
of a published round, on a row re-rendered after a result, and on the bye line."""

from __future__ import annotations

from django.urls import reverse

from tournaments.models import Board, Participant, RoundBye

from .conftest import htmx


def round_url(tournament, number=1):
    return reverse("tournaments:round", kwargs={"tournament_id": tournament.pk, "number": number})


def _make_namesakes(people: list[Participant]) -> None:
    for person, club in zip(people, ("Hull", "York"), strict=True):
        person.name, person.club_name = "John Smith", club
        person.save(update_fields=["name", "club_name"])


def _labels(body: str) -> list[str]:
    return [
        club
        for club in ("Hull", "York")
        if f'John Smith <small class="muted namesake">({club})</small>' in body
    ]


def test_the_draft_boards_tell_namesakes_apart(arbiter_client, tournament, draft_round):
    board = Board.objects.filter(round=draft_round).order_by("number").first()
    _make_namesakes([board.white, board.black])
    body = arbiter_client.get(round_url(tournament)).content.decode()
    assert _labels(body) == ["Hull", "York"]
    assert body.count('class="muted namesake"') == 2
    assert "John Smith (Hull)" in body and "John Smith (York)" in body  # the score groups


def test_the_published_boards_and_a_row_after_a_result_tell_them_apart(
    arbiter_client, tournament, published_round
):
    board = Board.objects.filter(round=published_round).order_by("number").last()
    _make_namesakes([board.white, board.black])
    assert _labels(arbiter_client.get(round_url(tournament)).content.decode()) == ["Hull", "York"]
    response = htmx(
        arbiter_client,
        "post",
        reverse("tournaments:result", kwargs={"tournament_id": tournament.pk, "board_id": board.pk}),
        data={"result": "1-0", "version": board.version},
    )
    assert response.status_code == 200
    assert _labels(response.content.decode()) == ["Hull", "York"]


def test_the_bye_line_tells_a_namesake_apart(arbiter_client, tournament, players, published_round):
    on_board = Board.objects.filter(round=published_round).first().white
    RoundBye.objects.filter(tournament=tournament, round_number=1).delete()
    sitting_out = players[-1]
    RoundBye.objects.create(
        tournament=tournament, participant=sitting_out, round_number=1, kind="absent", points=0
    )
    _make_namesakes([on_board, sitting_out])
    body = arbiter_client.get(round_url(tournament)).content.decode()
    assert _labels(body) == ["Hull", "York"]
