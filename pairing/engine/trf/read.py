"""Reading TRF files: ``decode_trf`` for the bytes, ``parse_trf`` and its fixed-column reader (the
formats it takes and the decisions it makes are listed in the package docstring)."""

from __future__ import annotations

import re
from dataclasses import replace

from ..errors import TrfError
from ..types import Colour, ResultCode, RoundRecord, Scoring
from .model import (
    _ENTRY_WIDTH,
    _HEADER_FIELDS,
    _ROUND_START,
    _ROUND_STEP,
    ForbiddenGroup,
    TrfBye,
    TrfPlayer,
    TrfTournament,
    _strip_zeros,
)

__all__ = ["decode_trf", "parse_trf"]

_RECORD_CODE = re.compile(r"[0-9A-Za-z]{3}")


def decode_trf(data: bytes) -> str:
    """Decode file bytes: UTF-8 (the TRF-2026 encoding), else Latin-1 as older programs write."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def parse_trf(text: str) -> TrfTournament:
    """Read a TRF file.

    Raises
    ------
    TrfError
        On any malformed line or inconsistent data, naming the 1-based line and column.
    """
    return _Reader(text.removeprefix("\ufeff")).read()  # a byte-order mark from Windows editors


class _Reader:
    def __init__(self, text: str) -> None:
        self.lines = re.split(r"\r\n|\r|\n", text)
        self.players: list[TrfPlayer] = []
        self.player_lines: dict[int, int] = {}
        self.fields: dict[str, object] = {}
        self.deputies: list[str] = []
        self.comments: list[str] = []
        self.other: list[str] = []
        self.forbidden: list[ForbiddenGroup] = []
        self.byes: list[TrfBye] = []
        self.xxz: list[tuple[int, int]] = []  # (id, line)
        self.acceleration_steps: list[tuple[range, range, int | list[int]]] = []
        self.acceleration_lines: dict[int, int] = {}
        self.points: dict[str, int] = {}
        self.xxs: dict[str, int] = {}
        self.xxs_line = 0
        self.lineno = 0
        self.entries: dict[str, RoundRecord | None] = {}

    def fail(self, message: str, column: int = 1) -> TrfError:
        return TrfError(message, self.lineno, column)

    def read(self) -> TrfTournament:
        for lineno, line in enumerate(self.lines, start=1):
            self.lineno = lineno
            self.read_line(line)
        return self.finish()

    def read_line(self, line: str) -> None:
        if not line.strip():
            return
        if line.startswith("###"):
            self.comments.append(line[3:].rstrip())
            return
        line = line.rstrip()
        if "\t" in line:
            raise self.fail("tab character in a fixed-column record", line.index("\t") + 1)
        code = line[:3]
        if not _RECORD_CODE.fullmatch(code) or (len(line) > 3 and line[3] != " "):
            raise self.fail("not a TRF record: a line starts with a 3-character code and a space")
        code = code.upper()
        handler = getattr(self, f"read_{code.lower()}", None)
        if handler is not None:
            handler(line)
        elif code in _HEADER_FIELDS:
            self.fields[_HEADER_FIELDS[code]] = line[4:]
        elif code in ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"):
            self.points[code] = self.half_points(line[4:].strip(), 5)
        else:
            self.other.append(line)

    # -- small field readers --------------------------------------------------------------------

    def integer(self, text: str, column: int, what: str, *, minimum: int = 1, maximum: int = 9999) -> int:
        stripped = text.strip()
        if not stripped.isdigit() or not stripped.isascii():
            raise self.fail(f"{what} must be a whole number, found {text!r}", column)
        value = int(stripped)
        if not minimum <= value <= maximum:
            raise self.fail(f"{what} must be between {minimum} and {maximum}, found {value}", column)
        return value

    def half_points(self, text: str, column: int) -> int:
        stripped = text.strip()
        match = re.fullmatch(r"(\d{1,3})(?:[.,](\d))?", stripped)
        if not stripped.isascii() or match is None or (match.group(2) or "0") not in "05":
            raise self.fail(f"points must look like 1.5 (whole or half points), found {text!r}", column)
        return int(match.group(1)) * 2 + (match.group(2) == "5")

    def ids(self, text: str, column: int) -> list[int]:
        """Whitespace-separated player ids (``XXP``/``XXZ``)."""
        result = []
        for m in re.finditer(r"\S+", text):
            result.append(self.integer(m.group(), column + m.start(), "a player id"))
        return result

    def fixed_ids(self, line: str, start: int) -> list[int]:
        """Player ids in 4-character fields every 5 columns from ``start`` (0-based)."""
        result = []
        for index in range(start, len(line), 5):
            if line[index - 1 : index].strip():
                raise self.fail("player ids must be separated by a space", index)
            result.append(self.integer(line[index : index + 4], index + 1, "a player id"))
        return result

    # -- records ----------------------------------------------------------------------------------

    def read_001(self, line: str) -> None:
        if len(line) < 8:
            raise self.fail("player record too short: the starting rank is in columns 5-8", len(line) + 1)
        pid = self.integer(line[4:8], 5, "the starting rank")
        if pid in self.player_lines:
            raise self.fail(f"starting rank {pid} already used on line {self.player_lines[pid]}", 5)
        padded = line.ljust(_ROUND_START)
        rating_text = padded[48:52]
        rating = 0 if not rating_text.strip() else self.integer(rating_text, 49, "the rating", minimum=0)
        points_text = padded[80:84]
        points = None if not points_text.strip() else self.half_points(points_text, 81)
        rank_text = padded[85:89]
        rank = None if not rank_text.strip() else self.integer(rank_text, 86, "the rank")
        for index in (84, 89, 90):
            if padded[index] != " ":
                raise self.fail("column should be blank in a player record", index + 1)
        records: list[RoundRecord | None] = []
        for start in range(_ROUND_START, len(line), _ROUND_STEP):
            entry = line[start : start + _ENTRY_WIDTH].ljust(_ENTRY_WIDTH)
            rnd = (start - _ROUND_START) // _ROUND_STEP + 1
            if entry in self.entries:  # the same few hundred entries recur all over a file
                record = self.entries[entry]
                if record is not None and record.opponent == pid:
                    raise self.fail(f"round {rnd}: a participant cannot play against themselves", start + 1)
            else:
                record = self.entries[entry] = self.round_entry(entry, pid, start + 1, rnd)
            records.append(record)
            gap = line[start + _ENTRY_WIDTH : start + _ROUND_STEP]
            if gap.strip():
                raise self.fail("columns between two rounds should be blank", start + _ENTRY_WIDTH + 1)
        while records and records[-1] is None:
            records.pop()
        history = tuple(r if r is not None else RoundRecord(ResultCode.ZERO_BYE) for r in records)
        self.player_lines[pid] = self.lineno
        self.players.append(
            TrfPlayer(
                id=pid,
                sex=padded[9].strip(),
                title=padded[10:13].strip(),
                name=padded[14:47].strip(),
                rating=rating,
                federation=padded[53:56].strip(),
                fide_id=padded[57:68].strip(),
                birth_date=padded[69:79].strip(),
                points=points,
                rank=rank,
                records=history,
            )
        )

    def round_entry(self, entry: str, pid: int, column: int, rnd: int) -> RoundRecord | None:
        """One 8-character round entry; ``None`` for a blank one."""
        if not entry.strip():
            return None
        opponent_text, colour_char, result_char = entry[0:4], entry[5].lower(), entry[7].upper()
        if entry[4] != " " or entry[6] != " ":
            raise self.fail(f"round {rnd}: expected 'opponent colour result' as in '  12 w 1'", column)
        opponent: int | None = None
        if opponent_text.strip() not in ("", "0000", "0"):
            opponent = self.integer(opponent_text, column, f"round {rnd}: the opponent")
            if opponent == pid:
                raise self.fail(f"round {rnd}: a participant cannot play against themselves", column)
        if colour_char not in "wb- ":
            raise self.fail(f"round {rnd}: the colour must be w, b or -, found {entry[5]!r}", column + 5)
        colour = {"w": Colour.WHITE, "b": Colour.BLACK}.get(colour_char)
        try:
            result = ResultCode(result_char) if result_char != " " else ResultCode.ZERO_BYE
        except ValueError:
            raise self.fail(
                f"round {rnd}: unknown result {entry[7]!r} (expected one of 1 = 0 + - W D L H F U Z)",
                column + 7,
            ) from None
        if opponent is None:
            if colour is not None:
                raise self.fail(f"round {rnd}: a colour without an opponent", column + 5)
            if result is ResultCode.FORFEIT_LOSS:
                return RoundRecord(ResultCode.ZERO_BYE)
            if result is ResultCode.DRAW:
                return RoundRecord(ResultCode.HALF_BYE)
            if result.paired:
                raise self.fail(f"round {rnd}: result {entry[7]!r} needs an opponent", column + 7)
            return RoundRecord(result)
        if result in (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS):
            return RoundRecord(result, opponent, colour)
        if not result.played:
            raise self.fail(f"round {rnd}: result {entry[7]!r} cannot have an opponent", column + 7)
        if colour is None:
            raise self.fail(f"round {rnd}: a played game needs the colour w or b", column + 5)
        return RoundRecord(result, opponent, colour)

    def read_132(self, line: str) -> None:
        dates = [line[i : i + 8].strip() for i in range(_ROUND_START, len(line), _ROUND_STEP)]
        self.fields["round_dates"] = tuple(dates)

    def read_112(self, line: str) -> None:
        self.deputies.append(line[4:])

    def rounds_count(self, line: str) -> None:
        self.fields["total_rounds"] = self.integer(line[3:], 5, "the number of rounds", maximum=999)

    read_142 = rounds_count
    read_xxr = rounds_count

    def read_152(self, line: str) -> None:
        value = line[4:].strip().upper()
        if value not in ("W", "B"):
            raise self.fail("the initial colour must be W or B", 5)
        self.fields["initial_colour"] = Colour.WHITE if value == "W" else Colour.BLACK

    def read_xxc(self, line: str) -> None:
        for token in line[3:].split():
            word = token.lower()
            if word == "rank":
                self.fields["pair_by_rank"] = True
            elif word == "white1":
                self.fields["initial_colour"] = Colour.WHITE
            elif word == "black1":
                self.fields["initial_colour"] = Colour.BLACK

    def read_162(self, line: str) -> None:
        if len(line) < 10:
            raise self.fail("point system record too short (code at column 6, value at 7-10)", len(line) + 1)
        codes = {"W": "BBW", "D": "BBD", "L": "BBL", "P": "BBU"}
        for start in range(5, len(line), 9):
            gap = line[start - 4 : start] if start > 5 else line[3:5]
            if gap.strip():
                raise self.fail("point codes belong every 9 columns from column 6", start - len(gap) + 1)
            letter = line[start].upper()
            value = self.half_points(line[start + 1 : start + 5], start + 2)
            if letter in codes:
                self.points[codes[letter]] = value
            elif letter in ("A", "Z"):
                self.points["BBZ"] = self.points["BBF"] = value
            elif letter != "X":  # X (unknown result, scored as a draw) has no use in pairing
                raise self.fail(f"unknown point code {line[start]!r} (expected W D L A P X)", start + 1)

    def read_xxs(self, line: str) -> None:
        self.xxs_line = self.lineno
        for m in re.finditer(r"\S+", line[3:]):
            code, sep, value = m.group().partition("=")
            if not sep:
                raise self.fail("XXS entries look like CODE=VALUE", 4 + m.start() + 1)
            self.xxs[code.upper()] = self.half_points(value, 4 + m.start() + len(code) + 2)

    def read_xxa(self, line: str) -> None:
        pid = self.integer(line[4:8], 5, "the player id")
        values = []
        for start in range(9, len(line), 5):
            if line[start - 1] != " ":
                raise self.fail("acceleration values are 4 columns wide, one every 5 columns", start)
            text = line[start : start + 4]
            values.append(self.half_points(text, start + 1) if text.strip() else 0)
        self.acceleration_steps.append((range(pid, pid + 1), range(1, len(values) + 1), values))
        self.acceleration_lines.setdefault(pid, self.lineno)

    def read_250(self, line: str) -> None:
        if len(line) < 31:
            raise self.fail("acceleration record too short (it ends at column 31)", len(line) + 1)
        if line[4:8].strip() and self.half_points(line[4:8], 5):
            raise self.fail("match-point acceleration is for team events, which are not supported", 5)
        value = self.half_points(line[9:13], 10)
        first_round = self.integer(line[14:17], 15, "the first round", maximum=999)
        last_round = self.integer(line[18:21], 19, "the last round", maximum=999)
        first = self.integer(line[22:26], 23, "the first player")
        last = self.integer(line[27:31], 28, "the last player")
        if first_round > last_round or first > last:
            raise self.fail("ranges must run from low to high", 15 if first_round > last_round else 23)
        if line[31:].strip():
            raise self.fail("unexpected text after the acceleration range", 32)
        # Applied in finish(), to the players in the range that have a record (gaps are allowed).
        self.acceleration_steps.append((range(first, last + 1), range(first_round, last_round + 1), value))

    def apply_accelerations(self, by_id: dict[int, TrfPlayer]) -> dict[int, tuple[int, ...]]:
        """``XXA`` and ``250`` in file order, the later one winning where they overlap."""
        result: dict[int, list[int]] = {}
        for pids, rounds, values in self.acceleration_steps:
            for pid in (pid for pid in by_id if pid in pids):
                current = result.setdefault(pid, [])
                for rnd, value in zip(
                    rounds, values if isinstance(values, list) else [values] * len(rounds), strict=True
                ):
                    current.extend([0] * (rnd - len(current)))
                    current[rnd - 1] = value
        return {pid: _strip_zeros(values) for pid, values in result.items()}

    def read_260(self, line: str) -> None:
        if len(line) < 16:
            raise self.fail("forbidden-pairs record too short", len(line) + 1)
        first = self.integer(line[4:7], 5, "the first round", maximum=999)
        last = self.integer(line[8:11], 9, "the last round", maximum=999)
        if first > last:
            raise self.fail("the round range must run from low to high", 5)
        ids = self.fixed_ids(line, 12)
        self.forbidden.append(ForbiddenGroup(tuple(ids), first, last))

    def read_xxp(self, line: str) -> None:
        self.forbidden.append(ForbiddenGroup(tuple(self.ids(line[3:], 4))))

    def read_240(self, line: str) -> None:
        if len(line) < 14:
            raise self.fail("bye record too short", len(line) + 1)
        kind = line[4].upper()
        if kind not in "FHZ" or line[5] != " ":
            raise self.fail("the bye type at column 5 must be F, H or Z", 5)
        rnd = self.integer(line[6:9], 7, "the round", maximum=999)
        for pid in self.fixed_ids(line, 10):
            self.byes.append(TrfBye(rnd, pid, ResultCode(kind)))

    def read_xxz(self, line: str) -> None:
        self.xxz.extend((pid, self.lineno) for pid in self.ids(line[3:], 4))

    def read_013(self, line: str) -> None:
        raise self.fail("team tournaments are not supported")

    read_310 = read_013

    # -- whole-file checks ----------------------------------------------------------------------

    def finish(self) -> TrfTournament:
        by_id = {p.id: p for p in self.players}
        for p in self.players:
            self.lineno = self.player_lines[p.id]
            for index, record in enumerate(p.records):
                if record.opponent is None:
                    continue
                column = _ROUND_START + _ROUND_STEP * index + 1
                other = by_id.get(record.opponent)
                if other is None:
                    raise self.fail(
                        f"round {index + 1}: opponent {record.opponent} has no player record", column
                    )
                if not record.result.played:
                    continue
                theirs = other.records[index] if len(other.records) > index else None
                if (
                    theirs is None
                    or theirs.opponent != p.id
                    or not theirs.result.played
                    or theirs.colour == record.colour
                ):
                    raise self.fail(
                        f"round {index + 1}: player {p.id}'s game against {other.id} does not match "
                        f"player {other.id}'s record for that round",
                        column,
                    )
        for pid, lineno in {**self.acceleration_lines, **dict(self.xxz)}.items():
            if pid not in by_id:
                self.lineno = lineno
                raise self.fail(f"player {pid} has no player record")
        accelerations = self.apply_accelerations(by_id)
        players = tuple(replace(p, accelerations=accelerations.get(p.id, ())) for p in self.players)
        tournament = TrfTournament(
            players=players,
            scoring=self.scoring(),
            deputy_arbiters=tuple(self.deputies),
            comments=tuple(self.comments),
            other_records=tuple(self.other),
            **self.fields,  # type: ignore[arg-type]
        )
        total = tournament.total_rounds
        forbidden = tuple(
            replace(g, last_round=None)
            if g.first_round == 1
            and g.last_round is not None
            and (g.last_round >= 999 or g.last_round == total)
            else g
            for g in self.forbidden
        )
        byes = list(self.byes)
        if self.xxz:
            nxt = tournament.next_round
            byes += [TrfBye(nxt, pid) for pid, _ in self.xxz if TrfBye(nxt, pid) not in byes]
        return replace(tournament, forbidden=forbidden, byes=tuple(byes))

    def scoring(self) -> Scoring:
        """Point system from XXS first, then ``162`` and the ``BB*`` records (later ones win)."""
        xxs = self.xxs
        for one, two in (("WW", "BW"), ("WD", "BD"), ("WL", "BL")):
            if one in xxs and two in xxs and xxs[one] != xxs[two]:
                raise TrfError(
                    f"XXS: {one} and {two} differ; colour-dependent points are not supported",
                    self.xxs_line,
                    5,
                )
        win = xxs.get("WW", xxs.get("BW", xxs.get("W", 2)))
        draw = xxs.get("WD", xxs.get("BD", xxs.get("D", 1)))
        loss = xxs.get("WL", xxs.get("BL", 0))
        values = {
            "win": win,
            "draw": draw,
            "loss": loss,
            "pab": xxs.get("PAB"),
            "half_bye": xxs.get("HPB", xxs.get("D")),
            "full_bye": xxs.get("FPB", xxs.get("W")),
            "forfeit_win": xxs.get("FW", xxs.get("W")),
            "forfeit_loss": xxs.get("FL", 0),  # TRF scores forfeit losses as absences, not as losses
            "zero_bye": xxs.get("ZPB", 0),
        }
        names = {
            "BBW": "win",
            "BBD": "draw",
            "BBL": "loss",
            "BBZ": "zero_bye",
            "BBF": "forfeit_loss",
            "BBU": "pab",
        }
        for code, value in self.points.items():
            values[names[code]] = value
        if "BBW" in self.points:  # 162 W / BBW also set forfeit wins and full-point byes
            values["full_bye"] = values["forfeit_win"] = None
        if "BBD" in self.points:
            values["half_bye"] = None
        return _normalised_scoring(Scoring(**values))  # type: ignore[arg-type]


def _normalised_scoring(s: Scoring) -> Scoring:
    """Drop overrides equal to what they default to, so equal systems compare equal."""
    return replace(
        s,
        pab=None if s.pab == s.win else s.pab,
        full_bye=None if s.full_bye == s.win else s.full_bye,
        forfeit_win=None if s.forfeit_win == s.win else s.forfeit_win,
        half_bye=None if s.half_bye == s.draw else s.half_bye,
        forfeit_loss=None if s.forfeit_loss == s.loss else s.forfeit_loss,
    )
