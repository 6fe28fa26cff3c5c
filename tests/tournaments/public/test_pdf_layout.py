"""Where the PDFs put their text: a long name stays inside its column instead of running over the
points next to it, and result slips share an A4 page.

The PDFs are read back by walking their content streams (reportlab writes plain ``cm``/``Tm``/``Tj``
operators); the fonts are set to Helvetica so the strings are readable and measurable."""

from __future__ import annotations

import base64
import re
import zlib

import pytest
from django.test import Client
from reportlab.pdfbase.pdfmetrics import stringWidth

from tests.tournaments.public.builders import build_tournament
from tests.tournaments.public.conftest import public_url
from tournaments.public import pdf as public_pdf

pytestmark = pytest.mark.django_db

LONG_NAMES = [
    "Maximiliana Alexandrovna-Montgomery von Hohenzollern",
    "Bartholomew Fitzgerald-Worthington of Kirkcudbright",
]
OP = re.compile(rb"\((?:\\.|[^\\)])*\)|\[[^\]]*\]|[^\s()\[\]]+")


def text_runs(pdf: bytes) -> list[tuple[float, str, float]]:
    """(x, text, font size) for every string drawn, x in page coordinates."""
    runs = []
    for raw in re.findall(rb"stream\r?\n(.*?)endstream", pdf, re.S):
        raw = raw.strip()
        if raw.endswith(b"~>"):  # reportlab's default: ASCII85, then Flate
            raw = base64.a85decode(raw[:-2])
        try:
            content = zlib.decompress(raw)
        except zlib.error:
            content = raw
        stack, dx, size, x, operands = [], 0.0, 0.0, 0.0, []
        for token in OP.findall(content):
            if token == b"q":
                stack.append(dx)
            elif token == b"Q":
                dx = stack.pop() if stack else 0.0
            elif token == b"cm":
                dx += float(operands[-2])
            elif token == b"Tm":
                x = dx + float(operands[-2])
            elif token == b"Tf":
                size = float(operands[-1])
            elif token == b"Tj":
                text = operands[-1][1:-1].decode("latin-1").replace("\\(", "(").replace("\\)", ")")
                runs.append((x, text, size))
            if token in (b"q", b"Q", b"cm", b"Tm", b"Tf", b"Tj", b"BT", b"ET", b"T*"):
                operands = []
            else:
                operands.append(token)
    return runs


@pytest.fixture
def helvetica(monkeypatch):
    monkeypatch.setattr(public_pdf, "_fonts", lambda: ("Helvetica", "Helvetica-Bold"))


def test_long_names_stay_inside_their_column_in_the_pairings_pdf(client: Client, tournament, helvetica):
    people = build_tournament(tournament, players=4, rounds=1, last_round_results=False)
    for person, name in zip(people[:2], LONG_NAMES, strict=True):
        person.name = name
        person.save(update_fields=["name"])
    runs = text_runs(client.get(public_url(tournament, "pairings_pdf", 1)).content)
    pts = sorted(x for x, text, _ in runs if text == "Pts")
    assert len(pts) == 2, runs
    words = {word for name in LONG_NAMES for word in name.split()}
    name_runs = [(x, text, size) for x, text, size in runs if set(text.split()) & words]
    assert name_runs, runs
    for x, text, size in name_runs:
        right = x + stringWidth(text, "Helvetica", size)
        # The points column that follows the name (White's, or Black's at the far right).
        column = next(p for p in pts if p > x)
        assert right < column, f"{text!r} ends at {right:.0f}, the points start at {column:.0f}"


def test_result_slips_share_an_a4_page_in_the_pdf(client: Client, tournament):
    build_tournament(tournament, players=20, rounds=1, last_round_results=False)
    pdf = client.get(public_url(tournament, "result_sheets_pdf", 1)).content
    # Ten boards, three slips a page.
    assert re.findall(rb"/Count (\d+)", pdf) == [b"4"]
