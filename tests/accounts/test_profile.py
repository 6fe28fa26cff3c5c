"""The profile page: name, email (a new address counts only once its mailed link is opened),
and the links to the password change and the API tokens."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

PROFILE = "/accounts/profile/"
LINK = re.compile(r"https?://[^/\s]+(/accounts/verify/\S+/)")


@pytest.fixture
def olga(db):
    return get_user_model().objects.create_user(
        "olga", email="olga@example.org", password="old-pass-1234", first_name="Olga"
    )


@pytest.fixture
def olga_client(client, olga):
    client.force_login(olga)
    return client


def test_the_profile_needs_a_login(client, db):
    response = client.get(PROFILE)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    client.post(PROFILE, {"first_name": "Mallory", "last_name": "", "email": "m@example.org"})
    assert mail.outbox == []


def test_the_profile_shows_the_account_and_links_password_and_tokens(olga_client):
    page = olga_client.get(PROFILE).content.decode()
    assert "olga@example.org" in page and 'value="Olga"' in page
    assert 'href="/accounts/password_change/"' in page
    assert 'href="/accounts/tokens/"' in page


def test_changing_the_name_saves_it(olga_client, olga):
    response = olga_client.post(
        PROFILE, {"first_name": "Olga", "last_name": "Petrova", "email": "olga@example.org"}
    )
    assert response.status_code == 302
    olga.refresh_from_db()
    assert olga.last_name == "Petrova"
    assert mail.outbox == [], "the address did not change: nothing to verify"


def test_a_new_email_counts_only_after_its_link_is_opened(olga_client, olga, client):
    response = olga_client.post(
        PROFILE, {"first_name": "Olga", "last_name": "", "email": "olga@new.example.org"}
    )
    assert response.status_code == 302
    olga.refresh_from_db()
    assert olga.email == "olga@example.org", "the old address stays until the new one is verified"
    assert [m.to for m in mail.outbox] == [["olga@new.example.org"], ["olga@example.org"]]
    assert "olga@new.example.org" in mail.outbox[1].body, "the old address is told of the change"
    path = LINK.search(mail.outbox[0].body).group(1)
    assert LINK.search(mail.outbox[1].body) is None, "the old address gets no link"
    assert "olga@new.example.org" in olga_client.get(PROFILE).content.decode()

    # The new address does not log in yet; the old one still does.
    client.logout()
    assert (
        client.post(
            "/accounts/login/", {"username": "olga@new.example.org", "password": "old-pass-1234"}
        ).status_code
        == 200
    )
    assert (
        client.post(
            "/accounts/login/", {"username": "olga@example.org", "password": "old-pass-1234"}
        ).status_code
        == 302
    )
    client.logout()

    assert client.get(path).status_code == 302
    olga.refresh_from_db()
    assert olga.email == "olga@new.example.org"
    assert (
        client.post(
            "/accounts/login/", {"username": "olga@new.example.org", "password": "old-pass-1234"}
        ).status_code
        == 302
    )
    # Used once.
    client.logout()
    assert "not valid" in client.get(path, follow=True).content.decode()


def test_a_second_change_voids_the_first_link(olga_client, olga):
    olga_client.post(PROFILE, {"first_name": "Olga", "last_name": "", "email": "first@example.org"})
    first = LINK.search(mail.outbox[0].body).group(1)
    olga_client.post(PROFILE, {"first_name": "Olga", "last_name": "", "email": "second@example.org"})
    olga_client.get(first)
    olga.refresh_from_db()
    assert olga.email == "olga@example.org"


def test_cancelling_a_change_voids_its_link(olga_client, olga):
    olga_client.post(PROFILE, {"first_name": "Olga", "last_name": "", "email": "first@example.org"})
    path = LINK.search(mail.outbox[0].body).group(1)
    assert olga_client.post("/accounts/profile/email/cancel/").status_code == 302
    olga_client.get(path)
    olga.refresh_from_db()
    assert olga.email == "olga@example.org"


def test_an_address_another_account_has_is_refused(olga_client, olga):
    get_user_model().objects.create_user("oleg", email="oleg@example.org", password="x-pass-1234")
    response = olga_client.post(PROFILE, {"first_name": "Olga", "last_name": "", "email": "OLEG@example.org"})
    assert response.status_code == 400
    assert "already" in response.content.decode()
    assert mail.outbox == []


def test_an_address_taken_while_waiting_is_not_applied(olga_client, olga):
    olga_client.post(PROFILE, {"first_name": "Olga", "last_name": "", "email": "shared@example.org"})
    path = LINK.search(mail.outbox[0].body).group(1)
    get_user_model().objects.create_user("oleg", email="shared@example.org", password="x-pass-1234")
    response = olga_client.get(path, follow=True)
    assert "already" in response.content.decode()
    olga.refresh_from_db()
    assert olga.email == "olga@example.org"


def test_password_reset_works_with_the_address_typed_in_another_case(client, olga):
    response = client.post("/accounts/password_reset/", {"email": "  OLGA@Example.org "})
    assert response.status_code == 302
    assert [m.to for m in mail.outbox] == [["olga@example.org"]]


def test_a_password_reset_link_also_verifies_the_address(client, settings, db):
    settings.SIGNUP_MODE = "open"
    client.post(
        "/accounts/signup/",
        {
            "username": "nina",
            "email": "nina@example.org",
            "password1": "queen-side-7x",
            "password2": "queen-side-7x",
        },
    )
    mail.outbox.clear()
    client.post("/accounts/password_reset/", {"email": "nina@example.org"})
    path = re.search(r"(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    form = client.get(path, follow=True)
    client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "brand-new-pass-98", "new_password2": "brand-new-pass-98"},
    )
    assert (
        client.post("/accounts/login/", {"username": "nina", "password": "brand-new-pass-98"}).status_code
        == 302
    )


def test_too_many_address_changes_an_hour_change_nothing(olga_client, olga, settings):
    settings.VERIFICATION_MAIL_LIMIT = 1
    olga_client.post(PROFILE, {"first_name": "Olga", "last_name": "", "email": "first@example.org"})
    response = olga_client.post(
        PROFILE, {"first_name": "Olga", "last_name": "", "email": "second@example.org"}
    )
    assert response.status_code == 400
    assert "Too many" in response.content.decode()
    assert response.context["pending"] == "first@example.org"
    assert [m.to for m in mail.outbox if "/accounts/verify/" in m.body] == [["first@example.org"]]


def test_a_logged_in_user_is_sent_from_sign_up_to_the_profile(olga_client, settings):
    settings.SIGNUP_MODE = "open"
    response = olga_client.get("/accounts/signup/")
    assert response.status_code == 302 and response["Location"] == PROFILE
