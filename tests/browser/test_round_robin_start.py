"""Issue 33 (14) in the browser: "Start the round robin" asks before drawing up and publishing every
round, and the home list then reads "0 of 5 played", not "5 / 5 · Running". Screenshots in
artifacts/screenshots/33/.

Run: .venv/bin/python -m pytest tests/browser/test_round_robin_start.py
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, PHONE
from tests.tournaments.services.conftest import add_players
from tournaments.models import Round
from tournaments.services.tournaments import tournament_create

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)


def test_starting_a_round_robin_asks_first(staff_page, live_server, organiser, screenshot_dir):
    t = tournament_create(
        user=organiser, name="Closed", format="round_robin", lots_seed=7, pairing_numbers="lot"
    )
    add_players(t, 6)
    page = staff_page(organiser, DESKTOP)
    page.goto(f"{live_server.url}/t/{t.pk}/participants/")
    asked = []

    def dismiss(dialog):
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", dismiss)
    page.click("#start-round-robin button[type=submit]")
    page.wait_for_timeout(500)
    assert asked and "Start the round robin?" in asked[0] and "published at once" in asked[0]
    assert not Round.objects.filter(tournament=t).exists()  # dismissed: nothing drawn up
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#start-round-robin button[type=submit]")
    page.wait_for_url(f"**/t/{t.pk}/**")
    expect(page.locator("body")).not_to_contain_text("Start the round robin")
    assert Round.objects.filter(tournament=t).count() == 5
    page.goto(f"{live_server.url}/")
    expect(page.locator("#tournament-list")).to_contain_text("0 of 5 played")
    folder = screenshot_dir / "33"
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / "home-round-robin-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(folder / "home-round-robin-phone.png"), full_page=True)
