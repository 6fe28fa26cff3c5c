"""Issue 35 in the browser: a player sees their estimated rating change on a 390 px phone, and
the organiser's switch hides it. Screenshot in artifacts/screenshots/35/.

Run: .venv/bin/python -m pytest tests/browser/test_rating_change_phone.py
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.tournaments.services.conftest import add_players, pair_and_publish, play_round
from tournaments.models import Participant
from tournaments.services.fide_mode import rating_changes_show
from tournaments.services.participants.numbers import pairing_numbers_assign

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)


def test_a_player_reads_their_rating_change_on_a_phone(
    page_at, live_server, tournament, arbiter, organiser, screenshot_dir
):
    add_players(tournament, 8)
    pairing_numbers_assign(tournament)
    for _ in range(3):
        play_round(pair_and_publish(tournament, arbiter), arbiter)
    top = Participant.objects.get(tournament=tournament, pairing_number=1)
    phone = page_at(PHONE)
    phone.goto(f"{live_server.url}/p/{tournament.public_token}/players/{top.pk}/")
    expect(phone.locator("#rating-change")).to_contain_text("Rating change (estimate)")
    expect(phone.locator("#rating-change")).to_contain_text("from 3 rated games, K 20")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    folder = screenshot_dir / "35"
    folder.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(folder / "player-rating-change-phone.png"), full_page=True)
    rating_changes_show(tournament=tournament, user=organiser, show=False)
    phone.reload()
    expect(phone.locator("h1")).to_contain_text(top.name)
    expect(phone.locator("#rating-change")).to_have_count(0)
