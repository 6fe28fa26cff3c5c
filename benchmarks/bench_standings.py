"""Wall time of the standings of a synthetic 1000-player, 9-round Swiss under each unplayed-round rule.

The tournament is built without the pairing engine: each round pairs the present players at random among
neighbours on score (no rematches), gives a pairing-allocated bye when the count is odd, and sprinkles
forfeits, half-point byes, withdrawals and late entries, all from a fixed seed.

    .venv/bin/python benchmarks/bench_standings.py [--players 1000] [--rounds 9] [--seed 1] [--repeat 3]

It prints the best wall time and the process CPU time of ``compute_standings`` per rule (the CPU time is
steadier on a busy machine).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairing.engine.standings import StandingsRequest, compute_standings  # noqa: E402
from pairing.engine.tiebreaks import REGIMES  # noqa: E402
from pairing.engine.types import Colour, Participant, ResultCode, RoundRecord  # noqa: E402

TIEBREAKS = ("BH-C1", "BH", "SB", "DE", "WIN")


def synthetic_tournament(
    players: int, rounds: int, seed: int
) -> tuple[tuple[Participant, ...], frozenset[int]]:
    """Random but legal round records: symmetric games, no rematch, at most one PAB each."""
    rng = random.Random(seed)
    ids = list(range(1, players + 1))
    rating = {pid: 2400 - 900 * (pid - 1) // players for pid in ids}
    history: dict[int, list[RoundRecord]] = {pid: [] for pid in ids}
    score = dict.fromkeys(ids, 0)
    met: dict[int, set[int]] = {pid: set() for pid in ids}
    had_bye: set[int] = set()
    late = set(rng.sample(ids, players // 50))
    withdraw_round = {
        pid: rng.randint(3, rounds) for pid in rng.sample(ids, players // 50) if pid not in late
    }
    for rnd in range(1, rounds + 1):
        present = []
        for pid in ids:
            if (pid in late and rnd <= 2) or withdraw_round.get(pid, rounds + 1) <= rnd:
                history[pid].append(RoundRecord(ResultCode.ZERO_BYE))
            elif rng.random() < 0.01:
                history[pid].append(RoundRecord(ResultCode.HALF_BYE))
                score[pid] += 1
            else:
                present.append(pid)
        present.sort(key=lambda p: (-score[p], rng.random()))
        if len(present) % 2:
            bye = next(p for p in reversed(present) if p not in had_bye)
            present.remove(bye)
            had_bye.add(bye)
            history[bye].append(RoundRecord(ResultCode.PAB))
            score[bye] += 2
        pool = present
        while pool:
            a = pool.pop(0)
            j = next((i for i, b in enumerate(pool) if b not in met[a]), 0)
            b = pool.pop(j)
            met[a].add(b)
            met[b].add(a)
            roll = rng.random()
            if roll < 0.02:
                ra, rb = ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS
            else:
                expected = 1 / (1 + 10 ** ((rating[b] - rating[a]) / 400))
                roll = rng.random()
                if roll < expected - 0.15:
                    ra, rb = ResultCode.WIN, ResultCode.LOSS
                elif roll < expected + 0.15:
                    ra, rb = ResultCode.DRAW, ResultCode.DRAW
                else:
                    ra, rb = ResultCode.LOSS, ResultCode.WIN
            history[a].append(RoundRecord(ra, b, Colour.WHITE))
            history[b].append(RoundRecord(rb, a, Colour.BLACK))
            score[a] += {ResultCode.WIN: 2, ResultCode.DRAW: 1, ResultCode.FORFEIT_WIN: 2}.get(ra, 0)
            score[b] += {ResultCode.WIN: 2, ResultCode.DRAW: 1}.get(rb, 0)
    participants = tuple(
        Participant(id=pid, tpn=pid, rating=rating[pid], name=f"Player {pid}", history=tuple(history[pid]))
        for pid in ids
    )
    return participants, frozenset(withdraw_round)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    participants, withdrawn = synthetic_tournament(args.players, args.rounds, args.seed)
    print(
        f"{args.players} players, {args.rounds} rounds, tie-breaks {','.join(TIEBREAKS)}, best of {args.repeat}"
    )
    for regime in REGIMES:
        request = StandingsRequest(
            participants,
            args.rounds,
            tiebreaks=TIEBREAKS,
            unplayed=regime,
            withdrawn=withdrawn,
            seed=args.seed,
        )
        times, cpu = [], []
        for _ in range(args.repeat):
            start, start_cpu = time.perf_counter(), time.process_time()
            standings = compute_standings(request)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        lots = sum(len(group) for group in standings.lots)
        print(
            f"  {regime:<17} wall {min(times) * 1000:7.1f} ms   cpu {min(cpu) * 1000:7.1f} ms"
            f"   ({lots} participants placed by lot)"
        )


if __name__ == "__main__":
    main()
