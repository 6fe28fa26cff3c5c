"""Issue 22 (5, 16) in the browser: an organiser finds the files and the audit log from the
tournament's tabs, downloads a backup, and archives the tournament off the home page.
Screenshots go to artifacts/screenshots/22b/.

Run: .venv/bin/python -m pytest tests/browser/test_files_and_log.py
"""

from __future__ import annotations

import json

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, PHONE
from tests.tournaments.services.conftest import add_players, pair_and_publish
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)


def test_an_organiser_downloads_a_backup_reads_the_log_and_archives(
    browser, live_server, tournament, organiser, arbiter, screenshot_dir
):
    add_players(tournament, 8)
    pair_and_publish(tournament, arbiter)
    folder = screenshot_dir / "22b"
    folder.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport=DESKTOP, device_scale_factor=1, accept_downloads=True)
    page = context.new_page()
    client = Client()
    client.force_login(organiser)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page.goto(live_server.url + "/")
    page.click("text=Club Championship")
    page.click("nav.tabs >> text=Files & log")
    expect(page.locator("#audit-log")).to_contain_text("Round published")  # in words (issue 33)
    with page.expect_download() as download:
        page.click("text=JSON backup (everything, restorable)")
    backup = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert backup["format"] and len(backup["participants"]) == 8
    page.fill("#audit-filter input[name=round]", "1")
    page.click("#audit-filter button[type=submit]")
    expect(page.locator("#audit-log")).to_contain_text("Round paired")
    page.screenshot(path=str(folder / "files-and-log-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(folder / "files-and-log-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    page.click('#archive-delete button:text-is("Archive")')
    expect(page.locator("#archived")).to_contain_text("Archived (1)")
    assert Tournament.objects.get(pk=tournament.pk).archived_at is not None
    page.click("#archived summary")
    page.screenshot(path=str(folder / "home-archived-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(folder / "home-archived-phone.png"), full_page=True)
    context.close()
