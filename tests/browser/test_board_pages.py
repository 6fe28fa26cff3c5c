"""A big round in pages, in a real browser: the 30-board round with 10 boards a page
(``ROUND_PAGE_BOARDS``), as an arbiter with 2,500 boards sees theirs with 100. The slip box takes
any board, also one on another page; the keyboard goes from the page's last open board to the
next page with open boards and on from there.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import DESKTOP, PHONE, tab_to
from tests.browser.test_result_keyboard import round_url, stored_results
from tests.tournaments.services.conftest import add_players, pair_and_publish
from tournaments.models import Round
from tournaments.services.participants.numbers import pairing_numbers_assign

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=20_000)

SCREENS = Path(__file__).resolve().parents[2] / "artifacts" / "screens-20c"


@pytest.fixture
def paged_round(tournament, arbiter, settings) -> Round:
    settings.ROUND_PAGE_BOARDS = 10
    add_players(tournament, 60)
    pairing_numbers_assign(tournament)
    rnd = pair_and_publish(tournament, arbiter)
    assert rnd.boards.count() == 30
    return rnd


def slip(page: Page, text: str) -> None:
    page.keyboard.type(text)
    page.keyboard.press("Enter")


def test_a_slip_for_a_board_on_another_page_is_recorded(arbiter_page, live_server, paged_round):
    page = arbiter_page(DESKTOP)
    page.goto(round_url(live_server, paged_round))
    expect(page.locator("tr.board-row")).to_have_count(10)
    tab_to(page, "#quick-entry-input")
    slip(page, "25 1")
    expect(page.locator("#quick-entry-message")).to_have_text("Board 25: 1-0 saved.")
    expect(page.locator("#quick-entry-input")).to_have_value("")
    slip(page, "3=")  # on this page: through its row, which shows it
    expect(page.locator("tr.board-row[data-board='3'] .result-value")).to_have_text("½-½")
    slip(page, "25 0")  # already 1-0: it asks first (issue 33), and Escape keeps the result
    expect(page.locator("#result-problem")).to_contain_text("already shows 1-0")
    expect(page.locator("#quick-entry-message")).to_contain_text("Board 25: not changed yet")
    expect(page.locator("#result-problem [data-confirm-change]")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#quick-entry-message")).to_have_text("Board 25: kept as it was.")
    expect(page.locator("#quick-entry-input")).to_be_focused()
    slip(page, "31 1")
    expect(page.locator("#quick-entry-message")).to_contain_text("no board 31")
    results = stored_results(paged_round)
    assert (results[25], results[3]) == ("1-0", "1/2-1/2")
    assert sum(1 for r in results.values() if r) == 2
    page.goto(round_url(live_server, paged_round) + "?page=3")
    expect(page.locator("tr.board-row[data-board='25'] .result-value")).to_have_text("1-0")


def test_the_keyboard_goes_on_to_the_next_page(arbiter_page, live_server, paged_round):
    page = arbiter_page(DESKTOP)
    page.goto(round_url(live_server, paged_round))
    tab_to(page, "tr.board-row")
    for _ in range(10):
        page.keyboard.type("1")
    # Past the page's last open board: the link to the next page with open boards, not board 1.
    expect(page.locator("#next-open-page")).to_be_focused()
    expect(page.locator("#pairings-table .result-value", has_text="–")).to_have_count(0)
    page.keyboard.press("Enter")
    expect(page.locator("tr.board-row:focus")).to_have_attribute("data-board", "11")
    page.keyboard.type("0")
    expect(page.locator("tr.board-row:focus")).to_have_attribute("data-board", "12")
    expect(page.locator("tr.board-row[data-board='11'] .result-value")).to_have_text("0-1")
    # The cell shows a result as soon as its key is typed; the server stores it a moment later
    # (on a loaded machine, after this line runs): wait for the stored results, then check them.
    expected = {n: "1-0" for n in range(1, 11)} | {11: "0-1", 12: ""}
    deadline = time.monotonic() + 10
    results = stored_results(paged_round)
    while {n: results[n] for n in expected} != expected and time.monotonic() < deadline:
        time.sleep(0.1)
        results = stored_results(paged_round)
    assert {n: results[n] for n in expected} == expected, results


@pytest.mark.parametrize("viewport, name", [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_screenshots_of_a_round_in_pages(arbiter_page, live_server, paged_round, organiser, viewport, name):
    from tournaments.services.results import result_record

    for board in paged_round.boards.filter(number__in=[1, 2, 4, 12]):
        result_record(board=board, user=organiser, result="1-0", expected_version=0)
    page = arbiter_page(viewport)
    page.goto(round_url(live_server, paged_round) + "?page=2")
    expect(page.locator("#board-pages")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"round-page-2-{name}.png"), full_page=True)
    page.goto(round_url(live_server, paged_round) + "?show=open")
    expect(page.locator("tr.board-row")).to_have_count(10)
    page.screenshot(path=str(SCREENS / f"round-open-boards-{name}.png"), full_page=True)
