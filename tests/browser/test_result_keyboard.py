"""Result entry as fast as an arbiter can type, in a real browser: a 30-board round entered with the
keyboard only (Tab to the first board, then result keys and arrows), the same from a pile of paper
slips through the quick-entry box, and the same on a 390 px phone. Each test reads the database at
the end: every board must hold the result typed for it, not the one typed for its neighbour.

No programmatic focus after the page loads: only Tab, arrow keys and the keys an arbiter presses.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import DESKTOP, PHONE, tab_to
from tests.tournaments.services.conftest import add_players, pair_and_publish
from tournaments.models import Board, Round
from tournaments.services.participants.numbers import pairing_numbers_assign

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=20_000)

# Key typed on a board row -> result stored.
KEY_RESULT = {"1": "1-0", "=": "1/2-1/2", "0": "0-1", "+": "+/-", "-": "-/+"}
ROW_KEYS = ["1", "=", "0", "+", "-", "1", "0", "="]


@pytest.fixture
def round30(tournament, arbiter) -> Round:
    add_players(tournament, 60)
    pairing_numbers_assign(tournament)
    rnd = pair_and_publish(tournament, arbiter)
    assert rnd.boards.count() == 30
    return rnd


def round_url(live_server, rnd: Round) -> str:
    return f"{live_server.url}/t/{rnd.tournament_id}/rounds/{rnd.number}/"


def stored_results(rnd: Round) -> dict[int, str]:
    return dict(Board.objects.filter(round=rnd).values_list("number", "result"))


def wait_all_saved(page: Page, rnd: Round) -> None:
    """The last result turns the round to Finished on the page: by then every request has landed."""
    expect(page.locator("#round-status")).to_contain_text("Finished")
    expect(page.locator("#pairings-table .result-value", has_text="–")).to_have_count(0)


def type_round_by_keys(page: Page) -> dict[int, str]:
    """Tab to the first board, then one key per board, as fast as Playwright types."""
    tab_to(page, "tr.board-row")
    expect(page.locator("tr.board-row:focus")).to_have_attribute("data-board", "1")
    expected = {}
    for n in range(1, 31):
        key = ROW_KEYS[n % len(ROW_KEYS)]
        page.keyboard.type(key)
        expected[n] = KEY_RESULT[key]
    return expected


def enter_a_round(page: Page, live_server, rnd: Round, typist) -> None:
    """Open the round, let ``typist`` type every result, and compare the database with what it typed."""
    page.goto(round_url(live_server, rnd))
    expected = typist(page)
    wait_all_saved(page, rnd)
    assert stored_results(rnd) == expected


def test_thirty_boards_by_keyboard_alone(arbiter_page, live_server, round30, shots):
    page = arbiter_page(DESKTOP)
    enter_a_round(page, live_server, round30, type_round_by_keys)
    page.screenshot(path=str(shots / "round-keyboard-desktop.png"), full_page=True)


def test_arrow_keys_move_between_boards_and_focus_skips_boards_with_results(
    arbiter_page, live_server, round30
):
    page = arbiter_page(DESKTOP)
    page.goto(round_url(live_server, round30))
    tab_to(page, "tr.board-row")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    expect(page.locator("tr.board-row:focus")).to_have_attribute("data-board", "3")
    page.keyboard.type("0")  # board 3
    # Focus went on to board 4 at once; back up to board 2, then the next board without a
    # result after board 2 is board 4 (board 3 has one), not board 3 again.
    expect(page.locator("tr.board-row:focus")).to_have_attribute("data-board", "4")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.keyboard.type("=")  # board 2
    expect(page.locator("tr.board-row:focus")).to_have_attribute("data-board", "4")
    page.keyboard.type("1")  # board 4
    expect(page.locator("#pairings-table .board-row[data-board='4'] .result-value")).to_have_text("1-0")
    results = stored_results(round30)
    assert (results[2], results[3], results[4]) == ("1/2-1/2", "0-1", "1-0")
    assert results[1] == "" and results[5] == ""


# (board, what the arbiter types, stored result): every spelling the box accepts.
SLIPS = [
    (12, "12=", "1/2-1/2"),
    (7, "7 1", "1-0"),
    (3, "3 0", "0-1"),
    (21, "21 1-0", "1-0"),
    (14, "14 ½", "1/2-1/2"),
    (9, "9+", "+/-"),
    (30, "30-", "-/+"),
    (1, "1 0-1", "0-1"),
    (2, "2 1/2", "1/2-1/2"),
    (4, "4 +/-", "+/-"),
    (5, "5 -/+", "-/+"),
]


def type_slips(page: Page) -> dict[int, str]:
    tab_to(page, "#quick-entry-input")
    expected = {}
    for board, text, result in SLIPS:
        page.keyboard.type(text)
        page.keyboard.press("Enter")
        expected[board] = result
    # The rest of the pile, in a shuffled but fixed order.
    rest = [n for n in range(1, 31) if n not in expected]
    for i, board in enumerate(rest[::2] + rest[1::2]):
        key = ["1", "=", "0"][i % 3]
        page.keyboard.type(f"{board} {key}")
        page.keyboard.press("Enter")
        expected[board] = KEY_RESULT[key]
    return expected


def test_thirty_boards_from_paper_slips(arbiter_page, live_server, round30, shots):
    page = arbiter_page(DESKTOP)
    enter_a_round(page, live_server, round30, type_slips)
    # The box was cleared after each slip and is ready for the next one.
    expect(page.locator("#quick-entry-input")).to_have_value("")
    expect(page.locator("#quick-entry-input")).to_be_focused()
    page.screenshot(path=str(shots / "round-quick-entry-desktop.png"), full_page=True)


def test_quick_entry_refuses_what_it_cannot_read_and_changes_nothing(arbiter_page, live_server, round30):
    page = arbiter_page(DESKTOP)
    page.goto(round_url(live_server, round30))
    tab_to(page, "#quick-entry-input")
    for text, message in (("99 1", "no board 99"), ("12 x", "not a result"), ("12", "type a result")):
        page.keyboard.type(text)
        page.keyboard.press("Enter")
        expect(page.locator("#quick-entry-message")).to_contain_text(message)
        # What was typed stays in the box to be corrected.
        expect(page.locator("#quick-entry-input")).to_have_value(text)
        page.keyboard.press("Control+A")
        page.keyboard.press("Backspace")
    assert set(stored_results(round30).values()) == {""}


def test_thirty_boards_by_keyboard_on_a_phone(arbiter_page, live_server, round30, shots):
    page = arbiter_page(PHONE)
    enter_a_round(page, live_server, round30, type_round_by_keys)
    page.screenshot(path=str(shots / "round-keyboard-phone.png"), full_page=True)


def test_paper_slips_on_a_phone(arbiter_page, live_server, round30):
    page = arbiter_page(PHONE)
    enter_a_round(page, live_server, round30, type_slips)


def test_a_phone_shows_one_compact_row_per_board(arbiter_page, live_server, round30, shots):
    page = arbiter_page(PHONE)
    page.goto(round_url(live_server, round30))
    rows = page.locator("tr.board-row")
    expect(rows).to_have_count(30)
    page.screenshot(path=str(shots / "round-entry-phone.png"), full_page=True)
    # No row is taller than two lines of text with a tap-sized control; several boards fit a screen.
    heights = [rows.nth(i).bounding_box()["height"] for i in range(30)]
    assert max(heights) <= 80, f"rows up to {max(heights)} px tall on a phone"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # The seven buttons give way to one control per board, which records a result when changed.
    first = rows.first
    assert first.locator("button.res").first.is_hidden()
    first.locator("select.res-select").select_option("1/2-1/2")
    expect(first.locator(".result-value")).to_have_text("½-½")
    assert stored_results(round30)[1] == "1/2-1/2"
