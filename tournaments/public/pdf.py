"""A4 PDFs of the public lists (reportlab): pairings, one result sheet per board, standings.

They take the same display rows as the HTML pages, so a PDF never shows more than the page does.
Names are set in DejaVu Sans when the system has it (any alphabet); otherwise in Helvetica, whose
encoding lacks a few characters we then spell in ASCII.
"""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

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
from tournaments.public.selectors import RoundPairings
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


def pairings_pdf(tournament: Tournament, pairing: RoundPairings) -> bytes:
    buffer = io.BytesIO()
    styles = _styles()
    title = f"{tournament.name} – round {pairing.round.number}"
    story = [Paragraph(_escape(title), styles["Title"])]
    data = [["Bd", "White", "Pts", "Result", "Black", "Pts"]]
    for row in pairing.rows:
        data.append(
            [
                str(row.board),
                _cell(row.white.participant.name, styles),
                _text(row.white.score_before),
                _text(row.result),
                _cell(row.black.participant.name, styles),
                _text(row.black.score_before),
            ]
        )
    story.append(_table(data, [12 * mm, 62 * mm, 12 * mm, 20 * mm, 62 * mm, 12 * mm]))
    if pairing.byes:
        story.append(Spacer(1, 6 * mm))
        story.append(Paragraph("Not playing this round", styles["Heading3"]))
        for bye in pairing.byes:
            line = f"{bye.participant.name}: {bye.kind.lower()} ({bye.points})"
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
        head = f"{tournament.name} – round {pairing.round.number}"
        players = _table(
            [
                ["", "Name", "Rating"],
                ["White", _text(row.white.participant.name), str(row.white.participant.rating or "")],
                ["Black", _text(row.black.participant.name), str(row.black.participant.rating or "")],
            ],
            [25 * mm, 120 * mm, 25 * mm],
        )
        signatures = _table(
            [["White's signature", "Black's signature", "Arbiter"], ["\n\n\n", "", ""]],
            [60 * mm, 60 * mm, 60 * mm],
        )
        story.append(
            KeepTogether(
                [
                    Paragraph(_escape(head), styles["Heading4"]),
                    Paragraph(f"Board {row.board}", styles["Heading1"]),
                    players,
                    Spacer(1, 4 * mm),
                    Paragraph("Result (circle one):   1-0      ½-½      0-1", styles["Heading3"]),
                    Spacer(1, 2 * mm),
                    signatures,
                ]
            )
        )
    if not story:
        story.append(Paragraph("No boards in this round.", styles["BodyText"]))
    _document(buffer, f"{tournament.name} – result sheets").build(story)
    return buffer.getvalue()


def standings_pdf(tournament: Tournament, standings: Standings) -> bytes:
    buffer = io.BytesIO()
    styles = _styles()
    after = f" after round {standings.through_round}" if standings.through_round else ""
    title = f"{tournament.name} – standings{after}"
    story = [Paragraph(_escape(title), styles["Title"])]
    if standings.headings:
        order = ", ".join(f"{h.code} {h.name}" for h in standings.headings)
        story.append(Paragraph(_escape(f"Tie-breaks in order: {order}."), styles["BodyText"]))
        story.append(Spacer(1, 4 * mm))
    codes = [h.code for h in standings.headings]
    data = [["#", "Name", "Rating", "Pts", *codes]]
    for row in standings.rows:
        data.append(
            [
                str(row.rank),
                _text(row.participant.name),
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
