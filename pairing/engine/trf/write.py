"""Writing TRF files: ``write_trf`` and the formatting of each record, in TRF-2026 or in TRF-2016
with the JaVaFo and bbpPairings records."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..errors import InvalidRequestError
from ..types import Colour, ResultCode, RoundRecord, Scoring
from .model import _HEADER_FIELDS, _ROUND_START, TrfBye, TrfPlayer, TrfTournament

__all__ = ["write_trf"]


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


def acceleration_rectangles(
    virtual: Iterable[tuple[int, Sequence[int]]],
) -> list[tuple[int, int, int, int, int]]:
    """Per-id virtual points (``(id, values by round)``) as the rectangles record ``250`` writes:
    ``(first round, last round, value, first id, last id)`` for each run of rounds with one non-zero
    value, merged over consecutive ids sharing the run; in round, then value, then id order. The
    individual (players) and team (teams' TPNs) writers both use it."""
    runs: dict[tuple[int, int, int], list[int]] = {}
    for ident, values in virtual:
        rnd = 1
        while rnd <= len(values):
            value = values[rnd - 1]
            end = rnd
            while end < len(values) and values[end] == value:
                end += 1
            if value:
                runs.setdefault((rnd, end, value), []).append(ident)
            rnd = end + 1
    rectangles = []
    for (first, last, value), ids in sorted(runs.items()):
        ids.sort()
        start = previous = ids[0]
        following: list[int | None] = [*ids[1:], None]
        for after in following:
            if after is not None and after == previous + 1:
                previous = after
                continue
            rectangles.append((first, last, value, start, previous))
            if after is not None:
                start = previous = after
    return rectangles


def _accelerations_250(players: tuple[TrfPlayer, ...]) -> list[str]:
    """Per-player virtual points as ``250`` lines (:func:`acceleration_rectangles`)."""
    return [
        f"250      {_points_text(value)} {first:>3} {last:>3} {start:>4} {end:>4}"
        for first, last, value, start, end in acceleration_rectangles(
            (p.id, p.accelerations) for p in players
        )
    ]
