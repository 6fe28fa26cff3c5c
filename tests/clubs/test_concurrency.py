"""Races the row locks must win (PostgreSQL: real concurrent connections).

Two owners stepping down at the same moment must not leave the club without one, and one
invitation link opened by two accounts at once must make exactly one member.
"""

from __future__ import annotations

import pytest
from django.db import connection

from clubs.models import Membership
from clubs.services.clubs import club_create, membership_leave
from clubs.services.errors import ClubError
from clubs.services.invitations import invitation_accept, invitation_create
from tests.reliability.test_concurrent_results import run_threads

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks and concurrent connections (DATABASE_URL=postgres://...)")


@pytest.mark.parametrize("attempt", range(5))
def test_two_owners_leaving_at_once_leave_one_owner(django_user_model, attempt):
    a = django_user_model.objects.create_user(f"a{attempt}")
    b = django_user_model.objects.create_user(f"b{attempt}")
    club = club_create(user=a, name=f"Race {attempt}")
    Membership.objects.create(club=club, user=b, role=Membership.Role.OWNER)
    errors = run_threads(2, lambda i: membership_leave(club=club, user=(a, b)[i]))
    assert [type(e) for e in errors] == [ClubError], errors
    assert Membership.objects.filter(club=club, role=Membership.Role.OWNER).count() == 1


@pytest.mark.parametrize("attempt", range(3))
def test_one_link_opened_by_two_accounts_makes_one_member(django_user_model, attempt):
    owner = django_user_model.objects.create_user(f"o{attempt}")
    club = club_create(user=owner, name=f"Link race {attempt}")
    _, link = invitation_create(club=club, invited_by=owner, role="arbiter", email="", base_url="http://x/")
    token = link.rstrip("/").rsplit("/", 1)[1]
    users = [django_user_model.objects.create_user(f"u{attempt}-{i}") for i in range(2)]
    errors = run_threads(2, lambda i: invitation_accept(token=token, user=users[i]))
    assert [type(e) for e in errors] == [ClubError], errors
    assert Membership.objects.filter(club=club, role="arbiter").count() == 1


@pytest.mark.parametrize("attempt", range(3))
def test_three_clubs_made_with_one_name_at_once_get_three_addresses(django_user_model, attempt):
    from django.test import Client

    from clubs.models import Club

    users = [django_user_model.objects.create_user(f"c{attempt}-{i}") for i in range(3)]
    statuses: list[int] = []

    def create(i: int) -> None:
        client = Client(raise_request_exception=False)
        client.force_login(users[i])
        statuses.append(client.post("/clubs/new/", {"name": f"Same Name {attempt}"}).status_code)

    assert run_threads(3, create) == []
    assert sorted(statuses) == [302, 302, 302]
    slugs = sorted(Club.objects.filter(name=f"Same Name {attempt}").values_list("slug", flat=True))
    assert len(set(slugs)) == 3, slugs
    assert Membership.objects.filter(club__name=f"Same Name {attempt}", role="owner").count() == 3
