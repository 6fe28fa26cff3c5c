"""The public pages as the hall uses them: a tie-break breakdown on a phone, the standings' last
columns on a phone, the projector read from the back of the room, and result slips on A4."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.tournaments.public.builders import build_tournament
from tests.tournaments.public.conftest import public_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)

PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}


@pytest.fixture
def hall(tournament):
    """Twenty players, the default tie-breaks (DE, BH-C1, BH, SB, WIN); round 3 in play."""
    build_tournament(tournament, players=20, rounds=3, last_round_results=False)
    return tournament


def test_a_tiebreak_breakdown_opens_full_width_on_a_phone(live_server, hall, page_at, shots):
    page = page_at(PHONE)
    page.goto(live_server.url + public_url(hall, "standings"))
    details = page.locator("table.standings tbody tr").first.locator("details").nth(1)
    details.locator("summary").click()
    box = details.locator(".breakdown")
    box.locator("#tiebreak-breakdown").wait_for()
    page.screenshot(path=str(shots / "public-standings-breakdown-phone.png"))
    rect = box.bounding_box()
    # Readable: on screen from edge to edge, not cut off inside its cell.
    assert rect["x"] >= 0 and rect["x"] + rect["width"] <= PHONE["width"], rect
    assert rect["width"] >= 0.85 * PHONE["width"], rect
    assert box.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
    # And it closes again.
    page.get_by_role("button", name="Close").click()
    expect(box).to_be_hidden()


def test_the_last_tiebreak_columns_are_reachable_on_a_phone(live_server, hall, page_at, shots):
    page = page_at(PHONE)
    page.goto(live_server.url + public_url(hall, "standings"))
    wrap = page.locator("#standings-table .table-wrap")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    if wrap.evaluate("el => el.scrollWidth > el.clientWidth"):
        # The table scrolls inside its box: the page says so, and the names stay put.
        expect(page.locator("#standings-table .scroll-hint")).to_be_visible()
        wrap.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    page.screenshot(path=str(shots / "public-standings-scrolled-phone.png"))
    for code in ("SB", "WIN"):
        th = page.locator(f'table.standings th[data-tb="{code}"]').bounding_box()
        assert 0 <= th["x"] and th["x"] + th["width"] <= PHONE["width"], (code, th)
    name = page.locator("table.standings tbody tr").first.locator("td.player").bounding_box()
    assert name["x"] >= 0, f"the names scrolled out of sight: {name}"


def test_the_projector_is_readable_from_the_back_of_the_hall(live_server, hall, page_at, shots):
    page = page_at(PROJECTOR)
    page.goto(live_server.url + public_url(hall, "display"))
    page.locator(".display-panels.rotating").wait_for()
    page.screenshot(path=str(shots / "public-display-projector.png"))
    name = page.locator('[data-panel="pairings"] table.pairings tbody tr').first.locator("td").nth(1)
    size = float(name.evaluate("el => getComputedStyle(el).fontSize").removesuffix("px"))
    # About 30 lines of text a screen: letters some 3-4 % of the picture's height.
    assert size >= PROJECTOR["height"] / 30, f"{size}px type on a {PROJECTOR['height']}px screen"
    assert page.evaluate("document.documentElement.scrollWidth") <= PROJECTOR["width"]


def _pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def test_result_sheets_print_several_to_an_a4_page(live_server, hall, page_at, shots):
    page = page_at({"width": 1280, "height": 900})
    page.emulate_media(media="print")
    page.goto(live_server.url + public_url(hall, "result_sheets", 3))
    page.screenshot(path=str(shots / "public-result-sheets-print.png"), full_page=True)
    boards = page.locator(".result-sheet").count()
    assert boards == 10
    pages = _pdf_pages(page.pdf(format="A4"))
    assert pages <= 4, f"{boards} result sheets took {pages} A4 pages"
    # No sheet is cut in two by a page break: each fits within one A4 page height (297 mm).
    heights = page.locator(".result-sheet").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().height)"
    )
    assert max(heights) < 297 / 25.4 * 96 / 3, heights


def test_public_pages_changed_here_at_phone_and_desktop(live_server, hall, page_at, shots):
    """Screenshots kept as artefacts; the phone never scrolls sideways (the projector is not for phones)."""
    pages = {
        "standings": public_url(hall, "standings"),
        "result-sheets": public_url(hall, "result_sheets", 3),
        "display": public_url(hall, "display"),
    }
    for label, viewport in (("phone", PHONE), ("desktop", {"width": 1280, "height": 900})):
        page = page_at(viewport)
        for name, path in pages.items():
            page.goto(live_server.url + path)
            page.screenshot(path=str(shots / f"public-{name}-{label}.png"), full_page=True)
            if label == "phone" and name != "display":
                assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], name
