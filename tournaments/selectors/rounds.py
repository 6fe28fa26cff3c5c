"""The round pages' reads: every round with its counts, a page of a round's boards with both players
and their scores before the round, the rows the live poll redraws, and the next round's number."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db.models import Max, Q
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from tournaments import records
from tournaments.models import Board, Participant, Round, RoundBye, Tournament
from tournaments.namesakes import namesakes_among, namesakes_of, pair_namesakes
from tournaments.scores import format_points
from tournaments.selectors.tournaments import count_of


def round_rows(tournament: Tournament) -> list[Round]:
    return list(
        Round.objects.filter(tournament=tournament)
        .defer("explanation")
        .annotate(n_boards=count_of(Board, "round"), n_results=count_of(Board, "round", ~Q(result="")))
        .order_by("number")
    )


def round_get(tournament: Tournament, number: int) -> Round:
    try:
        return Round.objects.get(tournament=tournament, number=number)
    except Round.DoesNotExist:
        raise Http404(gettext("Round %(number)s does not exist") % {"number": number}) from None


@dataclass
class BoardRow:
    board: Board
    white_score: str
    black_score: str
    white_paired_on: str = ""
    """The score the pairing used, when a correction since changed it (else "")."""
    black_paired_on: str = ""
    white_tell_apart: str = ""
    """For namesakes only: what tells the player apart (``tournaments.namesakes``)."""
    black_tell_apart: str = ""


def _paired_on(rnd: Round, pid: int, score: int) -> str:
    used = (rnd.scores_paired_on or {}).get(str(pid))
    return format_points(used) if used is not None and used != score else ""


def _board_row(rnd: Round, b: Board, scores: dict[int, int], labels: dict[int, str]) -> BoardRow:
    white, black = scores.get(b.white_id, 0), scores.get(b.black_id, 0)
    return BoardRow(
        b,
        format_points(white),
        format_points(black),
        _paired_on(rnd, b.white_id, white),
        _paired_on(rnd, b.black_id, black),
        labels.get(b.white_id, ""),
        labels.get(b.black_id, ""),
    )


@dataclass(frozen=True)
class BoardPage:
    """One page of a round's boards: board numbers ``first`` to ``last`` (those shown only, with
    the "without a result" filter), ``open`` of them still without a result."""

    number: int
    first: int
    last: int
    open: int


@dataclass
class BoardPager:
    pages: list[BoardPage]
    current: BoardPage | None
    """None when nothing is shown (the filter is on and every board has a result)."""
    open_only: bool
    open_total: int
    boards_total: int

    @property
    def paged(self) -> bool:
        """More than one page, or the filter on: the page shows its navigation."""
        return len(self.pages) > 1 or self.open_only

    def _at(self, offset: int) -> BoardPage | None:
        if self.current is None:
            return None
        index = self.current.number - 1 + offset
        return self.pages[index] if 0 <= index < len(self.pages) else None

    @property
    def previous(self) -> BoardPage | None:
        return self._at(-1)

    @property
    def next(self) -> BoardPage | None:
        return self._at(1)

    @property
    def next_open(self) -> BoardPage | None:
        """The first page after this one with a board still waiting for its result (where the
        keyboard goes on from the last open board of this page)."""
        after = self.pages[self.current.number :] if self.current else []
        return next((p for p in after if p.open), None)


def _board_pages(
    boards: list[Board], *, open_only: bool, per_page: int, page: Any
) -> tuple[list[BoardPage], BoardPage | None]:
    shown = [b for b in boards if not b.result] if open_only else boards
    chunks = [shown[i : i + per_page] for i in range(0, len(shown), per_page)]
    pages = [
        BoardPage(n, chunk[0].number, chunk[-1].number, sum(1 for b in chunk if not b.result))
        for n, chunk in enumerate(chunks, start=1)
    ]
    try:
        wanted = int(page)
    except (TypeError, ValueError):
        wanted = 1
    return pages, pages[min(max(wanted, 1), len(pages)) - 1] if pages else None


def page_of_board(number: int, *, per_page: int | None = None) -> int:
    """The page (all boards) a board number is on, when the round's boards are numbered 1..n."""
    return (number - 1) // (per_page or settings.ROUND_PAGE_BOARDS) + 1


@dataclass
class RoundView:
    round: Round
    boards: list[BoardRow]
    """The boards of the page shown."""
    bye: RoundBye | None
    absent: list[RoundBye]
    names: dict[int, str]
    pager: BoardPager
    every_board: list[Board]
    """Every board of the round with its number, result and version only (the counts, the
    players' reports)."""
    tell_apart: dict[int, str]
    """Participant id -> what tells a namesake apart (``tournaments.namesakes``)."""

    @property
    def bye_points(self) -> str:
        return format_points(self.bye.points) if self.bye else ""

    @property
    def last_board(self) -> int:
        return self.every_board[-1].number if self.every_board else 0


def round_board_states(rnd: Round) -> list[Board]:
    """Every board of the round with its number, result and version only, in board order (one
    query): what the page navigation and the players' reports counts need."""
    return list(Board.objects.filter(round=rnd).only("id", "number", "result", "version").order_by("number"))


def round_boards(
    rnd: Round, *, page: Any = 1, open_only: bool = False, per_page: int | None = None
) -> RoundView:
    """One page of the round's boards (``settings.ROUND_PAGE_BOARDS`` per page; with ``open_only``
    the boards without a result only) with players and scores before the round, the bye, who sits
    out, the page navigation and every player's name (seven queries, whatever the field's size)."""
    tournament = rnd.tournament
    every = round_board_states(rnd)
    pages, current = _board_pages(
        every, open_only=open_only, per_page=per_page or settings.ROUND_PAGE_BOARDS, page=page
    )
    boards = (
        Board.objects.filter(round=rnd, number__range=(current.first, current.last))
        .select_related("white", "black")
        .order_by("number")
        if current
        else Board.objects.none()
    )
    if open_only:
        boards = boards.filter(result=Board.Result.PENDING)
    shown = list(boards)
    scores = records.scores_of(
        tournament, rnd.number - 1, {pk for b in shown for pk in (b.white_id, b.black_id)}
    )
    names = dict(Participant.objects.filter(tournament=tournament).values_list("pk", "name"))
    labels = namesakes_of(tournament)
    byes = list(
        RoundBye.objects.filter(tournament=tournament, round_number=rnd.number).select_related("participant")
    )
    pab = next((b for b in byes if b.kind == RoundBye.Kind.PAIRING_ALLOCATED), None)
    pager = BoardPager(pages, current, open_only, sum(1 for b in every if not b.result), len(every))
    return RoundView(
        round=rnd,
        boards=[_board_row(rnd, b, scores, labels) for b in shown],
        bye=pab,
        absent=[b for b in byes if b.kind != RoundBye.Kind.PAIRING_ALLOCATED],
        names=names,
        pager=pager,
        every_board=every,
        tell_apart=labels,
    )


LIVE_ROWS_LIMIT = 50
"""More changes than this since the version a live table shows: it is re-rendered whole."""


def board_rows_changed(
    rnd: Round, seen: int | None, *, within: tuple[int, int] | None = None
) -> list[BoardRow] | None:
    """The rows of ``rnd`` whose result changed since the tournament's version ``seen`` (of boards
    numbered ``within`` this range only: the page shown), or ``None`` when the whole table must be
    re-rendered (three queries, a fourth for the namesakes when rows changed).

    Only result entries stamp a board with the version they made (``Board.changed_version``), one
    board per version; when the boards changed since ``seen`` do not account for every version in
    between, something else changed (a withdrawal, a re-pairing, a correction in an earlier round
    that moves the scores shown): ``None``. So is a result changed in an earlier round.
    """
    tournament = rnd.tournament
    if seen is None or not 0 <= tournament.version - seen <= LIVE_ROWS_LIMIT:
        return None
    changed = list(
        Board.objects.filter(round__tournament=tournament, changed_version__gt=seen)
        .select_related("round", "white", "black")
        .defer("round__explanation", "round__error")
    )
    versions = {b.changed_version for b in changed}
    if versions != set(range(seen + 1, tournament.version + 1)) or len(changed) != len(versions):
        return None
    if any(b.round.number < rnd.number for b in changed):
        return None
    mine = sorted(
        (
            b
            for b in changed
            if b.round_id == rnd.pk and (within is None or within[0] <= b.number <= within[1])
        ),
        key=lambda b: b.number,
    )
    if not mine:
        return []
    scores = records.scores_of(
        tournament, rnd.number - 1, [pk for b in mine for pk in (b.white_id, b.black_id)]
    )
    labels = namesakes_among(tournament, [p for b in mine for p in (b.white, b.black)])
    return [
        BoardRow(
            b,
            format_points(scores.get(b.white_id, 0)),
            format_points(scores.get(b.black_id, 0)),
            white_tell_apart=labels.get(b.white_id, ""),
            black_tell_apart=labels.get(b.black_id, ""),
        )
        for b in mine
    ]


def next_round_number(tournament: Tournament) -> int:
    latest = Round.objects.filter(tournament=tournament).order_by("-number").first()
    if latest is None:
        return 1
    if latest.status in (Round.Status.PAIRING, Round.Status.DRAFT, Round.Status.FAILED):
        return latest.number
    return latest.number + 1


def round_one_paired(tournament: Tournament) -> bool:
    """Whether a round exists (paired, being paired or drafted): the tournament has started, the
    settings that decide pairings are frozen and new players are late entries."""
    return Round.objects.filter(tournament=tournament).exists()


def last_round_number(tournament: Tournament) -> int:
    """The highest round number so far, whatever its status (0 before round 1)."""
    return tournament.rounds.aggregate(last=Max("number"))["last"] or 0


def round_exists(pk: int) -> bool:
    """Whether round ``pk`` is still there (deleted, or by a double click's first post)."""
    return Round.objects.filter(pk=pk).exists()


def board_to_change(tournament: Tournament, pk: int) -> Board:
    """Board ``pk`` of ``tournament`` with its round and tournament, to hand to a service, or 404."""
    return get_object_or_404(
        Board.objects.select_related("round__tournament"), pk=pk, round__tournament=tournament
    )


def boards_by_number(rnd: Round) -> dict[int, Board]:
    """Every board of the round by its number, with the round and tournament (one query): the
    boards a hand edit may name."""
    return {b.number: b for b in Board.objects.filter(round=rnd).select_related("round__tournament")}


def board_as_it_stands(tournament: Tournament, pk: int) -> Board:
    """Board ``pk`` of ``tournament`` with its round and players, for its row when a result was not
    saved (one query), or 404. The round's explanation (tens of KiB on a big round) is not read."""
    board = get_object_or_404(
        Board.objects.select_related("round", "white", "black").defer("round__explanation", "round__error"),
        pk=pk,
        round__tournament=tournament,
    )
    board.round.tournament = tournament
    return board


def board_row(board: Board) -> BoardRow:
    """One board with both players' scores before its round (for re-rendering a single row)."""
    rnd = board.round
    scores = records.pair_scores(rnd.tournament, rnd.number - 1, board.white_id, board.black_id)
    return _board_row(rnd, board, scores, pair_namesakes(rnd.tournament_id, board.white, board.black))
