"""The Django side of the pairing engine: turn the database into engine inputs.

* ``pairing_request_for_round(tournament, round_number, *, least_bad=True) -> PairingRequest``:
  everything the engine needs to pair ``round_number``, built from rounds before it (four
  queries: participants, boards, byes, forbidden pairs). Participant ``id`` is the primary key and
  ``tpn`` the pairing number; ``forbidden_pairs`` are the pairs kept apart in ``round_number``.
* ``histories_for_tournament(tournament, through_round) -> dict[pk, tuple[RoundRecord, ...]]``:
  each participant's round records for rounds 1..through_round.
* ``standings_for_tournament(tournament, *, through_round=None) -> Standings``: the engine's
  standings with the tournament's tie-break list, unplayed-round rule and ``lots_seed``. By
  default, through the last round whose results are all in (rounds 1..n consecutively). When an
  unfinished round is asked for explicitly, its missing results count as unplayed rounds (``Z``)
  for both players.
* ``ga_participant_ids(tournament) -> set[pk]`` and ``virtual_points(tournament, round_number)``:
  Baku group GA and each participant's virtual points for a round (empty without Baku).

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

A participant is ``available=False`` for the round being paired when withdrawn from that round or
earlier, not yet joined, or holding a bye or absence for it.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from pairing.engine.standings import Standings, StandingsRequest, compute_standings
from pairing.engine.types import Colour, PairingRequest, ResultCode, RoundRecord, Scoring
from pairing.engine.types import Participant as EngineParticipant
from tournaments.models import Board, ForbiddenPair, Participant, Round, RoundBye, Tournament

W, B = Colour.WHITE, Colour.BLACK
_BOARD_CODES: dict[str, tuple[ResultCode, ResultCode]] = {
    Board.Result.WHITE_WINS: (ResultCode.WIN, ResultCode.LOSS),
    Board.Result.DRAW: (ResultCode.DRAW, ResultCode.DRAW),
    Board.Result.BLACK_WINS: (ResultCode.LOSS, ResultCode.WIN),
    Board.Result.WHITE_WINS_FORFEIT: (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    Board.Result.BLACK_WINS_FORFEIT: (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
    Board.Result.DOUBLE_FORFEIT: (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS),
}
_BYE_CODES: dict[str, ResultCode] = {
    RoundBye.Kind.PAIRING_ALLOCATED: ResultCode.PAB,
    RoundBye.Kind.HALF_POINT: ResultCode.HALF_BYE,
    RoundBye.Kind.FULL_POINT: ResultCode.FULL_BYE,
    RoundBye.Kind.ZERO_POINT: ResultCode.ZERO_BYE,
    RoundBye.Kind.ABSENT: ResultCode.ZERO_BYE,
}
ZERO = RoundRecord(ResultCode.ZERO_BYE)


def scoring_for(tournament: Tournament) -> Scoring:
    return Scoring(
        win=tournament.win_points,
        draw=tournament.draw_points,
        loss=tournament.loss_points,
        pab=tournament.bye_points,
    )


def _bye_record(bye: RoundBye, tournament: Tournament) -> RoundRecord:
    if bye.kind == RoundBye.Kind.LATE_ENTRY:
        return RoundRecord(ResultCode.HALF_BYE if bye.points else ResultCode.ZERO_BYE)
    return RoundRecord(_BYE_CODES[bye.kind])


def histories_for_tournament(
    tournament: Tournament,
    through_round: int,
    *,
    participants: list[Participant] | None = None,
    byes: list[RoundBye] | None = None,
) -> dict[int, tuple[RoundRecord, ...]]:
    """Round records 1..through_round for every participant (boards and byes: two queries, plus one
    for the participants unless given)."""
    people = (
        participants if participants is not None else list(Participant.objects.filter(tournament=tournament))
    )
    records: dict[int, list[RoundRecord]] = {p.pk: [ZERO] * through_round for p in people}
    if through_round < 1:
        return {pk: () for pk in records}
    boards = Board.objects.filter(round__tournament=tournament, round__number__lte=through_round).values_list(
        "round__number", "white_id", "black_id", "result"
    )
    for number, white, black, result in boards:
        codes = _BOARD_CODES.get(result)
        if codes is None:  # not played, or no result yet
            continue
        if white in records:
            records[white][number - 1] = RoundRecord(codes[0], black, W)
        if black in records:
            records[black][number - 1] = RoundRecord(codes[1], white, B)
    if byes is None:
        byes = list(RoundBye.objects.filter(tournament=tournament, round_number__lte=through_round))
    for bye in byes:
        if bye.participant_id in records and bye.round_number <= through_round:
            records[bye.participant_id][bye.round_number - 1] = _bye_record(bye, tournament)
    return {pk: tuple(recs) for pk, recs in records.items()}


def ga_participant_ids(tournament: Tournament, participants: list[Participant] | None = None) -> set[int]:
    """Baku group GA: everyone ranked at or above the frozen last GA participant (C.04.7 1.2-1.3).

    Before the boundary is frozen (round 1 not yet paired) it is the first 2*ceil(N/4) by pairing number.
    """
    if tournament.acceleration != Tournament.Acceleration.BAKU:
        return set()
    people = (
        participants if participants is not None else list(Participant.objects.filter(tournament=tournament))
    )
    ordered = sorted((p for p in people if p.pairing_number is not None), key=lambda p: p.pairing_number)
    if tournament.baku_last_ga_id is not None:
        last = next((p for p in ordered if p.pk == tournament.baku_last_ga_id), None)
        if last is not None:
            return {p.pk for p in ordered if p.pairing_number <= last.pairing_number}
    size = 2 * -(-len(ordered) // 4)
    return {p.pk for p in ordered[:size]}


def baku_last_ga_default(tournament: Tournament, participants: list[Participant]) -> Participant | None:
    """The participant who closes GA when round 1 is paired: pairing number 2*ceil(N/4)."""
    ordered = sorted(
        (p for p in participants if p.pairing_number is not None), key=lambda p: p.pairing_number
    )
    if not ordered:
        return None
    size = 2 * -(-len(ordered) // 4)
    return ordered[min(size, len(ordered)) - 1]


def virtual_points_schedule(tournament: Tournament) -> list[int]:
    """Virtual points (half-points) a GA participant gets in each round 1..rounds_planned (C.04.7 1.4).

    The first ceil(R/2) rounds are accelerated: the first ceil(acc/2) of them at a win's points, the
    rest at half that; none afterwards.
    """
    rounds = tournament.rounds_planned
    accelerated = -(-rounds // 2)
    full = -(-accelerated // 2)
    schedule = []
    for number in range(1, rounds + 1):
        if number <= full:
            schedule.append(tournament.win_points)
        elif number <= accelerated:
            schedule.append(tournament.win_points // 2)
        else:
            schedule.append(0)
    return schedule


def virtual_points(
    tournament: Tournament, round_number: int, participants: list[Participant] | None = None
) -> dict[int, int]:
    """Participant pk -> virtual points (half-points) for ``round_number``; empty without Baku."""
    if tournament.acceleration != Tournament.Acceleration.BAKU:
        return {}
    ga = ga_participant_ids(tournament, participants)
    schedule = virtual_points_schedule(tournament)
    value = schedule[round_number - 1] if 1 <= round_number <= len(schedule) else 0
    return {pk: value for pk in ga}


def _accelerations(tournament: Tournament, pk: int, ga: set[int], through_round: int) -> tuple[int, ...]:
    if pk not in ga:
        return ()
    return tuple(virtual_points_schedule(tournament)[:through_round])


def _available(p: Participant, round_number: int, bye_rounds: set[int]) -> bool:
    if p.withdrawn_from_round is not None and p.withdrawn_from_round <= round_number:
        return False
    if p.status == Participant.Status.WITHDRAWN and p.withdrawn_from_round is None:
        return False
    if p.joined_round > round_number:
        return False
    return round_number not in bye_rounds


def _engine_participant(p: Participant, history: tuple[Any, ...], **extra: Any) -> EngineParticipant:
    """The engine's view of a participant: pk as id, pairing number as TPN."""
    return EngineParticipant(
        id=p.pk,
        tpn=p.pairing_number or 0,
        rating=p.rating,
        name=p.name,
        title=p.title,
        history=history,
        **extra,
    )


def pairing_request_for_round(
    tournament: Tournament, round_number: int, *, least_bad: bool = True
) -> PairingRequest:
    """The engine's input for pairing ``round_number`` (histories of rounds before it)."""
    people = list(Participant.objects.filter(tournament=tournament).order_by("pairing_number", "pk"))
    byes = list(RoundBye.objects.filter(tournament=tournament, round_number__lte=round_number))
    histories = histories_for_tournament(tournament, round_number - 1, participants=people, byes=byes)
    bye_rounds: dict[int, set[int]] = {}
    for bye in byes:
        if bye.round_number == round_number and bye.kind != RoundBye.Kind.PAIRING_ALLOCATED:
            bye_rounds.setdefault(bye.participant_id, set()).add(round_number)
    ga = ga_participant_ids(tournament, people)
    participants = tuple(
        _engine_participant(
            p,
            histories[p.pk],
            accelerations=_accelerations(tournament, p.pk, ga, round_number),
            available=_available(p, round_number, bye_rounds.get(p.pk, set())),
        )
        for p in people
    )
    return PairingRequest(
        round_number=round_number,
        total_rounds=tournament.rounds_planned,
        participants=participants,
        scoring=scoring_for(tournament),
        initial_colour=Colour(tournament.initial_colour),
        forbidden_pairs=forbidden_pairs_for_round(tournament, round_number),
        least_bad=least_bad,
    )


def forbidden_pairs_for_round(tournament: Tournament, round_number: int) -> frozenset[frozenset[int]]:
    """Participant pks kept apart in ``round_number`` (one query)."""
    rows = ForbiddenPair.objects.filter(
        Q(first_round__isnull=True) | Q(first_round__lte=round_number),
        Q(last_round__isnull=True) | Q(last_round__gte=round_number),
        tournament=tournament,
    ).values_list("first_id", "second_id")
    return frozenset(frozenset(pair) for pair in rows)


def last_complete_round(tournament: Tournament) -> int:
    """The highest n such that rounds 1..n all exist and have every result in."""
    complete = 0
    rounds = Round.objects.filter(tournament=tournament).order_by("number").values_list("number", "status")
    for number, status in rounds:
        if number != complete + 1 or status != Round.Status.FINISHED:
            break
        complete = number
    return complete


def standings_for_tournament(tournament: Tournament, *, through_round: int | None = None) -> Standings:
    """Standings after ``through_round`` (default: the last round with every result in)."""
    rounds = last_complete_round(tournament) if through_round is None else through_round
    people = list(Participant.objects.filter(tournament=tournament).order_by("pairing_number", "pk"))
    histories = histories_for_tournament(tournament, rounds, participants=people)
    participants = tuple(_engine_participant(p, histories[p.pk]) for p in people)
    withdrawn = frozenset(p.pk for p in people if p.status == Participant.Status.WITHDRAWN)
    return compute_standings(
        StandingsRequest(
            participants=participants,
            rounds=rounds,
            tiebreaks=tuple(tournament.tiebreak_codes),
            unplayed=tournament.unplayed_rule,
            scoring=scoring_for(tournament),
            round_robin=tournament.format == Tournament.Format.ROUND_ROBIN,
            withdrawn=withdrawn,
            seed=tournament.lots_seed,
        )
    )


def engine_participant_names(request: PairingRequest) -> dict[int, str]:
    return {p.id: p.name for p in request.participants}


def explanation_json(explanation: Any) -> dict[str, Any]:
    """The engine's Explanation as plain JSON (ids stay ids; the page maps them to names)."""
    from dataclasses import asdict

    return asdict(explanation)
