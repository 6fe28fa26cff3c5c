"""Sign-up with email verification (issue 23): the site setting SIGNUP_MODE (open, invitation,
closed), the mailed link that verifies the address, the login that refuses an unverified account
(with a rate-limited "send the link again"), and logging in by user name or email."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from accounts import invitations
from accounts.invitations import SignupInvitation

LINK = re.compile(r"https?://[^/\s]+(/accounts/verify/\S+/)")
SIGNUP = "/accounts/signup/"
LOGIN = "/accounts/login/"
FORM = {
    "username": "nina",
    "email": "Nina@Example.org",
    "password1": "queen-side-castle-7",
    "password2": "queen-side-castle-7",
}


@pytest.fixture(autouse=True)
def _open(settings):
    settings.SIGNUP_MODE = "open"


def verification_path(message) -> str:
    match = LINK.search(message.body)
    assert match, message.body
    return match.group(1)


def login(client, username, password="queen-side-castle-7", **extra):
    return client.post(LOGIN, {"username": username, "password": password}, **extra)


@pytest.mark.django_db
def test_sign_up_mails_a_link_that_verifies_and_then_login_works(client):
    response = client.post(SIGNUP, FORM)
    assert response.status_code == 302
    user = get_user_model().objects.get(username="nina")
    assert user.email == "Nina@example.org"  # Django lower-cases the domain only
    assert user.check_password("queen-side-castle-7")
    assert "_auth_user_id" not in client.session, "signing up is not logging in"

    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["Nina@example.org"]
    path = verification_path(mail.outbox[0])

    # Before the link: the right password is refused, with a message saying why.
    refused = login(client, "nina")
    assert refused.status_code == 200
    assert "_auth_user_id" not in client.session
    assert "not verified" in refused.content.decode()

    verified = client.get(path)
    assert verified.status_code == 302 and verified["Location"].startswith(LOGIN)
    assert login(client, "nina").status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)
    # The link works once.
    client.logout()
    again = client.get(path, follow=True)
    assert "not valid" in again.content.decode()


@pytest.mark.django_db
def test_a_tampered_link_verifies_nothing(client):
    client.post(SIGNUP, FORM)
    path = verification_path(mail.outbox[0])
    response = client.get(path[:-3] + "xx/", follow=True)
    assert "not valid" in response.content.decode()
    assert login(client, "nina").status_code == 200
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_an_unverified_account_can_send_the_link_again_a_few_times(client, settings):
    settings.VERIFICATION_MAIL_LIMIT = 2
    client.post(SIGNUP, FORM)
    # Nobody can ask for a link without having typed the right password first.
    assert client.post("/accounts/verify/resend/").status_code == 400
    assert len(mail.outbox) == 1

    refused = login(client, "nina")
    assert 'action="/accounts/verify/resend/"' in refused.content.decode()
    sent = client.post("/accounts/verify/resend/", follow=True)
    assert len(mail.outbox) == 2
    assert "sent" in sent.content.decode()
    limited = client.post("/accounts/verify/resend/", follow=True)
    assert len(mail.outbox) == 2, "two mails an hour at most (the sign-up's counts)"
    assert "Too many" in limited.content.decode()
    # Every link mailed works until one of them is used.
    assert client.get(verification_path(mail.outbox[1])).status_code == 302
    assert login(client, "nina").status_code == 302


@pytest.mark.django_db
def test_the_unverified_refusal_is_only_for_the_right_password(client):
    client.post(SIGNUP, FORM)
    wrong = login(client, "nina", "not-my-password")
    assert "not verified" not in wrong.content.decode()
    assert "verify/resend" not in wrong.content.decode()


@pytest.mark.django_db
def test_the_api_token_endpoint_refuses_an_unverified_account(client):
    client.post(SIGNUP, FORM)
    response = client.post("/api/auth/token/", {"username": "nina", "password": "queen-side-castle-7"})
    assert response.status_code == 400
    assert "verif" in response.json()["detail"]


@pytest.mark.django_db
def test_sign_up_refuses_an_at_sign_in_the_user_name(client):
    response = client.post(SIGNUP, {**FORM, "email": "other@example.org", "username": "n@x.org"})
    assert response.status_code == 400
    assert not get_user_model().objects.filter(username="n@x.org").exists()
    assert mail.outbox == []


@pytest.mark.django_db
def test_a_taken_address_answers_as_a_new_one_and_mails_its_owner_instead(client):
    """Issue 32 item 14: open sign-up must not tell a visitor that an address has an account."""
    get_user_model().objects.create_user("olga", email="nina@example.org", password="x-pass-1234")
    new = client.post(SIGNUP, {**FORM, "username": "nora", "email": "nora@example.org"})
    mail.outbox.clear()
    taken = client.post(SIGNUP, FORM)
    assert taken.status_code == new.status_code == 302
    assert taken["Location"] == new["Location"]
    done = client.get(taken["Location"]).content.decode()
    assert "Another account" not in done and "already" not in done
    assert not get_user_model().objects.filter(username="nina").exists()
    (message,) = mail.outbox
    assert message.to == ["nina@example.org"]
    assert "olga" in message.body and "/accounts/password_reset/" in message.body
    assert "/accounts/verify/" not in message.body


@pytest.mark.django_db
def test_closed_mode_refuses_sign_up(client, settings):
    settings.SIGNUP_MODE = "closed"
    assert client.get(SIGNUP).status_code == 403
    response = client.post(SIGNUP, FORM)
    assert response.status_code == 403
    assert "closed" in response.content.decode()
    assert not get_user_model().objects.filter(username="nina").exists()
    assert mail.outbox == []
    assert 'href="/accounts/signup/"' not in client.get(LOGIN).content.decode()


def club_invitations(token: str) -> SignupInvitation | None:
    """What the clubs app's check answers: one valid token."""
    if token == "valid-invitation-token":
        return SignupInvitation(email="nina@example.org", next_url="/clubs/invitations/valid/")
    return None


@pytest.mark.django_db
def test_invitation_mode_needs_a_valid_invitation(client, settings, monkeypatch):
    settings.SIGNUP_MODE = "invitation"
    monkeypatch.setattr(invitations, "_checks", [club_invitations])
    assert client.get(SIGNUP).status_code == 403
    assert client.post(SIGNUP, FORM).status_code == 403
    assert client.post(SIGNUP + "?invitation=guessed-token", FORM).status_code == 403
    assert not get_user_model().objects.filter(username="nina").exists()

    page = client.get(SIGNUP + "?invitation=valid-invitation-token")
    assert page.status_code == 200
    assert page.context["form"]["email"].value() == "nina@example.org"
    response = client.post(SIGNUP + "?invitation=valid-invitation-token", FORM)
    assert response.status_code == 302
    assert get_user_model().objects.filter(username="nina").exists()
    assert len(mail.outbox) == 1
    # After verifying, the login goes on to the invitation.
    verified = client.get(verification_path(mail.outbox[0]))
    assert verified["Location"] == "/accounts/login/?next=/clubs/invitations/valid/"


@pytest.mark.django_db
def test_invitation_mode_without_a_clubs_check_accepts_no_token(client, settings, monkeypatch):
    settings.SIGNUP_MODE = "invitation"
    monkeypatch.setattr(invitations, "_checks", [])
    assert client.post(SIGNUP + "?invitation=valid-invitation-token", FORM).status_code == 403
    assert not get_user_model().objects.filter(username="nina").exists()


@pytest.mark.django_db
def test_login_with_the_email_address_in_any_case(client):
    user = get_user_model().objects.create_user("olga", email="olga@example.org", password="old-pass-1234")
    assert login(client, " OLGA@example.org", "old-pass-1234").status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)
    client.logout()
    assert login(client, "olga", "old-pass-1234").status_code == 302


@pytest.mark.django_db
def test_the_database_holds_one_account_per_address_case_ignored():
    """Issue 32 item 7: the rule is a unique index, not only a check in code."""
    from django.db import IntegrityError, transaction

    get_user_model().objects.create_user("olga", email="club@example.org", password="same-pass-1234")
    with pytest.raises(IntegrityError), transaction.atomic():
        get_user_model().objects.create_user("oleg", email="CLUB@example.org", password="same-pass-1234")
    # Accounts without an address are many.
    get_user_model().objects.create_user("a1", email="")
    get_user_model().objects.create_user("a2", email="")


@pytest.mark.django_db
def test_guesses_by_email_and_by_user_name_count_against_the_same_account(client, settings):
    settings.LOGIN_RATE_LIMIT = 3
    get_user_model().objects.create_user("olga", email="olga@example.org", password="old-pass-1234")
    login(client, "olga", "guess-1", REMOTE_ADDR="10.1.0.1")
    login(client, "OLGA@example.org", "guess-2", REMOTE_ADDR="10.1.0.2")
    login(client, "olga@example.org", "guess-3", REMOTE_ADDR="10.1.0.3")
    assert login(client, "olga", "old-pass-1234", REMOTE_ADDR="10.1.0.4").status_code == 429
    assert login(client, "olga@example.org", "old-pass-1234", REMOTE_ADDR="10.1.0.5").status_code == 429


@pytest.mark.django_db
def test_the_navigation_offers_sign_up_when_logged_out_and_profile_when_logged_in(client):
    assert 'href="/accounts/signup/"' in client.get(LOGIN).content.decode()
    user = get_user_model().objects.create_user("olga", email="olga@example.org", password="old-pass-1234")
    client.force_login(user)
    page = client.get("/accounts/tokens/").content.decode()
    assert 'href="/accounts/profile/"' in page
    assert 'href="/accounts/signup/"' not in page


@pytest.mark.django_db(transaction=True)
def test_sign_up_answers_without_waiting_for_its_mail_new_address_or_known(client, settings):
    """Issue 32 item 14: the verification mail, like the owner's notice, goes out after the answer."""
    import time

    from tests.accounts.test_password_reset import SlowOutbox

    settings.MAIL_IN_BACKGROUND = True
    settings.EMAIL_BACKEND = f"{SlowOutbox.__module__}.SlowOutbox"
    get_user_model().objects.create_user("olga", email="nina@example.org", password="x-pass-1234")
    for form in (FORM, {**FORM, "username": "nora", "email": "nora@example.org"}):
        assert client.post(SIGNUP, form).status_code == 302
        assert mail.outbox == [], "the answer did not wait for the mail"
    for _ in range(100):
        if len(mail.outbox) == 2:
            break
        time.sleep(0.05)
    assert sorted(m.to[0] for m in mail.outbox) == ["nina@example.org", "nora@example.org"]
