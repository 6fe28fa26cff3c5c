"""Read-only queries for the staff pages. Each returns data ready to display, in a fixed number of
queries (the view tests pin them), so templates never touch related managers.

* ``tournaments_for_user(user)``: the dashboard list, with participant and round counts.
* ``participant_rows(tournament)``: everyone in pairing-number order with their byes and score.
* ``upcoming_byes(tournament)``: requested byes and absences for rounds not yet published.
* ``round_rows(tournament)``: every round with board and result counts.
* ``round_boards(rnd)``: a round's boards with both players and their scores before the round.
* ``round_get(tournament, number)``: one round or 404.
* ``tiebreak_preview(codes, format)``: the tie-break names a list would publish, or why it is invalid.
* ``next_round_number(tournament)`` and ``baku_table(tournament, round_number)``: who is in GA and
  each participant's virtual points for the round being paired (staff only; public pages show real
  scores).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, F, Q
from django.http import Http404

from pairing import adapters as pairing_adapters
from pairing.engine.errors import PairingError
from pairing.engine.tiebreaks import ROUND_ROBIN_DEFAULT, SWISS_DEFAULT, TIEBREAKS, validate_tiebreaks
from pairing.engine.types import Scoring
from tournaments.models import Board, ForbiddenPair, Participant, Round, RoundBye, Tournament
from tournaments.permissions import visible_tournaments
from tournaments.scores import format_points


def tournaments_for_user(user: Any) -> list[Tournament]:
    qs = visible_tournaments(user).order_by("-created_at")
    return list(
        qs.annotate(
            n_participants=Count("participants", distinct=True),
            n_rounds=Count("rounds", distinct=True),
        )
    )


def _scores(tournament: Tournament, through_round: int, people: list[Participant]) -> dict[int, int]:
    """Half-points after ``through_round`` per participant (two queries)."""
    histories = pairing_adapters.histories_for_tournament(tournament, through_round, participants=people)
    scoring: Scoring = pairing_adapters.scoring_for(tournament)
    return {pk: sum(scoring.points(r.result) for r in recs) for pk, recs in histories.items()}


@dataclass
class ParticipantRow:
    participant: Participant
    score: str
    byes: list[RoundBye]


def participant_rows(tournament: Tournament) -> list[ParticipantRow]:
    people = list(Participant.objects.filter(tournament=tournament).order_by("pairing_number", "name"))
    last = (
        Round.objects.filter(tournament=tournament).exclude(status__in=["pairing", "draft", "failed"]).count()
    )
    scores = _scores(tournament, last, people)
    byes: dict[int, list[RoundBye]] = {}
    for bye in RoundBye.objects.filter(tournament=tournament).order_by("round_number"):
        byes.setdefault(bye.participant_id, []).append(bye)
    return [ParticipantRow(p, format_points(scores.get(p.pk, 0)), byes.get(p.pk, [])) for p in people]


def upcoming_byes(tournament: Tournament) -> list[RoundBye]:
    published = set(
        Round.objects.filter(tournament=tournament, status__in=["published", "finished"]).values_list(
            "number", flat=True
        )
    )
    return [
        bye
        for bye in RoundBye.objects.filter(
            tournament=tournament,
            kind__in=[RoundBye.Kind.HALF_POINT, RoundBye.Kind.ZERO_POINT, RoundBye.Kind.ABSENT],
        )
        .select_related("participant")
        .order_by("round_number", "participant__pairing_number")
        if bye.round_number not in published
    ]


def forbidden_pair_list(tournament: Tournament) -> list[ForbiddenPair]:
    """The pairs kept apart, by the rounds they start in, with both names (one query)."""
    return list(
        ForbiddenPair.objects.filter(tournament=tournament)
        .select_related("first", "second")
        .order_by(F("first_round").asc(nulls_first=True), "first__pairing_number", "second__pairing_number")
    )


def round_rows(tournament: Tournament) -> list[Round]:
    return list(
        Round.objects.filter(tournament=tournament)
        .annotate(
            n_boards=Count("boards"),
            n_results=Count("boards", filter=~Q(boards__result="")),
        )
        .order_by("number")
    )


def round_get(tournament: Tournament, number: int) -> Round:
    try:
        return Round.objects.get(tournament=tournament, number=number)
    except Round.DoesNotExist:
        raise Http404(f"Round {number} does not exist") from None


@dataclass
class BoardRow:
    board: Board
    white_score: str
    black_score: str


@dataclass
class RoundView:
    round: Round
    boards: list[BoardRow]
    bye: RoundBye | None
    absent: list[RoundBye]
    names: dict[int, str]

    @property
    def bye_points(self) -> str:
        return format_points(self.bye.points) if self.bye else ""


def round_boards(rnd: Round) -> RoundView:
    """Boards with players and scores before the round, the bye, and who sits out (five queries)."""
    tournament = rnd.tournament
    people = list(Participant.objects.filter(tournament=tournament))
    scores = _scores(tournament, rnd.number - 1, people)
    boards = list(Board.objects.filter(round=rnd).select_related("white", "black").order_by("number"))
    names = {p.pk: p.name for p in people}
    byes = [b for b in RoundBye.objects.filter(tournament=tournament, round_number=rnd.number)]
    by_pk = {p.pk: p for p in people}
    for bye in byes:
        bye.participant = by_pk[bye.participant_id]
    pab = next((b for b in byes if b.kind == RoundBye.Kind.PAIRING_ALLOCATED), None)
    return RoundView(
        round=rnd,
        boards=[
            BoardRow(b, format_points(scores.get(b.white_id, 0)), format_points(scores.get(b.black_id, 0)))
            for b in boards
        ],
        bye=pab,
        absent=[b for b in byes if b.kind != RoundBye.Kind.PAIRING_ALLOCATED],
        names=names,
    )


def next_round_number(tournament: Tournament) -> int:
    latest = Round.objects.filter(tournament=tournament).order_by("-number").first()
    if latest is None:
        return 1
    if latest.status in (Round.Status.PAIRING, Round.Status.DRAFT, Round.Status.FAILED):
        return latest.number
    return latest.number + 1


@dataclass
class BakuRow:
    participant: Participant
    in_ga: bool
    score: str
    virtual_points: str
    pairing_score: str


def baku_table(tournament: Tournament, round_number: int) -> list[BakuRow]:
    """Group GA and virtual points for ``round_number`` (empty unless the tournament uses Baku)."""
    if tournament.acceleration != Tournament.Acceleration.BAKU:
        return []
    people = list(Participant.objects.filter(tournament=tournament).order_by("pairing_number", "name"))
    scores = _scores(tournament, round_number - 1, people)
    ga = pairing_adapters.ga_participant_ids(tournament, people)
    vp = pairing_adapters.virtual_points(tournament, round_number, people)
    return [
        BakuRow(
            participant=p,
            in_ga=p.pk in ga,
            score=format_points(scores.get(p.pk, 0)),
            virtual_points=format_points(vp.get(p.pk, 0)),
            pairing_score=format_points(scores.get(p.pk, 0) + vp.get(p.pk, 0)),
        )
        for p in people
    ]


def board_row(board: Board) -> BoardRow:
    """One board with both players' scores before its round (for re-rendering a single row)."""
    rnd = board.round
    people = list(Participant.objects.filter(pk__in=[board.white_id, board.black_id]))
    scores = _scores(rnd.tournament, rnd.number - 1, people)
    return BoardRow(
        board, format_points(scores.get(board.white_id, 0)), format_points(scores.get(board.black_id, 0))
    )


TIEBREAK_NAMES = {info.code: info.name for info in TIEBREAKS}


def tiebreak_preview(codes: str, fmt: str) -> tuple[list[str], str]:
    """The tie-breaks that would be published for ``codes`` (empty: the format's defaults), as
    "CODE — Name", or no names and the engine's message why the list is not valid."""
    round_robin = fmt == Tournament.Format.ROUND_ROBIN
    raw = [c for c in codes.split(",") if c.strip()] or list(
        ROUND_ROBIN_DEFAULT if round_robin else SWISS_DEFAULT
    )
    try:
        return [f"{c} — {TIEBREAK_NAMES[c]}" for c in validate_tiebreaks(raw, round_robin=round_robin)], ""
    except PairingError as exc:
        return [], str(exc)
