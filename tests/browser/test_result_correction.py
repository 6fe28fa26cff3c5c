"""Issue 22 (8) in the browser: correcting a result after the next round was paired asks first,
naming that round; confirmed, the correction is saved and audited. Screenshots in
artifacts/screenshots/22b/.

Run: .venv/bin/python -m pytest tests/browser/test_result_correction.py
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from pairing.services.execute import round_pair_execute
from pairing.services.swiss import round_pair
from tests.browser.conftest import DESKTOP, PHONE
from tests.tournaments.services.conftest import add_players, pair_and_publish, play_round
from tournaments.models import AuditLog, Board

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)


def test_a_correction_after_the_next_pairing_asks_then_saves(
    arbiter_page, live_server, tournament, arbiter, screenshot_dir
):
    add_players(tournament, 8)
    first = play_round(pair_and_publish(tournament, arbiter), arbiter)  # every board 1-0
    second = round_pair(tournament=tournament, user=arbiter)
    round_pair_execute(round_id=second.pk)
    board = Board.objects.get(round=first, number=2)
    page = arbiter_page(DESKTOP)
    page.goto(f"{live_server.url}/t/{tournament.pk}/rounds/1/")
    page.click(f"#board-{board.pk} button[value='1/2-1/2']")
    box = page.locator("#result-problem")
    expect(box).to_contain_text("round 2 has already been paired on 1-0")
    board.refresh_from_db()
    assert board.result == "1-0"  # nothing saved before the confirmation
    folder = screenshot_dir / "22b"
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / "correction-confirm-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(folder / "correction-confirm-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    box.locator("text=Correct anyway").click()
    expect(page.locator(f"#board-{board.pk} .result-value")).to_have_text("½-½")
    board.refresh_from_db()
    assert board.result == "1/2-1/2" and board.corrected_after_pairing
    assert AuditLog.objects.filter(action="result_correct", object_id=str(board.pk)).exists()
    second.refresh_from_db()
    assert second.scores_paired_on == {str(board.white_id): 2, str(board.black_id): 0}
    page.goto(f"{live_server.url}/t/{tournament.pk}/rounds/2/")
    expect(page.locator("#repair-needed")).to_contain_text("pair it again")
    page.screenshot(path=str(folder / "draft-repair-needed-desktop.png"), full_page=True)
