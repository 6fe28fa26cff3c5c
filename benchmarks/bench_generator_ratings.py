"""Is the random tournament generator rating-neutral? The mean rating change over N generated tournaments.

    .venv/bin/python benchmarks/bench_generator_ratings.py [--tournaments 200] [--seed 1] [--k 20]

Each tournament comes from :func:`pairing.engine.generator.generate` with every parameter drawn from its
seed (byes, forfeits, unusual results, unrated players, Baku ...). For every rated game played over the
board between two rated players, a player's change is K * (score - E), E from the FIDE expected-score
table the generator draws from (B.02 8.1.2, a difference above 400 counting as 400). Forfeits, byes,
unusual results (an arbiter's ½-0 / 0-0) and games against unrated players are left out, as a rating
report leaves them out. The two players' changes in a game add up to zero, so the mean over everybody is
zero whatever the results; what shows a bias is the change of the *higher-rated* player of each game, and
the change per tournament of the players in the top and the bottom third of each field's ratings. The
script prints these means with their standard errors: a generator whose results follow the table gives
means within a few standard errors of 0.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairing.engine.generator import GeneratorConfig, expected_score, generate  # noqa: E402
from pairing.engine.types import ResultCode  # noqa: E402

_SCORE = {ResultCode.WIN: 1.0, ResultCode.DRAW: 0.5, ResultCode.LOSS: 0.0}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tournaments", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--k", type=float, default=20.0)
    args = parser.parse_args()
    per_game: list[float] = []
    top: list[float] = []
    bottom: list[float] = []
    started = time.perf_counter()
    for seed in range(args.seed, args.seed + args.tournaments):
        t = generate(GeneratorConfig(), seed)
        rating = {p.id: p.rating for p in t.players}
        rated = sorted((p.rating for p in t.players if p.rating), reverse=True)
        if len(rated) < 3:
            continue
        high, low = rated[len(rated) // 3], rated[-(len(rated) // 3) - 1]
        for p in t.players:
            if not p.rating:
                continue
            total = 0.0
            for index, r in enumerate(p.records):
                if r.opponent is None or r.result not in _SCORE or not rating[r.opponent]:
                    continue
                theirs = t.player(r.opponent).records[index].result
                if {r.result, theirs} not in ({ResultCode.WIN, ResultCode.LOSS}, {ResultCode.DRAW}):
                    continue  # an arbiter's ½-0 or 0-0 is not rated
                change = args.k * (_SCORE[r.result] - expected_score(p.rating, rating[r.opponent]))
                if (p.rating, r.colour is not None and r.colour.value == "w") > (rating[r.opponent], False):
                    per_game.append(change)  # the higher-rated side (White when level)
                total += change
            if p.rating >= high:
                top.append(total)
            elif p.rating <= low:
                bottom.append(total)
    seconds = time.perf_counter() - started

    def line(name: str, values: list[float]) -> str:
        n = len(values)
        mean = sum(values) / n
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
        return f"{name}: n={n} mean {mean:+.4f} (standard error {sd / math.sqrt(n):.4f}, sd {sd:.2f})"

    print(f"{args.tournaments} tournaments generated in {seconds:.1f} s, K = {args.k:g}")
    print(line("change of the higher-rated player, per game", per_game))
    print(line("change per tournament, top third of the field", top))
    print(line("change per tournament, bottom third of the field", bottom))


if __name__ == "__main__":
    main()
