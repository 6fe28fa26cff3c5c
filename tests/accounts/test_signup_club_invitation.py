"""Invitation-only sign-up through a real club invitation (the default SIGNUP_INVITATION_CHECK)."""

from __future__ import annotations

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
