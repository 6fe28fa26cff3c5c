"""The arbiter's live table under another arbiter's entries, in a real browser: the poll brings
only the rows that changed, merges them without taking the focus, and keys keep working."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser import test_result_keyboard as keyboard
from tests.browser.conftest import DESKTOP, PHONE, tab_to
from tournaments.models import Board
from tournaments.services.results import result_record

round30 = keyboard.round30  # the 30-board round, as a fixture here too
round_url = keyboard.round_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=20_000)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_another_arbiters_result_arrives_as_one_row_and_the_keyboard_keeps_working(
    arbiter_page,
    live_server,
    round30,
    organiser,
    screenshot_dir,
    viewport,
):
    page = arbiter_page(viewport)
    answers: list[str] = []
    page.on(
        "response",
        lambda r: answers.append(r.text()) if "/live/" in r.url and r.status == 200 else None,
    )
    page.goto(round_url(live_server, round30))
    tab_to(page, "tr.board-row")
    expect(page.locator("tr.board-row:focus")).to_have_attribute("data-board", "1")

    other = Board.objects.get(round=round30, number=7)
    result_record(board=other, user=organiser, result="0-1", expected_version=0)
    expect(page.locator("tr.board-row[data-board='7'] .result-value")).to_have_text("0-1")
    # Playwright may hand over the response event a moment after the row changed on the page.
    for _ in range(50):
        if answers:
            break
        page.wait_for_timeout(100)
    assert answers and all('id="pairings-table"' not in body for body in answers)
    assert all(body.count("<tr ") == 1 for body in answers)
    # The focus stayed on board 1 through the merge, and a key typed now records board 1.
    expect(page.locator("tr.board-row:focus")).to_have_attribute("data-board", "1")
    page.keyboard.type("=")
    expect(page.locator("tr.board-row[data-board='1'] .result-value")).to_have_text("½-½")
    assert Board.objects.get(round=round30, number=1).result == "1/2-1/2"
    assert Board.objects.get(round=round30, number=7).result == "0-1"
    folder = Path(screenshot_dir) / "21"
    folder.mkdir(exist_ok=True)
    page.screenshot(path=str(folder / f"live-rows-{viewport['width']}.png"), full_page=False)
