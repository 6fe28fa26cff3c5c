"""The live table's swaps are htmx's own (issue "The house in layers"): the poll's changed rows come
out of band by their ids, or the whole table comes, and htmx swaps them. What static/js/app.js still
does, checked here in a real browser: the row the arbiter is on keeps the keyboard when that very row
or the whole table is replaced, and a row whose own result is on its way is left to its answer (a
whole table waits for the next poll meanwhile)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser import test_result_keyboard as keyboard
from tests.browser.conftest import DESKTOP, PHONE, tab_to
from tournaments.models import Board
from tournaments.services.results import result_record
from tournaments.services.versions import tournament_changed

round30 = keyboard.round30  # the 30-board round, as a fixture here too
round_url = keyboard.round_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=20_000)


def focused_board(page) -> str | None:
    return page.evaluate(
        "() => { const r = document.activeElement.closest('tr.board-row'); return r && r.dataset.board; }"
    )


def test_the_row_the_arbiter_is_on_keeps_the_keyboard_when_another_arbiter_changes_it(
    arbiter_page, live_server, round30, organiser
):
    page = arbiter_page(DESKTOP)
    page.goto(round_url(live_server, round30))
    tab_to(page, "tr.board-row")
    page.keyboard.press("ArrowDown")
    expect(page.locator("tr.board-row:focus")).to_have_attribute("data-board", "2")

    result_record(
        board=Board.objects.get(round=round30, number=2), user=organiser, result="0-1", expected_version=0
    )
    row = page.locator("tr.board-row[data-board='2']")
    expect(row.locator(".result-value")).to_have_text("0-1")
    # The row was replaced out of band and still has the focus; its buttons stay out of the Tab order.
    expect(page.locator("tr.board-row:focus")).to_have_attribute("data-board", "2")
    expect(row.locator(".result-form .res").first).to_have_attribute("tabindex", "-1")
    page.keyboard.press("ArrowDown")
    page.keyboard.type("1")
    expect(page.locator("tr.board-row[data-board='3'] .result-value")).to_have_text("1-0")
    assert Board.objects.get(round=round30, number=3).result == "1-0"
    assert Board.objects.get(round=round30, number=2).result == "0-1"


def test_a_phone_select_s_row_keeps_the_keyboard_when_the_row_is_replaced(
    arbiter_page, live_server, round30, organiser
):
    page = arbiter_page(PHONE)
    page.goto(round_url(live_server, round30))
    page.locator("tr.board-row[data-board='4'] select.res-select").focus()
    result_record(
        board=Board.objects.get(round=round30, number=4), user=organiser, result="1-0", expected_version=0
    )
    expect(page.locator("tr.board-row[data-board='4'] .result-value")).to_have_text("1-0")
    assert focused_board(page) == "4"


def test_a_row_whose_result_is_on_its_way_is_left_to_its_own_answer(
    arbiter_page, live_server, round30, organiser
):
    page = arbiter_page(DESKTOP)
    page.goto(round_url(live_server, round30))
    # As between a key press and its answer: the row says its result is on its way.
    pk = Board.objects.get(round=round30, number=7).pk
    page.evaluate("(pk) => document.getElementById('board-' + pk).setAttribute('data-pending', '1-0')", pk)
    for number, result in ((7, "0-1"), (8, "1-0")):
        board = Board.objects.get(round=round30, number=number)
        result_record(board=board, user=organiser, result=result, expected_version=0)
    expect(page.locator("tr.board-row[data-board='8'] .result-value")).to_have_text("1-0")
    # The poll brought board 7's change too (board 8's came no earlier): it was left to the row's own answer.
    pending = page.locator("tr.board-row[data-board='7']")
    expect(pending).to_have_attribute("data-pending", "1-0")
    expect(pending.locator(".result-value")).not_to_have_text("0-1")


def test_a_whole_table_keeps_the_keyboard_and_waits_for_a_result_on_its_way(
    arbiter_page, live_server, round30
):
    page = arbiter_page(DESKTOP)
    whole_tables: list[int] = []
    page.on(
        "response",
        lambda r: (
            whole_tables.append(r.status)
            if "/live/" in r.url and r.status == 200 and r.headers.get("hx-reswap") != "none"
            else None
        ),
    )
    page.goto(round_url(live_server, round30))
    tab_to(page, "tr.board-row")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(page.locator("tr.board-row:focus")).to_have_attribute("data-board", "3")
    page.evaluate("() => { document.getElementById('pairings-table').dataset.mark = 'before'; }")
    pending_pk = Board.objects.get(round=round30, number=5).pk
    page.evaluate(
        "(pk) => document.getElementById('board-' + pk).setAttribute('data-pending', '1-0')", pending_pk
    )

    tournament_changed(round30.tournament_id)  # not a result: the poll answers with the whole table
    for _ in range(100):
        if whole_tables:
            break
        page.wait_for_timeout(100)
    assert whole_tables, "the poll never brought the whole table"
    page.wait_for_timeout(300)
    # A result was on its way: the table was not swapped under it.
    expect(page.locator("#pairings-table[data-mark='before']")).to_have_count(1)

    page.evaluate(
        "(pk) => document.getElementById('board-' + pk).removeAttribute('data-pending')", pending_pk
    )
    # The next poll brings the whole table again (the page's version had not moved), and htmx swaps it.
    expect(page.locator("#pairings-table[data-mark='before']")).to_have_count(0)
    expect(page.locator("#pairings-table tr.board-row")).to_have_count(30)
    expect(page.locator("tr.board-row:focus")).to_have_attribute("data-board", "3")
    page.keyboard.type("=")
    expect(page.locator("tr.board-row[data-board='3'] .result-value")).to_have_text("½-½")
    assert Board.objects.get(round=round30, number=3).result == "1/2-1/2"
