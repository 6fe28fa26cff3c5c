"""Reading and writing FIDE Tournament Report Files (TRF-2016, TRF-2026 and the JaVaFo extensions).

The reader takes the fixed-column layout of C.04 Annex 2 (TRF-2016) and of TRF-2026 (records 142, 152,
162, 192, 202, 240, 250 and 260), the JaVaFo "TRF(x)" records ``XXR``, ``XXC``, ``XXA``, ``XXS``,
``XXP`` and ``XXZ``, and bbpPairings' point records ``BBW BBD BBL BBZ BBF BBU``. Lines may end with CR
(the standard), LF or CRLF. A file that cannot be read raises :class:`~pairing.engine.errors.TrfError`
naming the 1-based line and column; nothing else escapes the reader.

Decisions worth knowing (they follow bbpPairings, the engine the reference corpus was paired with):

* Scores are computed from the round records with the tournament's :class:`Scoring`; the points
  column (81-84) is kept for information and written back unchanged, never trusted.
* ``XXS`` (JaVaFo's point system) *is* applied, unlike bbpPairings, which ignores it: a file that
  carries it means it. Records ``162`` and ``BB*`` come later in precedence, so a file written
  for both programs reads the same. Colour-dependent values (``WW`` different from ``BW``) are
  refused because no FIDE system uses them.
* The round to pair is the one after the last round in which anybody was paired (a game, a
  forfeit or a pairing-allocated bye). Entries in that round's column that are absences known
  before pairing (``0000 - Z``, ``H``, ``F``, or a blank result) make the participant unavailable
  for it and are *not* part of their history, as bbpPairings reads such files and as
  ``replay_corpus.py`` writes them.
* ``XXZ`` lists participants absent in the round to be paired; it is read as ``240 Z`` byes for
  that round.
* ``0000 - -`` (a forfeit loss without an opponent) is read as a zero-point bye; ``0000 - =`` as a
  half-point bye, which is how bbpPairings scores them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from itertools import combinations

from .errors import InvalidRequestError, TrfError
from .types import Colour, PairingRequest, Participant, ResultCode, RoundRecord, Scoring

__all__ = [
    "ForbiddenGroup",
    "TrfBye",
    "TrfPlayer",
    "TrfTournament",
    "decode_trf",
    "parse_trf",
    "trf_from_request",
    "write_trf",
]

_ROUND_START = 91
"""0-based index of round 1's entry in a ``001`` line (column 92)."""
_ROUND_STEP = 10
_ENTRY_WIDTH = 8

_BYE_KINDS = (ResultCode.FULL_BYE, ResultCode.HALF_BYE, ResultCode.ZERO_BYE)
_HEADER_FIELDS = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start_date",
    "052": "end_date",
    "062": "players_count",
    "072": "rated_count",
    "082": "teams_count",
    "092": "tournament_type",
    "102": "chief_arbiter",
    "122": "time_control",
    "192": "type_code",
    "202": "tiebreaks",
}
_RECORD_CODE = re.compile(r"[0-9A-Za-z]{3}")


@dataclass(frozen=True, slots=True)
class TrfPlayer:
    """One ``001`` record."""

    id: int
    """Starting rank (columns 5-8), the participant's id and pairing number."""
    name: str = ""
    sex: str = ""
    title: str = ""
    """As written in columns 11-13 (``g``, ``wg``, ``f`` ...)."""
    rating: int = 0
    """0 when unrated (blank columns)."""
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    points: int | None = None
    """Half-points written in columns 81-84, for information only; ``None`` when blank (the writer
    then computes them). The engine always recomputes scores from :attr:`records`."""
    rank: int | None = None
    records: tuple[RoundRecord, ...] = ()
    """One record per round column, round 1 first, trailing blank columns dropped. The last one may
    be an absence known before the round to be paired (``0000 - Z/H/F``)."""
    accelerations: tuple[int, ...] = ()
    """Virtual points in half-points per round (``XXA``/``250``), trailing zeros dropped."""


@dataclass(frozen=True, slots=True)
class ForbiddenGroup:
    """Participants who must not meet each other (``260``, or ``XXP`` for every round)."""

    ids: tuple[int, ...]
    first_round: int = 1
    last_round: int | None = None
    """``None``: until the end of the tournament."""

    def applies_to(self, round_number: int) -> bool:
        return self.first_round <= round_number and (
            self.last_round is None or round_number <= self.last_round
        )


@dataclass(frozen=True, slots=True)
class TrfBye:
    """A bye known before a round is paired (``240``, or ``XXZ`` for the next round)."""

    round: int
    id: int
    result: ResultCode = ResultCode.ZERO_BYE
    """``F``, ``H`` or ``Z``."""


@dataclass(frozen=True)
class TrfTournament:
    """Everything a TRF file says, in engine terms (half-points, :class:`RoundRecord` histories).

    Every field has a default so the app can build one from its own models and call
    :func:`write_trf`.
    """

    players: tuple[TrfPlayer, ...] = ()
    """In file order."""
    total_rounds: int | None = None
    """``142`` / ``XXR``."""
    initial_colour: Colour | None = None
    """``152`` / ``XXC white1|black1``; ``None`` when the file does not say (then inferred from round 1)."""
    scoring: Scoring = field(default_factory=Scoring)
    forbidden: tuple[ForbiddenGroup, ...] = ()
    byes: tuple[TrfBye, ...] = ()
    pair_by_rank: bool = False
    """``XXC rank``: pairing numbers follow the order of the ``001`` lines, not their ids."""
    name: str = ""
    city: str = ""
    federation: str = ""
    start_date: str = ""
    end_date: str = ""
    players_count: str = ""
    rated_count: str = ""
    teams_count: str = ""
    tournament_type: str = ""
    """``092``, free text."""
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    time_control: str = ""
    round_dates: tuple[str, ...] = ()
    type_code: str = ""
    """``192``, e.g. ``FIDE_DUTCH`` or ``FIDE_DUTCH_BAKU``."""
    tiebreaks: str = ""
    """``202``, e.g. ``BH/C1,BH,SB``."""
    comments: tuple[str, ...] = ()
    """Text of the ``###`` lines."""
    other_records: tuple[str, ...] = ()
    """Lines of records this module does not interpret (``172``, ``222``, national ratings...), kept
    verbatim so that writing the file back loses nothing."""

    # -- derived views ---------------------------------------------------------------------------

    def player(self, player_id: int) -> TrfPlayer:
        for p in self.players:
            if p.id == player_id:
                return p
        raise KeyError(player_id)

    @property
    def played_rounds(self) -> int:
        """Rounds already paired: the last round in which anybody was paired (a game, a forfeit or a
        bye allocated by the pairing), or one more when *every* participant has a record after it."""
        played = 0
        for p in self.players:
            for index, record in enumerate(p.records):
                played = max(played, index + 1 if _was_paired(record) else index)
        if self.players and all(len(p.records) > played for p in self.players):
            played += 1
        return played

    @property
    def next_round(self) -> int:
        return self.played_rounds + 1

    def score(self, player_id: int, rounds: int | None = None) -> int:
        """Half-points from the first ``rounds`` records (all of them by default)."""
        records = self.player(player_id).records
        return sum(
            self.scoring.points(r.result) for r in records[: len(records) if rounds is None else rounds]
        )

    def to_request(self, round_number: int | None = None, *, least_bad: bool = False) -> PairingRequest:
        """The request to pair ``round_number`` (default: :attr:`next_round`).

        Parameters
        ----------
        round_number:
            1-based. An earlier round than the next one gives the input the round had before it was
            paired (what ``replay_corpus.py`` builds), which is how check mode re-pairs a finished event.
        least_bad:
            Passed through to :class:`PairingRequest`.

        Raises
        ------
        InvalidRequestError
            When the number of rounds is unknown or ``round_number`` is out of range.

        Notes
        -----
        Participants keep their starting rank as both ``id`` and ``tpn`` (or their line position with
        ``XXC rank``). bbpPairings, for the colour of two participants without history (Dutch Art.
        5.2.5), numbers only the participants who are present or have been paired before; a round-1
        absentee therefore shifts the parity of everybody below them there but not here. That
        renumbering is the engine's business, since requests from the app need it too.
        """
        rnd = self.next_round if round_number is None else round_number
        if self.total_rounds is None:
            raise InvalidRequestError("the file does not give the number of rounds (record 142 or XXR)")
        if not 1 <= rnd <= self.total_rounds:
            raise InvalidRequestError(f"round {rnd} is outside the tournament's {self.total_rounds} rounds")
        if rnd > self.next_round:
            raise InvalidRequestError(f"round {rnd} cannot be paired before round {self.next_round}")
        absent = {b.id for b in self.byes if b.round == rnd}
        accelerations = self._accelerations()
        participants = []
        for tpn, p in self._in_pairing_order():
            history = p.records[: rnd - 1]
            history += (RoundRecord(ResultCode.ZERO_BYE),) * (rnd - 1 - len(history))
            known_absence = len(p.records) >= rnd and not _was_paired(p.records[rnd - 1])
            participants.append(
                Participant(
                    id=p.id,
                    tpn=tpn,
                    rating=p.rating,
                    name=p.name,
                    title=p.title,
                    history=history,
                    accelerations=accelerations.get(p.id, ()),
                    available=not known_absence and p.id not in absent,
                )
            )
        forbidden = frozenset(
            frozenset(pair)
            for group in self.forbidden
            if group.applies_to(rnd)
            for pair in combinations(sorted(set(group.ids)), 2)
        )
        return PairingRequest(
            round_number=rnd,
            total_rounds=self.total_rounds,
            participants=tuple(participants),
            scoring=self.scoring,
            initial_colour=self.initial_colour or self._inferred_initial_colour(rnd) or Colour.WHITE,
            forbidden_pairs=forbidden,
            least_bad=least_bad,
        )

    def _in_pairing_order(self) -> list[tuple[int, TrfPlayer]]:
        if self.pair_by_rank:
            return list(enumerate(self.players, start=1))
        return [(p.id, p) for p in sorted(self.players, key=lambda p: p.id)]

    def _accelerations(self) -> dict[int, tuple[int, ...]]:
        given = {p.id: p.accelerations for p in self.players if p.accelerations}
        if given or not self.type_code.upper().endswith("_BAKU") or not self.total_rounds:
            return given
        from .baku import baku_accelerations  # a 192 *_BAKU file without explicit virtual points

        ordered = [p.id for _, p in self._in_pairing_order()]
        return baku_accelerations(ordered, self.total_rounds, self.scoring)

    def _inferred_initial_colour(self, round_number: int) -> Colour | None:
        """What pairing number 1 got (or would have got) in the first round with colours, looking only
        at rounds before ``round_number``; the rule bbpPairings applies when ``XXC``/``152`` is absent."""
        first = min(
            (
                i
                for p in self.players
                for i, r in enumerate(p.records[: round_number - 1])
                if r.colour is not None and r.opponent is not None
            ),
            default=None,
        )
        if first is None:
            return None
        rank = 0
        for _, p in self._in_pairing_order():
            if not any(_was_paired(r) for r in p.records[: first + 1]):
                continue
            colour = p.records[first].colour if len(p.records) > first else None
            if colour is not None:
                return colour if rank % 2 == 0 else colour.opposite
            rank += 1
        return None


def _was_paired(record: RoundRecord) -> bool:
    """True when the pairing of that round placed the participant (board, forfeit or PAB)."""
    return record.opponent is not None or record.result is ResultCode.PAB


# ------------------------------------------------------------------------------------------------
# Reading
# ------------------------------------------------------------------------------------------------


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


def _strip_zeros(values: Iterable[int]) -> tuple[int, ...]:
    result = list(values)
    while result and result[-1] == 0:
        result.pop()
    return tuple(result)


def trf_from_request(request: PairingRequest, *, name: str = "") -> TrfTournament:
    """The TRF view of a pairing request, e.g. to hand the exact engine input to bbpPairings.

    Unavailable participants become ``240 Z`` byes for the round, forbidden pairs ``260`` records for
    it. ``write_trf`` then ``parse_trf`` then ``to_request()`` gives ``request`` back when its pairing
    numbers are the ids or run 1..N (otherwise the file pairs by its line order, ``XXC rank``).
    """
    ordered = sorted(request.participants, key=lambda p: p.tpn)
    by_rank = any(p.id != p.tpn for p in ordered)
    rnd = request.round_number
    return TrfTournament(
        name=name,
        total_rounds=request.total_rounds,
        initial_colour=request.initial_colour,
        scoring=request.scoring,
        pair_by_rank=by_rank,
        players=tuple(
            TrfPlayer(
                id=p.id,
                name=p.name,
                title=p.title,
                rating=p.rating,
                records=p.history,
                accelerations=_strip_zeros(p.accelerations),
            )
            for p in (ordered if by_rank else sorted(ordered, key=lambda p: p.id))
        ),
        byes=tuple(TrfBye(rnd, p.id) for p in ordered if not p.available),
        forbidden=tuple(
            ForbiddenGroup(tuple(sorted(pair)), rnd, rnd)
            for pair in sorted(map(sorted, request.forbidden_pairs))
        ),
    )


# ------------------------------------------------------------------------------------------------
# Writing
# ------------------------------------------------------------------------------------------------


def write_trf(t: TrfTournament, *, version: str = "2026") -> str:
    """Write ``t`` as a TRF file with CR line ends.

    ``version="2026"`` writes TRF-2026: ``142``, ``152``, ``162`` (when the point system is not
    1 / ½ / 0), ``240`` byes, ``250`` accelerations and ``260`` forbidden pairs.
    ``version="2016"`` writes TRF-2016 with the JaVaFo records older programs read: ``XXR``,
    ``XXC``, ``XXS`` plus bbpPairings' ``BB*``, ``XXA``, ``XXP``; byes known for the next round go
    in that round's column (``0000 - H``), which JaVaFo and bbpPairings both read, and byes for
    later rounds, which TRF-2016 cannot express, are left out. Forbidden pairs limited to some
    rounds are written as ``XXP`` only when they apply to the next round.

    Raises
    ------
    InvalidRequestError
        When the data cannot be expressed in TRF (a score above 99.5, an id above 9999, a point
        system TRF has no code for).
    """
    if version not in ("2016", "2026"):
        raise InvalidRequestError(f"unknown TRF version {version!r}: use '2016' or '2026'")
    modern = version == "2026"
    out: list[str] = [f"###{c}" for c in t.comments]
    headers = {code: getattr(t, name) for code, name in _HEADER_FIELDS.items() if code not in ("192", "202")}
    for code, value in headers.items():
        if value:
            out.append(f"{code} {value}")
        if code == "102":
            out += [f"112 {d}" for d in t.deputy_arbiters]
    if t.round_dates:
        out.append("132".ljust(_ROUND_START - 2) + "".join(f"  {d:<8}" for d in t.round_dates).rstrip())
    if modern:
        if t.total_rounds is not None:
            out.append(f"142 {t.total_rounds}")
        if t.initial_colour is not None:
            out.append(f"152 {'W' if t.initial_colour is Colour.WHITE else 'B'}")
        out += _points_162(t.scoring)
        if t.type_code:
            out.append(f"192 {t.type_code}")
        if t.tiebreaks:
            out.append(f"202 {t.tiebreaks}")
        if t.pair_by_rank:
            out.append("XXC rank")
    else:
        if t.total_rounds is not None:
            out.append(f"XXR {t.total_rounds}")
        xxc = (["rank"] if t.pair_by_rank else []) + (
            [] if t.initial_colour is None else ["white1" if t.initial_colour is Colour.WHITE else "black1"]
        )
        if xxc:
            out.append("XXC " + " ".join(xxc))
        out += _points_javafo(t.scoring)
        if t.type_code:
            out.append(f"192 {t.type_code}")
        if t.tiebreaks:
            out.append(f"202 {t.tiebreaks}")
    out += t.other_records
    nxt = t.next_round
    column_byes = {} if modern else {b.id: b.result for b in t.byes if b.round == nxt}
    ranks = _ranks(t)
    for p in t.players:
        records = p.records
        if p.id in column_byes:
            records = records + (RoundRecord(ResultCode.ZERO_BYE),) * (nxt - 1 - len(records))
            if len(records) == nxt - 1:
                records += (RoundRecord(column_byes[p.id]),)
        out.append(_player_line(t, p, records, ranks[p.id]))
    if modern:
        out += _byes_240(t.byes)
        out += _accelerations_250(t.players)
        for g in t.forbidden:
            last = g.last_round if g.last_round is not None else (t.total_rounds or 999)
            out.append(f"260 {g.first_round:>3} {last:>3}" + "".join(f" {i:>4}" for i in g.ids))
    else:
        for p in t.players:
            if p.accelerations:
                out.append(f"XXA {p.id:>4}" + "".join(f" {_points_text(v)}" for v in p.accelerations))
        out += ["XXP " + " ".join(map(str, g.ids)) for g in t.forbidden if g.applies_to(nxt)]
    for line in out:
        _check_one_line(line)
    return "".join(line + "\r" for line in out)


def _check_one_line(line: str) -> None:
    """Refuse a record that a value would break: a line break (or any other control character)
    inside a name would start a forged record of its own in the file."""
    for char in line:
        if (char < " " and char != "\t") or "\x7f" <= char <= "\x9f" or char in "\u2028\u2029":
            raise InvalidRequestError(
                f"a value contains a line break or control character (U+{ord(char):04X}) "
                f"in the record starting {line[:40]!r}"
            )


def _points_text(half_points: int) -> str:
    if not 0 <= half_points <= 199:
        raise InvalidRequestError(f"{half_points / 2} points do not fit in TRF's 4 columns")
    return f"{half_points // 2:>2}.{5 if half_points % 2 else 0}"


def _ranks(t: TrfTournament) -> dict[int, int]:
    """Ranks as written, or by score (then starting rank) when a player's rank is not given."""
    scores = {p.id: sum(t.scoring.points(r.result) for r in p.records) for p in t.players}
    computed = {pid: i for i, pid in enumerate(sorted(scores, key=lambda pid: (-scores[pid], pid)), start=1)}
    return {p.id: p.rank if p.rank is not None else computed[p.id] for p in t.players}


def _player_line(t: TrfTournament, p: TrfPlayer, records: tuple[RoundRecord, ...], rank: int) -> str:
    if not 1 <= p.id <= 9999 or not 0 <= p.rating <= 9999 or not 1 <= rank <= 9999:
        raise InvalidRequestError(f"player {p.id}: ids, ratings and ranks must fit in 4 digits")
    for what, value, width in (
        ("sex", p.sex, 1),
        ("title", p.title, 3),
        ("federation", p.federation, 3),
        ("FIDE id", p.fide_id, 11),
        ("birth date", p.birth_date, 10),
    ):
        if len(value) > width:
            # Cutting a code or an id would write a different one; only the name may be shortened.
            raise InvalidRequestError(
                f"player {p.id}: the {what} {value!r} is longer than its {width} columns"
            )
    points = p.points if p.points is not None else sum(t.scoring.points(r.result) for r in p.records)
    head = (
        f"001 {p.id:>4} {p.sex[:1]:1}{p.title[:3]:>3} {p.name[:33]:<33} {p.rating or '':>4} "
        f"{p.federation[:3]:<3} {p.fide_id[:11]:>11} {p.birth_date[:10]:<10} {_points_text(points)} {rank:>4}"
    )
    return (head + "".join(f"  {_entry(r)}" for r in records)).rstrip()


def _entry(r: RoundRecord) -> str:
    if r.opponent is None:
        return f"0000 - {r.result.value}"
    colour = r.colour.value if r.colour is not None else "-"
    return f"{r.opponent:>4} {colour} {r.result.value}"


def _points_162(s: Scoring) -> list[str]:
    _check_expressible(s)
    codes = [
        ("W", s.win, 2),
        ("D", s.draw, 1),
        ("L", s.loss, 0),
        ("A", s.zero_bye, 0),
        ("P", s.points(ResultCode.PAB), s.win),
    ]
    fields = [f"{letter}{_points_text(v)}" for letter, v, default in codes if v != default]
    return ["162  " + "    ".join(fields)] if fields else []


def _points_javafo(s: Scoring) -> list[str]:
    """``XXS`` for JaVaFo and the ``BB*`` records for bbpPairings (which ignores ``XXS``)."""
    _check_expressible(s)
    pab = s.points(ResultCode.PAB)
    codes = [
        (("W",), ("BBW",), s.win, 2),
        (("D",), ("BBD",), s.draw, 1),
        (("WL", "BL"), ("BBL",), s.loss, 0),
        (("ZPB", "FL"), ("BBZ", "BBF"), s.zero_bye, 0),
        (("PAB",), ("BBU",), pab, s.win),
    ]
    changed = [(javafo, bbp, _points_text(v)) for javafo, bbp, v, default in codes if v != default]
    if not changed:
        return []
    xxs = " ".join(f"{code}={text.strip()}" for javafo, _, text in changed for code in javafo)
    return [f"XXS {xxs}"] + [f"{code} {text}" for _, bbp, text in changed for code in bbp]


def _check_expressible(s: Scoring) -> None:
    """TRF ties forfeit wins and full-point byes to a win, half-point byes to a draw and forfeit
    losses to a zero-point bye."""
    if s.points(ResultCode.FORFEIT_WIN) != s.win or s.points(ResultCode.FULL_BYE) != s.win:
        raise InvalidRequestError("TRF cannot record forfeit wins or full-point byes worth other than a win")
    if s.points(ResultCode.HALF_BYE) != s.draw:
        raise InvalidRequestError("TRF cannot record half-point byes worth other than a draw")
    if s.points(ResultCode.FORFEIT_LOSS) != s.zero_bye:
        raise InvalidRequestError(
            "TRF cannot record forfeit losses and zero-point byes worth different points"
        )


def _byes_240(byes: tuple[TrfBye, ...]) -> list[str]:
    groups: dict[tuple[int, str], list[int]] = {}
    for b in byes:
        groups.setdefault((b.round, b.result.value), []).append(b.id)
    return [
        f"240 {kind} {rnd:>3}" + "".join(f" {i:>4}" for i in ids)
        for (rnd, kind), ids in sorted(groups.items())
    ]


def _accelerations_250(players: tuple[TrfPlayer, ...]) -> list[str]:
    """Compress per-player virtual points into ``250`` rectangles: runs of rounds with one value,
    merged over consecutive starting ranks that share the run."""
    runs: dict[tuple[int, int, int], list[int]] = {}
    for p in players:
        rnd = 1
        values = p.accelerations
        while rnd <= len(values):
            value = values[rnd - 1]
            end = rnd
            while end < len(values) and values[end] == value:
                end += 1
            if value:
                runs.setdefault((rnd, end, value), []).append(p.id)
            rnd = end + 1
    lines = []
    for (first, last, value), ids in sorted(runs.items()):
        ids.sort()
        start = previous = ids[0]
        for pid in ids[1:] + [None]:
            if pid is not None and pid == previous + 1:
                previous = pid
                continue
            lines.append(f"250      {_points_text(value)} {first:>3} {last:>3} {start:>4} {previous:>4}")
            if pid is not None:
                start = previous = pid
    return lines
