"""Issue 33 (2, 6) in the browser: a first result is one key; changing one already entered asks
first, by keyboard row and by slip, and the question is answered from the keyboard (Enter changes,
Escape keeps). Correcting an old result the same way: "Correct anyway" takes the focus, and the
"not saved" word goes once it is saved. Screenshots in artifacts/screenshots/33/.

Run: .venv/bin/python -m pytest tests/browser/test_result_changes.py
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from pairing.services.execute import round_pair_execute
from pairing.services.swiss import round_pair
from tests.browser.conftest import DESKTOP, PHONE
from tests.tournaments.services.conftest import add_players, pair_and_publish, play_round
from tournaments.models import Board

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)


def focus_row(page, board):
    page.locator(f"#board-{board.pk}").focus()


def test_a_second_key_on_a_row_asks_before_changing_the_result(
    arbiter_page, live_server, tournament, arbiter, screenshot_dir
):
    add_players(tournament, 8)
    rnd = pair_and_publish(tournament, arbiter)
    boards = list(Board.objects.filter(round=rnd).order_by("number"))
    last = boards[-1]
    page = arbiter_page(DESKTOP)
    page.goto(f"{live_server.url}/t/{tournament.pk}/rounds/1/")
    focus_row(page, last)
    page.keyboard.type("1")  # a first result: one key
    expect(page.locator(f"#board-{last.pk} .result-value")).to_have_text("1-0")
    # The last board: a second key lands on a row that has a result. It asks, it does not overwrite.
    focus_row(page, last)
    page.keyboard.type("0")
    box = page.locator("#result-problem")
    expect(box).to_contain_text("already shows 1-0")
    expect(box).to_contain_text("Change it to 0-1?")
    expect(page.locator("#result-problem [data-confirm-change]")).to_be_focused()
    last.refresh_from_db()
    assert last.result == "1-0"
    folder = screenshot_dir / "33"
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / "change-asks-desktop.png"), full_page=True)
    page.keyboard.press("Escape")  # keep it
    expect(box).to_be_hidden()
    expect(page.locator(f"#board-{last.pk}")).to_be_focused()
    last.refresh_from_db()
    assert last.result == "1-0"
    page.keyboard.type("0")  # again, and this time Enter changes it
    expect(page.locator("#result-problem [data-confirm-change]")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(f"#board-{last.pk} .result-value")).to_have_text("0-1")
    expect(box).to_be_hidden()
    expect(page.locator(f"#board-{last.pk}")).to_be_focused()
    last.refresh_from_db()
    assert last.result == "0-1"


def test_a_slip_for_a_board_with_a_result_asks_before_changing_it(
    arbiter_page, live_server, tournament, arbiter, screenshot_dir
):
    add_players(tournament, 8)
    rnd = pair_and_publish(tournament, arbiter)
    board = Board.objects.get(round=rnd, number=3)
    page = arbiter_page(PHONE)
    page.goto(f"{live_server.url}/t/{tournament.pk}/rounds/1/")
    slip = page.locator("#quick-entry-input")
    slip.fill("3 1")
    slip.press("Enter")
    expect(page.locator(f"#board-{board.pk} .result-value")).to_have_text("1-0")
    slip.fill("3 0")
    slip.press("Enter")
    box = page.locator("#result-problem")
    expect(box).to_contain_text("already shows 1-0")
    expect(page.locator("#quick-entry-message")).to_contain_text("Board 3: not changed yet")
    page.screenshot(path=str(screenshot_dir / "33" / "slip-change-asks-phone.png"), full_page=True)
    board.refresh_from_db()
    assert board.result == "1-0"
    page.keyboard.press("Enter")
    expect(page.locator(f"#board-{board.pk} .result-value")).to_have_text("0-1")
    expect(page.locator("#quick-entry-message")).to_have_text("Board 3: 0-1 saved.")
    expect(slip).to_be_focused()
    board.refresh_from_db()
    assert board.result == "0-1"


def test_correcting_an_old_result_by_keyboard_focuses_correct_anyway(
    arbiter_page, live_server, tournament, arbiter, screenshot_dir
):
    add_players(tournament, 8)
    first = play_round(pair_and_publish(tournament, arbiter), arbiter)  # every board 1-0
    round_pair_execute(round_id=round_pair(tournament=tournament, user=arbiter).pk)
    board = Board.objects.get(round=first, number=2)
    page = arbiter_page(DESKTOP)
    page.goto(f"{live_server.url}/t/{tournament.pk}/rounds/1/")
    focus_row(page, board)
    page.keyboard.type("=")
    box = page.locator("#result-problem")
    expect(box).to_contain_text("round 2 has already been paired on 1-0")
    expect(box).not_to_contain_text("(draft)")
    correct = page.locator("#result-problem [data-confirm-change]")
    expect(correct).to_have_text("Correct anyway")
    expect(correct).to_be_focused()
    expect(page.locator("#quick-entry-message")).to_contain_text("Board 2")
    page.screenshot(path=str(screenshot_dir / "33" / "correction-keyboard-desktop.png"), full_page=True)
    page.keyboard.press("Enter")
    expect(page.locator(f"#board-{board.pk} .result-value")).to_have_text("½-½")
    expect(page.locator("#quick-entry-message")).not_to_contain_text("not saved")
    expect(box).to_be_hidden()
    board.refresh_from_db()
    assert board.result == "1/2-1/2" and board.corrected_after_pairing
