"""The arbiter's pages in a real browser, for what only a browser shows: a conflict that keeps the
table in shape, a live update that never swallows a key or reloads the page, confirmation before
what cannot be undone, the create form's preview after "Use this", the dates in Settings, and the
Rounds page while a round is being played."""

from __future__ import annotations

import datetime

import pytest
from django.db.models import F
from django.urls import reverse
from playwright.sync_api import Page, expect

from pairing.services.execute import round_pair_execute
from pairing.services.swiss import round_pair
from tests.browser.conftest import DESKTOP, PHONE, tab_to
from tests.tournaments.services.conftest import add_players, pair_and_publish
from tournaments.models import Board, Round, Tournament
from tournaments.services.participants.numbers import pairing_numbers_assign
from tournaments.services.results import result_record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=20_000)


@pytest.fixture
def players(tournament):
    add_players(tournament, 8)
    pairing_numbers_assign(tournament)
    return tournament


@pytest.fixture
def published(players, arbiter) -> Round:
    return pair_and_publish(players, arbiter)


@pytest.fixture
def draft(players, arbiter) -> Round:
    rnd = round_pair(tournament=players, user=arbiter)
    round_pair_execute(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.DRAFT
    return rnd


def open_round(page: Page, live_server, rnd: Round) -> None:
    page.goto(f"{live_server.url}/t/{rnd.tournament_id}/rounds/{rnd.number}/")
    page.evaluate("window.__notReloaded = true")


def column_lefts(page: Page) -> list[float]:
    return page.evaluate(
        "Array.from(document.querySelectorAll('table.pairings thead th')).map(th => th.getBoundingClientRect().left)"
    )


def test_a_conflict_message_keeps_the_table_in_shape(arbiter_page, live_server, published, shots):
    page = arbiter_page(DESKTOP)
    open_round(page, live_server, published)
    before = column_lefts(page)
    row_height = page.locator("tr.board-row").first.bounding_box()["height"]
    # Another arbiter's entry whose live update has not reached this page yet.
    Board.objects.filter(round=published, number=1).update(result="0-1", version=F("version") + 1)
    tab_to(page, "tr.board-row")
    page.keyboard.type("1")
    first = page.locator("tr.board-row[data-board='1']")
    expect(first.locator(".error")).to_be_visible()
    page.screenshot(path=str(shots / "round-conflict-desktop.png"), full_page=True)
    # The columns stay where they were (give or take the width of "not saved") and the row keeps
    # its height; the message itself is in a box above the table.
    moved = max(abs(a - b) for a, b in zip(column_lefts(page), before, strict=True))
    assert moved < 16, f"a column moved by {moved:.0f} px"
    assert first.bounding_box()["height"] < 1.5 * row_height
    expect(first).to_contain_text("not saved")
    expect(page.locator("#result-problem")).to_contain_text("was changed by")
    assert Board.objects.get(round=published, number=1).result == "0-1"


def test_a_live_update_never_swallows_a_key_or_reloads_the_page(
    arbiter_page, live_server, published, arbiter
):
    page = arbiter_page(DESKTOP)
    open_round(page, live_server, published)
    # htmx finishes a swap ("settles") 20 ms later; a slow phone or a busy laptop stretches that.
    # Stretch it here so a key pressed right after a live update falls inside the window.
    page.evaluate("htmx.config.defaultSettleDelay = 4000")
    tab_to(page, "tr.board-row")
    other = Board.objects.get(round=published, number=3)
    result_record(board=other, user=arbiter, result="0-1", expected_version=other.version)
    expect(page.locator("tr.board-row[data-board='3'] .result-value")).to_have_text("0-1")
    page.keyboard.type("=")
    expect(page.locator("tr.board-row[data-board='1'] .result-value")).to_have_text("½-½")
    assert page.evaluate("window.__notReloaded === true"), "the key press reloaded the page"
    expect(page.locator("tr.board-row:focus")).to_have_attribute("data-board", "2")
    assert Board.objects.get(round=published, number=1).result == "1/2-1/2"


def test_a_result_that_never_arrives_is_reported_and_can_be_entered_again(
    arbiter_page, live_server, published
):
    page = arbiter_page(DESKTOP)
    open_round(page, live_server, published)
    page.route("**/result/", lambda route: route.abort())
    tab_to(page, "tr.board-row")
    page.keyboard.type("1")
    expect(page.locator("#result-problem")).to_contain_text("Board 1: not saved")
    page.unroute("**/result/")
    page.keyboard.press("ArrowUp")
    page.keyboard.type("0")
    expect(page.locator("tr.board-row[data-board='1'] .result-value")).to_have_text("0-1")
    expect(page.locator("#result-problem")).to_be_hidden()
    assert Board.objects.get(round=published, number=1).result == "0-1"


def accept_or_dismiss(page: Page, accept: bool, seen: list[str]) -> None:
    def handle(dialog):
        seen.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", handle)


def test_pair_again_and_delete_draft_ask_first(arbiter_page, live_server, draft):
    page = arbiter_page(DESKTOP)
    open_round(page, live_server, draft)
    boards = list(Board.objects.filter(round=draft).values_list("pk", "white_id", "black_id"))
    seen: list[str] = []
    for label in ("Pair again", "Delete draft"):
        accept_or_dismiss(page, False, seen)
        page.get_by_role("button", name=label).click()
        expect(page.locator("#round-status")).to_contain_text("Draft")
    assert len(seen) == 2 and "thrown away" in seen[0] and "Delete the draft" in seen[1]
    assert page.evaluate("window.__notReloaded === true")
    draft.refresh_from_db()
    assert draft.status == Round.Status.DRAFT
    assert list(Board.objects.filter(round=draft).values_list("pk", "white_id", "black_id")) == boards
    # Saying yes does it.
    accept_or_dismiss(page, True, seen)
    page.get_by_role("button", name="Delete draft").click()
    expect(page).to_have_url(f"{live_server.url}/t/{draft.tournament_id}/rounds/")
    assert not Round.objects.filter(pk=draft.pk).exists()


def test_a_new_public_link_asks_first(staff_page, live_server, players, organiser):
    page = staff_page(organiser, DESKTOP)
    token = players.public_token
    page.goto(live_server.url + reverse("public:share", args=[players.pk]))
    seen: list[str] = []
    accept_or_dismiss(page, False, seen)
    page.get_by_role("button", name="Make a new link").click()
    assert seen and "printed" in seen[0]
    assert Tournament.objects.get(pk=players.pk).public_token == token
    accept_or_dismiss(page, True, seen)
    page.get_by_role("button", name="Make a new link").click()
    page.wait_for_load_state("load")
    expect(page.locator("body")).to_contain_text("link")
    assert Tournament.objects.get(pk=players.pk).public_token != token


def test_use_this_updates_the_tiebreak_preview(arbiter_page, live_server, shots):
    page = arbiter_page(DESKTOP)
    page.goto(live_server.url + reverse("tournaments:tournament_new"))
    page.fill("#id_expected_players", "6")
    expect(page.locator("#format-suggestion")).to_contain_text("we suggest: Round robin")
    expect(page.locator("#format-suggestion .tiebreak-order")).to_contain_text("Buchholz")
    page.click("text=Use this")
    expect(page.locator("#id_format")).to_have_value("round_robin")
    expect(page.locator("#format-suggestion .tiebreak-order")).to_contain_text("Sonneborn-Berger")
    expect(page.locator("#format-suggestion .tiebreak-order")).not_to_contain_text("Buchholz")
    page.screenshot(path=str(shots / "new-tournament-desktop.png"), full_page=True)


def test_settings_shows_the_dates_that_are_stored(staff_page, live_server, players, organiser, shots):
    Tournament.objects.filter(pk=players.pk).update(
        start_date=datetime.date(2026, 12, 4), end_date=datetime.date(2026, 12, 6)
    )
    for label, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = staff_page(organiser, viewport)
        page.goto(live_server.url + reverse("tournaments:settings", args=[players.pk]))
        expect(page.locator("#id_start_date")).to_have_value("2026-12-04")
        expect(page.locator("#id_end_date")).to_have_value("2026-12-06")
        page.screenshot(path=str(shots / f"settings-{label}.png"), full_page=True)


def test_rounds_page_does_not_offer_the_next_round_while_one_is_played(
    arbiter_page, live_server, published, arbiter, shots
):
    page = arbiter_page(DESKTOP)
    page.goto(f"{live_server.url}/t/{published.tournament_id}/rounds/")
    expect(page.locator("main")).to_contain_text("Round 1 is being played")
    expect(page.get_by_role("button", name="Pair round 2")).to_have_count(0)
    page.screenshot(path=str(shots / "rounds-playing-desktop.png"), full_page=True)
    for board in Board.objects.filter(round=published):
        result_record(board=board, user=arbiter, result="1-0", expected_version=board.version)
    page.reload()
    expect(page.get_by_role("button", name="Pair round 2")).to_be_visible()


def test_the_pages_touched_here_fit_a_phone(staff_page, live_server, published, organiser, shots):
    """Desktop and phone screenshots of each staff page this work changed (kept as artefacts), and
    none of them scrolls sideways on a 390 px phone."""
    tid = published.tournament_id
    pages = {
        "rounds": reverse("tournaments:rounds", args=[tid]),
        "round": reverse("tournaments:round", args=[tid, 1]),
        "settings": reverse("tournaments:settings", args=[tid]),
        "new-tournament": reverse("tournaments:tournament_new"),
        "share": reverse("public:share", args=[tid]),
    }
    for label, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = staff_page(organiser, viewport)
        for name, path in pages.items():
            page.goto(live_server.url + path)
            page.screenshot(path=str(shots / f"staff-{name}-{label}.png"), full_page=True)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= viewport["width"], f"{name} is {width}px wide on a {viewport['width']}px screen"
