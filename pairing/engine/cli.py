"""Command line of the pairing engine, a drop-in for bbpPairings and JaVaFo.

See :data:`USAGE` (``python -m pairing.engine --help``) for the modes and exit statuses.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TextIO

from .errors import InvalidRequestError, NoValidPairingError, PairingError, TrfError
from .trf import TrfTournament, decode_trf, parse_trf
from .types import PairingRequest, PairingResult

EXIT_OK = 0
EXIT_NO_PAIRING = 1
"""No pairing satisfies the absolute criteria; in check mode: some round differs."""
EXIT_BAD_INPUT = 2
"""Unreadable input, a file that cannot be paired as asked, or bad arguments."""
EXIT_NO_OUTPUT = 3
"""The output file could not be written."""
EXIT_INTERNAL = 4
"""A bug: the engine failed in a way it does not report on purpose (the traceback is printed)."""

USAGE = """\
Pair a round of a Swiss tournament with the FIDE Dutch system (C.04.3, 2026 rules),
check a finished tournament, print Berger round-robin tables, or compute standings.

  python -m pairing.engine --dutch INPUT.trf -p [OUTPUT]
      Pair the next round of INPUT (TRF-2016 with the JaVaFo XX records, or TRF-2026).
      OUTPUT (standard output without a name) gets the number of boards, then one
      "white black" line per board in board order; the pairing-allocated bye is "id 0".
      The round to pair is the one after the last round anybody was paired in; entries
      "0000 - Z/H/F" in that round's column, 240 records and XXZ mark absences known
      before pairing. Scores are computed from the results (columns 81-84 are not
      trusted); XXS is applied, 162 and BBW/BBD/... override it.
  --least-bad      when no pairing satisfies the absolute criteria, pair anyway and print
                   the rules that had to be broken on standard error (exit 0).
  --baku           apply the Baku acceleration (C.04.7): group A is the first
                   2*ceil(N/4) pairing numbers of the N participants of round 1, virtual
                   points for the first ceil(R/2) rounds; XXA and 250 records in the file
                   are ignored.
  --late-entries ID:ROUND[,ID:ROUND...]
                   with --baku: these participants joined the tournament in ROUND. A TRF
                   file cannot say who entered late, so by default nobody did: everyone in
                   the file counts in the round-1 split, as bbpPairings counts them. Listed
                   late entries are left out of it; the last GA participant stays the same
                   (C.04.7 1.3), so a late entry above them joins GA (which may become odd),
                   one below joins GB, and nobody gets virtual points before joining.

  python -m pairing.engine --dutch INPUT.trf -c
      Check mode: re-pair every round of INPUT from the state before it (earlier rounds,
      plus that round's known absences) and report each round whose pairs, colours or bye
      differ from the file. Exit 1 if any round differs.

  python -m pairing.engine --check FILE [FILE ...] [--baku] [--unplayed RULE]
                           [--unrated-rating N]
      Checker: for every round of each FILE (TRF-2026 or TRF-2016), the recorded pairing
      against the absolute criteria and against the pairing the Dutch rules give (pairs,
      colours, bye); where the file lists tie-breaks (TRF-2026 212 or 202), every rank
      (columns 86-89) against the standings they give (C.07, 2026 unplayed-round rule and
      C.07 6.3 direct encounter unless --unplayed/--direct-encounter say otherwise). Each
      finding names the round, the pair or the player and the article, e.g.
        round 3: pair 4-9: colours reversed: the rules give White to 9 (C.04.3 Art. 5.2 ...)
      The acceleration is the file's (250/XXA, or Baku's for a 192 FIDE_DUTCH_BAKU);
      --baku recomputes it. Many files are checked in one process (batch mode; @LIST
      reads the names from a file, one a line); each file ends with a "FILE: ..." line.
      Exit 0 every file passes, 1 some finding, 2 a file could not be read (the others are
      still checked; 2 wins over 1). ARO and TPR count unrated opponents at the rating the
      file's "### Unrated players count in ARO and TPR at N" line gives (this program's
      exports write it; TRF-2026 has no record for it), or --unrated-rating N (Gacrux's -u),
      else leave them out.

  python -m pairing.engine --dutch [MODEL.trf] -g [CONFIG] -o OUTPUT [-s SEED]
                           [--set KEY=VALUE ...] [--count N]
      Random tournament generator, bbpPairings' -g command line: CONFIG holds KEY=VALUE
      lines (bbpPairings' PlayersNumber, RoundsNumber, DrawPercentage, ForfeitRate,
      RetiredRate, HalfPointByeRate, HighestRating, LowestRating, PointsFor...; ours:
      HalfPointByes, FullPointByes, ZeroPointByes (a number, a share such as 5%, or
      ROUND:AMOUNT items), Forfeits, DoubleForfeits, UnusualResults, UnratedShare,
      Baku, TieBreaks); --set gives the same keys on the command line; MODEL.trf gives
      the players' ratings and the rounds. Keys left out are drawn from the seed; the same
      seed gives the same file, byte for byte. Output: TRF-2026 with ranks from the
      tie-breaks. --count N writes N files OUTPUT/gen_SEED.trf for seeds SEED.. SEED+N-1.

  python -m pairing.engine --berger N [--double]
      FIDE Berger tables (C.05 Annex 1) for N participants: one "round board white black"
      line per game; with an odd N the participant who sits out is "round 0 id 0".
      --double adds the second cycle with colours reversed (the last two rounds of the
      first cycle swapped, as FIDE recommends).

  python -m pairing.engine --standings INPUT.trf [--tiebreaks DE,BH-C1,BH,SB,WIN]
                           [--unplayed virtual-opponent|fide-2024|fide-2026]
                           [--direct-encounter all-met|fide]
      Standings of INPUT as CSV, with the tie-breaks in the order given (default: direct
      encounter, Buchholz cut-1, Buchholz, Sonneborn-Berger, wins) and the rule for
      unplayed rounds (default: the virtual opponent). Direct encounter decides only when
      all the tied players have met (all-met, the default); "fide" adds C.07 6.3: a player
      whom no result of the missing games could catch goes first.

exit status: 0 done; 1 no valid pairing (or, with -c or --check, differences found);
2 unreadable input or impossible request (TRF problems name the line and column);
3 the output file could not be written; 4 internal error (a bug: please report the
traceback printed on standard error together with the input file).
"""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m pairing.engine",
        description=USAGE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        usage="%(prog)s (--dutch INPUT (-p [OUTPUT] | -c) | --dutch [MODEL] -g [CONFIG] -o OUTPUT | "
        "--check FILE... | --berger N | --standings INPUT | --teams ...) [options]",
        fromfile_prefix_chars="@",
    )
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--dutch", metavar="INPUT", nargs="?", const="", help="TRF file to pair or check")
    mode.add_argument("--check", metavar="FILE", nargs="+", help="check every round and the standings")
    mode.add_argument("--berger", metavar="N", type=int, help="print the Berger tables for N participants")
    mode.add_argument("--standings", metavar="INPUT", help="TRF file to rank")
    action = parser.add_mutually_exclusive_group()
    action.add_argument(
        "-p", dest="output", nargs="?", const="-", metavar="OUTPUT", help="pair the next round"
    )
    action.add_argument("-c", dest="compare", action="store_true", help="re-pair every round and compare")
    action.add_argument(
        "-g", dest="generate", nargs="?", const="", metavar="CONFIG", help="generate a random tournament"
    )
    parser.add_argument("-o", dest="generated", metavar="OUTPUT", help="with -g: the TRF file to write")
    parser.add_argument("-s", dest="seed", type=int, metavar="SEED", help="with -g: the random seed")
    parser.add_argument(
        "--set",
        dest="settings",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="with -g: a config key",
    )
    parser.add_argument("--count", type=int, default=0, metavar="N", help="with -g: N files into OUTPUT/")
    parser.add_argument("--least-bad", action="store_true", help="relax absolute criteria if needed")
    parser.add_argument("--baku", action="store_true", help="apply the Baku acceleration")
    parser.add_argument(
        "--late-entries",
        default="",
        metavar="ID:ROUND[,ID:ROUND...]",
        help="with --baku: who joined late, and in which round",
    )
    parser.add_argument("--double", action="store_true", help="double round robin (with --berger)")
    parser.add_argument("--tiebreaks", default="DE,BH-C1,BH,SB,WIN", help="comma-separated tie-break codes")
    parser.add_argument(
        "--unplayed",
        default=None,
        help="rule for unplayed rounds in tie-breaks (default: virtual-opponent; fide-2026 with --check)",
    )
    parser.add_argument(
        "--direct-encounter",
        default=None,
        help="all-met (default) or fide (adds C.07 6.3; default with --check)",
    )
    parser.add_argument(
        "--unrated-rating",
        type=int,
        default=None,
        metavar="N",
        help="with --check: the rating unrated opponents count with in ARO and TPR (C.07 10; "
        "default: the file's ### line, else left out)",
    )
    return parser


def _late_entries(text: str) -> dict[int, int]:
    """``"11:3,12:4"`` -> {11: 3, 12: 4}; ``InvalidRequestError`` naming the item otherwise."""
    joined: dict[int, int] = {}
    for item in (part.strip() for part in text.split(",") if part.strip()):
        pid, colon, rnd = item.partition(":")
        if not (colon and pid.strip().isdigit() and rnd.strip().isdigit() and int(rnd) >= 1):
            raise InvalidRequestError(
                f"--late-entries {item!r}: write ID:ROUND (a pairing number and the round they joined, 1 or more)"
            )
        if int(pid) in joined:
            raise InvalidRequestError(f"--late-entries: participant {int(pid)} is listed twice")
        joined[int(pid)] = int(rnd)
    return joined


def main(
    argv: Sequence[str] | None = None, *, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    """Run the command line; returns the exit status."""
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    if "--teams" in (sys.argv[1:] if argv is None else argv):
        from .teams.cli import main as teams_main  # the team engine has its own options

        return teams_main(argv, stdout=out, stderr=err)
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has printed its message
        return EXIT_OK if exc.code == 0 else EXIT_BAD_INPUT
    if args.late_entries and not args.baku:
        err.write("--late-entries needs --baku: it only changes the Baku acceleration's groups\n")
        return EXIT_BAD_INPUT
    try:
        if args.berger is not None:
            return _berger(args.berger, args.double, out)
        if args.standings is not None:
            return _standings(args, out)
        _late_entries(args.late_entries)  # refuse a malformed list before reading any file
        if args.check is not None:
            return _check_files(args, out, err)
        if args.generate is not None:
            return _generate(args, out, err)
        if not args.dutch:
            err.write("--dutch needs an INPUT file (or -g to generate)\n")
            return EXIT_BAD_INPUT
        if args.compare:
            return _check(args, out)
        if args.output is None:
            err.write("--dutch needs -p [OUTPUT] to pair or -c to check\n")
            return EXIT_BAD_INPUT
        return _pair(args, out, err)
    except TrfError as exc:
        source = args.dutch or args.standings
        err.write(f"{source}: {exc}\n")
        return EXIT_BAD_INPUT
    except NoValidPairingError as exc:
        err.write(f"no valid pairing: {exc}\n")
        return EXIT_NO_PAIRING
    except PairingError as exc:
        err.write(f"error: {exc}\n")
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly, like other tools
        if out is sys.stdout:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except OSError as exc:
        name = f"{exc.filename}: " if exc.filename else ""
        err.write(f"error: {name}{exc.strerror or exc}\n")
        return EXIT_BAD_INPUT
    except Exception:  # exit 1 is "no valid pairing": a crash must not look like one
        err.write("internal error:\n" + traceback.format_exc())
        return EXIT_INTERNAL


def _read(path: str) -> TrfTournament:
    with open(path, "rb") as f:
        return parse_trf(decode_trf(f.read()))


def _engine() -> Callable[[PairingRequest], PairingResult]:
    from .dutch import pair_round  # imported late: the TRF tools work without the engine

    return pair_round


def _with_baku(request: PairingRequest, joined: Mapping[int, int]) -> PairingRequest:
    """Replace the file's virtual points by Baku's: GA is the first 2*ceil(N/4) pairing numbers of
    the round-1 participants (everyone not in ``joined``), closed by the same participant after."""
    from .baku import baku_accelerations

    ordered = [p.id for p in sorted(request.participants, key=lambda p: p.tpn)]
    unknown = sorted(set(joined) - set(ordered))
    if unknown:
        raise InvalidRequestError(
            f"--late-entries: no participant {', '.join(map(str, unknown))} in the file"
        )
    vp = baku_accelerations(ordered, request.total_rounds, request.scoring, joined=joined)
    participants = tuple(replace(p, accelerations=vp.get(p.id, ())) for p in request.participants)
    return replace(request, participants=participants)


def _request(t: TrfTournament, round_number: int | None, args: argparse.Namespace) -> PairingRequest:
    request = t.to_request(round_number, least_bad=args.least_bad)
    return _with_baku(request, _late_entries(args.late_entries)) if args.baku else request


def _pair(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    tournament = _read(args.dutch)
    result = _engine()(_request(tournament, None, args))
    for violation in result.violations:
        err.write(f"broken rule ({violation.rule}): {violation.message}\n")
    text = format_pairing(result)
    if args.output == "-":
        out.write(text)
        return EXIT_OK
    try:
        _write_atomically(args.output, text)
    except OSError as exc:
        err.write(f"error: cannot write {args.output}: {exc.strerror or exc}\n")
        return EXIT_NO_OUTPUT
    return EXIT_OK


def format_pairing(result: PairingResult) -> str:
    """The JaVaFo/bbpPairings output: the number of lines, then ``white black`` per board, ``id 0``."""
    lines = [f"{b.white} {b.black}" for b in result.boards]
    if result.bye is not None:
        lines.append(f"{result.bye} 0")
    return "".join(f"{line}\n" for line in [str(len(lines)), *lines])


def _write_atomically(path: str, text: str) -> None:
    """Write the whole file or nothing: a temporary file in the same folder, then a rename."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".pairing-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def recorded_round(t: TrfTournament, round_number: int) -> tuple[set[tuple[int, int]], int | None]:
    """The pairing a file records for a round: (white, black) pairs, forfeits included, and the PAB."""
    pairs: set[tuple[int, int]] = set()
    bye = None
    for p in t.players:
        if len(p.records) < round_number:
            continue
        record = p.records[round_number - 1]
        if record.opponent is not None and record.colour is not None:
            white, black = (p.id, record.opponent) if record.colour.value == "w" else (record.opponent, p.id)
            pairs.add((white, black))
        elif record.opponent is None and record.result.value == "U":
            bye = p.id
    return pairs, bye


def _check(args: argparse.Namespace, out: TextIO) -> int:
    """Re-pair every round as ``replay_corpus.py`` does and print the rounds that differ."""
    tournament = _read(args.dutch)
    if tournament.total_rounds is None:
        tournament = replace(tournament, total_rounds=tournament.played_rounds)
    pair_round = _engine()
    rounds = differing = 0
    for rnd in range(1, tournament.played_rounds + 1):
        expected, expected_bye = recorded_round(tournament, rnd)
        if not expected and expected_bye is None:
            continue
        rounds += 1
        try:
            result = pair_round(_request(tournament, rnd, args))
        except NoValidPairingError as exc:
            differing += 1
            out.write(f"round {rnd}: no valid pairing ({exc})\n")
            continue
        got = {(b.white, b.black) for b in result.boards}
        if got == expected and result.bye == expected_bye:
            continue
        differing += 1
        parts = []
        if got - expected or expected - got:
            parts.append("expected " + _pairs_text(expected - got) + "; got " + _pairs_text(got - expected))
        if result.bye != expected_bye:
            parts.append(f"bye expected {expected_bye or 'none'}, got {result.bye or 'none'}")
        out.write(f"round {rnd}: " + "; ".join(parts) + "\n")
    out.write(f"{rounds - differing}/{rounds} rounds identical\n")
    return EXIT_NO_PAIRING if differing else EXIT_OK


def _pairs_text(pairs: set[tuple[int, int]]) -> str:
    return ", ".join(f"{w}-{b}" for w, b in sorted(pairs)) or "nothing else"


def _berger(n: int, double: bool, out: TextIO) -> int:
    from .berger import berger_table

    for rnd in berger_table(n, double=double):
        for board, (white, black) in enumerate(rnd.boards, start=1):
            out.write(f"{rnd.number} {board} {white} {black}\n")
        if rnd.bye is not None:
            out.write(f"{rnd.number} 0 {rnd.bye} 0\n")
    return EXIT_OK


def _standings(args: argparse.Namespace, out: TextIO) -> int:
    from .standings import standings_csv

    tournament = _read(args.standings)
    tiebreaks = [code.strip() for code in args.tiebreaks.split(",") if code.strip()]
    out.write(
        standings_csv(
            tournament,
            tiebreaks,
            args.unplayed or "virtual-opponent",
            direct_encounter=args.direct_encounter or "all-met",
        )
    )
    return EXIT_OK


def _check_files(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``--check``: every file in one process (batch mode), each ending with a ``FILE: ...`` line."""
    from .checker import check_tournament
    from .tiebreaks import DE_RULES, REGIMES

    unplayed = args.unplayed or "fide-2026"
    de_rule = args.direct_encounter or "fide"
    if unplayed not in REGIMES or de_rule not in DE_RULES:
        err.write(
            f"--unplayed is one of {', '.join(REGIMES)}; --direct-encounter one of {', '.join(DE_RULES)}\n"
        )
        return EXIT_BAD_INPUT
    joined = _late_entries(args.late_entries)
    pair_round = _engine()
    adjust = (lambda request: _with_baku(request, joined)) if args.baku else None
    status = EXIT_OK
    for path in args.check:
        try:
            report = check_tournament(
                _read(path),
                pair_round=pair_round,
                adjust=adjust,
                unplayed=unplayed,
                direct_encounter=de_rule,
                unrated_rating=args.unrated_rating,
            )
        except TrfError as exc:
            err.write(f"{path}: {exc}\n")
            out.write(f"{path}: unreadable\n")
            status = EXIT_BAD_INPUT
            continue
        except (PairingError, OSError) as exc:
            err.write(f"{path}: error: {exc}\n")
            out.write(f"{path}: not checked\n")
            status = EXIT_BAD_INPUT
            continue
        for finding in report.findings:
            out.write(f"{path}: {finding}\n")
        for note in report.notes:
            out.write(f"{path}: note: {note}\n")
        out.write(f"{path}: {'ok' if report.ok else 'FAILED'}: {report.summary()}\n")
        if not report.ok and status == EXIT_OK:
            status = EXIT_NO_PAIRING
    return status


def _generate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``--dutch [MODEL] -g [CONFIG] -o OUTPUT [-s SEED]``: bbpPairings' generator command line."""
    from .generator import GeneratorConfig, generate_trf, parse_config

    if not args.generated:
        err.write("-g needs -o OUTPUT (the TRF file to write; a folder with --count)\n")
        return EXIT_BAD_INPUT
    config = GeneratorConfig()
    if args.dutch:
        model = _read(args.dutch)
        ratings = [p.rating for p in model.players if p.rating]
        config = replace(
            config,
            players=len(model.players) or None,
            rounds=model.total_rounds,
            highest_rating=max(ratings) if ratings else None,
            lowest_rating=min(ratings) if ratings else None,
        )
    if args.generate:
        with open(args.generate, encoding="utf-8") as f:
            config = parse_config(f.read(), base=config)
    if args.settings:
        config = parse_config("\n".join(args.settings), base=config)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    if args.count:
        os.makedirs(args.generated, exist_ok=True)
        for offset in range(args.count):
            path = os.path.join(args.generated, f"gen_{seed + offset}.trf")
            _write_atomically(path, generate_trf(config, seed + offset))
        out.write(
            f"{args.count} tournaments written to {args.generated} (seeds {seed}..{seed + args.count - 1})\n"
        )
        return EXIT_OK
    try:
        _write_atomically(args.generated, generate_trf(config, seed))
    except OSError as exc:
        err.write(f"error: cannot write {args.generated}: {exc.strerror or exc}\n")
        return EXIT_NO_OUTPUT
    return EXIT_OK
