"""Issue 22 (pairing ends in place): while a round is being paired its page polls; when the draft
is ready (or the pairing failed) the round section is swapped in without reloading the page.

Also takes the screenshots of the pages issue 22c changed (artifacts/screens-22c/): the round page
with namesakes, and an archived tournament's banner, at desktop and phone widths."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

import pytest
from playwright.sync_api import Page, expect

from pairing.services.execute import round_pair_execute
from pairing.services.swiss import round_pair
from tests.browser.conftest import DESKTOP, PHONE
from tests.tournaments.services.conftest import add_players
from tournaments.models import Board, Participant, Round
from tournaments.services.lifecycle import tournament_archive
from tournaments.services.participants.numbers import pairing_numbers_assign

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=20_000)

SCREENS = Path(__file__).resolve().parents[2] / "artifacts" / "screens-22c"


@pytest.fixture
def players(tournament):
    people = add_players(tournament, 8)
    # Two namesakes, told apart by their clubs.
    for person, club in ((people[0], "Hull"), (people[7], "York")):
        person.name, person.club_name = "John Smith", club
        person.save(update_fields=["name", "club_name"])
    pairing_numbers_assign(tournament)
    return tournament


@pytest.fixture
def being_paired(players, arbiter) -> Round:
    """Round 1 claimed for pairing, its task not sent (the test plays the worker)."""
    with mock.patch("pairing.tasks.round_pair_task.apply_async"):
        rnd = round_pair(tournament=players, user=arbiter)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PAIRING
    return rnd


def _open(page: Page, live_server, rnd: Round) -> None:
    page.goto(f"{live_server.url}/t/{rnd.tournament_id}/rounds/{rnd.number}/")
    expect(page.locator("#round-status")).to_contain_text("Pairing round 1")
    page.evaluate("window.__notReloaded = true")


def test_the_draft_is_swapped_in_without_reloading_the_page(arbiter_page, live_server, being_paired):
    page = arbiter_page(DESKTOP)
    _open(page, live_server, being_paired)
    round_pair_execute(round_id=being_paired.pk, task_id=being_paired.task_id)
    expect(page.locator("#round-status")).to_contain_text("Draft", timeout=15_000)
    expect(page.locator("#pairings-table tr.board-row")).to_have_count(4)
    expect(page.locator("#publish-form")).to_be_visible()
    assert page.evaluate("window.__notReloaded === true")
    assert page.locator("#round-section").count() == 1  # replaced, not nested
    # The swapped-in draft works: publishing it is a normal form post.
    page.get_by_role("button", name="Publish round 1").click()
    expect(page.locator("#round-status")).to_contain_text("Published")


def test_a_failed_pairing_is_swapped_in_without_reloading_the_page(arbiter_page, live_server, being_paired):
    page = arbiter_page(DESKTOP)
    _open(page, live_server, being_paired)
    Round.objects.filter(pk=being_paired.pk).update(status="failed", error="The engine ran out of time.")
    expect(page.locator("#round-status")).to_contain_text("Pairing failed", timeout=15_000)
    expect(page.locator("#round-status")).to_contain_text("The engine ran out of time.")
    assert page.evaluate("window.__notReloaded === true")


def test_screenshots_of_the_round_page_with_namesakes_and_the_archived_banner(
    arbiter_page, staff_page, organiser, live_server, being_paired
):
    SCREENS.mkdir(parents=True, exist_ok=True)
    round_pair_execute(round_id=being_paired.pk, task_id=being_paired.task_id)
    smiths = Participant.objects.filter(tournament=being_paired.tournament, name="John Smith")
    assert smiths.count() == 2
    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = arbiter_page(viewport)
        page.goto(f"{live_server.url}/t/{being_paired.tournament_id}/rounds/1/")
        expect(page.locator(".namesake")).to_have_count(2)
        page.screenshot(path=str(SCREENS / f"round-namesakes-{name}.png"), full_page=True)
    assert Board.objects.filter(round=being_paired).count() == 4
    tournament_archive(tournament=being_paired.tournament, user=organiser)
    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = staff_page(organiser, viewport)
        page.goto(f"{live_server.url}/t/{being_paired.tournament_id}/participants/")
        expect(page.locator("#archived-banner")).to_contain_text("restore it to change it")
        expect(page.locator("#quick-add")).to_have_count(0)
        page.screenshot(path=str(SCREENS / f"archived-banner-{name}.png"), full_page=True)
