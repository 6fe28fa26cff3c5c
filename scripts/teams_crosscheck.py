"""Cross-check the team Swiss (C.04.6) against Gacrux, the FIDE TEC's reference tool.

Generates team tournaments of several sizes (random results from fixed seeds), pairs every round
with ``pairing.engine.teams`` and asks Gacrux (``pip install gacrux``) to pair the same round from
the same TRF-2026 file; the tournament goes on with our pairing. Prints the agreement per size and
writes every differing round (the TRF, both pairings) under ``--out`` for investigation.

    nice -n 10 .venv/bin/python scripts/teams_crosscheck.py --seeds 10
    nice -n 10 .venv/bin/python scripts/teams_crosscheck.py --sizes 7,8 --seeds 3 --types A,B,none
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairing.engine.teams import ColourType, pair_team_round  # noqa: E402
from pairing.engine.teams.event import (  # noqa: E402
    BoardResult,
    MatchRecord,
    TeamEntry,
    TeamEvent,
    team_swiss_request,
)
from pairing.engine.teams.trf import write_team_trf  # noqa: E402
from pairing.engine.types import Colour  # noqa: E402


def gacrux_pairing(trf: str, round_number: int, method: str) -> tuple[set[tuple[int, int]], int | None, str]:
    """Gacrux's pairing of ``round_number``: ({(white, black)}, bye, raw output)."""
    with tempfile.NamedTemporaryFile("w", suffix=".trf", delete=False) as f:
        f.write(trf)
        path = f.name
    try:
        out = subprocess.run(
            [sys.executable, "-m", "gacrux.pairingchecker", "-i", path, "-p", "-m", method, "-F", "TXT",
             "-n", str(round_number)],
            capture_output=True,
            text=True,
            timeout=600,
        )
    finally:
        os.unlink(path)
    pairs: set[tuple[int, int]] = set()
    bye = None
    lines = [ln.split() for ln in out.stdout.splitlines() if ln.strip()]
    for parts in lines[1:]:
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            continue
        w, b = int(parts[0]), int(parts[1])
        if b == 0:
            bye = w
        else:
            pairs.add((w, b))
    if not lines or not lines[0] or not lines[0][0].isdigit():
        raise RuntimeError(f"gacrux failed: {out.stdout[-2000:]} {out.stderr[-2000:]}")
    return pairs, bye, out.stdout


def play(rng: random.Random, strength: dict[int, int], white: int, black: int, boards: int) -> tuple[BoardResult, ...]:
    """Random board results, the stronger team a little more likely to win each game."""
    results = []
    edge = (strength[white] - strength[black]) / 800
    for _ in range(boards):
        x = rng.random()
        win, draw = 0.38 + edge, 0.28
        results.append(BoardResult(2 if x < win else 1 if x < win + draw else 0))
    return tuple(results)


def run(n: int, boards: int, rounds: int, seed: int, colour_type: ColourType, out: Path, method: str) -> tuple[int, int, list[str]]:
    rng = random.Random(seed * 1000 + n)
    teams = tuple(TeamEntry(t, f"Team {t}", tuple((t - 1) * boards + k for k in range(1, boards + 1))) for t in range(1, n + 1))
    strength = {t: 2400 - 40 * t + rng.randint(-60, 60) for t in range(1, n + 1)}
    initial = Colour.WHITE if rng.random() < 0.5 else Colour.BLACK
    event = TeamEvent(f"crosscheck {n} teams seed {seed}", rounds, boards, teams, colour_type=colour_type, initial_colour=initial)
    agree = 0
    notes = []
    for rnd in range(1, rounds + 1):
        ours = pair_team_round(team_swiss_request(event, rnd))
        trf = write_team_trf(event)
        theirs, their_bye, raw = gacrux_pairing(trf, rnd, method)
        mine = {(m.white, m.black) for m in ours.matches}
        if mine == theirs and ours.bye == their_bye:
            agree += 1
        else:
            tag = f"n{n}-s{seed}-{colour_type.value}-r{rnd}"
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{tag}.trf").write_text(trf)
            (out / f"{tag}.txt").write_text(
                f"ours   {sorted(mine)} bye {ours.bye}\ngacrux {sorted(theirs)} bye {their_bye}\n"
                + "\n".join(ours.explanation)
                + "\n--- gacrux ---\n"
                + raw
            )
            same_pairs = {frozenset(p) for p in mine} == {frozenset(p) for p in theirs}
            notes.append(f"{tag}: {'colours only' if same_pairs else 'pairs'} differ")
        matches = tuple(MatchRecord(rnd, m.white, m.black, play(rng, strength, m.white, m.black, boards)) for m in ours.matches)
        event = replace(
            event,
            matches=event.matches + matches,
            byes=event.byes + (((rnd, ours.bye),) if ours.bye else ()),
        )
    return agree, rounds, notes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="6,7,8,9,12,13,16,21")
    parser.add_argument("--boards", type=int, default=4)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--types", default="A,B")
    parser.add_argument("--out", default="/tmp/teams_crosscheck")
    args = parser.parse_args()
    total_agree = total = 0
    for type_name in args.types.split(","):
        colour_type = ColourType(type_name)
        method = {"A": "fideteam-typea", "B": "fideteam-typeb", "none": "fideteam-nocolor"}[type_name]
        for n in (int(x) for x in args.sizes.split(",")):
            rounds = min(n - 1, max(5, n.bit_length() + 2))
            a = t = 0
            for seed in range(args.seeds):
                agree, count, notes = run(n, args.boards, rounds, seed, colour_type, Path(args.out), method)
                a += agree
                t += count
                for note in notes:
                    print("  ", note)
            total_agree += a
            total += t
            print(f"type {type_name:4} {n:3d} teams x {rounds} rounds x {args.seeds} seeds: {a}/{t} rounds agree", flush=True)
    print(f"total: {total_agree}/{total} rounds agree")
    return 0 if total_agree == total else 1


if __name__ == "__main__":
    sys.exit(main())
