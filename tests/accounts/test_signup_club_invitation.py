"""Invitation-only sign-up through a real club invitation (the default SIGNUP_INVITATION_CHECK)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from clubs.models import Club, Invitation, Membership
from clubs.services.invitations import invitation_create, invitation_revoke

SIGNUP = "/accounts/signup/"
FORM = {
    "username": "nina",
    "email": "nina@example.org",
    "password1": "queen-side-castle-7",
    "password2": "queen-side-castle-7",
}


@pytest.fixture
def invitation(django_user_model):
    owner = django_user_model.objects.create_user("olga", "olga@example.org", "pw-olga-12345")
    club = Club.objects.create(name="Riverside", slug="riverside")
    Membership.objects.create(club=club, user=owner, role=Membership.Role.OWNER)
    found, link = invitation_create(
        club=club, invited_by=owner, role=Membership.Role.ARBITER, email="nina@example.org", base_url=""
    )
    return found, link.rstrip("/").rsplit("/", 1)[-1], owner


@pytest.mark.django_db
def test_a_club_invitation_opens_sign_up_in_invitation_mode(client, settings, invitation):
    settings.SIGNUP_MODE = "invitation"
    found, token, _owner = invitation
    assert client.post(SIGNUP + "?invitation=not-a-token", FORM).status_code == 403
    page = client.get(f"{SIGNUP}?invitation={token}")
    assert page.status_code == 200
    assert page.context["form"]["email"].value() == "nina@example.org"
    mail.outbox.clear()
    assert client.post(f"{SIGNUP}?invitation={token}", FORM).status_code == 302
    assert get_user_model().objects.filter(username="nina").exists()
    # Signing up consumes nothing: the invitation waits for the verified account to accept it.
    found.refresh_from_db()
    assert found.status == Invitation.Status.PENDING


@pytest.mark.django_db
def test_a_revoked_club_invitation_opens_nothing(client, settings, invitation):
    settings.SIGNUP_MODE = "invitation"
    found, token, owner = invitation
    invitation_revoke(club=found.club, invitation_id=found.pk, user=owner)
    assert client.post(f"{SIGNUP}?invitation={token}", FORM).status_code == 403
    assert not get_user_model().objects.filter(username="nina").exists()


def _form(name: str, email: str) -> dict[str, str]:
    return {**FORM, "username": name, "email": email}


@pytest.mark.django_db
@pytest.mark.parametrize("mode", ["invitation", "open"])
def test_one_invitation_makes_one_account_for_its_address(client, settings, invitation, mode):
    """Issue 32 item 8: three sign-ups with one token and three addresses were all accepted."""
    settings.SIGNUP_MODE = mode
    _found, token, _owner = invitation
    url = f"{SIGNUP}?invitation={token}"
    other = client.post(url, _form("mallory", "mallory@example.org"))
    # The address is the invitation's: a posted one is ignored (the field is not editable).
    assert not get_user_model().objects.filter(email="mallory@example.org").exists()
    assert other.status_code == 302
    assert get_user_model().objects.get(username="mallory").email == "nina@example.org"
    again = client.post(url, _form("trudy", "trudy@example.org"), follow=True)
    assert not get_user_model().objects.filter(username="trudy").exists()
    assert "made an account already" in again.content.decode()
    assert get_user_model().objects.filter(email__iexact="nina@example.org").count() == 1


@pytest.mark.django_db
def test_a_copied_invitation_without_an_address_makes_one_account(client, settings, invitation):
    settings.SIGNUP_MODE = "invitation"
    found, _token, owner = invitation
    _other, link = invitation_create(
        club=found.club, invited_by=owner, role=Membership.Role.ARBITER, email="", base_url=""
    )
    url = f"{SIGNUP}?invitation={link.rstrip('/').rsplit('/', 1)[-1]}"
    assert client.post(url, _form("anna", "anna@example.org")).status_code == 302
    client.post(url, _form("bert", "bert@example.org"))
    assert client.post(url, _form("carl", "carl@example.org")).status_code == 302  # sent to the login
    assert list(
        get_user_model()
        .objects.filter(username__in=["anna", "bert", "carl"])
        .values_list("username", flat=True)
    ) == ["anna"]


VERIFY = re.compile(r"https?://[^/\s]+(/accounts/verify/\S+/)")


@pytest.mark.django_db
@pytest.mark.parametrize("mode", ["invitation", "open"])
def test_the_invitation_link_carries_a_newcomer_into_the_club(client, settings, invitation, mode):
    """Issue 33 item 1: from the invitation link, logged out and with no account, to the club's
    dashboard, with no hand-typed address and no detour."""
    settings.SIGNUP_MODE = mode
    found, token, _owner = invitation
    link = f"/clubs/invitations/{token}/"
    page = client.get(link)
    assert page.status_code == 200
    html = page.content.decode()
    assert "Riverside" in html and "arbiter" in html
    signup_url = (
        re.search(r'href="(/accounts/signup/\?invitation=[^"]+)"', html).group(1).replace("&amp;", "&")
    )
    # The login page it also offers names the invitation and signs up through it too.
    login_url = re.search(r'href="(/accounts/login/\?next=[^"]+)"', html).group(1).replace("&amp;", "&")
    login_page = client.get(login_url).content.decode()
    assert "Riverside" in login_page and signup_url.replace("&", "&amp;") in login_page

    form = client.get(signup_url)
    assert form.status_code == 200 and "Riverside" in form.content.decode()
    mail.outbox.clear()
    assert client.post(signup_url, {**FORM, "email": ""}).status_code == 302
    (message,) = mail.outbox
    assert message.to == ["nina@example.org"]
    verified = client.get(VERIFY.search(message.body).group(1))
    login = client.post(verified["Location"], {"username": "nina", "password": FORM["password1"]})
    assert login["Location"] == link
    accepted = client.post(link + "accept/")
    assert accepted["Location"] == f"/clubs/{found.club.slug}/dashboard/"
    assert Membership.objects.get(club=found.club, user__username="nina").role == Membership.Role.ARBITER


@pytest.mark.django_db
def test_an_invitee_who_has_an_account_is_mailed_the_way_in(client, settings, invitation):
    settings.SIGNUP_MODE = "invitation"
    _found, token, _owner = invitation
    get_user_model().objects.create_user("nina-old", email="nina@example.org", password="old-pass-1234")
    mail.outbox.clear()
    response = client.post(f"{SIGNUP}?invitation={token}", FORM)
    assert response["Location"] == "/accounts/signup/done/"  # as for a new account
    (message,) = mail.outbox
    assert "nina-old" in message.body and f"/clubs/invitations/{token}/" in message.body
