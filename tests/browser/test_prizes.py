"""Issue 35 (prizes) end to end, through the browser: before round 1 an organiser sets a prize list
with two groups on the prize page (forms, not JSON), sees the check name a group no one can enter
and fixes it; a player opens the prize list on a phone (390 px); the rounds are played through the
services; the organiser opens the prize winners page, reads the Hort arithmetic and downloads the
treasurer's CSV, whose total is the sum of its rows to the cent. Screenshots of every new page,
desktop and phone, in artifacts/screenshots/35-prizes/.

Run: .venv/bin/python -m pytest tests/browser/test_prizes.py
"""

from __future__ import annotations

import csv
import io
import re

import pytest
from playwright.sync_api import Page, expect

from prizes.services.lists import PrizeRow, prize_group_save, prize_list_update
from tests.browser.test_arbiter_night import login, serialised_sqlite  # noqa: F401
from tests.factories import TournamentFactory
from tests.prizes.conftest import play_round
from tournaments.models import EventRole, TournamentRole
from tournaments.services.participants.registration import participant_register

expect.set_options(timeout=15_000)
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

PLAYERS = [
    ("Ada Alpha", 2100, 1960), ("Ben Bravo", 1950, 1990), ("Cleo Charlie", 1800, 2013),
    ("Dan Delta", 1700, 1985), ("Eve Echo", 1550, 2014), ("Finn Foxtrot", 1500, 2000),
    ("Gus Golf", 1450, 2012), ("Hana Hotel", 1400, 1975),
]  # fmt: skip


def shot(page: Page, folder, name: str) -> None:
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.viewport_size["width"]
    assert width <= viewport, f"{name} scrolls sideways ({width}px in {viewport}px)"


def add_group(page: Page, name: str, kind: str, amounts: list[str], **fields: str) -> None:
    page.fill("#id_new-name", name)
    page.select_option("#id_new-kind", kind)
    for field, value in fields.items():
        page.fill(f"#id_new-{field}", value)
    for i, amount in enumerate(amounts):
        page.fill(f"#id_new-p-{i}-amount", amount)
    page.click("#group-new button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("The group is saved")


@pytest.mark.browser
def test_an_organiser_sets_prizes_and_pays_the_winners(
    browser,
    serialised_sqlite,  # noqa: F811
    transactional_db,
    screenshot_dir,
    django_user_model,
):
    base = serialised_sqlite.url
    folder = screenshot_dir / "35-prizes"
    folder.mkdir(parents=True, exist_ok=True)
    olga = django_user_model.objects.create_user("olga", password="organiser-pass-1")
    t = TournamentFactory(name="Winter Swiss", rounds_planned=3)
    TournamentRole.objects.create(tournament=t, user=olga, role=TournamentRole.Role.ORGANISER)
    for name, rating, born in PLAYERS:
        participant_register(tournament=t, user=olga, name=name, rating=rating, birth_year=born)

    # --- before round 1: the prize list, two groups, the check --------------------------------
    org = browser.new_context(viewport=DESKTOP, accept_downloads=True).new_page()
    login(org, base, "olga", "organiser-pass-1")
    org.goto(f"{base}/t/{t.pk}/rounds/")
    org.get_by_role("link", name="Prizes").click()
    expect(org).to_have_url(re.compile(rf"/prizes/sections/{t.pk}/$"))
    org.select_option("#id_sharing", "hort")
    org.fill("#id_unit", "1")
    org.click("#prize-rules button[type=submit]")
    expect(org.locator(".messages")).to_contain_text("rules are saved")
    add_group(org, "Overall", "overall", ["120", "80", "40"])
    add_group(org, "Under 10", "under", ["30"], age="10")
    # Nobody registered was born in 2017 or later: the check names the group.
    expect(org.locator("#prize-problems")).to_contain_text("No one registered can enter “Under 10”")
    group = t.prize_list.groups.get(name="Under 10")
    card = org.locator(f"#group-{group.pk}")
    card.locator("summary").click()
    card.locator(f"#id_g{group.pk}-name").fill("Under 16")
    card.locator(f"#id_g{group.pk}-age").fill("16")
    card.locator(f"#id_g{group.pk}-p-0-item").fill("Chess book")
    card.locator("button[type=submit]", has_text="Save the group").click()
    expect(org.locator(".messages")).to_contain_text("The group is saved")
    expect(org.locator("#prize-problems")).to_contain_text("every group can be entered")
    expect(org.locator("#group-" + str(group.pk))).to_contain_text("Under 16")
    shot(org, folder, "manage-desktop")

    # --- a player reads the list on a phone before the start ----------------------------------
    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(f"{base}/p/{t.public_token}/")
    phone.get_by_role("link", name="Prizes").click()
    expect(phone.locator("#prize-list")).to_contain_text("Under 16")
    expect(phone.locator("#prize-list")).to_contain_text("120.00 EUR")
    expect(phone.locator("#prize-list")).to_contain_text("Chess book")
    expect(phone.locator("#prize-list")).to_contain_text("Hort")
    shot(phone, folder, "public-list-phone")

    # --- the rounds, played through the services -----------------------------------------------
    for _ in range(3):
        play_round(t, olga)

    # --- the winners: the page, the arithmetic, the treasurer's CSV ---------------------------
    org.goto(f"{base}/prizes/sections/{t.pk}/")
    org.click("#winners-link")
    expect(org.locator("#prize-winners")).to_contain_text("Overall")
    expect(org.locator("#provisional")).to_have_count(0)
    shot(org, folder, "winners-desktop")
    with org.expect_download() as caught:
        org.click("#winners-csv")
    text = open(caught.value.path(), encoding="utf-8-sig").read()
    rows = list(csv.reader(io.StringIO(text)))
    body, total = rows[1:-1], rows[-1]
    cents = [round(float(r[5]) * 100) for r in body]
    assert total[0] == "Total" and round(float(total[5]) * 100) == sum(cents)
    assert sum(cents) == 12000 + 8000 + 4000 + 3000  # every prize taken: 120 + 80 + 40 + 30
    page_total = org.locator("#prize-winners").inner_text()
    assert f"Total paid: {total[5]} EUR" in page_total
    pdf = org.request.get(f"{base}/prizes/sections/{t.pk}/winners.pdf")
    assert pdf.ok and pdf.body().startswith(b"%PDF")

    # --- the same pages on a phone, and the winners to players -----------------------------------
    staff_phone = browser.new_context(viewport=PHONE).new_page()
    login(staff_phone, base, "olga", "organiser-pass-1")
    staff_phone.goto(f"{base}/prizes/sections/{t.pk}/winners/")
    shot(staff_phone, folder, "winners-phone")
    staff_phone.goto(f"{base}/prizes/sections/{t.pk}/")
    shot(staff_phone, folder, "manage-phone")
    phone.reload()
    expect(phone.locator("#prize-winners")).to_contain_text("Total paid")
    shot(phone, folder, "public-winners-phone")
    desk = browser.new_context(viewport=DESKTOP).new_page()
    desk.goto(f"{base}/p/{t.public_token}/prizes/")
    shot(desk, folder, "public-winners-desktop")
    desk.goto(f"{base}/p/e/{t.event.public_token}/")
    desk.click("#event-prizes")
    expect(desk.locator("main")).to_contain_text("Winter Swiss")
    shot(desk, folder, "event-prizes-desktop")
    phone.goto(f"{base}/p/e/{t.event.public_token}/prizes/")
    shot(phone, folder, "event-prizes-phone")

    # --- the whole event's list (its sections pooled), from the event page ---------------------
    EventRole.objects.create(event=t.event, user=olga, role=EventRole.Role.ORGANISER)
    prize_list_update(
        event=t.event,
        user=olga,
        sharing="equal",
        precedence="value",
        one_prize_per_player=True,
        unit_cents=100,
    )
    prize_group_save(
        event=t.event, user=olga, name="Best of the event", kind="overall", prizes=[PrizeRow(5000)]
    )
    org.goto(f"{base}/e/{t.event.pk}/")
    org.get_by_role("link", name="Prizes for the whole event").click()
    expect(org.locator("h1")).to_contain_text("Prize list of the whole event")
    shot(org, folder, "event-manage-desktop")
    org.click("#winners-link")
    expect(org.locator("#prize-winners")).to_contain_text("Winter Swiss")
    shot(org, folder, "event-winners-desktop")
    for page in (org, phone, staff_phone, desk):
        page.context.close()
