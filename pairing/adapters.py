"""The database as the pairing engine sees it: models in, engine inputs out (reads only, no writes).

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
* ``baku_plan_for(tournament) -> BakuPlan | None``: the engine's Baku plan (GA, the frozen last GA
  participant, virtual points per participant and round) for the tournament, ``None`` without
  Baku. ``ga_participant_ids`` and ``virtual_points`` read it for one round,
  ``baku_accelerations_for`` for every round. The app has no Baku
  rule of its own: late entries (C.04.7 1.3) and the scoring premise (1.1) are the engine's.
* ``board_result_codes(result)`` and ``board_result_from_codes(white, black)``: the one mapping
  between ``Board.Result`` and the engine's result letters, both ways.

The mapping between results and the engine's letters, the histories and the scoring are the
tournaments core's (``tournaments.records``).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from pairing.engine.baku import BakuPlan, baku_plan
from pairing.engine.types import Colour, PairingRequest
from pairing.engine.types import Participant as EngineParticipant
from tournaments.models import ForbiddenPair, Participant, RoundBye, Tournament
from tournaments.records import histories_for_tournament, scoring_for

# --- Baku: the engine's plan, fed from the database -------------------------------------------


def baku_plan_for(tournament: Tournament, participants: list[Participant] | None = None) -> BakuPlan | None:
    """The engine's Baku plan for the tournament (``None`` without Baku).

    Participants in pairing order, each with the round they joined, and the frozen last GA
    participant when round 1 has been paired; before that the engine draws the boundary from the
    round-1 field (late entries who join later are not counted, C.04.7 1.2-1.3).

    Raises ``AccelerationNotApplicableError`` for scoring Baku does not allow (the settings refuse
    it, so only a database edited by hand gets there).
    """
    if tournament.acceleration != Tournament.Acceleration.BAKU:
        return None
    people = (
        participants if participants is not None else list(Participant.objects.filter(tournament=tournament))
    )
    ordered = sorted((p for p in people if p.pairing_number is not None), key=lambda p: p.pairing_number)
    ids = [p.pk for p in ordered]
    last_ga = tournament.baku_last_ga_id if tournament.baku_last_ga_id in ids else None
    return baku_plan(
        ids,
        tournament.rounds_planned,
        scoring_for(tournament),
        joined={p.pk: p.joined_round for p in ordered if p.joined_round > 1},
        last_ga=last_ga,
    )


def ga_participant_ids(tournament: Tournament, participants: list[Participant] | None = None) -> set[int]:
    """Baku group GA (empty without Baku)."""
    plan = baku_plan_for(tournament, participants)
    return set(plan.ga) if plan is not None else set()


def virtual_points(
    tournament: Tournament, round_number: int, participants: list[Participant] | None = None
) -> dict[int, int]:
    """GA participant pk -> virtual points (half-points) for ``round_number``; empty without Baku."""
    plan = baku_plan_for(tournament, participants)
    if plan is None:
        return {}
    return {pk: _round_value(plan.virtual_points[pk], round_number) for pk in plan.ga}


def baku_accelerations_for(
    tournament: Tournament, participants: list[Participant] | None = None
) -> dict[int, tuple[int, ...]]:
    """Participant pk -> virtual points per round, trailing zeros dropped, for the participants who
    get any (what a TRF ``250``/``XXA`` record carries); empty without Baku."""
    plan = baku_plan_for(tournament, participants)
    if plan is None:
        return {}
    trimmed = {pk: _without_trailing_zeros(values) for pk, values in plan.virtual_points.items()}
    return {pk: values for pk, values in trimmed.items() if values}


def _without_trailing_zeros(values: tuple[int, ...]) -> tuple[int, ...]:
    end = len(values)
    while end and values[end - 1] == 0:
        end -= 1
    return values[:end]


def _round_value(values: tuple[int, ...], round_number: int) -> int:
    return values[round_number - 1] if 1 <= round_number <= len(values) else 0


# --- pairing requests and standings -----------------------------------------------------------


def _available(p: Participant, round_number: int, bye_rounds: set[int]) -> bool:
    if p.withdrawn_from_round is not None and p.withdrawn_from_round <= round_number:
        return False
    if p.status == Participant.Status.WITHDRAWN and p.withdrawn_from_round is None:
        return False
    if p.joined_round > round_number:
        return False
    return round_number not in bye_rounds


def engine_participant(p: Participant, history: tuple[Any, ...], **extra: Any) -> EngineParticipant:
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
    plan = baku_plan_for(tournament, people)
    participants = tuple(
        engine_participant(
            p,
            histories[p.pk],
            accelerations=plan.virtual_points.get(p.pk, ())[:round_number] if plan is not None else (),
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


def engine_participant_names(request: PairingRequest) -> dict[int, str]:
    return {p.id: p.name for p in request.participants}
