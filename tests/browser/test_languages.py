"""Interface languages in a real browser (issue 31): a phone asking for French follows a public
link, reads French pairings, standings with their tie-break breakdowns and a player's page, then
switches to German; an arbiter whose profile says Spanish enters a result in Spanish.

The German and Spanish parts pass once those catalogues are translated (tests/i18n checks them)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from accounts.language import profile_language_set
from tests.tournaments.public.builders import build_tournament
from tests.tournaments.public.conftest import public_url
from tournaments.models import Board

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
WAIT_MS = 20_000


@pytest.fixture
def event(tournament):
    build_tournament(tournament, players=8, rounds=3, last_round_results=False)
    return tournament


def test_a_french_phone_reads_the_public_pages_in_french_then_switches_to_german(browser, live_server, event):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=1, locale="fr-FR", extra_http_headers={"Accept-Language": "fr"}
    )
    page = context.new_page()
    try:
        page.goto(live_server.url + public_url(event, "pairings"))
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.locator(".public-nav")).to_contain_text("Appariements")
        expect(page.locator("#main")).to_contain_text("Ronde")

        page.locator(".public-nav a", has_text="Classement").click()
        expect(page.locator("h1")).to_contain_text("Classement")
        expect(page.locator("#main")).to_contain_text("Départages, dans l’ordre")
        # The breakdown loads by htmx when the row opens: open it once htmx listens (a race under load).
        page.wait_for_function("() => window.htmx !== undefined")
        page.locator("td details summary").first.click()
        expect(page.locator("td details .breakdown").first).not_to_be_empty(timeout=WAIT_MS)

        page.locator("td.player a").first.click()
        expect(page.locator("#main")).to_contain_text("Ronde")
        expect(page.locator("#main")).to_contain_text("point")

        page.locator(".language-switcher a[lang=de]").click()
        expect(page.locator("html")).to_have_attribute("lang", "de")
        page.locator(".public-nav a", has_text="Paarungen").click()
        expect(page.locator(".public-nav")).to_contain_text("Rangliste")
        expect(page.locator("#main")).to_contain_text("Runde")
    finally:
        context.close()


def test_an_arbiter_whose_profile_says_spanish_enters_a_result_in_spanish(
    arbiter_page, arbiter, live_server, event
):
    profile_language_set(user=arbiter, language="es")
    page = arbiter_page(PHONE)
    round_number = event.rounds.order_by("-number").first().number
    page.goto(f"{live_server.url}/t/{event.pk}/rounds/{round_number}/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("h2.round-title")).to_contain_text("Ronda")
    board = (
        Board.objects.filter(round__tournament=event, round__number=round_number, result=Board.Result.PENDING)
        .order_by("number")
        .first()
    )
    page.locator("#quick-entry-input").fill(f"{board.number} 1")
    page.keyboard.press("Enter")
    expect(page.locator("#main")).to_contain_text("Tablero")
    for _ in range(WAIT_MS // 250):
        board.refresh_from_db()
        if board.result != Board.Result.PENDING:
            break
        page.wait_for_timeout(250)
    assert board.result == Board.Result.WHITE_WINS
