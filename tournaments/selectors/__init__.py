"""Read-only queries for the staff pages, one module a page family. Each returns data ready to
display, in a fixed number of queries (the view tests pin them), so templates never touch related
managers. The names are re-exported here: a view reads ``selectors.round_boards(...)``.

* :mod:`.tournaments`: ``tournaments_for_user(user)`` (the dashboard list, with participant and
  round counts), ``tournament_lists(user)`` (archived ones apart), ``tiebreak_preview(codes, format)``,
  ``tournament_staff``, ``tournament_exists``.
* :mod:`.participants`: ``participant_page(tournament, page=, find=)`` (a page of participants in
  pairing-number order, or of those a search finds), ``upcoming_byes``, ``forbidden_pair_list``,
  ``registry_search(tournament, query)`` (players to register from the club roster or the FIDE list);
  what a desk action hands to its service: ``participant_get``, ``participant_list``,
  ``bye_to_cancel``, ``forbidden_pair_to_remove`` (and ``participant_exists`` after a refusal).
* :mod:`.rounds`: ``round_rows``, ``round_get``, ``round_boards(rnd, page=, open_only=)`` (a page of
  a round's boards with both players' scores before the round), ``board_rows_changed`` (the live
  poll), ``board_row``, ``page_of_board``, ``next_round_number``, ``last_round_number``,
  ``round_one_paired``, ``round_exists``; the boards a hand edit or a result hands to its service
  (``board_to_change``, ``boards_by_number``) or shows when refused (``board_as_it_stands``).
* :mod:`.audit`: ``audit_page(tournament, round_number=, board=, page=)``.
* :mod:`.api`: the staff and public APIs' reads (querysets in their order, ``RoundWithByes``);
  the API views import it as a module.

Standings are the pairing app's one read model (``pairing.standings``); the Baku table is
``pairing.selectors.baku_table``.
"""

from __future__ import annotations

from tournaments.selectors.audit import AUDIT_PAGE_SIZE, AuditRow, audit_page
from tournaments.selectors.participants import (
    REGISTRY_LIMIT,
    ParticipantRow,
    RegistryHit,
    bye_to_cancel,
    forbidden_pair_list,
    forbidden_pair_to_remove,
    participant_deletable,
    participant_exists,
    participant_get,
    participant_list,
    participant_page,
    registry_search,
    upcoming_byes,
)
from tournaments.selectors.rounds import (
    LIVE_ROWS_LIMIT,
    BoardPage,
    BoardPager,
    BoardRow,
    RoundView,
    board_as_it_stands,
    board_row,
    board_rows_changed,
    board_to_change,
    boards_by_number,
    last_round_number,
    next_round_number,
    page_of_board,
    round_board_states,
    round_boards,
    round_exists,
    round_get,
    round_one_paired,
    round_rows,
)
from tournaments.selectors.tournaments import (
    TIEBREAK_NAMES,
    tiebreak_preview,
    tournament_exists,
    tournament_lists,
    tournament_staff,
    tournaments_for_user,
)

__all__ = [
    "AUDIT_PAGE_SIZE",
    "LIVE_ROWS_LIMIT",
    "REGISTRY_LIMIT",
    "TIEBREAK_NAMES",
    "AuditRow",
    "BoardPage",
    "BoardPager",
    "BoardRow",
    "ParticipantRow",
    "RegistryHit",
    "RoundView",
    "audit_page",
    "board_as_it_stands",
    "board_row",
    "board_rows_changed",
    "board_to_change",
    "boards_by_number",
    "bye_to_cancel",
    "forbidden_pair_list",
    "forbidden_pair_to_remove",
    "last_round_number",
    "next_round_number",
    "page_of_board",
    "participant_deletable",
    "participant_exists",
    "participant_get",
    "participant_list",
    "participant_page",
    "registry_search",
    "round_board_states",
    "round_boards",
    "round_exists",
    "round_get",
    "round_one_paired",
    "round_rows",
    "tiebreak_preview",
    "tournament_exists",
    "tournament_lists",
    "tournament_staff",
    "tournaments_for_user",
    "upcoming_byes",
]
