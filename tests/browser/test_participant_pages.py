"""A big field's participants list in pages, in a real browser: 30 players, 10 a page
(``PARTICIPANTS_PAGE_SIZE``). The list's search finds a player on page 3 from page 1."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, PHONE
from tests.tournaments.services.conftest import add_players
from tournaments.services.participants.numbers import pairing_numbers_assign

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=20_000)

SCREENS = Path(__file__).resolve().parents[2] / "artifacts" / "screens-20c"


@pytest.fixture
def big_field(tournament, settings):
    settings.PARTICIPANTS_PAGE_SIZE = 10
    add_players(tournament, 30)
    pairing_numbers_assign(tournament)
    return tournament


@pytest.mark.parametrize("viewport, name", [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_the_search_finds_a_player_on_page_three(arbiter_page, live_server, big_field, viewport, name):
    page = arbiter_page(viewport)
    page.goto(f"{live_server.url}/t/{big_field.pk}/participants/")
    rows = page.locator("#participant-list tbody tr")
    expect(rows).to_have_count(10)
    expect(page.locator("#participant-list")).to_contain_text("30 participants")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.locator("#participant-list").screenshot(path=str(SCREENS / f"participants-page-1-{name}.png"))
    page.locator("#list-find").fill("Player 27")
    page.locator("#list-find").press("Enter")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Player 27")
    page.locator("#participant-list").screenshot(path=str(SCREENS / f"participants-found-{name}.png"))
