"""A tournament with every kind of round record, built directly on the models (shared by the
exchange and API tests).

Ten participants, five rounds planned, four finished, a half-point bye already requested for
round 5. Pairing numbers 1-10 (P1 ... P10):

========  ============================================================================
round 1   P1-P5 1-0, P6-P2 draw, P3-P7 +/- (forfeit), P8-P4 -/+ (forfeit); P9 gets the
          pairing-allocated bye; P10 has not entered yet (late entry).
round 2   P2-P1 -/- (double forfeit), P5-P3 0-0 (not played), P4-P6 0-1, P8-P9 1-0;
          P7 half-point bye; P10 late entry.
round 3   P1-P3 1-0, P6-P8 draw, P9-P4 0-1, P10-P2 1-0; P5 zero-point bye; P7 full-point bye.
round 4   P1-P6 1-0, P2-P4 draw, P7-P10 0-1, P5-P9 1-0; P3 absent; P8 withdrawn from round 4.
round 5   not paired; P2 has requested a half-point bye.
========  ============================================================================
"""

from __future__ import annotations

from datetime import UTC, date, datetime

from tests import factories
from tournaments.models import Board, Participant, Round, RoundBye, Tournament, TournamentRole

R = Board.Result
K = RoundBye.Kind

ROUNDS = {
    1: [(1, 5, R.WHITE_WINS), (6, 2, R.DRAW), (3, 7, R.WHITE_WINS_FORFEIT), (8, 4, R.BLACK_WINS_FORFEIT)],
    2: [(2, 1, R.DOUBLE_FORFEIT), (5, 3, R.UNPLAYED), (4, 6, R.BLACK_WINS), (8, 9, R.WHITE_WINS)],
    3: [(1, 3, R.WHITE_WINS), (6, 8, R.DRAW), (9, 4, R.BLACK_WINS), (10, 2, R.WHITE_WINS)],
    4: [(1, 6, R.WHITE_WINS), (2, 4, R.DRAW), (7, 10, R.BLACK_WINS), (5, 9, R.WHITE_WINS)],
}
BYES = [
    (9, 1, K.PAIRING_ALLOCATED, 2),
    (10, 1, K.LATE_ENTRY, 0),
    (7, 2, K.HALF_POINT, 1),
    (10, 2, K.LATE_ENTRY, 0),
    (5, 3, K.ZERO_POINT, 0),
    (7, 3, K.FULL_POINT, 2),
    (3, 4, K.ABSENT, 0),
    (2, 5, K.HALF_POINT, 1),
]


def build_full_tournament(owner=None) -> Tournament:
    t = factories.TournamentFactory(
        name="Every Record Open",
        place="Riverside",
        start_date=date(2026, 3, 1),
        end_date=date(2026, 3, 5),
        rounds_planned=5,
        initial_colour="w",
        status=Tournament.Status.RUNNING,
        lots_seed=777,
    )
    if owner is not None:
        TournamentRole.objects.create(tournament=t, user=owner, role=TournamentRole.Role.ORGANISER)
    people = {}
    for n in range(1, 11):
        people[n] = factories.ParticipantFactory(
            tournament=t,
            name=f"Player{n:02d}, Test",
            rating=2300 - 50 * n,
            pairing_number=n,
            title="IM" if n == 1 else "",
            federation="ENG",
            fide_id=str(100000 + n),
            email=f"p{n}@example.com",
            joined_round=3 if n == 10 else 1,
        )
    people[8].status = Participant.Status.WITHDRAWN
    people[8].withdrawn_from_round = 4
    people[8].save()
    for number, games in ROUNDS.items():
        rnd = Round.objects.create(
            tournament=t,
            number=number,
            status=Round.Status.FINISHED,
            published_at=datetime(2026, 3, number, 18, tzinfo=UTC),
        )
        for board, (white, black, result) in enumerate(games, start=1):
            Board.objects.create(
                round=rnd, number=board, white=people[white], black=people[black], result=result
            )
    for who, number, kind, points in BYES:
        RoundBye.objects.create(
            tournament=t, participant=people[who], round_number=number, kind=kind, points=points
        )
    return t
