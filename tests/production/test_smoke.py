"""The arbiter's story against the production stack: nginx in front, gunicorn with DEBUG=0, a
Celery worker, PostgreSQL and Redis (scripts/ci_production_smoke.sh starts them). Every page must
come with its styles and htmx, and without a console error or a CSP violation."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.production
expect.set_options(timeout=30_000)

CSV = """name,rating
Alice Archer,2210
Bruno Berger,2150
Chen Castro,2105
Dana Dvorak,2050
Emil Eriksen,1990
Fatima Fischer,1940
"""
WATCH_CSP = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(e.violatedDirective + " " + e.blockedURI);
});
"""
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots" / "19"


class Watched:
    """A page whose console errors and uncaught exceptions are collected."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        page.add_init_script(WATCH_CSP)
        page.on(
            "console",
            lambda m: (
                self.errors.append(f"{m.text} at {m.location} on {page.url}") if m.type == "error" else None
            ),
        )
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def assert_healthy(self) -> None:
        """Stylesheets loaded and applied, htmx running, nothing refused or broken."""
        page = self.page
        page.wait_for_load_state("load")
        sheets = page.evaluate(
            "() => [...document.styleSheets].filter(s => !s.media.mediaText.includes('print'))"
            ".map(s => [s.href, s.cssRules.length])"
        )
        assert sheets and all(rules > 0 for _, rules in sheets), sheets
        # app.css sets body's margin to 0 and a system font; the browser's defaults are 8px and serif.
        style = page.evaluate(
            "() => { const s = getComputedStyle(document.body); return [s.marginTop, s.fontFamily]; }"
        )
        assert style[0] == "0px" and "system-ui" in style[1], style
        assert page.evaluate(
            "() => typeof window.htmx === 'object' && typeof window.htmx.ajax === 'function'"
        )
        assert page.evaluate("() => window.__cspViolations") == []
        assert self.errors == [], self.errors


def test_an_arbiter_runs_round_one_on_the_production_stack(browser):
    base = os.environ["SMOKE_BASE_URL"]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    staff = browser.new_context(viewport={"width": 1280, "height": 900})
    watched = Watched(staff.new_page())
    page = watched.page

    page.goto(base + "/accounts/login/")
    watched.assert_healthy()
    page.fill("#id_username", os.environ["SMOKE_USER"])
    page.fill("#id_password", os.environ["SMOKE_PASSWORD"])
    page.click("main button[type=submit]")
    expect(page.locator(".who")).to_have_text(os.environ["SMOKE_USER"])

    page.click("text=New tournament")
    page.fill("#id_name", "Smoke Test Open")
    page.fill("#id_rounds_planned", "3")
    page.fill("#id_no_byes_in_last_rounds", "0")
    page.fill("#id_expected_players", "6")
    watched.assert_healthy()
    page.click("#tournament-form > button[type=submit]")
    expect(page).to_have_url(re.compile(r"/t/\d+/participants/$"))
    tid = int(re.search(r"/t/(\d+)/", page.url).group(1))

    page.click("text=Import a list (CSV)")
    page.fill("#id_text", CSV)
    page.click("button[name=preview]")
    expect(page.locator("#import-preview")).to_contain_text("6 rows, all valid")
    page.click("button[name=commit]")
    expect(page.locator("#participant-list")).to_contain_text("6 participants")
    watched.assert_healthy()

    # Pairing goes through the broker to the worker; the page polls until the draft is there.
    page.goto(f"{base}/t/{tid}/rounds/")
    page.click("text=Pair round 1")
    expect(page.locator("#round-status")).to_contain_text("Draft", timeout=60_000)
    page.click("text=Publish round 1")
    expect(page.locator("#round-status")).to_contain_text("Published")
    row_id = page.locator("tr.board-row").first.get_attribute("id")
    page.locator(f"#{row_id}").focus()
    page.locator(f"#{row_id}").press("1")
    expect(page.locator(f"#{row_id} .result-value")).to_have_text("1-0")
    watched.assert_healthy()
    page.screenshot(path=str(SCREENSHOTS / "smoke-round-1280.png"), full_page=True)

    page.goto(f"{base}/p/manage/{tid}/")
    public_url = page.locator(".share-link a").get_attribute("href")
    assert public_url.startswith(base + "/p/")  # SITE_URL, not the Host header
    watched.assert_healthy()

    spectator_ctx = browser.new_context(viewport={"width": 390, "height": 844})
    spectator = Watched(spectator_ctx.new_page())
    spectator.page.goto(public_url)
    expect(spectator.page.locator("main")).to_contain_text("Alice Archer")
    expect(spectator.page.locator("main")).to_contain_text("1-0")
    spectator.assert_healthy()
    spectator.page.screenshot(path=str(SCREENSHOTS / "smoke-public-390.png"), full_page=True)

    # nginx serves the hashed static files itself, cacheable for a year, and the favicon.
    css = page.evaluate("() => document.querySelector('link[rel=stylesheet]').href")
    assert re.search(r"/static/css/app\.[0-9a-f]{12}\.css$", css), css
    response = page.request.get(css)
    assert response.status == 200 and "immutable" in response.headers["cache-control"]
    assert page.request.get(base + "/favicon.ico").status == 200
    staff.close()
    spectator_ctx.close()
