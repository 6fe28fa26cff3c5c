"""``python -m pairing.engine --teams ...``: the team engine's command line.

    python -m pairing.engine --teams INPUT.trf -p [OUTPUT]   pair the next round (C.04.6)
    python -m pairing.engine --teams INPUT.trf -c            re-pair every round and compare
    python -m pairing.engine --teams INPUT.trf --standings [--tiebreaks EMGSB,BH,DE]
    python -m pairing.engine --teams N --round-robin [--double] [--boards 4]

INPUT is a TRF-2026 team file (records 001, 310, 320, 330, 142, 152, 192, 352, 362); the colour
type and primary score come from record 192 (``FIDE_TEAM_TYPEB_MP_GP``...) unless ``--type`` says
otherwise, and the Baku acceleration (C.04.7) from its ``_BAKU`` suffix or ``--baku``. The pairing is written like bbpPairings and Gacrux write it: the number of matches, then
"white black" team pairing numbers per match (White = board 1 White), the bye as "team 0"; the
explanation goes to standard error with ``--explain``. Exit status as the main command line.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import TextIO

from ..errors import NoValidPairingError, PairingError
from .event import TeamEvent, team_swiss_request
from .round_robin import board_pairings, team_round_robin
from .swiss import pair_team_round
from .tiebreaks import team_standings
from .trf import read_team_trf
from .types import ColourType, TeamSwissResult

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m pairing.engine --teams",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--teams", required=True, metavar="INPUT|N", help="TRF-2026 team file (or N with --round-robin)"
    )
    action = parser.add_mutually_exclusive_group()
    action.add_argument(
        "-p", dest="output", nargs="?", const="-", metavar="OUTPUT", help="pair the next round"
    )
    action.add_argument("-c", dest="compare", action="store_true", help="re-pair every round and compare")
    action.add_argument("--standings", action="store_true", help="team standings as CSV")
    action.add_argument("--round-robin", action="store_true", help="Berger tables for N teams")
    parser.add_argument("--type", choices=["A", "B", "none"], help="colour preferences (Art. 1.7)")
    parser.add_argument(
        "--baku", action="store_true", help="Baku acceleration (C.04.7; 2/1/0 match points, MP primary)"
    )
    parser.add_argument("--explain", action="store_true", help="explain the pairing on standard error")
    parser.add_argument(
        "--tiebreaks",
        default="EMGSB,BH,DE",
        help="team tie-breaks, in order (values in engine units: GP in half-points)",
    )
    parser.add_argument("--double", action="store_true", help="double round robin")
    parser.add_argument("--boards", type=int, default=4, help="boards per match (round robin)")
    return parser


def _write(result: TeamSwissResult, out: TextIO) -> None:
    out.write(f"{len(result.matches) + (result.bye is not None)}\n")
    for m in result.matches:
        out.write(f"{m.white} {m.black}\n")
    if result.bye is not None:
        out.write(f"{result.bye} 0\n")


def _event(args: argparse.Namespace) -> TeamEvent:
    with open(args.teams, encoding="utf-8", errors="replace") as f:
        event = read_team_trf(f.read())
    if args.type:
        event = replace(event, colour_type=ColourType(args.type))
    if args.baku:
        event = replace(event, baku=True)
    return event


def _compare(event: TeamEvent, out: TextIO) -> int:
    differ = 0
    for rnd in range(1, event.rounds_played + 1):
        result = pair_team_round(team_swiss_request(event, rnd))
        ours = {(m.white, m.black) for m in result.matches}
        theirs = {(m.white, m.black) for m in event.matches if m.round == rnd}
        bye = next((t for r, t in event.byes if r == rnd), None)
        if ours != theirs or bye != result.bye:
            differ += 1
            out.write(
                f"round {rnd}: file {sorted(theirs)} bye {bye}; engine {sorted(ours)} bye {result.bye}\n"
            )
    out.write(f"{event.rounds_played - differ}/{event.rounds_played} rounds as the engine pairs them\n")
    return 1 if differ else 0


def main(
    argv: Sequence[str] | None = None, *, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    out, err = stdout or sys.stdout, stderr or sys.stderr
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:
        return 0 if exc.code == 0 else 2
    try:
        if args.round_robin:
            for rnd in team_round_robin(int(args.teams), double=args.double):
                for m in rnd.matches:
                    colours = "".join(w.value.upper() for _, w, _ in board_pairings(m, args.boards))
                    out.write(f"{rnd.number} {m.number} {m.white} {m.black} {colours}\n")
                if rnd.bye is not None:
                    out.write(f"{rnd.number} 0 {rnd.bye} 0\n")
            return 0
        event = _event(args)
        if args.compare:
            return _compare(event, out)
        if args.standings:
            codes = [c for c in args.tiebreaks.split(",") if c]
            rows = team_standings(event, codes)
            out.write("rank,team,name,MP,GP," + ",".join(codes) + "\n")
            for row in rows:
                shown = [str(v) for v in row.values]
                out.write(
                    f"{row.rank},{row.tpn},{row.name},{row.match_points},{row.game_points / 2:g},{','.join(shown)}\n"
                )
            return 0
        result = pair_team_round(team_swiss_request(event, event.rounds_played + 1))
        if args.output in (None, "-"):
            _write(result, out)
        else:
            with open(args.output, "w", encoding="utf-8") as f:
                _write(result, f)
        if args.explain:
            err.write("\n".join(result.explanation) + "\n")
        return 0
    except NoValidPairingError as exc:
        err.write(f"no valid pairing: {exc}\n")
        return 1
    except (PairingError, ValueError, OSError) as exc:
        err.write(f"error: {exc}\n")
        return 2
