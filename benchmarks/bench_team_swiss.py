"""How long does the team Swiss (C.04.6) take to pair a round, by field size?

Plays a team Swiss of each size with seeded random results (4 boards) and prints the slowest and
the mean round. The cost is the upfloater search of Art. 3.5 (one cardinality matching per set
tried) and one exact weighted matching per bracket (Art. 3.6), skipped when the plain first
identifier breaks nothing.

    nice -n 10 .venv/bin/python benchmarks/bench_team_swiss.py [--sizes 20,50,100,190] [--rounds 9]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks._machine import cpu_probe  # noqa: E402
from pairing.engine.teams import (  # noqa: E402
    BoardResult,
    MatchRecord,
    TeamEntry,
    TeamEvent,
    pair_team_round,
    team_swiss_request,
)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="20,50,100,190")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"cpu probe {cpu_probe():.2f} s")
    for n in (int(x) for x in args.sizes.split(",")):
        rng = random.Random(args.seed)
        boards = 4
        teams = tuple(
            TeamEntry(t, f"T{t}", tuple(range((t - 1) * boards + 1, t * boards + 1))) for t in range(1, n + 1)
        )
        event = TeamEvent("bench", args.rounds, boards, teams)
        times = []
        for rnd in range(1, args.rounds + 1):
            started = time.perf_counter()
            result = pair_team_round(team_swiss_request(event, rnd))
            times.append(time.perf_counter() - started)
            played = tuple(
                MatchRecord(
                    rnd, m.white, m.black, tuple(BoardResult(rng.choice((0, 1, 1, 2))) for _ in range(boards))
                )
                for m in result.matches
            )
            event = replace(
                event,
                matches=event.matches + played,
                byes=event.byes + (((rnd, result.bye),) if result.bye else ()),
            )
        print(
            f"{n:4d} teams x {args.rounds} rounds: slowest {max(times):.3f} s, mean {sum(times) / len(times):.3f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
