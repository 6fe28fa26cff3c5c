"""The tournament's games and byes as the engine's round records: the one mapping between
``Board.Result`` / ``RoundBye.Kind`` and the engine's result letters, each participant's history,
the scoring, and the last round whose results are all in.

How the database maps to history records (TRF letters):

========================  ====================================================
Board result              White / Black
========================  ====================================================
``1-0`` ``1/2-1/2`` ``0-1``  ``1``/``0``, ``=``/``=``, ``0``/``1`` with colours
``+/-`` ``-/+``           ``+``/``-`` or ``-``/``+`` with the scheduled colours
``-/-``                   ``-``/``-`` (double forfeit; may meet again)
``0-0`` (not played)      ``Z``/``Z`` without opponent (zero-point bye entries)
pending                   ``Z``/``Z`` (only when asked for an unfinished round)
========================  ====================================================

Byes: pairing-allocated ``U``; half-point ``H``; full-point ``F``; zero-point and absence ``Z``;
a late entry's missed round ``Z`` (``H`` when the organiser gives half a point). A round with no
record at all (withdrawn, not yet joined) is ``Z``.

These are reads of the tournaments core (the engine's types are plain values below every app):
the pairing app builds its requests and the standings on them, the staff and public pages and
the exchange formats read scores and results through them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Q

from core.prepared import Prepared
from pairing.engine.types import Colour, ResultCode, RoundRecord, Scoring
from tournaments.models import Board, Participant, Round, RoundBye, Tournament

W, B = Colour.WHITE, Colour.BLACK
_BOARD_CODES: dict[str, tuple[ResultCode, ResultCode]] = {
    Board.Result.WHITE_WINS: (ResultCode.WIN, ResultCode.LOSS),
    Board.Result.DRAW: (ResultCode.DRAW, ResultCode.DRAW),
    Board.Result.BLACK_WINS: (ResultCode.LOSS, ResultCode.WIN),
    Board.Result.WHITE_WINS_FORFEIT: (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    Board.Result.BLACK_WINS_FORFEIT: (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
    Board.Result.DOUBLE_FORFEIT: (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS),
    Board.Result.WHITE_HALF_BLACK_ZERO: (ResultCode.DRAW, ResultCode.LOSS),
    Board.Result.WHITE_ZERO_BLACK_HALF: (ResultCode.LOSS, ResultCode.DRAW),
}
_UNRATED = {
    ResultCode.UNRATED_WIN: ResultCode.WIN,
    ResultCode.UNRATED_DRAW: ResultCode.DRAW,
    ResultCode.UNRATED_LOSS: ResultCode.LOSS,
}
_BOARD_RESULTS: dict[tuple[ResultCode, ResultCode], str] = {
    codes: result for result, codes in _BOARD_CODES.items()
}
_BYE_CODES: dict[str, ResultCode] = {
    RoundBye.Kind.PAIRING_ALLOCATED: ResultCode.PAB,
    RoundBye.Kind.HALF_POINT: ResultCode.HALF_BYE,
    RoundBye.Kind.FULL_POINT: ResultCode.FULL_BYE,
    RoundBye.Kind.ZERO_POINT: ResultCode.ZERO_BYE,
    RoundBye.Kind.ABSENT: ResultCode.ZERO_BYE,
}
ZERO = RoundRecord(ResultCode.ZERO_BYE)


def board_result_codes(result: str) -> tuple[ResultCode, ResultCode] | None:
    """White's and Black's result letters for a board result; ``None`` for pending and not played."""
    return _BOARD_CODES.get(result)


def board_result_from_codes(white: ResultCode, black: ResultCode) -> str | None:
    """The board result for a pair of letters (games of less than one move count as ordinary
    results); ``None`` when the two letters do not make one game."""
    return _BOARD_RESULTS.get((_UNRATED.get(white, white), _UNRATED.get(black, black)))


def bye_code(bye: RoundBye) -> ResultCode:
    """The letter a bye stands for in a participant's history."""
    if bye.kind == RoundBye.Kind.LATE_ENTRY:
        return ResultCode.HALF_BYE if bye.points else ResultCode.ZERO_BYE
    return _BYE_CODES[bye.kind]


def scoring_for(tournament: Tournament) -> Scoring:
    return Scoring(
        win=tournament.win_points,
        draw=tournament.draw_points,
        loss=tournament.loss_points,
        pab=tournament.bye_points,
    )


FEW_PARTICIPANTS = 50
"""Up to this many participants asked for, their histories read only their own boards and byes."""


def histories_for_tournament(
    tournament: Tournament,
    through_round: int,
    *,
    participants: list[Participant] | None = None,
    byes: list[RoundBye] | None = None,
    ids: Iterable[int] | None = None,
) -> dict[int, tuple[RoundRecord, ...]]:
    """Round records 1..through_round for every participant (boards and byes: two queries, plus one
    for the participants unless given). ``ids`` instead of ``participants``: those participants
    only, from their own games and byes whatever their number (a page of a big round's boards)."""
    if ids is not None:
        pks = list(ids)
    else:
        people = (
            participants
            if participants is not None
            else list(Participant.objects.filter(tournament=tournament))
        )
        pks = [p.pk for p in people]
    records: dict[int, list[RoundRecord]] = {pk: [ZERO] * through_round for pk in pks}
    if through_round < 1 or not records:
        return {pk: () for pk in records}
    boards = Board.objects.filter(round__tournament=tournament, round__number__lte=through_round)
    few = ids is not None or (participants is not None and len(records) <= FEW_PARTICIPANTS)
    if few:  # a page or a row of the arbiters' table: their games only, not the whole event's
        boards = boards.filter(Q(white_id__in=records) | Q(black_id__in=records))
    boards = boards.values_list("round__number", "white_id", "black_id", "result")
    if byes is None:
        byes = list(
            RoundBye.objects.filter(
                tournament=tournament,
                round_number__lte=through_round,
                **({"participant_id__in": list(records)} if few else {}),
            )
        )
    return _filled(records, boards, byes, through_round)


def _filled(
    records: dict[int, list[RoundRecord]],
    boards: Iterable[tuple[int, int, int, str]],
    byes: Iterable[RoundBye],
    through_round: int,
) -> dict[int, tuple[RoundRecord, ...]]:
    """``records`` (every round a zero-point bye) with the games (round number, White, Black,
    result) and the byes of rounds 1..through_round written in."""
    for number, white, black, result in boards:
        codes = board_result_codes(result)
        if codes is None:  # not played, or no result yet
            continue
        if white in records:
            records[white][number - 1] = RoundRecord(codes[0], black, W)
        if black in records:
            records[black][number - 1] = RoundRecord(codes[1], white, B)
    for bye in byes:
        if bye.participant_id in records and bye.round_number <= through_round:
            records[bye.participant_id][bye.round_number - 1] = RoundRecord(bye_code(bye))
    return {pk: tuple(recs) for pk, recs in records.items()}


# A board's two players' games and byes (the row sent back after each result entry), compiled
# once a process (core.prepared: compiling them was a quarter of the form's CPU an entry).
_PAIR_GAMES = Prepared(
    lambda tournament_id, through_round, a, b: (
        Board.objects.filter(round__tournament=tournament_id, round__number__lte=through_round)
        .filter(Q(white_id__in=[a, b]) | Q(black_id__in=[a, b]))
        .values_list("round__number", "white_id", "black_id", "result")
    )
)
_PAIR_BYES = Prepared(
    lambda tournament_id, through_round, a, b: RoundBye.objects.filter(
        tournament=tournament_id, round_number__lte=through_round, participant_id__in=[a, b]
    )
)


def pair_scores(tournament: Tournament, through_round: int, white_id: int, black_id: int) -> dict[int, int]:
    """``scores_of`` for one board's two players (two queries, compiled once a process)."""
    if through_round < 1:
        return dict.fromkeys((white_id, black_id), 0)
    records: dict[int, list[RoundRecord]] = {pk: [ZERO] * through_round for pk in (white_id, black_id)}
    values = (tournament.pk, through_round, white_id, black_id)
    histories = _filled(records, _PAIR_GAMES.rows(*values), _PAIR_BYES.objects(*values), through_round)
    return points_from_histories(tournament, histories)


def last_complete_round(tournament: Tournament) -> int:
    """The highest n such that rounds 1..n all exist and have every result in."""
    complete = 0
    rounds = Round.objects.filter(tournament=tournament).order_by("number").values_list("number", "status")
    for number, status in rounds:
        if number != complete + 1 or status != Round.Status.FINISHED:
            break
        complete = number
    return complete


def points_from_histories(tournament: Tournament, histories: dict[int, tuple[Any, ...]]) -> dict[int, int]:
    """Half-points per participant of ``histories_for_tournament``'s records."""
    scoring = scoring_for(tournament)
    return {pk: sum(scoring.points(r.result) for r in recs) for pk, recs in histories.items()}


def scores_of(tournament: Tournament, through_round: int, ids: Iterable[int]) -> dict[int, int]:
    """Half-points after ``through_round`` for the participants ``ids`` only, from their own games
    and byes (two queries, and rows for these players alone: a page of a 5,000-player round
    scores 200 players, not the field)."""
    return points_from_histories(tournament, histories_for_tournament(tournament, through_round, ids=ids))


def paired_ids(tournament: Tournament, ids: Iterable[int] | None = None) -> set[int]:
    """Participants who ever sat at a board or got the pairing-allocated bye, and so can no
    longer be deleted, only withdrawn (two queries). ``ids``: which of these participants have,
    reading only their own boards (a page of a big field), not the whole event's."""
    boards = Board.objects.filter(round__tournament=tournament)
    byes = RoundBye.objects.filter(tournament=tournament, kind=RoundBye.Kind.PAIRING_ALLOCATED)
    among = None if ids is None else set(ids)
    if among is not None:
        boards = boards.filter(Q(white_id__in=among) | Q(black_id__in=among))
        byes = byes.filter(participant_id__in=among)
    paired = {pk for pair in boards.values_list("white_id", "black_id") for pk in pair}
    paired.update(byes.values_list("participant_id", flat=True))
    if tournament.baku_last_ga_id:
        paired.add(tournament.baku_last_ga_id)
    return paired if among is None else paired & among
