"""Is a tournament's TRF ready for the rating officer? What is missing or coded wrong, item by item.

A rating officer uploads the chief arbiter's TRF to the FIDE rating server (B.02 9.1). This lists
what they would send back: the header records the report needs (TRF-2016 ``012``-``132``, TRF-2026
``142``), each player's FIDE id, federation, birth date, sex, title code and rank (the fields TRF-2016
marks "R", mandatory for rating), and rounds coded so the server rates the right games: a played
game has a colour and a reciprocal entry on the opponent's line, a forfeit is ``+``/``-`` (never ``1``/
``0``, or it would be rated, B.02 5.1), a bye has no opponent, and a game of less than one move is
``W``/``D``/``L`` on both lines.

The checks read :class:`~pairing.engine.trf.TrfTournament` as the reader or the app builds it.
Items are ``blocking`` when the server would refuse the file or rate something wrongly, otherwise
they are warnings worth fixing before sending.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..trf import TrfTournament
from ..types import Colour, ResultCode

__all__ = ["ReportItem", "rating_report_items"]

_DATE = re.compile(r"^\d{4}/\d{2}/\d{2}$")
_FEDERATION = re.compile(r"^[A-Z]{3}$")
_TITLES = {"", "g", "m", "wg", "wm", "f", "wf", "c", "wc"}
_OPPOSITE = {
    ResultCode.WIN: ResultCode.LOSS,
    ResultCode.LOSS: ResultCode.WIN,
    ResultCode.DRAW: ResultCode.DRAW,
    ResultCode.FORFEIT_WIN: ResultCode.FORFEIT_LOSS,
    ResultCode.FORFEIT_LOSS: ResultCode.FORFEIT_WIN,
    ResultCode.UNRATED_WIN: ResultCode.UNRATED_LOSS,
    ResultCode.UNRATED_LOSS: ResultCode.UNRATED_WIN,
    ResultCode.UNRATED_DRAW: ResultCode.UNRATED_DRAW,
}
_BYES = {ResultCode.HALF_BYE, ResultCode.FULL_BYE, ResultCode.PAB, ResultCode.ZERO_BYE}


@dataclass(frozen=True, slots=True)
class ReportItem:
    """One thing to fix before the file is sent."""

    where: str
    """``header 042``, ``player 12`` or ``player 12, round 3``."""
    message: str
    blocking: bool = True


def rating_report_items(t: TrfTournament) -> list[ReportItem]:
    """Everything missing or miscoded for a rating report, header first, then player by player.

    An empty list means the file is ready. Complexity: O(players x rounds).
    """
    items = _header(t)
    by_id = {p.id: p for p in t.players}
    for p in t.players:
        where = f"player {p.id}"
        if not p.name.strip():
            items.append(ReportItem(where, "no name"))
        elif "," not in p.name:
            items.append(ReportItem(where, f"name {p.name!r} is not written 'Lastname, Firstname'", False))
        if not p.fide_id.strip():
            items.append(ReportItem(where, "no FIDE id: every player needs one to be rated"))
        elif not p.fide_id.strip().isdigit():
            items.append(ReportItem(where, f"FIDE id {p.fide_id!r} is not a number"))
        if not _FEDERATION.match(p.federation.strip()):
            items.append(
                ReportItem(
                    where,
                    "no federation (three capital letters)"
                    if not p.federation.strip()
                    else f"federation {p.federation!r} is not three capital letters",
                )
            )
        birth = p.birth_date.strip()
        if not birth:
            items.append(ReportItem(where, "no birth date (a year at least: YYYY/00/00)", False))
        elif not (_DATE.match(birth) or re.fullmatch(r"\d{4}", birth)):
            items.append(ReportItem(where, f"birth date {birth!r} is not YYYY/MM/DD"))
        if p.sex.strip().lower() not in ("m", "w"):
            items.append(ReportItem(where, "sex is not given as m or w", False))
        if p.title.strip().lower() not in _TITLES:
            items.append(ReportItem(where, f"title {p.title!r} is not a TRF code (g m wg wm f wf c wc)"))
        if p.rank is None:
            items.append(ReportItem(where, "no final rank (columns 86-89)"))
        if p.points is not None and p.points != t.score(p.id):
            items.append(
                ReportItem(
                    where,
                    f"points column says {p.points / 2:g}, the rounds add up to {t.score(p.id) / 2:g}",
                    False,
                )
            )
        for number, record in enumerate(p.records, start=1):
            at = f"{where}, round {number}"
            if record.result in _BYES:
                if record.opponent is not None:
                    items.append(ReportItem(at, f"a bye ({record.result.value}) with an opponent"))
                continue
            if record.opponent is None:
                items.append(
                    ReportItem(at, f"result {record.result.value} without an opponent: a bye is H, F, U or Z")
                )
                continue
            if record.result.played and record.colour is None:
                items.append(ReportItem(at, "a game without a colour (w or b)"))
            other = by_id.get(record.opponent)
            theirs = other.records[number - 1] if other and len(other.records) >= number else None
            if theirs is None:
                items.append(ReportItem(at, f"opponent {record.opponent} has no entry for this round"))
            elif theirs.opponent != p.id or theirs.result is not _OPPOSITE[record.result]:
                items.append(
                    ReportItem(
                        at,
                        f"{record.result.value} against {record.opponent}, whose line says "
                        f"{theirs.result.value} against {theirs.opponent or 'nobody'}",
                    )
                )
            elif (
                record.result.played
                and record.colour is not None
                and theirs.colour is not _other(record.colour)
            ):
                items.append(ReportItem(at, "both players have the same colour against each other"))
    return items


def _header(t: TrfTournament) -> list[ReportItem]:
    items: list[ReportItem] = []
    for code, value, what in (
        ("012", t.name, "tournament name"),
        ("022", t.city, "city"),
        ("032", t.federation, "federation"),
        ("042", t.start_date, "start date"),
        ("052", t.end_date, "end date"),
        ("092", t.tournament_type, "type of tournament"),
        ("102", t.chief_arbiter, "chief arbiter (name and FIDE id)"),
        ("122", t.time_control, "time control"),
    ):
        if not value.strip():
            items.append(ReportItem(f"header {code}", f"no {what}"))
    for code, value in (("042", t.start_date), ("052", t.end_date)):
        if value.strip() and not _DATE.match(value.strip()):
            items.append(ReportItem(f"header {code}", f"date {value!r} is not YYYY/MM/DD"))
    if t.federation.strip() and not _FEDERATION.match(t.federation.strip()):
        items.append(ReportItem("header 032", f"federation {t.federation!r} is not three capital letters"))
    if t.total_rounds is None:
        items.append(ReportItem("header 142", "no number of rounds"))
    played = max((len(p.records) for p in t.players), default=0)
    if len(t.round_dates) < played:
        items.append(ReportItem("header 132", f"{len(t.round_dates)} round dates for {played} rounds", False))
    for code, given, actual in (
        ("062", t.players_count, len(t.players)),
        ("072", t.rated_count, sum(1 for p in t.players if p.rating > 0)),
    ):
        if given.strip() and given.strip() != str(actual):
            items.append(ReportItem(f"header {code}", f"says {given.strip()}, the file has {actual}", False))
    if not t.players:
        items.append(ReportItem("players", "no players"))
    return items


def _other(colour: Colour) -> Colour:
    return colour.opposite
