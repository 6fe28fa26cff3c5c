"""Issue 23 end to end in a real browser: an owner creates a club, invites an arbiter by a link
copied by hand, the arbiter accepts in another browser, the owner creates the club's tournament,
registers 20 players from the roster by typing parts of their names (accents ignored), pairs
round 1, and the arbiter, with the club role only, enters a result."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from clubs.models import Club
from clubs.services.roster import roster_player_create
from tests.browser.test_arbiter_night import login, serialised_sqlite  # noqa: F401 - fixture
from tournaments.models import Board, Tournament, TournamentRole

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# (roster name, what the owner types): parts of names, in any case, without the accents.
ROSTER = [
    ("Ólafsson, Helgi", "olafs"), ("Anna Müller", "MULL"), ("Jørgen Berg", "jorg"), ("José Muñoz", "munoz"),
    ("Zoë Fischer", "zoe"), ("Łukasz Wróbel", "wrob"), ("Søren Dahl", "soren"), ("Anaïs Lefèvre", "lefev"),
    ("Çağan Öztürk", "ozt"), ("Frida Åberg", "aberg"), ("Bob Brown", "bob"), ("Carla Costa", "cost"),
    ("Dmitri Orlov", "orlov"), ("Eva Novák", "novak"), ("Gustav Holm", "holm"), ("Hana Šimková", "simk"),
    ("Ivo Kraljević", "kralj"), ("Jana Dvořák", "dvor"), ("Kofi Mensah", "mensah"), ("Lena Weiß", "lena"),
    ("Marta Quist", "quist"), ("Nils Ek", "nils"),
]  # fmt: skip
PICKED = ROSTER[:20]


@pytest.mark.usefixtures("serialised_sqlite")
def test_owner_to_first_result_through_the_club(browser, live_server, django_user_model, screenshot_dir):
    base = live_server.url
    shots = screenshot_dir / "23c"
    shots.mkdir(exist_ok=True)
    django_user_model.objects.create_user("olga", email="olga@example.org", password="owner-pass-1")
    django_user_model.objects.create_user("arthur", email="arthur@example.org", password="arbiter-pass-1")

    owner_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    own = owner_ctx.new_page()
    login(own, base, "olga", "owner-pass-1")
    own.goto(f"{base}/clubs/new/")
    own.fill("input[name=name]", "Caïssa Rooks")
    own.click("text=Create club")
    expect(own).to_have_url(re.compile(r"/clubs/[\w-]+/dashboard/$"))
    club = Club.objects.get(name="Caïssa Rooks")
    for i, (name, _) in enumerate(ROSTER):
        roster_player_create(club=club, name=name, rating=2200 - 37 * i)

    # --- the invitation link, copied by hand (no mail server) ----------------------------------
    own.select_option("#invite-form select[name=role]", "arbiter")
    own.click("text=Create invitation")
    link = own.locator("#new-invitation-link").input_value()
    assert link.startswith("http")
    arbiter_ctx = browser.new_context(viewport={"width": 390, "height": 844})
    arb = arbiter_ctx.new_page()
    login(arb, base, "arthur", "arbiter-pass-1")
    arb.goto(link)
    arb.click("text=Accept")
    expect(arb.locator(".messages")).to_contain_text("Welcome to Caïssa Rooks")

    # --- the owner creates the club's tournament from the dashboard ----------------------------
    own.goto(f"{base}/clubs/{club.slug}/dashboard/")
    own.click("#club-tournament-new")
    expect(own.locator("h1")).to_have_text("New tournament for Caïssa Rooks")
    own.fill("input[name=name]", "Thursday Swiss")
    own.click("text=Create tournament")
    expect(own).to_have_url(re.compile(r"/t/\d+/participants/$"))
    tournament = Tournament.objects.get(name="Thursday Swiss")
    assert tournament.club == club

    # --- 20 players from the roster, by typing parts of their names ----------------------------
    for n, (name, typed) in enumerate(PICKED, start=1):
        own.fill("#registry-q", "")
        own.locator("#registry-q").press_sequentially(typed, delay=30)  # typed, key by key
        button = own.get_by_role("button", name=f"Register {name}")
        expect(button).to_be_visible()
        if n == 3:
            own.screenshot(path=str(shots / "participants-roster-search-desktop.png"), full_page=True)
        button.click()
        expect(own.locator("#participant-list h2")).to_have_text(f"{n} participant{'s' * (n > 1)}")
    expect(own.locator("#participant-list")).to_contain_text("Ólafsson, Helgi")
    assert tournament.participants.count() == 20

    own.goto(f"{base}/t/{tournament.pk}/rounds/")
    own.click("text=Pair round 1")
    expect(own.locator("#round-status")).to_contain_text("Draft")
    own.click("text=Publish round 1")
    expect(own.locator("#round-status")).to_contain_text("Published")

    # --- the arbiter, with the club role only, enters a result ---------------------------------
    assert not TournamentRole.objects.filter(tournament=tournament, user__username="arthur").exists()
    arb.goto(f"{base}/clubs/{club.slug}/dashboard/")
    arb.click("text=Thursday Swiss")
    arb.goto(f"{base}/t/{tournament.pk}/rounds/1/")
    row_id = arb.locator("tr.board-row").first.get_attribute("id")
    row = arb.locator(f"#{row_id}")
    row.focus()
    row.press("1")
    expect(arb.locator(f"#{row_id} .result-value")).to_have_text("1-0")
    arb.screenshot(path=str(shots / "round-result-club-arbiter-phone.png"), full_page=True)
    assert Board.objects.filter(round__tournament=tournament).exclude(result="").count() == 1

    # --- screenshots of the pages this issue touched, desktop and phone ------------------------
    for label, page in (("desktop", own), ("phone", arb)):
        page.goto(f"{base}/clubs/{club.slug}/dashboard/")
        page.screenshot(path=str(shots / f"club-dashboard-{label}.png"), full_page=True)
        page.goto(f"{base}/clubs/{club.slug}/")
        page.screenshot(path=str(shots / f"club-public-{label}.png"), full_page=True)
    arb.goto(f"{base}/t/{tournament.pk}/participants/?q=ann")
    arb.screenshot(path=str(shots / "participants-roster-search-phone.png"), full_page=True)
    owner_ctx.close()
    arbiter_ctx.close()
