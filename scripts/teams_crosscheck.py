"""Cross-check the team Swiss (C.04.6) against Gacrux, the FIDE TEC's reference tool.

Generates team tournaments of several sizes (random results from fixed seeds), pairs every round
with ``pairing.engine.teams`` and asks Gacrux (``pip install gacrux``) to pair the same round from
the same TRF-2026 file; the tournament goes on with our pairing. Prints the agreement per size and
writes every differing round (the TRF, both pairings) under ``--out`` for investigation.

    nice -n 10 .venv/bin/python scripts/teams_crosscheck.py --seeds 10
    nice -n 10 .venv/bin/python scripts/teams_crosscheck.py --sizes 7,8 --seeds 3 --types A,B,none
    nice -n 19 .venv/bin/python scripts/teams_crosscheck.py --baku --seeds 5

``--baku`` accelerates every tournament (C.04.7): our engine computes the groups and the virtual
points; Gacrux reads them from the file's records 250 (written here when ``write_team_trf`` does not
write them itself) and the ``_BAKU`` system code. With ``--primary GP`` or ``--scoring 3,1,0`` both
programs are expected to refuse, and a refusal by both counts as agreement.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairing.engine.errors import AccelerationNotApplicableError, NoValidPairingError  # noqa: E402
from pairing.engine.teams import ColourType, MatchKind, MatchScoring, PrimaryScore, pair_team_round  # noqa: E402
from pairing.engine.teams.baku import team_records_250  # noqa: E402
from pairing.engine.teams.checks import check_team_pairing  # noqa: E402
from pairing.engine.teams.event import (  # noqa: E402
    BoardResult,
    MatchRecord,
    TeamEntry,
    TeamEvent,
    team_swiss_request,
)
from pairing.engine.teams.trf import write_team_trf  # noqa: E402
from pairing.engine.types import Colour  # noqa: E402


def event_trf(event: TeamEvent) -> str:
    """The event's TRF, with the acceleration's records 250 and ``_BAKU`` system code when
    ``write_team_trf`` does not write them itself."""
    if not event.baku:
        return write_team_trf(event)
    try:
        trf = write_team_trf(event)
    except AccelerationNotApplicableError:
        trf = write_team_trf(replace(event, baku=False))
    lines = trf.split("\n")
    if not any(line.startswith("250 ") for line in lines):
        at = next(i for i, line in enumerate(lines) if line.startswith("192 "))
        try:
            records = team_records_250(event)
        except AccelerationNotApplicableError:
            # 3/1/0 or game points primary: we refuse (C.04.7 Art. 1.1, 1.4.4). The file still says
            # the event is accelerated (the groups of a 2/1/0 match-point event), to see if Gacrux does.
            records = team_records_250(replace(event, scoring=MatchScoring(), primary=PrimaryScore.MATCH))
        lines[at + 1 : at + 1] = records
    lines = [
        line + "_BAKU" if line.startswith("192 ") and not line.endswith("_BAKU") else line for line in lines
    ]
    return "\n".join(lines)


REFUSED = "refused"


def gacrux_pairing(trf: str, round_number: int, method: str) -> tuple[list[tuple[int, int]], int | None, str]:
    """Gacrux's pairing of ``round_number``: ([(white, black)] in match order, bye, raw output)."""
    with tempfile.NamedTemporaryFile("w", suffix=".trf", delete=False) as f:
        f.write(trf)
        path = f.name
    try:
        out = subprocess.run(
            [
                sys.executable,
                "-m",
                "gacrux.pairingchecker",
                "-i",
                path,
                "-p",
                "-m",
                method,
                "-F",
                "TXT",
                "-n",
                str(round_number),
            ],
            capture_output=True,
            text=True,
            timeout=600,
        )
    finally:
        os.unlink(path)
    pairs: list[tuple[int, int]] = []
    bye = None
    lines = [ln.split() for ln in out.stdout.splitlines() if ln.strip()]
    for parts in lines[1:]:
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            continue
        w, b = int(parts[0]), int(parts[1])
        if b == 0:
            bye = w
        else:
            pairs.append((w, b))
    if not lines or not lines[0] or not lines[0][0].isdigit():
        if "acceleration cannot be used" in out.stdout + out.stderr:
            return [], None, REFUSED
        if "no legal pairing" in out.stdout.lower() or "no legal pairing" in out.stderr.lower():
            return [], None, out.stdout
        raise RuntimeError(f"gacrux failed: {out.stdout[-2000:]} {out.stderr[-2000:]}")
    return pairs, bye, out.stdout


def gacrux_check(trf: str, method: str) -> tuple[int, int]:
    """Gacrux's C.04.6 checker (``pairingchecker -c``) on a whole tournament: (rounds it accepts, rounds)."""
    with tempfile.NamedTemporaryFile("w", suffix=".trf", delete=False) as f:
        f.write(trf)
        path = f.name
    try:
        out = subprocess.run(
            [sys.executable, "-m", "gacrux.pairingchecker", "-i", path, "-c", "-m", method, "-F", "JSON"],
            capture_output=True,
            text=True,
            timeout=1800,
        )
    finally:
        os.unlink(path)
    rounds = json.loads(out.stdout)["pairingResult"]["roundpairing"]
    return sum(1 for r in rounds if r.get("check")), len(rounds)


TIEBREAKS = ["BH", "BH/C1", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EMGSB/C1", "WIN", "WON", "PS", "BC"]
SCALE = {"EMGSB": 2, "EGMSB": 2, "EGGSB": 4, "EMGSB/C1": 2, "BC": 2}
"""Our integers (GP in half-points) to the real values the other programs print."""
CORE = {"BH": "BH:{p}", "BH/C1": "BH:{p}/C1", "WIN": "WIN:{p}", "WON": "WON:{p}", "PS": "PS:{p}"}
"""tiebreak-core's descriptors for the codes that read the primary score."""
ON_PRIMARY = {"BH", "BH/C1", "PS"}
"""Codes whose value is on the primary score: game points when those are primary (half-points here)."""


def gacrux_tiebreaks(trf: str) -> dict[int, dict[str, float]]:
    with tempfile.NamedTemporaryFile("w", suffix=".trf", delete=False) as f:
        f.write(trf)
        path = f.name
    try:
        out = subprocess.run(
            [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", path, "-t", *TIEBREAKS, "-F", "TXT"],
            capture_output=True,
            text=True,
            timeout=600,
        )
    finally:
        os.unlink(path)
    rows = [ln.split("\t") for ln in out.stdout.splitlines() if ln.strip()]
    head = rows[0]
    return {int(r[0]): {c: float(r[head.index(c)]) for c in TIEBREAKS} for r in rows[1:]}


def core_tiebreaks(event: TeamEvent) -> dict[int, dict[str, float]]:
    """tiebreak-core 1.2's team values (``pip install tiebreak-core``)."""
    from tiebreak_core import calculate_team
    from tiebreak_core.team import (
        FORFEIT_LOSS,
        FORFEIT_WIN,
        PAIRING_BYE,
        PLAYED,
        UNPLAYED,
        TeamFormat,
        TeamMatch,
        TeamRecord,
    )

    from pairing.engine.teams.event import team_rounds
    from pairing.engine.teams.tiebreaks import board_points

    hist = team_rounds(event, event.rounds_played)
    boards = board_points(event)
    records = {}
    for tpn, rounds in hist.items():
        matches = [
            TeamMatch(
                r.opponent if r.opponent and r.kind.paired else -1,
                i,
                r.match_points,
                r.game_points / 2,
                {
                    MatchKind.PLAYED: PLAYED,
                    MatchKind.FORFEIT_WIN: FORFEIT_WIN,
                    MatchKind.FORFEIT_LOSS: FORFEIT_LOSS,
                    MatchKind.DOUBLE_FORFEIT: FORFEIT_LOSS,
                    MatchKind.PAB: PAIRING_BYE,
                }.get(r.kind, UNPLAYED),
            )
            for i, r in enumerate(rounds, start=1)
        ]
        records[tpn] = TeamRecord(
            tpn,
            sum(r.match_points for r in rounds),
            sum(r.game_points for r in rounds) / 2,
            matches,
            tuple(b / 2 for b in boards[tpn]),
        )
    fmt = TeamFormat(
        mp_win=float(event.scoring.win),
        mp_draw=float(event.scoring.draw),
        max_gp_per_match=float(event.boards),
    )
    return {
        tpn: {
            c: calculate_team(
                rec,
                records,
                CORE.get(c, c).format(p=event.primary.value),
                event.total_rounds,
                fmt,
                event.primary.value,
            )
            for c in TIEBREAKS
        }
        for tpn, rec in records.items()
    }


def tiebreak_check(event: TeamEvent, tag: str, tally: dict[str, list[int]], notes: list[str]) -> None:
    """Compare every team's value of every code: ours, Gacrux's tiebreakchecker, tiebreak-core."""
    from pairing.engine.teams.tiebreaks import team_standings

    ours = {row.tpn: row.values for row in team_standings(event, TIEBREAKS)}
    gac = gacrux_tiebreaks(write_team_trf(event))
    try:
        core = core_tiebreaks(event)
    except ImportError:
        core = {}
    from pairing.engine.teams.event import team_rounds

    byes = {
        tpn
        for tpn, rounds in team_rounds(event, event.rounds_played).items()
        if any(r.kind is not MatchKind.PLAYED for r in rounds)
    }
    for tpn, values in ours.items():
        for code, value in zip(TIEBREAKS, values, strict=True):
            scale = 2 if code in ON_PRIMARY and event.primary is PrimaryScore.GAME else SCALE.get(code, 1)
            mine = value / scale  # type: ignore[operator]
            counts = tally.setdefault(code, [0, 0, 0, 0])
            counts[0] += 1
            counts[1] += abs(mine - gac[tpn][code]) < 1e-9
            if core:
                same = abs(mine - core[tpn][code]) < 1e-9
                counts[2] += same
                if not same:
                    counts[3] += tpn in byes
                    notes.append(
                        f"{tag} team {tpn} {code}: ours {mine} core {core[tpn][code]} (an unplayed match: {tpn in byes})"
                    )
            if abs(mine - gac[tpn][code]) >= 1e-9:
                notes.append(f"{tag} team {tpn} {code}: ours {mine} gacrux {gac[tpn][code]}")


@dataclass(frozen=True)
class Scenario:
    """What the generated tournaments look like besides their size."""

    draw: float = 0.28
    """Chance of a drawn game (more draws: larger scoregroups, more colour conflicts)."""
    absent: float = 0.0
    """Chance a team is absent in a round (a zero-point bye, record 240 Z)."""
    forfeit: float = 0.0
    """Chance a match is forfeited as a whole (record 330)."""
    primary: PrimaryScore = PrimaryScore.MATCH
    scoring: MatchScoring = MatchScoring()
    baku: bool = False
    """Baku acceleration (C.04.7)."""

    @property
    def tag(self) -> str:
        parts = [f"d{self.draw:g}"]
        if self.absent:
            parts.append(f"abs{self.absent:g}")
        if self.forfeit:
            parts.append(f"ff{self.forfeit:g}")
        if self.primary is PrimaryScore.GAME:
            parts.append("GP")
        if self.scoring.win != 2:
            parts.append(f"{self.scoring.win}-{self.scoring.draw}-{self.scoring.loss}")
        if self.baku:
            parts.append("baku")
        return "-".join(parts)


def play(
    rng: random.Random, strength: dict[int, int], white: int, black: int, boards: int, draw: float = 0.28
) -> tuple[BoardResult, ...]:
    """Random board results, the stronger team a little more likely to win each game."""
    results = []
    edge = (strength[white] - strength[black]) / 800
    for _ in range(boards):
        x = rng.random()
        win = (1 - draw) / 2 + edge
        results.append(BoardResult(2 if x < win else 1 if x < win + draw else 0))
    return tuple(results)


def run(
    n: int,
    boards: int,
    rounds: int,
    seed: int,
    colour_type: ColourType,
    out: Path,
    method: str,
    tally: dict[str, list[int]] | None = None,
    scenario: Scenario = Scenario(),
) -> tuple[int, int, list[str]]:
    rng = random.Random(seed * 1000 + n)
    teams = tuple(
        TeamEntry(t, f"Team {t}", tuple((t - 1) * boards + k for k in range(1, boards + 1)))
        for t in range(1, n + 1)
    )
    strength = {t: 2400 - 40 * t + rng.randint(-60, 60) for t in range(1, n + 1)}
    initial = Colour.WHITE if rng.random() < 0.5 else Colour.BLACK
    event = TeamEvent(
        f"crosscheck {n} teams seed {seed}",
        rounds,
        boards,
        teams,
        colour_type=colour_type,
        initial_colour=initial,
        primary=scenario.primary,
        scoring=scenario.scoring,
        baku=scenario.baku,
    )
    agree = 0
    notes = []
    paired = rounds
    for rnd in range(1, rounds + 1):
        away = tuple((rnd, t) for t in range(1, n + 1) if rng.random() < scenario.absent)
        event = replace(event, absent=event.absent + away)
        trf = event_trf(event)
        their_order, their_bye, raw = gacrux_pairing(trf, rnd, method)
        theirs = set(their_order)
        tag = f"n{n}-s{seed}-{colour_type.value}-{scenario.tag}-r{rnd}"
        try:
            request = team_swiss_request(event, rnd)
            ours = pair_team_round(request)
        except AccelerationNotApplicableError as exc:
            # C.04.7 Art. 1.1 (3/1/0) or 1.4.4 (game points primary): no accelerated tournament at all.
            if raw == REFUSED:
                agree += 1
            else:
                notes.append(f"{tag}: we refuse the acceleration ({exc}), gacrux pairs")
            paired = rnd
            event = replace(event, total_rounds=0, absent=())
            break
        except NoValidPairingError:
            # Art. 3.3.3: no legal pairing; the Chief Arbiter decides. The tournament stops here.
            if not theirs:
                agree += 1
            else:
                notes.append(f"{tag}: only gacrux found a pairing")
            paired = rnd
            # The round never happens: the event ends after the rounds played (record 142 says so, and
            # the absences drawn for this round go), so the checks below see a finished event.
            event = replace(event, total_rounds=rnd - 1, absent=tuple(a for a in event.absent if a[0] < rnd))
            break
        broken = check_team_pairing(request, ours)
        if broken:
            notes.append(f"{tag}: our pairing breaks {[v.rule for v in broken]}")
        mine = {(m.white, m.black) for m in ours.matches}
        if raw == REFUSED:
            notes.append(f"{tag}: gacrux refuses the acceleration, we pair")
        elif mine == theirs and ours.bye == their_bye:
            agree += 1
            if [(m.white, m.black) for m in ours.matches] != their_order:
                # same matches and colours, another match order (GHR 3.6 / C.04.7 Art. 1.5)
                notes.append(f"{tag}: match order differs")
        else:
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
        matches = []
        for m in ours.matches:
            if rng.random() < scenario.forfeit:
                matches.append(MatchRecord(rnd, m.white, m.black, (), rng.choice(["+-", "-+", "--"])))
            else:
                matches.append(
                    MatchRecord(
                        rnd, m.white, m.black, play(rng, strength, m.white, m.black, boards, scenario.draw)
                    )
                )
        event = replace(
            event,
            matches=event.matches + tuple(matches),
            byes=event.byes + (((rnd, ours.bye),) if ours.bye else ()),
        )
    if tally is not None and event.rounds_played:
        tiebreak_check(event, f"n{n}-s{seed}-{colour_type.value}-{scenario.tag}", tally, notes)
        accepted, checked = gacrux_check(event_trf(event), method)
        counts = tally.setdefault("checker", [0, 0, 0, 0])
        counts[0] += checked
        counts[1] += accepted
        if accepted != checked:
            notes.append(
                f"n{n}-s{seed}-{colour_type.value}-{scenario.tag}: the checker rejects {checked - accepted} round(s)"
            )
    return agree, paired, notes


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="6,7,8,9,12,13,16,21")
    parser.add_argument("--boards", type=int, default=4)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--types", default="A,B")
    parser.add_argument("--out", default="/tmp/teams_crosscheck")
    parser.add_argument(
        "--tiebreaks", action="store_true", help="also compare the team tie-breaks at the end"
    )
    parser.add_argument("--draw", type=float, default=0.28, help="chance of a drawn game")
    parser.add_argument("--absent", type=float, default=0.0, help="chance a team misses a round")
    parser.add_argument("--forfeit", type=float, default=0.0, help="chance a match is forfeited")
    parser.add_argument("--primary", choices=["MP", "GP"], default="MP")
    parser.add_argument("--scoring", default="2,1,0", help="match points for a win, draw, loss")
    parser.add_argument("--baku", action="store_true", help="Baku acceleration (C.04.7) in every tournament")
    parser.add_argument("--quiet", action="store_true", help="print the figures only, not each difference")
    args = parser.parse_args()
    total_agree = total = order_differs = 0
    tally: dict[str, list[int]] = {}
    win, draw, loss = (int(x) for x in args.scoring.split(","))
    scenario = Scenario(
        args.draw,
        args.absent,
        args.forfeit,
        PrimaryScore(args.primary),
        MatchScoring(win, draw, loss),
        args.baku,
    )
    for type_name in args.types.split(","):
        colour_type = ColourType(type_name)
        method = {"A": "fideteam-typea", "B": "fideteam-typeb", "none": "fideteam-nocolor"}[type_name]
        if scenario.primary is PrimaryScore.GAME:
            method += "-gp+mp"
        for n in (int(x) for x in args.sizes.split(",")):
            rounds = min(n - 1, max(5, n.bit_length() + 2))
            a = t = 0
            for seed in range(args.seeds):
                agree, count, notes = run(
                    n,
                    args.boards,
                    rounds,
                    seed,
                    colour_type,
                    Path(args.out),
                    method,
                    tally if args.tiebreaks else None,
                    scenario,
                )
                a += agree
                t += count
                order_differs += sum(1 for note in notes if note.endswith("match order differs"))
                for note in [] if args.quiet else notes:
                    print("  ", note)
            total_agree += a
            total += t
            print(
                f"type {type_name:4} {n:3d} teams x {rounds} rounds x {args.seeds} seeds: {a}/{t} rounds agree",
                flush=True,
            )
    print(f"total: {total_agree}/{total} rounds agree ({order_differs} of them in another match order)")
    if "checker" in tally:
        checked, accepted = tally.pop("checker")[:2]
        print(f"Gacrux's C.04.6 checker accepts {accepted}/{checked} rounds of our tournaments")
    for code, (values, gacrux, core, core_pab) in tally.items():
        print(
            f"tie-break {code:9}: {gacrux}/{values} values agree with Gacrux, {core}/{values} with tiebreak-core"
            f" ({values - core - core_pab} differences on teams that played every match)"
        )
    return 0 if total_agree == total else 1


if __name__ == "__main__":
    sys.exit(main())
