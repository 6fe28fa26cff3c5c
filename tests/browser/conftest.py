"""Playwright driving Debian's Chromium (never a downloaded browser).

Browser tests are skipped with a message when /usr/bin/chromium is missing; `.ci/run` installs it.
Screenshots go to artifacts/screenshots/.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page

CHROMIUM = "/usr/bin/chromium"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"

# Playwright's sync API runs an event loop in this thread; Django's ORM calls from the test body
# are still synchronous, so tell Django this is intended.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_collection_modifyitems(config, items):
    if os.path.exists(CHROMIUM):
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} not installed (apt-get install chromium; .ci/run does)")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def _close_pages_left_open(request):
    """Close every browser context a test leaves open. A page left open keeps polling the live
    server (a phone's report page every few seconds) after its test's database is gone, and the
    error it raises there reaches whichever test's client is running at that moment (Django's
    ``got_request_exception`` is global): CI saw a schema test fail with a phone page's error."""
    yield
    if "browser" in request.fixturenames:
        for context in list(request.getfixturevalue("browser").contexts):
            context.close()


@pytest.fixture
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


# Staff pages (issue 22): the arbiter's desktop and phone, logged in by session cookie.
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def shots(screenshot_dir) -> Path:
    folder = screenshot_dir / "22"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture
def page_at(browser):
    """``page_at(viewport)``: a page in a fresh browser context, closed after the test."""
    contexts = []

    def make(viewport) -> Page:
        context = browser.new_context(viewport=viewport, device_scale_factor=1)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def staff_page(page_at, live_server):
    """``staff_page(user, viewport)``: a browser page logged in as ``user`` (by session cookie)."""
    from django.test import Client

    def make(user, viewport) -> Page:
        client = Client()
        client.force_login(user)
        page = page_at(viewport)
        page.context.add_cookies(
            [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
        )
        return page

    return make


@pytest.fixture
def arbiter_page(staff_page, arbiter):
    return lambda viewport: staff_page(arbiter, viewport)


def tab_to(page: Page, selector: str, limit: int = 80) -> int:
    """Press Tab until the focused element matches ``selector``; return how many presses it took."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return presses
    raise AssertionError(f"Tab never reached {selector} in {limit} presses")


def scripts_ready(page: Page) -> None:
    """Wait until the page's deferred scripts listen: htmx processes the page on DOMContentLoaded,
    which comes before ``load``. A page reached by a click or a form's redirect is not waited for
    by Playwright, and a value typed before htmx listens triggers nothing (seen in CI)."""
    page.wait_for_load_state("load")
    page.wait_for_function("() => window.htmx !== undefined")
