#!/usr/bin/env python3
"""Replay reference tournaments round by round through a pairing engine.

For every complete TRF file and every round r, build the input an engine
would get before pairing round r (rounds 1..r-1 with results, plus the
round-r absences and requested byes that are known before pairing), run the
engine command, and compare its pairing with the one recorded in the file:
same pairs, same colours, same pairing-allocated bye.

The engine command is a template with {input} and {output}, in the
JaVaFo/bbpPairings convention: the output file holds the number of pairs,
then one "white black" line per board, the bye written as "id 0".

Prints one line per divergent round (with --verbose), then a summary whose
last line is:  rounds identical X/Y (P%), tournaments identical A/B, errors E
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import os
import random
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BYE_CODES_KEPT = {"Z", "H", "F", " ", "-"}  # absence markers known before pairing
POINTS = {"1": 2, "+": 2, "W": 2, "U": 2, "F": 2, "=": 1, "D": 1, "H": 1}


def split_rounds(line: str) -> list[str]:
    chunks = []
    i = 91
    while i < len(line):
        chunks.append(line[i : i + 8].ljust(8))
        i += 10
    while chunks and chunks[-1].strip() == "":
        chunks.pop()
    return chunks


def parse(path: Path):
    text = path.read_bytes().decode("utf-8", "replace")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    players = {}
    for ln in lines:
        if ln.startswith("001"):
            players[int(ln[4:8])] = (ln, split_rounds(ln))
    rounds_played = max((len(r) for _, r in players.values()), default=0)
    return lines, players, rounds_played


def expected_round(players, k):
    pairs, byes = set(), []
    for pid, (_, rounds) in players.items():
        if k >= len(rounds):
            continue
        c = rounds[k]
        opp = c[0:4].strip()
        opp = 0 if opp in ("", "0000") else int(opp)
        if opp:
            if c[5] == "w":
                pairs.add((pid, opp))
            elif c[5] == "b":
                pairs.add((opp, pid))
        elif c[7].upper() == "U":
            byes.append(pid)
    return sorted(pairs), sorted(byes)


def truncated_input(lines, players, k) -> str:
    """The TRF an engine sees before pairing round k (0-based)."""
    out = []
    for ln in lines:
        if not ln.startswith("001"):
            if ln.strip():
                out.append(ln.rstrip())
            continue
        pid = int(ln[4:8])
        rounds = players[pid][1]
        kept = list(rounds[:k])
        if k < len(rounds):
            c = rounds[k]
            opp = c[0:4].strip()
            if opp in ("", "0000") and c[7].upper() in BYE_CODES_KEPT:
                kept.append(c)
        half_points = sum(POINTS.get(c[7].upper(), 0) for c in kept)
        pts = "%4.1f" % (half_points / 2)
        new = ln[:80].ljust(80) + pts + ln[84:89].ljust(5)
        new += "".join("  " + c for c in kept)
        out.append(new.rstrip())
    return "\n".join(out) + "\n"


def read_output(path: Path):
    rows = [r.split() for r in path.read_text().splitlines() if r.strip()]
    n = int(rows[0][0])
    pairs, byes = set(), []
    for row in rows[1 : 1 + n]:
        w, b = int(row[0]), int(row[1])
        if b == 0:
            byes.append(w)
        else:
            pairs.add((w, b))
    return sorted(pairs), sorted(byes)


def check_file(path: Path, template: str, timeout: float, verbose: bool):
    lines, players, nrounds = parse(path)
    result = {
        "file": path.name,
        "rounds": 0,
        "identical": 0,
        "same_pairs": 0,
        "errors": 0,
        "seconds": 0.0,
        "diffs": [],
    }
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(nrounds):
            exp_pairs, exp_byes = expected_round(players, k)
            if not exp_pairs and not exp_byes:
                continue
            inp = Path(tmp) / f"r{k + 1}.trf"
            outp = Path(tmp) / f"r{k + 1}.out"
            inp.write_text(truncated_input(lines, players, k))
            if outp.exists():
                outp.unlink()
            cmd = template.format(input=shlex.quote(str(inp)), output=shlex.quote(str(outp)))
            result["rounds"] += 1
            t0 = time.perf_counter()
            try:
                proc = subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=timeout)
                ok = proc.returncode == 0 and outp.exists()
                err = (proc.stderr or proc.stdout).strip().splitlines()[-1:] if not ok else []
            except subprocess.TimeoutExpired:
                ok, err = False, [f"timeout after {timeout}s"]
            result["seconds"] += time.perf_counter() - t0
            if not ok:
                result["errors"] += 1
                result["diffs"].append({"round": k + 1, "error": " ".join(err)[:300]})
                continue
            try:
                got_pairs, got_byes = read_output(outp)
            except Exception as exc:  # unreadable output counts as an error
                result["errors"] += 1
                result["diffs"].append({"round": k + 1, "error": f"bad output: {exc}"})
                continue
            same_pairs = {frozenset(p) for p in got_pairs} == {
                frozenset(p) for p in exp_pairs
            } and got_byes == exp_byes
            if same_pairs:
                result["same_pairs"] += 1
            if got_pairs == exp_pairs and got_byes == exp_byes:
                result["identical"] += 1
            else:
                missing = sorted(set(exp_pairs) - set(got_pairs))[:6]
                extra = sorted(set(got_pairs) - set(exp_pairs))[:6]
                result["diffs"].append(
                    {
                        "round": k + 1,
                        "expected_not_got": missing,
                        "got_not_expected": extra,
                        "bye_expected": exp_byes,
                        "bye_got": got_byes,
                    }
                )
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="+", help="TRF files or folders of them")
    ap.add_argument("--engine", required=True, help="command template with {input} and {output}")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--sample", type=int, default=0, help="check only N files, drawn with --seed")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds allowed per pairing")
    ap.add_argument("--report", help="write per-file JSON results here")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()

    files = []
    for p in map(Path, args.paths):
        files += sorted(p.glob("*.trf")) if p.is_dir() else [p]
    if args.sample and args.sample < len(files):
        files = sorted(random.Random(args.seed).sample(files, args.sample))
    t0 = time.perf_counter()
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda f: check_file(f, args.engine, args.timeout, args.verbose), files))
    wall = time.perf_counter() - t0
    rounds = sum(r["rounds"] for r in results)
    ident = sum(r["identical"] for r in results)
    same = sum(r["same_pairs"] for r in results)
    errors = sum(r["errors"] for r in results)
    full = sum(1 for r in results if r["rounds"] and r["identical"] == r["rounds"])
    if args.verbose:
        for r in results:
            for d in r["diffs"]:
                print(r["file"], json.dumps(d))
    if args.report:
        Path(args.report).write_text(json.dumps(results, indent=1))
    engine_s = sum(r["seconds"] for r in results)
    print(f"files {len(files)}, wall {wall:.1f}s, engine time {engine_s:.1f}s over {rounds} pairings")
    pct = 100.0 * ident / rounds if rounds else 0.0
    print(f"same pairs and byes (colours ignored): {same}/{rounds}")
    print(
        f"rounds identical {ident}/{rounds} ({pct:.2f}%), tournaments identical {full}/{len(files)}, errors {errors}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
