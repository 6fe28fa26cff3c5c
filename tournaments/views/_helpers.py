"""The staff pages' own helper: back to the page of boards that shows a board."""

from __future__ import annotations

from django.http import HttpResponseRedirect
from django.shortcuts import redirect

from tournaments.selectors import page_of_board


def back_to_board(tournament_id: int, number: int, board: int | None) -> HttpResponseRedirect:
    """Back to round ``number``'s page, on the page of boards that shows ``board`` (a big round
    comes in pages; the first page needs no ``?page=``)."""
    response = redirect("tournaments:round", tournament_id=tournament_id, number=number)
    page = page_of_board(board) if board else 1
    if page > 1:
        response["Location"] += f"?page={page}"
    return response
