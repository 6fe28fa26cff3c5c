"""The API's answer to a result entry is ``board_output``, ``BoardOutput`` written out (issue 38):
the two must stay the same JSON, field for field."""

from __future__ import annotations

import pytest

from tests import factories
from tournaments.api.serializers import BoardOutput, board_output
from tournaments.models import Board, Round


@pytest.mark.django_db
def test_board_output_is_the_board_serializer_field_for_field(tournament):
    players = [
        factories.ParticipantFactory(tournament=tournament, pairing_number=n if n != 3 else None)
        for n in range(1, 7)
    ]
    rnd = Round.objects.create(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    Board.objects.create(round=rnd, number=1, white=players[0], black=players[1])
    Board.objects.create(
        round=rnd,
        number=2,
        white=players[2],
        black=players[3],
        result="1/2-1/2",
        version=3,
        corrected_after_pairing=True,
    )
    Board.objects.create(round=rnd, number=3, white=players[4], black=players[5], result="+/-", version=1)
    boards = Board.objects.filter(round=rnd).select_related("round", "white", "black").order_by("number")
    for board in boards:
        assert board_output(board) == BoardOutput(board).data
        assert list(board_output(board)) == list(BoardOutput.Meta.fields)
    assert board_output(boards[1])["white"]["pairing_number"] is None
