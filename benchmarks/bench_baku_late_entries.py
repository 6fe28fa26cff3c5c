"""How often does ``--baku`` without ``--late-entries`` differ from FIDE C.04.7 1.3?

A TRF file cannot say who entered late, so by default the command line counts everyone in the
round-1 split. This script takes the committed Baku reference tournaments
(``tests/pairing/data/corpus/baku``, no late entries of their own), makes a fixed share of each
field late entries (joining in round 2 or 3, chosen with a seeded generator), and compares, round
by round, the virtual points the engine gets in each of the two ways: the default (everyone in
the split) and the FIDE way (``baku_plan`` told who joined when). A round counts as differing when
any participant who plays it gets other virtual points. Prints the figures; asserts nothing.

    .venv/bin/python benchmarks/bench_baku_late_entries.py [--share 0.1] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pairing.engine.baku import baku_plan  # noqa: E402
from pairing.engine.trf import decode_trf, parse_trf  # noqa: E402

SAMPLE = ROOT / "tests" / "pairing" / "data" / "corpus" / "baku"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--share", type=float, default=0.1, help="share of each field entering late")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rounds = differing = accelerated = accelerated_differing = files = 0
    for path in sorted(SAMPLE.glob("*.trf")):
        t = parse_trf(decode_trf(path.read_bytes()))
        if t.total_rounds is None:
            continue
        files += 1
        ids = [p.id for p in sorted(t.players, key=lambda p: p.id)]
        late = rng.sample(ids, max(1, round(len(ids) * args.share)))
        joined = {pid: rng.choice((2, 3)) for pid in late}
        default = baku_plan(ids, t.total_rounds, t.scoring)
        fide = baku_plan(ids, t.total_rounds, t.scoring, joined=joined)
        last_accelerated = -(-t.total_rounds // 2)
        for rnd in range(1, t.total_rounds + 1):
            playing = [pid for pid in ids if joined.get(pid, 1) <= rnd]
            differs = any(
                default.virtual_points[pid][rnd - 1] != fide.virtual_points[pid][rnd - 1] for pid in playing
            )
            rounds += 1
            differing += differs
            if rnd <= last_accelerated:
                accelerated += 1
                accelerated_differing += differs
    print(
        f"files {files}, late entries {args.share:.0%} of each field (joining in round 2 or 3), seed {args.seed}"
    )
    print(f"rounds whose virtual points differ: {differing}/{rounds} ({differing / rounds:.1%})")
    print(
        f"accelerated rounds whose virtual points differ: {accelerated_differing}/{accelerated} "
        f"({accelerated_differing / accelerated:.1%})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
