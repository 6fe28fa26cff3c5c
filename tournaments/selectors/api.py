"""The reads of the staff API and the public API: the lists they answer a page at a time (querysets,
which the API's pagination slices and counts), one object or a 404, and a round with its boards and
byes (``RoundWithByes``).

A 404 is Django's ``Http404`` from ``get_object_or_404``: the API answers it as ``{"detail": "No
Round matches the given query."}``, the model's name in the message. A participant named in a
request body is a 400 instead, on the field that named them (``participant_in``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import F, Prefetch, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from core.errors import ValidationFailed
from tournaments.models import Board, ForbiddenPair, Participant, Round, RoundBye, Tournament
from tournaments.permissions import visible_tournaments
from tournaments.selectors.participants import participant_get as participant_get  # the staff pages' read

_BOARDS = (
    Board.objects.select_related("round", "white", "black")
    # A board needs its round's number only: the explanation of a big round is megabytes of JSON,
    # and decoding it once per board made reading a 2,000-board round take seconds.
    .defer("round__explanation", "round__violations", "round__error")
    .order_by("number")
)
_BYES = RoundBye.objects.select_related("participant").order_by(
    "participant__pairing_number", "participant_id"
)
_PAIRS = ForbiddenPair.objects.select_related("first", "second").order_by("first_round", "first_id", "pk")


# --- tournaments -------------------------------------------------------------------------------


def tournaments_visible(user: Any) -> QuerySet[Tournament]:
    """The tournaments ``user`` has a role in, newest first."""
    return visible_tournaments(user).order_by("-created_at", "-id")


def tournament_counts(tournament: Tournament) -> tuple[int, int]:
    """(participants, rounds) of ``tournament``: what an import answers with (two queries)."""
    return tournament.participants.count(), tournament.rounds.count()


# --- participants, byes, pairs kept apart -------------------------------------------------------


def participants_in_order(tournament: Tournament, *, only: tuple[str, ...] = ()) -> QuerySet[Participant]:
    """The participants by pairing number (those without one last, in the order they came), every
    column or ``only`` these (the public API's, without the e-mail address)."""
    people = tournament.participants.only(*only) if only else tournament.participants.all()
    return people.order_by(F("pairing_number").asc(nulls_last=True), "id")


def participant_in(tournament: Tournament, pk: int, *, field: str) -> Participant:
    """Participant ``pk`` of ``tournament``, named in a request's ``field``: a 400 on that field
    when the tournament has no such participant."""
    found = Participant.objects.filter(tournament=tournament, pk=pk).first()
    if found is None:
        raise ValidationFailed(
            gettext("There is no participant %(pk)s in this tournament.") % {"pk": pk},
            errors={field: ["Not in this tournament."]},
        )
    return found


def byes_in_order(tournament: Tournament) -> QuerySet[RoundBye]:
    """Every bye and absence, by round, then pairing number, with the participant."""
    return _BYES.filter(tournament=tournament).order_by("round_number", "participant__pairing_number", "id")


def bye_get(tournament: Tournament, pk: int) -> RoundBye:
    """Bye ``pk`` of ``tournament``, or 404."""
    return get_object_or_404(tournament.byes, pk=pk)


def forbidden_pairs_in_order(tournament: Tournament) -> QuerySet[ForbiddenPair]:
    """The pairs kept apart, by the round they start in, with both participants."""
    return _PAIRS.filter(tournament=tournament)


def forbidden_pair_get(tournament: Tournament, pk: int) -> ForbiddenPair:
    """Pair ``pk`` of ``tournament`` with both participants, or 404."""
    return get_object_or_404(_PAIRS, tournament=tournament, pk=pk)


# --- rounds and boards --------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundWithByes:
    """A round (its boards prefetched) and its byes and absences, by pairing number: what the
    round detail serializers read (the byes are no attribute of a round)."""

    round: Round
    byes: list[RoundBye]


def rounds_in_order(tournament: Tournament, *, statuses: tuple[str, ...] | None = None) -> QuerySet[Round]:
    """Every round, drafts included, or those in ``statuses`` (the public API's), without the
    engine's explanation (megabytes of JSON for a big round, and no list shows it)."""
    rounds = tournament.rounds.defer("explanation")
    if statuses is not None:
        rounds = rounds.filter(status__in=statuses)
    return rounds.order_by("number")


def round_count(tournament: Tournament) -> int:
    return tournament.rounds.count()


def round_with_boards(
    tournament: Tournament,
    number: int,
    *,
    statuses: tuple[str, ...] | None = None,
    explanation: bool = True,
) -> Round:
    """Round ``number`` with its boards (two queries), or 404; with ``statuses``, only a round in
    one of them (the public API's); without its ``explanation`` when not shown."""
    rounds = Round.objects.all() if explanation else Round.objects.defer("explanation")
    if statuses is not None:
        rounds = rounds.filter(status__in=statuses)
    return get_object_or_404(
        rounds.prefetch_related(Prefetch("boards", queryset=_BOARDS)), tournament=tournament, number=number
    )


def round_with_byes(rnd: Round) -> RoundWithByes:
    """``rnd`` and its byes and absences (one query)."""
    return RoundWithByes(rnd, list(_BYES.filter(tournament_id=rnd.tournament_id, round_number=rnd.number)))


def round_to_change(tournament: Tournament, number: int) -> Round:
    """Round ``number`` without the engine's explanation, to hand to a service, or 404."""
    return get_object_or_404(Round.objects.defer("explanation"), tournament=tournament, number=number)


def round_reread(rnd: Round) -> Round:
    """``rnd`` as the database has it now (a task may have moved it on)."""
    return Round.objects.get(pk=rnd.pk)


def boards_in_order(tournament: Tournament, number: int) -> QuerySet[Board]:
    """The boards of round ``number``, by number (a 404 at once when there is no such round)."""
    rnd = get_object_or_404(Round.objects.only("pk"), tournament=tournament, number=number)
    return _BOARDS.filter(round=rnd)


def board_get(tournament: Tournament, number: int, board: int) -> Board:
    """Board ``board`` of round ``number``, in one query (404 when the round or the board is missing)."""
    return get_object_or_404(_BOARDS, round__tournament=tournament, round__number=number, number=board)
