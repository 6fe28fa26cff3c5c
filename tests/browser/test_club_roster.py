"""A club in a real browser: an arbiter accepts an invitation through its link, and the roster
narrows as the owner types (htmx, no reload), with the strict CSP never tripped."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clubs.services.clubs import club_create
from clubs.services.invitations import invitation_create
from clubs.services.roster import roster_player_create
from tests.browser.test_arbiter_night import login, serialised_sqlite  # noqa: F401 - fixture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.usefixtures("serialised_sqlite")
def test_invite_accept_and_search_the_roster(browser, live_server, django_user_model, screenshot_dir):
    base = live_server.url
    owner = django_user_model.objects.create_user("olga", email="olga@example.org", password="owner-pass-1")
    django_user_model.objects.create_user("arthur", email="arthur@example.org", password="arbiter-pass-1")
    club = club_create(user=owner, name="Caïssa Rooks")
    for name in ("Joanna de Vries", "Jørgen Berg", "Anna Müller", "Ólafsson, Helgi", "Bob Brown"):
        roster_player_create(club=club, name=name)
    _, link = invitation_create(
        club=club, invited_by=owner, role="arbiter", email="arthur@example.org", base_url=base
    )

    context = browser.new_context(viewport={"width": 390, "height": 800})
    page = context.new_page()
    csp_errors: list[str] = []
    page.on("console", lambda m: csp_errors.append(m.text) if "Content Security Policy" in m.text else None)
    login(page, base, "arthur", "arbiter-pass-1")
    page.goto(link)
    page.click("text=Accept")
    expect(page.locator(".messages")).to_contain_text("Welcome to Caïssa Rooks")
    expect(page.locator("#member-list")).to_contain_text("arthur")

    page.goto(f"{base}/clubs/{club.slug}/roster/")
    rows = page.locator("#roster-list tbody tr")
    expect(rows).to_have_count(5)
    page.fill("input[name=q]", "jo")
    expect(rows).to_have_count(2)
    expect(page.locator("#roster-list")).to_contain_text("Jørgen Berg")
    page.fill("input[name=q]", "OLAF")
    expect(rows).to_have_count(1)
    expect(page.locator("#roster-list")).to_contain_text("Ólafsson, Helgi")
    page.screenshot(path=str(screenshot_dir / "club-roster-search-phone.png"), full_page=True)
    assert csp_errors == []
    context.close()
