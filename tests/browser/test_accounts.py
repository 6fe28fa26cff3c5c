"""A newcomer signs up, verifies the address from the mail (Django's locmem outbox: the live server
runs in this process), is refused before that and logged in after it, edits the profile, forgets
the password and resets it by mail. Screenshots of each page, desktop and phone, in
artifacts/screenshots/23b/.

Run: .venv/bin/python -m pytest tests/browser/test_accounts.py
"""

from __future__ import annotations

import re

import pytest
from django.core import mail
from playwright.sync_api import Page, expect

from tests.browser.test_arbiter_night import serialised_sqlite, shot  # noqa: F401 (fixture)

expect.set_options(timeout=15_000)
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
PASSWORD = "queen-side-castle-7"


def link_in_last_mail(to: str, pattern: str) -> str:
    message = [m for m in mail.outbox if m.to == [to]][-1]
    match = re.search(rf"https?://\S+({pattern}\S+/)", message.body)
    assert match, message.body
    return match.group(1)


def log_in(page: Page, base: str, name: str, password: str) -> None:
    page.goto(base + "/accounts/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", password)
    page.click("form.stack button[type=submit] >> text=Log in")


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_sign_up_verify_log_in_and_reset_the_password(
    browser,
    serialised_sqlite,  # noqa: F811 (the fixture imported above)
    transactional_db,
    screenshot_dir,
    settings,
    viewport,
):
    settings.SIGNUP_MODE = "open"
    base = serialised_sqlite.url
    folder = screenshot_dir / "23b"
    folder.mkdir(parents=True, exist_ok=True)
    size = "desktop" if viewport is DESKTOP else "phone"
    context = browser.new_context(viewport=viewport, device_scale_factor=1)
    page = context.new_page()
    try:
        # Sign up from the navigation.
        page.goto(base + "/")
        page.click("header nav >> text=Sign up")
        expect(page.locator("h1")).to_have_text("Sign up")
        page.fill("#id_username", "nina")
        page.fill("#id_email", "nina@example.org")
        page.fill("#id_password1", PASSWORD)
        page.fill("#id_password2", PASSWORD)
        shot(page, folder, f"signup-{size}.png")
        page.click("button[type=submit] >> text=Sign up")
        expect(page.locator("h1")).to_have_text("Check your email")
        expect(page.locator("main")).to_contain_text("nina@example.org")
        shot(page, folder, f"signup-done-{size}.png")

        # Not verified yet: the right password is refused, with the link offered again.
        log_in(page, base, "nina", PASSWORD)
        expect(page.locator("main")).to_contain_text("not verified yet")
        shot(page, folder, f"login-unverified-{size}.png")
        page.click("#verify-resend button")
        expect(page.locator(".messages")).to_contain_text("Link sent")
        assert len(mail.outbox) == 2

        # The link from the mail verifies; then logging in by email works.
        page.goto(base + link_in_last_mail("nina@example.org", "/accounts/verify/"))
        expect(page.locator(".messages")).to_contain_text("verified")
        log_in(page, base, "nina@example.org", PASSWORD)
        expect(page.locator(".who")).to_have_text("nina")

        # The profile, from the navigation.
        page.click("header nav >> text=Profile")
        expect(page.locator("h1")).to_have_text("Your profile")
        page.fill("#id_first_name", "Nina")
        page.fill("#id_email", "nina@new.example.org")
        page.click("button[type=submit] >> text=Save")
        expect(page.locator("#pending-email")).to_contain_text("nina@new.example.org")
        shot(page, folder, f"profile-pending-{size}.png")
        expect(page.locator("a", has_text="API tokens")).to_have_attribute("href", "/accounts/tokens/")
        page.goto(base + link_in_last_mail("nina@new.example.org", "/accounts/verify/"))
        expect(page.locator(".messages")).to_contain_text("now nina@new.example.org")
        expect(page.locator("#id_email")).to_have_value("nina@new.example.org")
        page.click("header nav >> text=Log out")

        # Forgotten password: reset by mail, typed in another case, then log in with the new one.
        page.goto(base + "/accounts/login/")
        page.click("text=Forgot your password?")
        page.fill("#id_email", "Nina@New.Example.org")
        page.click("button[type=submit]")
        expect(page.locator("h1")).to_have_text("Check your email")
        page.goto(base + link_in_last_mail("nina@new.example.org", "/accounts/reset/"))
        page.fill("#id_new_password1", "brand-new-pass-98")
        page.fill("#id_new_password2", "brand-new-pass-98")
        shot(page, folder, f"reset-confirm-{size}.png")
        page.click("button[type=submit]")
        expect(page.locator("h1")).to_have_text("Password changed")
        log_in(page, base, "nina", "brand-new-pass-98")
        expect(page.locator(".who")).to_have_text("nina")
        shot(page, folder, f"logged-in-{size}.png")
    finally:
        context.close()
