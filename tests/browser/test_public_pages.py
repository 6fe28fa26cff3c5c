"""The public pages in a real browser: phone and desktop screenshots, no sideways scrolling on a
360-pixel phone, a live update without reload, and the strict CSP never tripped."""

from __future__ import annotations

import pytest

from tests.tournaments.public.builders import build_tournament
from tests.tournaments.public.conftest import public_url
from tournaments.models import Board
from tournaments.services.results import result_record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
# Waits, not timed assertions: how long to keep looking before calling the page broken.
LIVE_UPDATE_WAIT_MS = 20_000


@pytest.fixture
def event(tournament):
    """Nine players with long-ish names so wrapping is exercised; round 3 in play."""
    people = build_tournament(tournament, players=9, rounds=3, last_round_results=False)
    for p in people[:3]:
        p.name = f"{p.name} Alexandrovna-Montgomery"
        p.save(update_fields=["name"])
    tournament.place = "Riverside Community Hall"
    tournament.save(update_fields=["place"])
    return tournament


@pytest.fixture
def page_factory(browser):
    contexts = []

    def make(viewport):
        context = browser.new_context(viewport=viewport, device_scale_factor=1)
        contexts.append(context)
        page = context.new_page()
        page.csp_errors = []
        page.on(
            "console",
            lambda msg: page.csp_errors.append(msg.text) if "Content Security Policy" in msg.text else None,
        )
        return page

    yield make
    for context in contexts:
        context.close()


def _pages(event):
    someone = event.participants.order_by("pairing_number").first()
    return {
        "pairings": public_url(event, "pairings"),
        "my-board": public_url(event, "find") + "?q=0004",
        "standings": public_url(event, "standings"),
        "crosstable": public_url(event, "crosstable"),
        "participant": public_url(event, "participant", someone.id),
        "rounds": public_url(event, "rounds"),
        "rules": public_url(event, "rules"),
        "result-sheets": public_url(event, "result_sheets", 3),
        "display": public_url(event, "display"),
    }


def test_every_public_page_at_phone_and_desktop_width(live_server, event, page_factory, screenshot_dir):
    pages = _pages(event)
    for label, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = page_factory(viewport)
        for name, path in pages.items():
            response = page.goto(live_server.url + path)
            assert response.status == 200, name
            page.wait_for_load_state("networkidle")
            page.screenshot(path=str(screenshot_dir / f"public-{name}-{label}.png"), full_page=True)
            # Pairings and my-board must fit a 360 px phone; the others do too (wide tables scroll
            # inside their own box). The projector view is not for phones.
            if label == "phone" and name != "display":
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= 360, f"{name} scrolls sideways on a phone: {width}px wide"
        assert page.csp_errors == []


def test_find_my_board_as_you_type(live_server, event, page_factory):
    page = page_factory(PHONE)
    page.goto(live_server.url + public_url(event, "find"))
    board = Board.objects.select_related("white").get(round__tournament=event, round__number=3, number=2)
    page.fill("#find-q", board.white.name[-4:])
    page.wait_for_selector("#my-board .finding")
    assert "Board 2" in page.inner_text("#my-board")
    assert "White" in page.inner_text("#my-board")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_recorded_result_appears_without_reload(live_server, event, page_factory, arbiter, screenshot_dir):
    page = page_factory(PHONE)
    page.goto(live_server.url + public_url(event, "pairings"))
    page.wait_for_selector("#pairings-table")
    assert "0 of 4 results in" in page.inner_text("#pairings-table")
    page.evaluate("window.__notReloaded = true")

    board = Board.objects.get(round__tournament=event, round__number=3, number=1)
    result_record(board=board, user=arbiter, result="1-0", expected_version=board.version)

    # A locator wait, not wait_for_function: the page's CSP forbids the eval that one needs.
    page.locator("#pairings-table .round-meta", has_text="1 of 4 results in").wait_for(
        timeout=LIVE_UPDATE_WAIT_MS
    )
    assert page.evaluate("window.__notReloaded === true")
    assert page.inner_text("#board-1 .res") == "1-0"
    page.screenshot(path=str(screenshot_dir / "public-pairings-live-update-phone.png"), full_page=True)


def test_a_tiebreak_value_opens_to_its_breakdown(live_server, event, page_factory):
    page = page_factory(DESKTOP)
    page.goto(live_server.url + public_url(event, "standings"))
    # The third tie-break column is plain Buchholz (DE, BH-C1, BH, ...).
    details = page.locator("table.standings tbody tr").first.locator("details").nth(2)
    details.locator("summary").click()
    details.locator(".breakdown #tiebreak-breakdown").wait_for()
    assert details.locator(".breakdown").inner_text().startswith("Buchholz ")
    assert page.csp_errors == []


def _pdf_pages(pdf: bytes) -> int:
    import re

    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def test_printing_from_the_browser(live_server, event, page_factory, screenshot_dir):
    page = page_factory(DESKTOP)
    page.emulate_media(media="print")
    for name in ("pairings", "standings"):
        page.goto(live_server.url + public_url(event, name))
        assert not page.locator(".public-nav").is_visible()
        assert not page.locator(".public-footer").is_visible()
        page.screenshot(path=str(screenshot_dir / f"public-{name}-print.png"), full_page=True)
    page.goto(live_server.url + public_url(event, "result_sheets", 3))
    page.screenshot(path=str(screenshot_dir / "public-result-sheets-print.png"), full_page=True)
    # Chromium prints the result sheets on A4, three slips a page: round 3's four boards take two.
    assert _pdf_pages(page.pdf(format="A4")) == 2


def test_my_board_remembers_the_last_search_on_this_phone(live_server, event, page_factory):
    page = page_factory(PHONE)
    url = live_server.url + public_url(event, "find")
    page.goto(url)
    page.fill("#find-q", "0004")
    page.wait_for_selector("#my-board .finding")
    page.goto(url)  # a later visit, with nothing in the address
    page.wait_for_selector("#my-board .finding")
    assert "Player 0004" in page.inner_text("#my-board")


def test_an_open_breakdown_stays_open_when_the_standings_refresh(live_server, event, page_factory, arbiter):
    page = page_factory(DESKTOP)
    page.goto(live_server.url + public_url(event, "standings"))
    details = page.locator("table.standings tbody tr").first.locator("details").nth(2)
    details.locator("summary").click()
    details.locator(".breakdown #tiebreak-breakdown").wait_for()

    # Standings shown during a round are those after the last complete one: finish round 3 so
    # they really change (a single result in a round in play leaves them as they are).
    for board in Board.objects.filter(round__tournament=event, round__number=3).order_by("number"):
        result_record(board=board, user=arbiter, result="1-0", expected_version=board.version)
    event.refresh_from_db()
    page.locator(f'#standings-table[data-version="{event.standings_version}"]').wait_for(
        timeout=LIVE_UPDATE_WAIT_MS
    )

    reopened = page.locator("table.standings tbody tr").first.locator("details").nth(2)
    assert reopened.get_attribute("open") is not None
    reopened.locator(".breakdown #tiebreak-breakdown").wait_for()


def test_the_projector_shows_one_panel_at_a_time(live_server, event, page_factory):
    page = page_factory({"width": 1920, "height": 1080})
    page.goto(live_server.url + public_url(event, "display"))
    page.locator(".display-panels.rotating").wait_for()
    assert page.locator('[data-panel="pairings"]').is_visible()
    assert not page.locator('[data-panel="standings"]').is_visible()
