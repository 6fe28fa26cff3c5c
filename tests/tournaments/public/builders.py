"""Build whole tournaments quickly (bulk inserts) for the public-page tests and the benchmark.

Pairings use the circle method, so nobody meets anyone twice; results follow a fixed pattern so
every test run sees the same standings. With an odd field the spare player gets the
pairing-allocated bye.
"""

from __future__ import annotations

from tournaments.models import Board, Participant, Round, RoundBye, Tournament

RESULT_CYCLE = (Board.Result.WHITE_WINS, Board.Result.DRAW, Board.Result.BLACK_WINS, Board.Result.WHITE_WINS)


def add_participants(tournament: Tournament, count: int, *, prefix: str = "Player") -> list[Participant]:
    Participant.objects.bulk_create(
        Participant(
            tournament=tournament,
            name=f"{prefix} {n:04d}",
            rating=max(1000, 2500 - n),
            pairing_number=n,
            email=f"secret-{n}@example.com",
        )
        for n in range(1, count + 1)
    )
    return list(Participant.objects.filter(tournament=tournament).order_by("pairing_number"))


def circle_pairs(ids: list[int], round_index: int) -> tuple[list[tuple[int, int]], int | None]:
    """Round ``round_index`` (0-based) of the circle method: pairs and the player with the bye."""
    players: list[int | None] = list(ids)
    if len(players) % 2:
        players.append(None)
    fixed, rest = players[0], players[1:]
    shift = round_index % len(rest)
    rest = rest[-shift:] + rest[:-shift] if shift else rest
    order = [fixed, *rest]
    half = len(order) // 2
    pairs, bye = [], None
    for a, b in zip(order[:half], reversed(order[half:]), strict=True):
        if a is None or b is None:
            bye = a if b is None else b
            continue
        pairs.append((a, b) if round_index % 2 == 0 else (b, a))
    return pairs, bye


def add_round(
    tournament: Tournament,
    number: int,
    participants: list[Participant],
    *,
    status: str = Round.Status.FINISHED,
    results: bool = True,
) -> Round:
    rnd = Round.objects.create(tournament=tournament, number=number, status=status)
    pairs, bye = circle_pairs([p.id for p in participants], number - 1)
    Board.objects.bulk_create(
        Board(
            round=rnd,
            number=index,
            white_id=white,
            black_id=black,
            result=RESULT_CYCLE[(index + number) % len(RESULT_CYCLE)] if results else Board.Result.PENDING,
        )
        for index, (white, black) in enumerate(pairs, start=1)
    )
    if bye is not None:
        RoundBye.objects.create(
            tournament=tournament,
            participant_id=bye,
            round_number=number,
            kind=RoundBye.Kind.PAIRING_ALLOCATED,
            points=tournament.bye_points,
        )
    return rnd


def build_tournament(
    tournament: Tournament, *, players: int, rounds: int, last_round_results: bool = True
) -> list[Participant]:
    """``players`` participants and ``rounds`` public rounds; the last one published, the others finished."""
    participants = add_participants(tournament, players)
    for number in range(1, rounds + 1):
        last = number == rounds
        add_round(
            tournament,
            number,
            participants,
            status=Round.Status.PUBLISHED if last else Round.Status.FINISHED,
            results=last_round_results or not last,
        )
    return participants
