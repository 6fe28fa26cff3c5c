"""Issue 22 (6, 7, 14) pages in the browser, photographed at desktop and phone width into
artifacts/screenshots/22b/: a hand-edited draft with pairing numbers and ratings, the public
pairings by name, the standings after round 1 (shared places, DE '–'), a player's page.

Run: .venv/bin/python -m pytest tests/browser/test_pairing_pages_22b.py
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from pairing.services.drafts import board_swap_colours
from pairing.services.execute import round_pair_execute
from pairing.services.swiss import round_pair
from tests.browser.conftest import DESKTOP, PHONE
from tests.tournaments.services.conftest import add_players, pair_and_publish, play_round
from tournaments.models import Board

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)


def test_draft_pairings_standings_and_player_pages(
    arbiter_page, live_server, tournament, arbiter, screenshot_dir
):
    add_players(tournament, 10)
    first = play_round(pair_and_publish(tournament, arbiter), arbiter, result=Board.Result.DRAW)
    draft = round_pair(tournament=tournament, user=arbiter)
    round_pair_execute(round_id=draft.pk)
    board_swap_colours(board=Board.objects.get(round=draft, number=1), user=arbiter)
    folder = screenshot_dir / "22b"
    folder.mkdir(parents=True, exist_ok=True)
    page = arbiter_page(DESKTOP)

    def both(url: str, name: str, check: str, text: str) -> None:
        page.set_viewport_size(DESKTOP)
        page.goto(live_server.url + url)
        expect(page.locator(check)).to_contain_text(text)
        page.screenshot(path=str(folder / f"{name}-desktop.png"), full_page=True)
        page.set_viewport_size(PHONE)
        page.screenshot(path=str(folder / f"{name}-phone.png"), full_page=True)

    token = tournament.public_token
    both(f"/t/{tournament.pk}/rounds/2/", "draft-hand-edited", "#hand-edited", "(C12)")
    both(f"/p/{token}/rounds/1/?order=name", "public-pairings-by-name", "#pairings-by-name", "Player 01")
    both(f"/p/{token}/standings/", "public-standings-round1", "#standings-table", "after round 1")
    player = Board.objects.get(round=first, number=1).white
    both(f"/p/{token}/players/{player.pk}/", "public-player", "main", player.name)
    both(f"/t/{tournament.pk}/standings/", "staff-standings-round1", "#standings-table", "After round 1")
