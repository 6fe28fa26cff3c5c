"""Issue 30 end to end, through the browser: an organiser creates a weekend open with three sections
and rating bands, registers 60 players through the desk and a CSV (the bands place them), moves one
player before round 1; two deputy arbiters each pair and enter results only in their own section
and are refused elsewhere (pages and API); a phone at 390 px follows the event link, finds a
player's board by name across sections and opens a section's standings. Screenshots in
artifacts/screenshots/30/.

Run: .venv/bin/python -m pytest tests/browser/test_weekend_open.py
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from playwright.sync_api import Page, expect
from rest_framework.authtoken.models import Token

from tests.browser.conftest import scripts_ready
from tests.browser.test_arbiter_night import enter_results, login, pair_and_publish, serialised_sqlite  # noqa: F401
from tournaments.models import Event, Participant, Round

expect.set_options(timeout=15_000)
FIRST = ["Ada", "Bram", "Cleo", "Dirk", "Esme", "Finn", "Gita", "Hugo", "Iris", "Jonas", "Kaja", "Lars"]
LAST = ["Aalto", "Berg", "Costa", "Dahl", "Ek", "Frost", "Gran", "Holm", "Ilves", "Jung"]


def the_list() -> str:
    """54 players: 18 rated 1800 and above, 30 below, 6 juniors born 2014 (the bands place them)."""
    rows = ["name,rating,birth year"]
    for i in range(54):
        name = f"{FIRST[i % len(FIRST)]} {LAST[i % len(LAST)]}-{i}"
        if i < 18:
            rows.append(f"{name},{2300 - 20 * i},")
        elif i < 48:
            rows.append(f"{name},{1790 - 15 * (i - 18)},")
        else:
            rows.append(f"{name},{1100 + 10 * i},2014")
    return "\n".join(rows) + "\n"


def add_section(page: Page, base: str, event_id: int, name: str, **band: str) -> None:
    page.goto(f"{base}/t/new/?event={event_id}")
    page.fill("#id_name", name)
    page.fill("#id_rounds_planned", "5")
    for field, value in band.items():
        page.fill(f"#id_{field}", value)
    page.click("#create-tournament")
    expect(page).to_have_url(re.compile(rf"/e/{event_id}/$"))
    expect(page.locator("#section-list")).to_contain_text(name)


@pytest.mark.browser
def test_a_weekend_open_with_three_sections(
    browser,
    serialised_sqlite,  # noqa: F811 (the fixture imported above)
    transactional_db,
    screenshot_dir,
    django_user_model,
):
    base = serialised_sqlite.url
    folder = screenshot_dir / "30"
    folder.mkdir(parents=True, exist_ok=True)
    django_user_model.objects.create_user("olga", password="organiser-pass-1")
    deputy_a = django_user_model.objects.create_user("dana", password="deputy-pass-1")
    django_user_model.objects.create_user("boris", password="deputy-pass-2")

    # --- the organiser: an event, three sections with bands ---------------------------------
    org = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    login(org, base, "olga", "organiser-pass-1")
    org.click("#new-event")
    org.fill("#id_name", "Weekend Open")
    org.fill("#id_place", "Town hall")
    org.click("#event-form button[type=submit]")
    expect(org).to_have_url(re.compile(r"/e/\d+/$"))
    event = Event.objects.get(name="Weekend Open")
    add_section(org, base, event.pk, "Open A", band_min_rating="1800")
    add_section(org, base, event.pk, "Open B", band_max_rating="1800")
    add_section(org, base, event.pk, "Juniors", max_age="14")
    sections = {s.name: s for s in event.sections.all()}

    # --- the desk: six players by hand, the hint naming the section as the rating is typed --
    desk = [
        ("Maja Stark", 2105),
        ("Nils Weak", 1450),
        ("Olle Mid", 1799),
        ("Pia High", 1800),
        ("Quinn Low", 1200),
        ("Rita Top", 2250),
    ]
    for name, rating in desk:
        scripts_ready(org)  # the event page after the section's creation or the last entry
        org.fill("#id_name", name)
        org.fill("#id_rating", str(rating))
        expect(org.locator("#section-suggestion")).to_contain_text("Open A" if rating >= 1800 else "Open B")
        org.click("#event-register-form button[type=submit]")
        expect(org.locator(".messages")).to_contain_text(f"{name} entered in")
    org.click("#event-import summary")
    org.fill("#id_text", the_list())
    org.click("#event-import button[name=check]")
    expect(org.locator("#event-import-preview")).to_contain_text("Juniors")
    assert Participant.objects.filter(tournament__event=event).count() == 6
    org.click("#event-import button[name=commit]")
    expect(org.locator(".messages")).to_contain_text("54 players entered")
    counts = {name: s.participants.count() for name, s in sections.items()}
    assert counts == {"Open A": 21, "Open B": 33, "Juniors": 6}
    org.screenshot(path=str(folder / "event-desktop.png"), full_page=True)

    # --- a move before round 1 (Olle is 1799 but plays up) ----------------------------------
    olle = Participant.objects.get(name="Olle Mid")
    org.select_option("#event-move-form select[name=participant]", str(olle.pk))
    org.select_option("#event-move-form select[name=section]", str(sections["Open A"].pk))
    org.click("#event-move-form button[type=submit]")
    expect(org.locator(".messages")).to_contain_text("Olle Mid moved to Open A")

    # --- deputies, each for one section, named on the section's settings page ---------------
    for section, username in (("Open A", "dana"), ("Open B", "boris")):
        org.goto(f"{base}/t/{sections[section].pk}/settings/")
        org.fill("#staff-form input[name=username]", username)
        org.select_option("#staff-form select[name=role]", "arbiter")
        org.click("#staff-form button[type=submit]")
        expect(org.locator(".staff-list")).to_contain_text(username)

    # --- each deputy pairs and enters results in their own section only ---------------------
    for username, password, mine, theirs in (
        ("dana", "deputy-pass-1", "Open A", "Open B"),
        ("boris", "deputy-pass-2", "Open B", "Open A"),
    ):
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        login(page, base, username, password)
        pair_and_publish(page, base, sections[mine].pk, 1)
        enter_results(page, offset=0)
        refused = page.goto(f"{base}/t/{sections[theirs].pk}/rounds/")
        assert refused is not None and refused.status == 404
        page.goto(f"{base}/e/{event.pk}/")
        expect(page.locator("#section-list")).to_contain_text(mine)
        expect(page.locator("#section-list")).not_to_contain_text(theirs)
        page.context.close()
    assert Round.objects.filter(tournament=sections["Juniors"]).count() == 0
    token = Token.objects.get_or_create(user=deputy_a)[0].key
    api = Client().post(
        f"/api/tournaments/{sections['Open B'].pk}/rounds/pair/", HTTP_AUTHORIZATION=f"Token {token}"
    )
    assert api.status_code == 404
    assert Round.objects.filter(tournament=sections["Open B"]).count() == 1

    # --- a phone in the hall: the event link, find my board, a section's standings ----------
    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    phone.goto(f"{base}/p/e/{event.public_token}/")
    expect(phone.locator("#event-sections")).to_contain_text("Open A")
    expect(phone.locator("#event-sections")).to_contain_text("Juniors")
    phone.screenshot(path=str(folder / "event-public-phone.png"), full_page=True)
    phone.fill("#find-q", "Nils")
    phone.click("button[type=submit]")
    expect(phone.locator("#event-findings")).to_contain_text("Nils Weak")
    expect(phone.locator("#event-findings")).to_contain_text("Open B")
    expect(phone.locator("#event-findings .finding-board").first).to_contain_text("Board")
    phone.screenshot(path=str(folder / "event-find-phone.png"), full_page=True)
    phone.goto(f"{base}/p/e/{event.public_token}/")
    phone.locator(".event-section", has_text="Open A").get_by_role("link", name="Standings").click()
    expect(phone).to_have_url(re.compile(r"/standings/$"))
    expect(phone.locator("body")).to_contain_text("Olle Mid")
    phone.screenshot(path=str(folder / "section-standings-phone.png"), full_page=True)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the standings page scrolls sideways on a phone ({width}px)"
    phone.context.close()
    org.context.close()
