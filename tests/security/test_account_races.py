"""Races the database must win (issue 32, items 7 and 8), with real concurrent connections: each
client is a thread with its own PostgreSQL connection, released together by a barrier.

* four sign-ups with one address (case differing) at once make one account, and each gets the
  same answer as a sign-up with a new address;
* two address changes to one address, their links opened at once: one account gets it, the other
  is told the address is taken;
* three sign-ups through one invitation at once make one account.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from clubs.models import Membership
from clubs.services.clubs import club_create
from clubs.services.invitations import invitation_create
from tests.reliability.test_concurrent_results import run_threads

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
VERIFY = re.compile(r"https?://[^/\s]+(/accounts/verify/\S+/)")
PASSWORD = "queen-side-castle-7"


def signup(name: str, email: str, query: str = "") -> int:
    data = {"username": name, "email": email, "password1": PASSWORD, "password2": PASSWORD}
    return Client(raise_request_exception=False).post(f"/accounts/signup/{query}", data).status_code


@pytest.mark.parametrize("attempt", range(3))
def test_four_sign_ups_with_one_address_at_once_make_one_account(settings, attempt):
    settings.SIGNUP_MODE = "open"
    addresses = ["same@example.org", "Same@example.org", "SAME@example.org", "same@EXAMPLE.org"]
    statuses: list[int] = []
    assert run_threads(4, lambda i: statuses.append(signup(f"racer{attempt}{i}", addresses[i]))) == []
    assert statuses == [302] * 4, "every sign-up gets the answer a new address gets"
    assert get_user_model().objects.filter(email__iexact="same@example.org").count() == 1


@pytest.mark.parametrize("attempt", range(3))
def test_two_address_changes_to_one_address_verified_at_once_give_it_to_one(settings, monkeypatch, attempt):
    import time

    from accounts import registration

    # Widen the window between the check in code and the write, as a loaded server does.
    checked = registration.email_taken
    monkeypatch.setattr(registration, "email_taken", lambda *a, **k: (checked(*a, **k), time.sleep(0.3))[0])
    users = [
        get_user_model().objects.create_user(f"mover{attempt}{i}", f"m{attempt}{i}@example.org", PASSWORD)
        for i in range(2)
    ]
    mail.outbox.clear()
    for user in users:
        client = Client()
        client.force_login(user)
        response = client.post(
            "/accounts/profile/", {"first_name": "", "last_name": "", "email": "wanted@example.org"}
        )
        assert response.status_code == 302
    links = [VERIFY.search(m.body).group(1) for m in mail.outbox if m.to == ["wanted@example.org"]]
    assert len(links) == 2
    statuses: list[int] = []
    errors = run_threads(
        2, lambda i: statuses.append(Client(raise_request_exception=False).get(links[i]).status_code)
    )
    assert errors == []
    assert sorted(statuses) == [302, 400]
    assert get_user_model().objects.filter(email__iexact="wanted@example.org").count() == 1


@pytest.mark.parametrize("attempt", range(3))
def test_three_sign_ups_through_one_invitation_at_once_make_one_account(settings, attempt):
    settings.SIGNUP_MODE = "invitation"
    owner = get_user_model().objects.create_user(f"owner{attempt}", f"owner{attempt}@example.org")
    club = club_create(user=owner, name=f"Invited {attempt}")
    _, link = invitation_create(
        club=club, invited_by=owner, role=Membership.Role.ARBITER, email="", base_url=""
    )
    query = f"?invitation={link.rstrip('/').rsplit('/', 1)[-1]}"
    statuses: list[int] = []
    errors = run_threads(
        3, lambda i: statuses.append(signup(f"inv{attempt}{i}", f"inv{attempt}{i}@example.org", query))
    )
    assert errors == []
    assert 500 not in statuses
    assert get_user_model().objects.filter(username__startswith=f"inv{attempt}").count() == 1
