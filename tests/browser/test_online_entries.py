"""Issue 37 end to end, through the browser: ten players enter an event online from phones (390 px);
two are refused (a duplicate, and a junior trying the closed junior section, who then enters the
open). The organiser accepts the entries and records fees; eight players check in before round 1
(seven from their personal links, one at the desk tablet opened with its code); round 1 is paired
with the eight; the ninth checks in late and is paired in round 2. Screenshots of every new page,
desktop and 390 px, in artifacts/screenshots/37/.

Run: .venv/bin/python -m pytest tests/browser/test_online_entries.py
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from clubs.models import Club, Membership, RosterPlayer
from entries.models import CheckIn, Entry, Payment
from entries.services.setup import entry_settings_update, fee_reduction_add, section_entry_update
from ratings.models import RatedPlayer
from tests.browser.test_arbiter_night import enter_results, login, pair_and_publish, serialised_sqlite  # noqa: F401, F811
from tournaments.models import Board, Round, RoundBye
from tournaments.services.events import event_create, section_add

expect.set_options(timeout=15_000)
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}

# name, rating, birth year, how they find themselves
PLAYERS = [
    ("Rosa Rook", 1650, None, "roster"),
    ("Petrov, Ivan", 1720, None, "fide"),
    ("Clara Castle", 1580, None, "typed"),
    ("Dan Diagonal", 1540, None, "typed"),
    ("Eva Endgame", 1500, 1960, "typed"),
    ("Finn File", 1460, None, "typed"),
    ("Gus Gambit", 1420, None, "typed"),
    ("Hana Hook", 1380, None, "typed"),
]
JUNIOR = ("Jill Junior", 1790, 2014)


def _shot(page: Page, folder, name: str) -> None:
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def _enter(
    page: Page, base: str, token: str, name: str, rating: int, born, how: str, section: str, email: str
):
    page.goto(f"{base}/entries/e/{token}/")
    if how in ("roster", "fide"):
        page.fill("#entry-q", name.split(",")[0].split()[0])
        page.locator("#candidate-list a.candidate", has_text=name).first.click()
        expect(page.locator("#id_name")).to_have_value(name)
    else:
        page.fill("#id_name", name)
        page.fill("#id_rating", str(rating))
    if born:
        page.fill("#id_birth_year", str(born))
    page.fill("#id_email", email)
    page.select_option("#id_section", label=section)
    page.click("#entry-send")


@pytest.mark.browser
def test_players_enter_online_pay_and_check_in(
    browser,
    serialised_sqlite,  # noqa: F811
    transactional_db,
    screenshot_dir,
    django_user_model,
    settings,
):
    settings.ENTRIES_RATE_LIMIT = 50  # every phone of the test shares 127.0.0.1
    base = serialised_sqlite.url
    folder = screenshot_dir / "37"
    folder.mkdir(parents=True, exist_ok=True)
    olga = django_user_model.objects.create_user("olga", password="organiser-pass-1")
    club = Club.objects.create(name="Riverside", slug="riverside")
    Membership.objects.create(club=club, user=olga, role=Membership.Role.OWNER)
    RosterPlayer.objects.create(club=club, name="Rosa Rook", search_key="rosa rook", rating=1650)
    RatedPlayer.objects.create(
        fide_id=24100001,
        name="Petrov, Ivan",
        search_key="petrov ivan",
        standard_rating=1720,
        federation="BUL",
        checksum=1,
    )
    event = event_create(
        user=olga, club=club, name="Winter Open", place="Town hall", start_date=datetime.date(2026, 12, 19)
    )
    open_ = section_add(event=event, user=olga, name="Open", rounds_planned=3)
    juniors = section_add(event=event, user=olga, name="Juniors", max_age=14, rounds_planned=3)
    now = timezone.now()
    entry_settings_update(
        event=event,
        user=olga,
        opens_at=now - datetime.timedelta(days=1),
        closes_at=now + datetime.timedelta(days=1),
        auto_accept=False,
        check_in="once",
        desk_code="rook-42",
    )
    section_entry_update(section=open_, user=olga, open=True, max_players=20, max_waiting=5, fee_cents=2500)
    section_entry_update(
        section=juniors, user=olga, open=False, max_players=None, max_waiting=None, fee_cents=1000
    )
    fee_reduction_add(event=event, user=olga, label="Seniors 65+", percent=40, min_age=65)
    fee_reduction_add(event=event, user=olga, label="Juniors", percent=50, max_age=18)
    token = event.public_token

    # --- ten entries from phones: eight go in, a duplicate and the closed section are refused --
    phones: dict[str, Page] = {}
    for i, (name, rating, born, how) in enumerate(PLAYERS):
        phone = browser.new_context(viewport=PHONE).new_page()
        _enter(phone, base, token, name, rating, born, how, "Open", f"player{i}@example.org")
        expect(phone).to_have_url(re.compile(r"/entries/me/[^/]+/$"))
        expect(phone.locator("#entry-status")).to_have_text("Waiting for the organiser")
        phones[name] = phone
        if i == 0:
            _shot(phone, folder, "me-pending-390")
    first = browser.new_context(viewport=PHONE).new_page()
    first.goto(f"{base}/entries/e/{token}/")
    _shot(first, folder, "enter-390")
    first.fill("#entry-q", "ros")
    expect(first.locator("#candidate-list")).to_contain_text("Rosa Rook")
    _shot(first, folder, "enter-search-390")
    _enter(
        first, base, token, "clara castle", 1580, None, "typed", "Open", "again@example.org"
    )  # the duplicate
    expect(first.locator(".messages")).to_contain_text("has already entered this event")
    _enter(first, base, token, JUNIOR[0], JUNIOR[1], JUNIOR[2], "typed", "Juniors", "jill@example.org")
    expect(first.locator(".messages")).to_contain_text("Entries to Juniors are closed")
    assert Entry.objects.count() == 8
    # the junior enters the open instead (half the fee)
    _enter(first, base, token, JUNIOR[0], JUNIOR[1], JUNIOR[2], "typed", "Open", "jill@example.org")
    expect(first.locator("#entry-status")).to_have_text("Waiting for the organiser")
    expect(first.locator("#entry-fee")).to_contain_text("12.50 EUR")
    phones[JUNIOR[0]] = first
    desk_page = browser.new_context(viewport=DESKTOP).new_page()
    desk_page.goto(f"{base}/entries/e/{token}/")
    _shot(desk_page, folder, "enter-desktop")

    # --- the organiser accepts the nine and records fees ------------------------------------
    org = browser.new_context(viewport=DESKTOP).new_page()
    login(org, base, "olga", "organiser-pass-1")
    org.goto(f"{base}/e/{event.pk}/")
    org.locator("#event-feature-links a", has_text="Online entries").click()
    expect(org.locator("#pending-entries tbody tr")).to_have_count(9)
    _shot(org, folder, "manage-desktop")
    for _ in range(9):
        org.locator("#pending-entries button.accept-entry").first.click()
        expect(org.locator(".messages")).to_contain_text("is registered in Open")
    expect(org.locator("#accepted-entries tbody tr")).to_have_count(9)
    assert open_.participants.count() == 9
    org.goto(f"{base}/entries/{event.pk}/fees/")
    expect(org.locator("#fee-totals")).to_contain_text("202.50 EUR")
    for name, method in (("Rosa Rook", "cash"), ("Petrov, Ivan", "transfer"), ("Jill Junior", "cash")):
        row = org.locator("#fee-table tr", has_text=name)
        row.locator("select[name=method]").select_option(method)
        row.locator("button").click()
        expect(org.locator(".messages")).to_contain_text(f"recorded for {name}")
    expect(org.locator("#fee-totals")).to_contain_text("Paid 62.50 EUR")
    expect(org.locator("#fee-totals")).to_contain_text("Due 140.00 EUR")
    assert Payment.objects.count() == 3
    csv_text = org.request.get(f"{base}/entries/{event.pk}/fees.csv").text()
    assert "TOTAL,,,,202.50,62.50,140.00" in csv_text
    _shot(org, folder, "fees-desktop")
    org_phone = browser.new_context(viewport=PHONE)
    org_phone.add_cookies(org.context.cookies())
    org_small = org_phone.new_page()
    org_small.goto(f"{base}/entries/{event.pk}/fees/")
    _shot(org_small, folder, "fees-390")
    org_small.goto(f"{base}/entries/{event.pk}/")
    _shot(org_small, folder, "manage-390")

    # --- eight check in before round 1: seven from their links, one at the desk tablet ------
    for name, *_rest in PLAYERS[:7]:
        phone = phones[name]
        phone.reload()
        phone.click("#check-in-button")
        expect(phone.locator("#checked-in")).to_be_visible()
    _shot(phones["Rosa Rook"], folder, "me-checked-in-390")
    tablet = browser.new_context(viewport=TABLET).new_page()
    tablet.goto(f"{base}/entries/desk/{token}/")
    _shot(tablet, folder, "desk-code-tablet")
    tablet.fill("#id_code", "wrong")
    tablet.click("#desk-code-form button")
    expect(tablet.locator(".messages")).to_contain_text("not the desk code")
    tablet.fill("#id_code", "rook-42")
    tablet.click("#desk-code-form button")
    # Type only once htmx is listening: a fill right after the redirect can beat the deferred script.
    tablet.wait_for_function("() => window.htmx !== undefined")
    tablet.fill("#desk-q", "hana")
    expect(tablet.locator("#desk-list .desk-row")).to_have_count(1)
    _shot(tablet, folder, "desk-tablet")
    tablet.locator("#desk-list .desk-row", has_text="Hana Hook").locator("button").click()
    expect(tablet.locator(".messages")).to_contain_text("Hana Hook is checked in for round 1")
    tablet_phone = browser.new_context(viewport=PHONE)
    tablet_phone.add_cookies(tablet.context.cookies())
    small_desk = tablet_phone.new_page()
    small_desk.goto(f"{base}/entries/desk/{token}/")
    _shot(small_desk, folder, "desk-390")
    assert CheckIn.objects.count() == 8
    assert CheckIn.objects.filter(via="desk").count() == 1
    phones[JUNIOR[0]].reload()
    _shot(phones[JUNIOR[0]], folder, "me-not-checked-in-390")

    # --- round 1: paired with the eight ------------------------------------------------------
    org.goto(f"{base}/entries/sections/{open_.pk}/check-in/")
    expect(org.locator("#check-in-summary")).to_contain_text("8 of 9 checked in")
    _shot(org, folder, "check-in-desktop")
    org_small.goto(f"{base}/entries/sections/{open_.pk}/check-in/")
    _shot(org_small, folder, "check-in-390")
    org.goto(f"{base}/t/{open_.pk}/rounds/")
    expect(org.locator("#pairing-note-1")).to_contain_text("Check-in for round 1: 8 of 9 here.")
    _shot(org, folder, "rounds-note-desktop")
    pair_and_publish(org, base, open_.pk, 1)
    round1 = Round.objects.get(tournament=open_, number=1)
    paired = set(Board.objects.filter(round=round1).values_list("white__name", flat=True)) | set(
        Board.objects.filter(round=round1).values_list("black__name", flat=True)
    )
    assert paired == {p[0] for p in PLAYERS}
    assert RoundBye.objects.get(round_number=1).participant.name == JUNIOR[0]
    enter_results(org, 0)

    # --- the ninth checks in late: paired in round 2 -------------------------------------------
    jill = phones[JUNIOR[0]]
    jill.reload()
    expect(jill.locator("#check-in-card h2")).to_have_text("Round 2")
    jill.click("#check-in-button")
    expect(jill.locator("#checked-in")).to_be_visible()
    org.goto(f"{base}/t/{open_.pk}/rounds/")
    expect(org.locator("#pairing-note-1")).to_contain_text("Check-in for round 2: 9 of 9 here.")
    pair_and_publish(org, base, open_.pk, 2)
    round2 = Round.objects.get(tournament=open_, number=2)
    on_boards = set(Board.objects.filter(round=round2).values_list("white__name", flat=True)) | set(
        Board.objects.filter(round=round2).values_list("black__name", flat=True)
    )
    assert JUNIOR[0] in on_boards
    assert len(on_boards) == 8 and RoundBye.objects.filter(round_number=2, kind="pab").count() == 1
    for context in browser.contexts:
        context.close()
