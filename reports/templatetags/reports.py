"""``{{ overview|report_of:board }}``: a board's row of a ``reports.selectors.RoundOverview``
(its open report and state), for templates that walk the boards themselves (the round page)."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def report_of(overview, board):
    """The board's ``BoardReport``, or None (no overview: the round takes no reports, or the page
    re-renders one row without them, as a result entered on the row does)."""
    by_board = getattr(overview, "by_board", None)
    return by_board.get(board.pk) if by_board is not None and board is not None else None
