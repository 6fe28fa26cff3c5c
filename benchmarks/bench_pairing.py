"""Wall time and peak memory of pairing one Dutch round in synthetic Swiss tournaments.

For each field size, earlier rounds are paired with our own engine and results are simulated from
the ratings (Elo expectation, a share of draws, a few forfeits and half-point byes) with a seeded
generator, so every run measures the same rounds. Only the measured round is timed, in wall-clock
seconds and in CPU seconds of this process (the second stays meaningful on a busy machine); memory
is the process's peak resident set size so far (``ru_maxrss``), which includes the earlier rounds.

    .venv/bin/python benchmarks/bench_pairing.py            # the full table
    .venv/bin/python benchmarks/bench_pairing.py 100 500    # chosen sizes only
    .venv/bin/python benchmarks/bench_pairing.py 10000      # the largest field: rounds 2 and 5
"""

from __future__ import annotations

import random
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairing.engine.dutch import pair_round  # noqa: E402
from pairing.engine.types import (  # noqa: E402
    Colour,
    PairingRequest,
    Participant,
    ResultCode,
    RoundRecord,
)

CASES = {
    100: (1, 2, 5, 9),
    500: (1, 2, 5, 9),
    1000: (1, 2, 5, 9),
    2000: (1, 2, 5, 9),
    4000: (1, 2, 5),
    10000: (2, 5),
}
"""Field size -> the rounds measured (earlier rounds are paired too, untimed)."""
TOTAL_ROUNDS = 9


def _field(n: int, rng: random.Random) -> list[Participant]:
    ratings = sorted((rng.randint(1000, 2700) for _ in range(n)), reverse=True)
    return [Participant(id=i + 1, tpn=i + 1, rating=r, name=f"Player {i + 1}") for i, r in enumerate(ratings)]


def _play(request: PairingRequest, rng: random.Random) -> tuple[Participant, ...]:
    """Pair the round with the engine and append simulated results to every history."""
    result = pair_round(request)
    by_id = {p.id: p for p in request.participants}
    rec: dict[int, RoundRecord] = {}
    for b in result.boards:
        w, k = by_id[b.white], by_id[b.black]
        roll = rng.random()
        if roll < 0.01:
            rec[w.id] = RoundRecord(ResultCode.FORFEIT_WIN, k.id, Colour.WHITE)
            rec[k.id] = RoundRecord(ResultCode.FORFEIT_LOSS, w.id, Colour.BLACK)
            continue
        expect = 1 / (1 + 10 ** ((k.rating - w.rating) / 400))
        u = rng.random()
        if u < 0.3:
            rw, rb = ResultCode.DRAW, ResultCode.DRAW
        elif u < 0.3 + 0.7 * expect:
            rw, rb = ResultCode.WIN, ResultCode.LOSS
        else:
            rw, rb = ResultCode.LOSS, ResultCode.WIN
        rec[w.id] = RoundRecord(rw, k.id, Colour.WHITE)
        rec[k.id] = RoundRecord(rb, w.id, Colour.BLACK)
    if result.bye is not None:
        rec[result.bye] = RoundRecord(ResultCode.PAB)
    out = []
    for p in request.participants:
        r = rec.get(p.id, RoundRecord(ResultCode.HALF_BYE if not p.available else ResultCode.ZERO_BYE))
        out.append(Participant(p.id, p.tpn, p.rating, p.name, history=(*p.history, r)))
    return tuple(out)


def _request(players: tuple[Participant, ...], rnd: int, rng: random.Random) -> PairingRequest:
    # about 1 % ask for a half-point bye in each round after the first
    marked = tuple(
        Participant(
            p.id, p.tpn, p.rating, p.name, history=p.history, available=rnd == 1 or rng.random() > 0.01
        )
        for p in players
    )
    return PairingRequest(round_number=rnd, total_rounds=TOTAL_ROUNDS, participants=marked)


def main(argv: list[str]) -> None:
    sizes = [int(a) for a in argv] or list(CASES)
    print(f"{'players':>7} {'round':>5} {'seconds':>8} {'CPU s':>6} {'peak RSS MB':>11}")
    for n in sizes:
        rng = random.Random(20261129 + n)
        players = tuple(_field(n, rng))
        targets = CASES.get(n, (1, 5, 9))
        for rnd in range(1, max(targets) + 1):
            request = _request(players, rnd, rng)
            if rnd in targets:
                t0, c0 = time.perf_counter(), time.process_time()
                pair_round(request)
                elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
                peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
                print(f"{n:>7} {rnd:>5} {elapsed:>8.2f} {cpu:>6.2f} {peak:>11.0f}", flush=True)
            if rnd < max(targets):
                players = _play(request, rng)


if __name__ == "__main__":
    main(sys.argv[1:])
