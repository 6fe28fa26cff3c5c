"""Reader for FIDE's combined players list (``players_list_foa.txt``): plain Python, no Django.

The file is fixed width, one player a line, after a header line that names the columns::

    ID Number      Name                                    ...  Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag

Column starts (0-based characters), taken from where each header word begins:

=========  =====  ================================================
field      start  meaning
=========  =====  ================================================
ID Number      0  FIDE id (digits)
Name          15  "Surname, Given names"
Fed           76  federation, 3 letters
Sex           80  M or F
Tit           84  title (GM, IM, FM, CM, WGM, WIM, WFM, WCM)
WTit          89  women's title
OTit          94  other titles, comma separated (IA, FA, ...)
FOA          109  FIDE Online Arena title
SRtng        113  standard rating;  SGm 119 games, SK 123 K factor
RRtng        126  rapid rating;     RGm 132 games, Rk 136 K factor
BRtng        139  blitz rating;     BGm 145 games, BK 149 K factor
B-day        152  birth year (0 or blank when unknown)
Flag         158  i = inactive, w = woman, wi = both
=========  =====  ================================================

Tolerance, because these files are large and were never meant for machines only:

* the header line (and blank lines) are skipped, not counted as bad;
* short lines are padded: the trailing columns are optional, only id and name are required;
* each line is decoded on its own, UTF-8 first and Latin-1 when that fails (older lists are
  Latin-1, newer ones UTF-8; a file can even mix them). When a UTF-8 line's columns only line
  up counted in bytes, the bytes are sliced instead;
* a line that still makes no sense is a :class:`BadLine` with its number and reason, and the
  reader goes on.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

COLUMNS: dict[str, tuple[int, int]] = {
    "fide_id": (0, 15),
    "name": (15, 76),
    "federation": (76, 79),
    "sex": (80, 81),
    "title": (84, 89),
    "women_title": (89, 94),
    "other_titles": (94, 109),
    "foa_title": (109, 113),
    "standard_rating": (113, 119),
    "standard_games": (119, 123),
    "standard_k": (123, 126),
    "rapid_rating": (126, 132),
    "rapid_games": (132, 136),
    "rapid_k": (136, 139),
    "blitz_rating": (139, 145),
    "blitz_games": (145, 149),
    "blitz_k": (149, 152),
    "birth_year": (152, 158),
    "flag": (158, 162),
}
NUMBER_FIELDS = (
    "standard_rating",
    "standard_games",
    "standard_k",
    "rapid_rating",
    "rapid_games",
    "rapid_k",
    "blitz_rating",
    "blitz_games",
    "blitz_k",
    "birth_year",
)
# A line must reach past the start of the federation column to hold an id and a name.
MIN_LENGTH = COLUMNS["name"][0] + 1
MAX_FIDE_ID = 10**12
# FIDE's titles have two to four letters (GM ... WCM); the column is five wide.
MAX_TITLE_LENGTH = 4
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
# Some lists spell titles with the one- or two-letter codes of the old FIDE database.
_TITLE_CODES = {
    "G": "GM",
    "I": "IM",
    "F": "FM",
    "C": "CM",
    "WG": "WGM",
    "WI": "WIM",
    "WF": "WFM",
    "WC": "WCM",
}


@dataclass(frozen=True, slots=True)
class FideRecord:
    """One player of the list. Numbers that are blank in the file are ``None``."""

    fide_id: int
    name: str
    federation: str
    sex: str
    title: str
    women_title: str
    other_titles: str
    foa_title: str
    standard_rating: int | None
    standard_games: int | None
    standard_k: int | None
    rapid_rating: int | None
    rapid_games: int | None
    rapid_k: int | None
    blitz_rating: int | None
    blitz_games: int | None
    blitz_k: int | None
    birth_year: int | None
    flag: str


@dataclass(frozen=True, slots=True)
class BadLine:
    line_number: int
    reason: str


class _Invalid(ValueError):
    pass


def is_header(text: str) -> bool:
    return text.lstrip().upper().startswith("ID NUMBER") or text.lstrip().upper().startswith("ID ")


def _number(field: str, raw: str) -> int | None:
    raw = raw.strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise _Invalid(f"{field} is not a number: {raw!r}")
    value = int(raw)
    if field == "birth_year" and value == 0:
        return None
    if value > 32767:
        raise _Invalid(f"{field} is out of range: {value}")
    return value


def _title(raw: str) -> str:
    code = raw.strip().upper()
    return _TITLE_CODES.get(code, code)


def _title_field(field: str, raw: str) -> str:
    title = _title(raw)
    if len(title) > MAX_TITLE_LENGTH or not title.isalpha() or not title.isascii():
        raise _Invalid(f"{field} is not a FIDE title: {title!r}")
    return title


def _record(fields: dict[str, str]) -> FideRecord:
    raw_id = fields["fide_id"].strip()
    if not raw_id.isdigit() or not 0 < int(raw_id) < MAX_FIDE_ID:
        raise _Invalid(f"FIDE id is not a number: {raw_id!r}")
    name = " ".join(fields["name"].split())
    if not name:
        raise _Invalid("no name")
    federation = fields["federation"].strip().upper()
    if federation and not (len(federation) == 3 and federation.isalpha() and federation.isascii()):
        raise _Invalid(f"federation is not three letters: {federation!r}")
    numbers = {f: _number(f, fields[f]) for f in NUMBER_FIELDS}
    return FideRecord(
        fide_id=int(raw_id),
        name=name,
        federation=federation,
        sex=fields["sex"].strip().upper()[:1],
        title=_title_field("title", fields["title"]) if fields["title"].strip() else "",
        women_title=_title_field("women's title", fields["women_title"])
        if fields["women_title"].strip()
        else "",
        other_titles=fields["other_titles"].strip(),
        foa_title=fields["foa_title"].strip().upper(),
        flag=fields["flag"].strip().lower(),
        **numbers,
    )


def _slice_text(text: str) -> dict[str, str]:
    return {name: text[a:b] for name, (a, b) in COLUMNS.items()}


def _slice_bytes(raw: bytes) -> dict[str, str]:
    return {name: _decode(raw[a:b]) for name, (a, b) in COLUMNS.items()}


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def parse_line(raw: bytes, line_number: int) -> FideRecord | BadLine | None:
    """One line of the file: a record, a bad line, or ``None`` for a header or blank line."""
    raw = raw.rstrip(b"\r\n")
    if not raw.strip():
        return None
    text = _decode(raw)
    if line_number == 1 and is_header(text):
        return None
    if len(text) < MIN_LENGTH:
        return BadLine(line_number, f"line too short ({len(text)} characters)")
    if _CONTROL.search(text):
        # PostgreSQL refuses a NUL in a text column, and no name or code holds a control character.
        what = "a NUL character" if "\x00" in text else "a control character"
        return BadLine(line_number, f"the line contains {what}")
    try:
        return _record(_slice_text(text))
    except _Invalid as exc:
        if len(text) != len(raw):
            # Multi-byte characters: the columns may have been padded counting bytes.
            try:
                return _record(_slice_bytes(raw))
            except _Invalid:
                pass
        return BadLine(line_number, str(exc))


def read_records(lines: Iterable[bytes]) -> Iterator[FideRecord | BadLine]:
    """Records and bad lines of a binary stream, one at a time (the file is never held whole)."""
    for _, parsed in read_numbered(lines):
        yield parsed


def read_numbered(
    lines: Iterable[bytes], *, after_line: int = 0
) -> Iterator[tuple[int, FideRecord | BadLine]]:
    """``(line number, record or bad line)`` of a binary stream, from the line after ``after_line``
    (an interrupted import resumes there; the lines before it are skipped unparsed)."""
    for number, raw in enumerate(lines, start=1):
        if number <= after_line:
            continue
        parsed = parse_line(raw, number)
        if parsed is not None:
            yield number, parsed
