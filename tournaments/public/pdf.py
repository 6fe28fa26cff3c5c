"""A4 PDFs of the public lists (reportlab): pairings, one result sheet per board, standings.

They take the same display rows as the HTML pages, so a PDF never shows more than the page does.
Names are set in DejaVu Sans when the system has it (any alphabet); otherwise in Helvetica, whose
encoding lacks a few characters we then spell in ASCII.
"""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import StyleSheet1, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (
    HRFlowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from tournaments.models import Tournament
from tournaments.public.selectors import RoundPairings, Side, pairings_by_name
from tournaments.public.standings import Standings

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")


@cache
def _fonts() -> tuple[str, str]:
    regular, bold = FONT_DIR / "DejaVuSans.ttf", FONT_DIR / "DejaVuSans-Bold.ttf"
    if regular.exists() and bold.exists():
        pdfmetrics.registerFont(TTFont("DejaVuSans", str(regular)))
        pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", str(bold)))
        return "DejaVuSans", "DejaVuSans-Bold"
    return "Helvetica", "Helvetica-Bold"


def _text(value: object) -> str:
    text = str(value)
    if _fonts()[0] == "Helvetica":
        text = text.replace("−", "-").replace("–", "-").replace("→", "->")
    return text


def _escape(value: object) -> str:
    return _text(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _styles():
    regular, bold = _fonts()
    styles = getSampleStyleSheet()
    for style in styles.byName.values():
        style.fontName = bold if style.name.startswith(("Heading", "Title")) else regular
    return styles


def _document(buffer: io.BytesIO, title: str) -> SimpleDocTemplate:
    return SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=12 * mm,
        rightMargin=12 * mm,
        topMargin=12 * mm,
        bottomMargin=12 * mm,
        title=title,
    )


def _table(data: list[list[str]], widths: list[float]) -> Table:
    regular, bold = _fonts()
    table = Table(data, colWidths=widths, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), regular),
                ("FONTNAME", (0, 0), (-1, 0), bold),
                ("FONTSIZE", (0, 0), (-1, -1), 9),
                ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
                ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.grey),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ]
        )
    )
    return table


def _cell(value: object, styles: StyleSheet1) -> Paragraph:
    """A table cell that wraps inside its column (a plain string runs over the next column)."""
    style = styles["BodyText"].clone("cell", fontSize=9, leading=11, spaceBefore=0, spaceAfter=0)
    return Paragraph(_escape(value), style)


def _points(side: Side) -> str:
    """Score before the round; a star when a correction changed it since the pairing (see the note)."""
    return f"{side.score_before}*" if side.paired_on else side.score_before


def _name(participant: object, labels: dict[int, str]) -> str:
    """The name, and for a namesake what tells them apart: "John Smith (Hull)"."""
    if participant is None:
        return ""
    name = getattr(participant, "name", "")
    label = labels.get(getattr(participant, "pk", None))
    return f"{name} ({label})" if label else name


def _number(participant: object) -> str:
    return _text(getattr(participant, "pairing_number", None) or "")


def pairings_pdf(tournament: Tournament, pairing: RoundPairings, *, by_name: bool = False) -> bytes:
    """The pairings for the wall: by board, or (``by_name``) every player in alphabetical order.
    Pairing numbers, ratings and scores before the round, so the draw can be checked by eye."""
    buffer = io.BytesIO()
    styles = _styles()
    values = {"name": tournament.name, "number": pairing.round.number}
    if by_name:
        title = _("%(name)s – round %(number)s (by name)") % values
    else:
        title = _("%(name)s – round %(number)s") % values
    story: list = [Paragraph(_escape(title), styles["Title"])]
    if by_name:
        data = [[_("Name"), _("No."), _("Rtg"), _("Pts"), _("Bd"), _("Colour"), _("Opponent"), _("No.")]]
        for row in pairings_by_name(pairing):
            player = row.player.participant
            data.append(
                [
                    _cell(_name(player, pairing.tell_apart), styles),
                    _number(player),
                    _text(player.rating or ""),
                    _points(row.player) if row.board else "",
                    _text(row.board or ""),
                    _cell(row.colour, styles),
                    _cell(_name(row.opponent, pairing.tell_apart), styles),
                    _number(row.opponent),
                ]
            )
        story.append(_table(data, [52 * mm, 10 * mm, 12 * mm, 12 * mm, 10 * mm, 24 * mm, 56 * mm, 10 * mm]))
    else:
        data = [
            [
                _("Bd"),
                _("No."),
                _("White"),
                _("Rtg"),
                _("Pts"),
                _("Result"),
                _("No."),
                _("Black"),
                _("Rtg"),
                _("Pts"),
            ]
        ]
        for row in pairing.rows:
            data.append(
                [
                    str(row.board),
                    _number(row.white.participant),
                    _cell(_name(row.white.participant, pairing.tell_apart), styles),
                    _text(row.white.participant.rating or ""),
                    _points(row.white),
                    _text(row.result),
                    _number(row.black.participant),
                    _cell(_name(row.black.participant, pairing.tell_apart), styles),
                    _text(row.black.participant.rating or ""),
                    _points(row.black),
                ]
            )
        widths = [9, 9, 46, 11, 11, 16, 9, 46, 11, 11]
        story.append(_table(data, [w * mm for w in widths]))
    corrected = [side for row in pairing.rows for side in (row.white, row.black) if side.paired_on]
    if corrected:
        story.append(Spacer(1, 4 * mm))
        note = _("* A result was corrected after this round was paired; the pairing used: %(scores)s") % {
            "scores": "; ".join(
                _("%(name)s %(paired_on)s (now %(score)s)")
                % {"name": side.participant.name, "paired_on": side.paired_on, "score": side.score_before}
                for side in corrected
            )
        }
        story.append(Paragraph(_escape(note), styles["BodyText"]))
    if pairing.byes and not by_name:
        story.append(Spacer(1, 6 * mm))
        story.append(Paragraph(_("Not playing this round"), styles["Heading3"]))
        for bye in pairing.byes:
            line = f"{_name(bye.participant, pairing.tell_apart)}: {bye.kind.lower()} ({bye.points})"
            story.append(Paragraph(_escape(line), styles["BodyText"]))
    _document(buffer, title).build(story)
    return buffer.getvalue()


SLIPS_PER_PAGE = 3


def result_sheets_pdf(tournament: Tournament, pairing: RoundPairings) -> bytes:
    """Three slips to an A4 page, cut apart along the dashed lines: players, result to circle,
    three signature lines."""
    buffer = io.BytesIO()
    styles = _styles()
    story: list = []
    for index, row in enumerate(pairing.rows):
        if index and index % SLIPS_PER_PAGE == 0:
            story.append(PageBreak())
        elif index:
            story.append(HRFlowable(width="100%", dash=(3, 3), spaceBefore=4 * mm, spaceAfter=4 * mm))
        head = _("%(name)s – round %(number)s") % {"name": tournament.name, "number": pairing.round.number}
        players = _table(
            [
                ["", _("Name"), _("Rating")],
                [
                    _("White"),
                    _text(_name(row.white.participant, pairing.tell_apart)),
                    str(row.white.participant.rating or ""),
                ],
                [
                    _("Black"),
                    _text(_name(row.black.participant, pairing.tell_apart)),
                    str(row.black.participant.rating or ""),
                ],
            ],
            [25 * mm, 120 * mm, 25 * mm],
        )
        signatures = _table(
            [[_("White's signature"), _("Black's signature"), _("Arbiter")], ["\n\n\n", "", ""]],
            [60 * mm, 60 * mm, 60 * mm],
        )
        story.append(
            KeepTogether(
                [
                    Paragraph(_escape(head), styles["Heading4"]),
                    Paragraph(_("Board %(board)s") % {"board": row.board}, styles["Heading1"]),
                    players,
                    Spacer(1, 4 * mm),
                    Paragraph(_("Result (circle one):") + "   1-0      ½-½      0-1", styles["Heading3"]),
                    Spacer(1, 2 * mm),
                    signatures,
                ]
            )
        )
    if not story:
        story.append(Paragraph(_("No boards in this round."), styles["BodyText"]))
    _document(buffer, _("%(name)s – result sheets") % {"name": tournament.name}).build(story)
    return buffer.getvalue()


def standings_pdf(tournament: Tournament, standings: Standings) -> bytes:
    buffer = io.BytesIO()
    styles = _styles()
    if standings.through_round:
        title = _("%(name)s – standings after round %(number)s") % {
            "name": tournament.name,
            "number": standings.through_round,
        }
    else:
        title = _("%(name)s – standings") % {"name": tournament.name}
    story = [Paragraph(_escape(title), styles["Title"])]
    if standings.headings:
        order = ", ".join(f"{h.code} {h.name}" for h in standings.headings)
        story.append(
            Paragraph(_escape(_("Tie-breaks in order: %(order)s.") % {"order": order}), styles["BodyText"])
        )
        story.append(Spacer(1, 4 * mm))
    codes = [h.code for h in standings.headings]
    data = [["#", _("Name"), _("Rating"), _("Pts"), *codes]]
    for row in standings.rows:
        data.append(
            [
                str(row.rank),
                _text(_name(row.participant, standings.tell_apart)),
                str(row.participant.rating or ""),
                _text(row.points),
                *[_text(value) for value in row.values],
            ]
        )
    tb_width = 14 * mm
    name_width = max(40 * mm, 186 * mm - 10 * mm - 16 * mm - 12 * mm - tb_width * len(codes))
    story.append(_table(data, [10 * mm, name_width, 16 * mm, 12 * mm, *[tb_width] * len(codes)]))
    _document(buffer, title).build(story)
    return buffer.getvalue()
