"""The night, through the browser only: an organiser sets up a 12-player, 4-round Swiss from a CSV
list, an arbiter pairs, publishes and enters results (keyboard shortcuts), a late entry joins before
round 2, a player withdraws before round 3, another takes a half-point bye in round 4, and the final
standings on the page agree with standings computed from the recorded results. A second browser
context watches results appear without reloading.

Run: .venv/bin/python -m pytest tests/browser/test_arbiter_night.py
"""

from __future__ import annotations

import re
import threading

import pytest
from django.db import connection
from playwright.sync_api import Page, expect

from pairing.standings import standings_for_tournament
from tournaments.models import Board, Participant, RoundBye, Tournament

CSV = """name,rating,title,federation,FIDE id,club
Alice Archer,2210,FM,ENG,,Riverside
Bruno Berger,2150,,GER,,Riverside
Chen Castro,2105,,,,Hilltop
Dana Dvorak,2050,,CZE,,
Emil Eriksen,1990,,NOR,,Hilltop
Fatima Fischer,1940,,,,Old Mill
Georg Gupta,1880,,,,
Hana Horvat,1820,,CRO,,Riverside
Ivan Ivanova,1760,,,,
Julia Jansen,1700,,NED,,Hilltop
Kofi Kowalski,1640,,,,
Lena Larsen,1580,,DEN,,Old Mill
"""
KEY_RESULT = {"1": "1-0", "=": "½-½", "0": "0-1"}
KEYS = ["1", "=", "0", "1", "0", "1", "="]
expect.set_options(timeout=15_000)
HALF = {
    "1-0": (2, 0),
    "1/2-1/2": (1, 1),
    "0-1": (0, 2),
    "+/-": (2, 0),
    "-/+": (0, 2),
    "-/-": (0, 0),
    "0-0": (0, 0),
}


def shot(page: Page, folder, name: str) -> None:
    """Full-page screenshot. Chromium takes it by resizing the viewport and restores the scroll position
    late, which moved buttons under the next click; restore both before going on."""
    scroll = page.evaluate("window.scrollY")
    page.screenshot(path=str(folder / name), full_page=True)
    page.set_viewport_size(page.viewport_size)
    page.evaluate(f"window.scrollTo(0, {scroll})")


def login(page: Page, base: str, username: str, password: str) -> None:
    page.goto(base + "/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    expect(page.locator(".who")).to_have_text(username)


def pair_and_publish(page: Page, base: str, tid: int, number: int) -> None:
    page.goto(f"{base}/t/{tid}/rounds/")
    page.click(f"text=Pair round {number}")
    expect(page).to_have_url(re.compile(rf"/t/{tid}/rounds/{number}/$"))
    expect(page.locator("#round-status")).to_contain_text("Draft")
    page.click(f"text=Publish round {number}")
    expect(page.locator("#round-status")).to_contain_text("Published")


def enter_results(page: Page, offset: int) -> None:
    """Every board by keyboard: focus the row, press 1, = or 0, and watch the row confirm it.

    The round page was reached by a click (pair, publish), not by ``goto``, which would have waited
    for it: a key pressed before the page's deferred scripts run does nothing (seen in CI)."""
    page.wait_for_load_state("load")
    page.wait_for_function(
        "() => window.htmx !== undefined && document.documentElement.classList.contains('js')"
    )
    rows = page.locator("tr.board-row")
    for i in range(rows.count()):
        row_id = rows.nth(i).get_attribute("id")
        key = KEYS[(i + offset) % len(KEYS)]
        row = page.locator(f"#{row_id}")
        row.focus()
        row.press(key)
        expect(page.locator(f"#{row_id} .result-value")).to_have_text(KEY_RESULT[key])
    expect(page.locator("#round-status")).to_contain_text("Finished", timeout=10_000)


@pytest.fixture
def serialised_sqlite(live_server):
    """pytest-django shares one in-memory SQLite connection between the live server's request threads,
    so two browser contexts writing and polling at once make SQLite report "table is locked". On
    SQLite, let the server handle one request at a time; on PostgreSQL requests run concurrently."""
    if connection.vendor != "sqlite":
        yield live_server
        return
    httpd = live_server.thread.httpd
    app = httpd.get_app()
    lock = threading.Lock()

    def one_at_a_time(environ, start_response):
        with lock:
            return app(environ, start_response)

    httpd.set_app(one_at_a_time)
    yield live_server
    httpd.set_app(app)


@pytest.mark.browser
def test_a_night_at_the_club(browser, serialised_sqlite, transactional_db, screenshot_dir, django_user_model):
    live_server = serialised_sqlite
    django_user_model.objects.create_user("olga", password="organiser-pass-1")
    django_user_model.objects.create_user("arthur", password="arbiter-pass-1")
    base = live_server.url

    # --- the organiser sets the tournament up ---------------------------------------------------
    organiser_ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    org = organiser_ctx.new_page()
    login(org, base, "olga", "organiser-pass-1")
    org.click("text=New tournament")
    org.fill("#id_name", "Friday Night Swiss")
    org.fill("#id_rounds_planned", "4")
    org.fill("#id_no_byes_in_last_rounds", "0")
    org.fill("#id_expected_players", "12")
    # The advice panel follows the form as it is filled in (one request after the last keystroke).
    expect(org.locator("#format-suggestion")).to_contain_text(
        "For 12 players we suggest: Swiss (FIDE Dutch), 6 rounds"
    )
    expect(org.locator("#format-suggestion")).to_contain_text("BH-C1 — Buchholz cut 1")
    shot(org, screenshot_dir, "staff-01-create.png")
    org.click("#tournament-form > button[type=submit]")
    expect(org).to_have_url(re.compile(r"/t/\d+/participants/$"))
    tid = int(re.search(r"/t/(\d+)/", org.url).group(1))

    org.click("text=Import a list (CSV)")
    org.fill("#id_text", CSV.replace("Lena Larsen,1580", "Lena Larsen,lots"))
    org.click("button[name=preview]")
    expect(org.locator("#import-preview")).to_contain_text("1 with errors")
    expect(org.locator("#import-preview")).to_contain_text("Rating 'lots' is not a whole number.")
    org.fill("#id_text", CSV)
    org.click("button[name=preview]")
    expect(org.locator("#import-preview")).to_contain_text("12 rows, all valid")
    org.click("button[name=commit]")
    expect(org.locator("#participant-list")).to_contain_text("12 participants")
    shot(org, screenshot_dir, "staff-02-participants.png")

    org.click("nav.tabs >> text=Settings")
    org.fill("#staff-form input[name=username]", "arthur")
    org.select_option("#staff-form select[name=role]", "arbiter")
    org.click("text=Add to staff")
    expect(org.locator(".staff-list")).to_contain_text("arthur — Arbiter")

    # --- the arbiter runs round 1 while the organiser watches -------------------------------------
    arbiter_ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    arb = arbiter_ctx.new_page()
    login(arb, base, "arthur", "arbiter-pass-1")
    arb.goto(f"{base}/t/{tid}/rounds/")
    arb.click("text=Pair round 1")
    expect(arb.locator("#round-status")).to_contain_text("Draft")
    expect(arb.locator("#explanation")).to_contain_text("How the round was paired")
    shot(arb, screenshot_dir, "staff-03-draft.png")
    arb.click("text=Publish round 1")
    expect(arb.locator("#round-status")).to_contain_text("Published")

    org.goto(f"{base}/t/{tid}/rounds/1/")
    first_row = arb.locator("tr.board-row").first.get_attribute("id")
    expect(org.locator(f"#{first_row} .result-value")).to_have_text("—")
    enter_results(arb, 0)
    # The organiser's page was never reloaded: the live table brings every result in.
    expect(org.locator(f"#{first_row} .result-value")).to_have_text("1-0", timeout=15_000)
    expect(org.locator("#pairings-table")).not_to_contain_text("—", timeout=15_000)
    shot(arb, screenshot_dir, "staff-04-results.png")

    # --- a late entry before round 2 ---------------------------------------------------------------
    arb.goto(f"{base}/t/{tid}/participants/")
    expect(arb.locator("#participants-panel")).to_contain_text("joins from round 2")
    arb.fill("#quick-add input[name=name]", "Maya Late")
    arb.fill("#quick-add input[name=rating]", "1990")
    arb.press("#quick-add input[name=rating]", "Enter")
    expect(arb.locator("#participant-list")).to_contain_text("Maya Late")
    expect(arb.locator("#participant-list")).to_contain_text("Late entry (from round 2)")
    expect(arb.locator("#quick-add input[name=name]")).to_have_value("")
    pair_and_publish(arb, base, tid, 2)
    expect(arb.locator(".bye-line")).to_contain_text("pairing-allocated bye")
    enter_results(arb, 1)

    # --- a withdrawal before round 3 ----------------------------------------------------------------
    arb.goto(f"{base}/t/{tid}/participants/")
    arb.on("dialog", lambda dialog: dialog.accept())
    arb.click("button[aria-label='Withdraw Dana Dvorak']")
    expect(arb.locator("#participant-dana, #participant-list")).to_contain_text("Withdrawn from round 3")
    pair_and_publish(arb, base, tid, 3)
    expect(arb.locator("#pairings-table")).not_to_contain_text("Dana Dvorak")

    # --- a half-point bye requested for round 4 ------------------------------------------------------
    arb.goto(f"{base}/t/{tid}/participants/")
    georg_option = arb.locator("#bye-form select[name=participant] option", has_text="Georg Gupta")
    arb.select_option("#bye-form select[name=participant]", georg_option.get_attribute("value"))
    arb.fill("#bye-form input[name=round_number]", "4")
    arb.select_option("#bye-form select[name=kind]", "half")
    arb.click("#bye-form button[type=submit]")
    expect(arb.locator(".messages")).to_contain_text("Georg Gupta: requested half-point bye in round 4")
    arb.goto(f"{base}/t/{tid}/rounds/3/")
    enter_results(arb, 2)
    pair_and_publish(arb, base, tid, 4)
    expect(arb.locator("#pairings-table")).to_contain_text(
        "Not paired: Georg Gupta (requested half-point bye)"
    )
    expect(arb.locator("#pairings-table")).not_to_contain_text("Dana Dvorak")
    enter_results(arb, 3)

    # --- the final standings ------------------------------------------------------------------------
    arb.goto(f"{base}/t/{tid}/standings/")
    expect(arb.locator("#standings-table")).to_contain_text("After round 4")
    shot(arb, screenshot_dir, "staff-05-standings.png")
    shown = [
        (row.locator("td").nth(2).inner_text().split(" (")[0].strip(), row.locator("td.points").inner_text())
        for row in arb.locator("#standings-table tbody tr").all()
    ]

    tournament = Tournament.objects.get(pk=tid)
    assert tournament.status == "finished"
    # Points straight from the recorded results: boards plus byes, in half-points.
    half_points = {p.pk: 0 for p in Participant.objects.filter(tournament=tournament)}
    for board in Board.objects.filter(round__tournament=tournament):
        white, black = HALF[board.result]
        half_points[board.white_id] += white
        half_points[board.black_id] += black
    for bye in RoundBye.objects.filter(tournament=tournament):
        half_points[bye.participant_id] += bye.points
    names = dict(Participant.objects.filter(tournament=tournament).values_list("pk", "name"))
    by_name = {names[pk]: value for pk, value in half_points.items()}
    assert len(shown) == 13
    assert {name: float(points) for name, points in shown} == {name: hp / 2 for name, hp in by_name.items()}
    points_in_order = [float(points) for _, points in shown]
    assert points_in_order == sorted(points_in_order, reverse=True)
    expected = standings_for_tournament(tournament)
    assert [name for name, _ in shown] == [row.name for row in expected.rows]

    # The story's facts, as recorded.
    late = Participant.objects.get(name="Maya Late")
    assert RoundBye.objects.get(participant=late).kind == "late" and late.joined_round == 2
    dana = Participant.objects.get(name="Dana Dvorak")
    assert not Board.objects.filter(round__number__gte=3, white=dana).exists()
    assert not Board.objects.filter(round__number__gte=3, black=dana).exists()
    georg = RoundBye.objects.get(participant__name="Georg Gupta", round_number=4)
    assert (georg.kind, georg.points) == ("half", 1)
    assert by_name["Georg Gupta"] >= 1

    arb.goto(f"{base}/help/swiss/")
    shot(arb, screenshot_dir, "staff-06-help.png")
    organiser_ctx.close()
    arbiter_ctx.close()
