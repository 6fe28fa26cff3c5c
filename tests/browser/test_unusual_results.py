"""Issue 34 in the browser: the arbiter's unusual results ½-0 and 0-½ from the round page, by the
small "more" select beside the buttons on a desktop and by the one select on a phone, and by slip.

Run: .venv/bin/python -m pytest tests/browser/test_unusual_results.py
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, PHONE
from tests.tournaments.services.conftest import add_players, pair_and_publish
from tournaments.models import Board

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)


def test_half_zero_by_select_on_desktop_and_phone_and_by_slip(arbiter_page, live_server, tournament, arbiter):
    add_players(tournament, 8)
    rnd = pair_and_publish(tournament, arbiter)
    first, second, third, _ = Board.objects.filter(round=rnd).order_by("number")
    url = f"{live_server.url}/t/{tournament.pk}/rounds/1/"

    page = arbiter_page(DESKTOP)
    page.goto(url)
    page.wait_for_function("() => window.htmx !== undefined")
    # One row stays one line on a desktop: the unusual results are in the select, not buttons.
    expect(page.locator(f"#board-{first.pk} button.unusual").first).to_be_hidden()
    page.locator(f"#board-{first.pk} select.res-more").select_option("1/2-0")
    expect(page.locator(f"#board-{first.pk} .result-value")).to_have_text("½-0")
    page.fill("#quick-entry-input", f"{third.number} 0-½")
    page.keyboard.press("Enter")
    expect(page.locator(f"#board-{third.pk} .result-value")).to_have_text("0-½")

    phone = arbiter_page(PHONE)
    phone.goto(url)
    phone.wait_for_function("() => window.htmx !== undefined")
    phone.locator(f"#board-{second.pk} select.res-select").select_option("0-1/2")
    expect(phone.locator(f"#board-{second.pk} .result-value")).to_have_text("0-½")

    results = dict(Board.objects.filter(round=rnd).values_list("number", "result"))
    assert (results[first.number], results[second.number], results[third.number]) == (
        "1/2-0",
        "0-1/2",
        "0-1/2",
    )
