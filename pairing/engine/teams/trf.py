"""TRF-2026 team records, read and written: 001 players with their games, 310 teams, 320 PAB,
330 forfeited matches, 300 lineups out of the default board order (or with an empty board), 260
prohibited pairings, 240 Z absent teams, 142 rounds, 152 initial colour, 192 system code, 352 board colours, 362 match points;
written only, for readers: 062 players and 082 teams.

Column layout (1-based, as TRF-2026 and Gacrux's reader): 310 TPN 5-7, name 9-40, match points
55-60, game points 62-67, rank 69-71, player ids from 74 every 5 columns; 320 match points 5-8,
game points 10-13, the team of round r at 15+4(r-1) (3 columns); 330 type 5-6, round 8-10, White
team 12-14, Black team 16-18; 300 round 5-7, team 9-11, opponent 13-15, the player of board b at
17+5(b-1) (4 columns, ``0000`` for an empty board); 260 first round 5-7, last round 9-11, teams
from 13 every 5 columns; 240 type 5, round 7-9, teams from 11 every 5 columns; 362 codes TW/TD/TL every 9 columns from 5 with the value after them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from ..errors import TrfError
from ..types import Colour
from .baku import team_records_250
from .event import BoardResult, Lineup, MatchRecord, TeamEntry, TeamEvent, board_colours, team_rounds
from .types import ColourType, MatchScoring, PrimaryScore

__all__ = ["read_team_trf", "system_code", "write_team_trf"]


def _pts(half: int) -> str:
    return f"{half / 2:4.1f}"


def system_code(event: TeamEvent) -> str:
    """Record 192: ``FIDE_TEAM_TYPEA_MP_GP`` and its variants."""
    kind = {ColourType.A: "TYPEA_", ColourType.B: "TYPEB_", ColourType.NONE: ""}[event.colour_type]
    first, second = ("MP", "GP") if event.primary is PrimaryScore.MATCH else ("GP", "MP")
    code = f"FIDE_TEAM_{kind}{first}" + (f"_{second}" if event.secondary_for_colour else "")
    return code + ("_BAKU" if event.baku else "")  # C.04.7, with its records 250


def _lineup(event: TeamEvent, tpn: int, lineup: Lineup | None) -> tuple[int, ...]:
    if lineup is not None:
        return lineup.players
    return event.teams[tpn - 1].players[: event.boards]


def write_team_trf(event: TeamEvent, *, ranks: Mapping[int, int] | None = None) -> str:
    """The event as a TRF-2026 team file (LF line ends; CR is also accepted by readers).

    ``ranks``: each team's rank in the standings (TPN -> rank) for record 310's rank column (ties
    allowed); without it the column holds 0.
    """
    teams = {t.tpn: t for t in event.teams}
    if sorted(teams) != list(range(1, len(teams) + 1)):
        raise ValueError("team TPNs must be 1..N")
    seq = board_colours(event.boards, event.colour_sequence)
    rounds = max(event.rounds_played, 0)
    # per player: round -> (opponent, colour letter, result letter)
    games: dict[int, dict[int, tuple[int, str, str]]] = defaultdict(dict)
    points: dict[int, int] = defaultdict(int)
    for m in event.matches:
        wl, bl = _lineup(event, m.white, m.white_lineup), _lineup(event, m.black, m.black_lineup)
        for k in range(event.boards):
            wp, bp = wl[k], bl[k]
            white_side = seq[k] is Colour.WHITE
            pw, pb = (wp, bp) if white_side else (bp, wp)  # the players actually on White / Black
            if m.forfeit:
                rw, rb = {"+-": ("+", "-"), "-+": ("-", "+"), "--": ("-", "-")}[m.forfeit]
                sw = 2 if rw == "+" else 0
                sb = 2 if rb == "+" else 0
            else:
                b = m.boards[k]
                sw, sb = b.white_points, b.black
                letters = {2: "1", 1: "=", 0: "0"} if not b.forfeit else {2: "+", 1: "=", 0: "-"}
                rw, rb = letters[sw], letters[sb]
            # the White team's player's result is rw on its own colour
            if white_side:
                games[pw][m.round] = (pb, "w", rw)
                games[pb][m.round] = (pw, "b", rb)
                points[wp] += sw
                points[bp] += sb
            else:
                games[pw][m.round] = (pb, "w", rb)
                games[pb][m.round] = (pw, "b", rw)
                points[wp] += sw
                points[bp] += sb
    history = team_rounds(event, rounds)
    lines = [
        f"012 {event.name}",
        f"062 {sum(len(t.players) for t in event.teams)}",
        f"082 {len(event.teams)}",
        f"142 {event.total_rounds}",
        f"152 {event.initial_colour.value.upper()}",
        f"192 {system_code(event)}",
        f"352 {''.join('W' if c is Colour.WHITE else 'B' for c in seq)}",
        "362 "
        + "   ".join(
            f"{code}{v:4.1f}"
            for code, v in (("TW", event.scoring.win), ("TD", event.scoring.draw), ("TL", event.scoring.loss))
        ),
    ]
    lines.extend(team_records_250(event))  # Baku acceleration's virtual match points (C.04.7)
    for t in event.teams:
        for pid in t.players:
            row = f"001 {pid:4d}      {('Player ' + str(pid)):<33.33} {0:4d}" + " " * 28
            row = row[:80] + f"{_pts(points[pid])}" + " " * 5
            row = row.ljust(91)
            for rnd in range(1, rounds + 1):
                if rnd in games[pid]:
                    opp, col, res = games[pid][rnd]
                    row += f"{opp:4d} {col} {res}  "
                else:
                    row += "          "
            lines.append(row.rstrip())
    for t in event.teams:
        mp = sum(r.match_points for r in history[t.tpn])
        gp = sum(r.game_points for r in history[t.tpn])
        rank = (ranks or {}).get(t.tpn, 0)
        row = f"310 {t.tpn:3d} {t.name:<32.32} {'':5} {'':6} {mp:6.1f} {gp / 2:6.1f} {rank:3d}  "
        row += " ".join(f"{pid:4d}" for pid in t.players)
        lines.append(row)
    if event.byes:
        mp, gp = event.scoring.pab(event.boards)
        per_round = {rnd: tpn for rnd, tpn in event.byes}
        row = f"320 {mp:4.1f} {gp / 2:4.1f}"
        for rnd in range(1, rounds + 1):
            row += f" {per_round.get(rnd, 0):3d}" if rnd in per_round else "    "
        lines.append(row.rstrip())
    for m in event.matches:
        if m.forfeit:
            lines.append(f"330 {m.forfeit} {m.round:3d} {m.white:3d} {m.black:3d}")
    for m in event.matches:
        if m.forfeit:
            continue
        for tpn, opponent, line in ((m.white, m.black, m.white_lineup), (m.black, m.white, m.black_lineup)):
            if line is None or tuple(line.players) == teams[tpn].players[: event.boards]:
                continue
            # Out of the 310 order, a reserve in, or an empty board (0000): record 300.
            ids = " ".join(f"{pid:4d}" if pid > 0 else "0000" for pid in line.players)
            lines.append(f"300 {m.round:3d} {tpn:3d} {opponent:3d} {ids}")
    for first, last, tpns in event.forbidden:
        lines.append(f"260 {first:3d} {last:3d} " + " ".join(f"{tpn:4d}" for tpn in tpns))
    absent: dict[int, list[int]] = defaultdict(list)
    for rnd, tpn in event.absent:
        absent[rnd].append(tpn)
    for rnd in sorted(absent):
        lines.append(f"240 Z {rnd:3d} " + " ".join(f"{tpn:4d}" for tpn in sorted(absent[rnd])))
    return "\n".join(lines) + "\n"


def _num(text: str, line: int, column: int) -> float:
    try:
        return float(text.strip() or 0)
    except ValueError:
        raise TrfError(f"not a number: {text!r}", line, column) from None


def read_team_trf(text: str, *, boards: int | None = None) -> TeamEvent:
    """A TRF-2026 team file as a :class:`TeamEvent` (the records this module writes).

    Matches are rebuilt from the players' games: a team's lineup is its record 300 for the round
    when there is one (``0`` an empty board), else its listed players who played, in 310 order;
    the team whose player has the sequence's colour of its board is the match's White team. A
    board one team left empty scores from the other player's game (``0000`` as opponent).
    """
    players: dict[int, dict[int, tuple[int, str, str]]] = {}
    alone: dict[int, dict[int, tuple[str, str]]] = defaultdict(dict)
    """Games against an empty board (opponent 0000, a forfeit): player -> round -> (colour, result)."""
    out_of_order: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {}
    forbidden: list[tuple[int, int, tuple[int, ...]]] = []
    """(round, team) -> (opponent, the players board by board) from records 300."""
    teams: list[TeamEntry] = []
    byes: list[tuple[int, int]] = []
    forfeits: list[tuple[int, int, int, str]] = []
    absent: list[tuple[int, int]] = []
    name, total, initial, code, seq = "", 0, Colour.WHITE, "FIDE_TEAM_TYPEA_MP_GP", ""
    scoring = {"TW": 2, "TD": 1, "TL": 0}
    for no, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), start=1):
        line = raw.rstrip()
        tag = line[:3]
        if tag == "012":
            name = line[4:].strip()
        elif tag == "142":
            total = int(_num(line[4:], no, 5))
        elif tag == "152":
            initial = Colour.BLACK if line[4:].strip().upper().startswith("B") else Colour.WHITE
        elif tag == "192":
            code = line[4:].strip().upper()
        elif tag == "352":
            seq = line[4:].strip().upper()
        elif tag == "362":
            for pos in range(4, len(line), 9):
                key = line[pos : pos + 2].upper()
                if key in scoring:
                    scoring[key] = int(_num(line[pos + 2 : pos + 6], no, pos + 3))
        elif tag == "001":
            pid = int(_num(line[4:8], no, 5))
            rounds: dict[int, tuple[int, str, str]] = {}
            for r, start in enumerate(range(91, len(line), 10), start=1):
                cell = line[start : start + 8].ljust(8)
                if cell[:4].strip() and int(cell[:4]) > 0:
                    rounds[r] = (int(cell[:4]), cell[5].lower(), cell[7])
                elif cell[:4].strip() and cell[5].lower() in "wb" and cell[7] in "+-":
                    alone[pid][r] = (cell[5].lower(), cell[7])
            players[pid] = rounds
        elif tag == "260":
            first, last = int(_num(line[4:7], no, 5)), int(_num(line[8:11], no, 9))
            listed = tuple(int(_num(line[i : i + 4], no, i + 1)) for i in range(12, len(line), 5))
            forbidden.append((first, last, tuple(t for t in listed if t)))
        elif tag == "300":
            rnd, tpn, opponent = (int(_num(line[i : i + 3], no, i + 1)) for i in (4, 8, 12))
            ids = tuple(int(_num(line[i : i + 4], no, i + 1)) for i in range(16, len(line), 5))
            out_of_order[(rnd, tpn)] = (opponent, ids)
        elif tag == "310":
            tpn = int(_num(line[4:7], no, 5))
            ids = tuple(
                int(line[i - 4 : i])
                for i in range(77, len(line) + 1, 5)
                if line[i - 4 : i].strip() and int(line[i - 4 : i])
            )
            teams.append(TeamEntry(tpn, line[8:40].strip(), ids))
        elif tag == "320":
            for r, i in enumerate(range(17, len(line) + 1, 4), start=1):
                cell = line[i - 3 : i].strip()
                if cell and int(cell):
                    byes.append((r, int(cell)))
        elif tag == "240" and line[4:5].upper() in ("Z", " "):
            rnd = int(_num(line[6:9], no, 7))
            absent.extend(
                (rnd, int(line[i - 4 : i])) for i in range(14, len(line) + 1, 5) if line[i - 4 : i].strip()
            )
        elif tag == "330":
            forfeits.append((int(line[7:10]), int(line[11:14]), int(line[15:18]), line[4:6]))
    if not teams:
        raise TrfError("no 310 team record", 1)
    teams.sort(key=lambda t: t.tpn)
    n_boards = boards or len(seq) or min(len(t.players) for t in teams)
    colours = board_colours(n_boards, seq)
    team_of = {pid: t.tpn for t in teams for pid in t.players}
    found: dict[tuple[int, int, int], dict[int, tuple[int, str, str, int]]] = defaultdict(dict)
    for pid, rounds in players.items():
        for rnd, (opp, col, res) in rounds.items():
            a, b = team_of[pid], team_of[opp]
            found[(rnd, min(a, b), max(a, b))][pid] = (opp, col, res, a)
    matches: list[MatchRecord] = []
    forfeit_keys = {(r, min(w, b), max(w, b)) for r, w, b, _ in forfeits}
    by_tpn = {t.tpn: t for t in teams}
    for rnd, tpn in list(out_of_order):
        opponent = out_of_order[(rnd, tpn)][0]
        if tpn not in by_tpn or opponent not in by_tpn:
            raise TrfError(f"record 300 of round {rnd} names a team with no 310 record", 1)
        found.setdefault((rnd, min(tpn, opponent), max(tpn, opponent)), {})
    points = {"1": 2, "=": 1, "0": 0, "+": 2, "-": 0, "W": 2, "D": 1, "L": 0}

    def game(pid: int, rnd: int) -> tuple[str, str] | None:
        """(colour, result) of a player's game in a round, with or without an opponent."""
        if pid > 0 and rnd in players.get(pid, {}):
            _opp, col, res = players[pid][rnd]
            return col, res
        return alone.get(pid, {}).get(rnd) if pid > 0 else None

    def line_of(tpn: int, rnd: int, entries: dict[int, Any]) -> list[int]:
        """The team's players board by board in a round (0: an empty board)."""
        if (rnd, tpn) in out_of_order:
            ids = list(out_of_order[(rnd, tpn)][1][:n_boards])
        else:
            ids = [p for p in by_tpn[tpn].players if p in entries or rnd in alone.get(p, {})][:n_boards]
        return ids + [0] * (n_boards - len(ids))

    for (rnd, a, b), entries in sorted(found.items()):
        if (rnd, a, b) in forfeit_keys:
            continue
        line_a, line_b = line_of(a, rnd, entries), line_of(b, rnd, entries)
        a_white = True
        for k in range(n_boards):  # the first board with a game says which team had White on it
            seen_a, seen_b = game(line_a[k], rnd), game(line_b[k], rnd)
            if seen_a is not None:
                a_white = (seen_a[0] == "w") == (colours[k] is Colour.WHITE)
                break
            if seen_b is not None:
                a_white = (seen_b[0] != "w") == (colours[k] is Colour.WHITE)
                break
        white, black = (a, b) if a_white else (b, a)
        wl, bl = (line_a, line_b) if a_white else (line_b, line_a)
        results = []
        for k in range(n_boards):
            own, other = game(wl[k], rnd), game(bl[k], rnd)
            if own is not None and other is not None and own[1] == other[1] == "-":
                # a double forfeit on this board: neither player scores
                results.append(BoardResult(0, forfeit=True, black_points=0))
            elif own is not None:
                res = own[1]
                results.append(BoardResult(points[res.upper()], forfeit=res in "+-"))
            elif other is not None:
                res = other[1]
                results.append(BoardResult(2 - points[res.upper()], forfeit=res in "+-"))
            else:  # both boards empty: a double forfeit, recorded as the app records one
                results.append(BoardResult(0, forfeit=True, black_points=0))
        matches.append(
            MatchRecord(rnd, white, black, tuple(results), "", Lineup(tuple(wl)), Lineup(tuple(bl)))
        )
    for rnd, w, b, kind in forfeits:
        matches.append(MatchRecord(rnd, w, b, (), kind.replace("1", "+").replace("0", "-")))
    baku = code.endswith("_BAKU")  # records 250 are not read: the groups are recomputed (C.04.7)
    code = code.removesuffix("_BAKU")
    colour_type = (
        ColourType.B
        if "TYPEB" in code
        else ColourType.A
        if "TYPEA" in code or code == "FIDE_TEAM"
        else ColourType.NONE
    )
    parts = code.replace("FIDE_TEAM", "").replace("_TYPEA", "").replace("_TYPEB", "").strip("_").split("_")
    primary = PrimaryScore.GAME if parts and parts[0] == "GP" else PrimaryScore.MATCH
    secondary = len(parts) >= 2 or code in ("FIDE_TEAM", "")
    return TeamEvent(
        name=name,
        total_rounds=total or max([m.round for m in matches] + [r for r, _ in byes], default=0),
        boards=n_boards,
        teams=tuple(teams),
        matches=tuple(sorted(matches, key=lambda m: (m.round, m.white))),
        byes=tuple(byes),
        absent=tuple(absent),
        scoring=MatchScoring(scoring["TW"], scoring["TD"], scoring["TL"]),
        colour_type=colour_type,
        primary=primary,
        secondary_for_colour=secondary,
        initial_colour=initial,
        colour_sequence=seq,
        forbidden=tuple(forbidden),
        baku=baku,
    )
