"""Issue 33 (13) in the browser: on a 390 px phone the crosstable and the standings keep place,
name and points in view while the rest of the table scrolls sideways. Screenshots in
artifacts/screenshots/33/.

Run: .venv/bin/python -m pytest tests/browser/test_phone_tables.py
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import DESKTOP, PHONE
from tests.tournaments.public.builders import build_tournament
from tests.tournaments.public.conftest import public_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BOXES = """(table) => {
  const row = document.querySelector(table + ' tbody tr');
  const box = (el) => { const r = el.getBoundingClientRect(); return {left: r.left, right: r.right}; };
  const wrap = document.querySelector(table).closest('.table-wrap');
  return {
    rank: box(row.querySelector('.rank')),
    name: box(row.querySelector('.player')),
    points: box(row.querySelector('.points')),
    wrap: box(wrap),
    scrolls: wrap.scrollWidth > wrap.clientWidth,
  };
}"""


def in_view(cell, wrap):
    return cell["left"] >= wrap["left"] - 1 and cell["right"] <= wrap["right"] + 1


@pytest.fixture
def long_event(tournament):
    """Twelve players with long names, seven rounds: wider than a phone in both tables."""
    people = build_tournament(tournament, players=12, rounds=7, last_round_results=True)
    for p in people:
        p.name = f"{p.name} Alexandrovna-Montgomery"
        p.save(update_fields=["name"])
    tournament.rounds_planned = 7
    tournament.tiebreaks = "BH-C1,BH,SB,WIN,BPG,ARO"
    tournament.save(update_fields=["rounds_planned", "tiebreaks"])
    return tournament


@pytest.mark.parametrize(
    ("name", "table"), [("standings", "table.standings"), ("crosstable", "table.crosstable")]
)
def test_place_name_and_points_stay_in_view_on_a_phone(
    live_server, long_event, page_at, screenshot_dir, name, table
):
    folder = screenshot_dir / "33"
    folder.mkdir(parents=True, exist_ok=True)
    page = page_at(PHONE)
    page.goto(live_server.url + public_url(long_event, name))
    before = page.evaluate(BOXES, table)
    assert before["scrolls"], "the table is wider than the phone"
    for cell in ("rank", "name", "points"):
        assert in_view(before[cell], before["wrap"]), (cell, before)
    page.screenshot(path=str(folder / f"{name}-phone.png"), full_page=True)
    page.evaluate(
        "(t) => { const w = document.querySelector(t).closest('.table-wrap'); w.scrollLeft = w.scrollWidth; }",
        table,
    )
    after = page.evaluate(BOXES, table)
    for cell in ("rank", "name", "points"):
        assert in_view(after[cell], after["wrap"]), (cell, after)
    # Nothing overlaps: place, then name, then (in the standings) points, side by side.
    assert after["rank"]["right"] <= after["name"]["left"] + 1
    assert after["name"]["right"] <= after["points"]["left"] + 1
    page.screenshot(path=str(folder / f"{name}-phone-scrolled.png"), full_page=True)
    desktop = page_at(DESKTOP)
    desktop.goto(live_server.url + public_url(long_event, name))
    desktop.screenshot(path=str(folder / f"{name}-desktop.png"), full_page=True)


def test_the_staff_standings_keep_place_name_and_points_in_view_on_a_phone(
    live_server, long_event, staff_page, arbiter, screenshot_dir
):
    page = staff_page(arbiter, PHONE)
    page.goto(f"{live_server.url}/t/{long_event.pk}/standings/")
    table = "table.standings"
    before = page.evaluate(BOXES, table)
    assert before["scrolls"], "the table is wider than the phone"
    page.evaluate(
        "(t) => { const w = document.querySelector(t).closest('.table-wrap'); w.scrollLeft = w.scrollWidth; }",
        table,
    )
    after = page.evaluate(BOXES, table)
    for cell in ("rank", "name", "points"):
        assert in_view(after[cell], after["wrap"]), (cell, after)
    assert after["rank"]["right"] <= after["name"]["left"] + 1
    assert after["name"]["right"] <= after["points"]["left"] + 1
    page.screenshot(path=str(screenshot_dir / "33" / "staff-standings-phone-scrolled.png"), full_page=True)
