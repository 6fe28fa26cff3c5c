"""Downloads behind the public link: the QR code and the A4 PDFs."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.tournaments.public.conftest import bump, public_url

pytestmark = pytest.mark.django_db


def test_the_qr_code_is_an_svg_of_the_public_link(client: Client, running):
    response = client.get(public_url(running, "qr"))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    svg = response.content.decode()
    assert svg.lstrip().startswith("<?xml") or svg.lstrip().startswith("<svg")
    assert "<path" in svg


def test_the_qr_code_encodes_the_link(running):
    from tournaments.public.downloads import qr_code_svg

    # Different links give different codes, and the same link the same code.
    assert qr_code_svg("http://testserver/p/a/") == qr_code_svg("http://testserver/p/a/")
    assert qr_code_svg("http://testserver/p/a/") != qr_code_svg("http://testserver/p/b/")


@pytest.mark.parametrize(
    "name,args,filename",
    [
        ("pairings_pdf", (3,), "pairings-round-3.pdf"),
        ("result_sheets_pdf", (3,), "result-sheets-round-3.pdf"),
        ("standings_pdf", (), "standings.pdf"),
    ],
)
def test_each_pdf_is_a_pdf(client: Client, running, name, args, filename):
    response = client.get(public_url(running, name, *args))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert filename in response["Content-Disposition"]
    assert response.content.startswith(b"%PDF-")


def test_result_sheets_put_three_slips_on_a_page(client: Client, running):
    pdf = client.get(public_url(running, "result_sheets_pdf", 3)).content
    # The page tree's root counts the pages: four boards in round 3 of the nine-player event.
    assert re.findall(rb"/Count (\d+)", pdf) == [b"2"]


def test_the_printable_result_sheets_page_has_a_sheet_per_board(client: Client, running):
    html = client.get(public_url(running, "result_sheets", 3)).content.decode()
    assert html.count('class="result-sheet"') == 4
    assert html.count("signature</p>") == 8  # white's and black's, per board
    assert "Arbiter</p>" in html


def test_pdfs_of_a_draft_round_are_404(client: Client, running):
    assert client.get(public_url(running, "pairings_pdf", 4)).status_code == 404
    assert client.get(public_url(running, "result_sheets", 4)).status_code == 404


def test_pdfs_are_cached_by_version(client: Client, running, django_assert_num_queries):
    url = public_url(running, "standings_pdf")
    first = client.get(url).content
    with django_assert_num_queries(1):
        assert client.get(url).content == first
    bump(running)
    with django_assert_num_queries(9):
        client.get(url)


def test_an_unknown_token_is_404(client: Client):
    for path in ("/p/nope/qr.svg", "/p/nope/standings.pdf", "/p/nope/rounds/1/pairings.pdf"):
        assert client.get(path).status_code == 404


def test_nothing_behind_the_link_asks_to_be_indexed(client: Client, running):
    for url in (
        public_url(running, "pairings"),
        public_url(running, "standings_pdf"),
        public_url(running, "qr"),
    ):
        assert client.get(url)["X-Robots-Tag"] == "noindex, nofollow", url


@pytest.mark.parametrize("players,rounds", [(9, 2), (60, 6)])
def test_downloads_render_in_a_fixed_number_of_queries(
    client: Client, players, rounds, django_assert_num_queries
):
    from tests import factories
    from tests.tournaments.public.builders import build_tournament

    tournament = factories.TournamentFactory()
    build_tournament(tournament, players=players, rounds=rounds)
    with django_assert_num_queries(5):
        assert client.get(public_url(tournament, "pairings_pdf", rounds)).status_code == 200
    with django_assert_num_queries(5):
        assert client.get(public_url(tournament, "result_sheets_pdf", rounds)).status_code == 200
    with django_assert_num_queries(5):
        assert client.get(public_url(tournament, "result_sheets", rounds)).status_code == 200
    with django_assert_num_queries(9):
        assert client.get(public_url(tournament, "standings_pdf")).status_code == 200
    with django_assert_num_queries(1):
        assert client.get(public_url(tournament, "qr")).status_code == 200
