"""Odd input is a clear refusal, never a 500 (issue 32, item 11): a NUL in a login name (the login
page and ``/api/auth/token/``, JSON and form), and a digit that is not an ASCII digit ("²" is
``isdigit()`` but no ``int()``) in the searches and the listed-player registration.

PostgreSQL refuses NUL in a text value (``DataError``): run with ``DATABASE_URL=postgres://...``
to see what SQLite lets through.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from clubs.models import Membership
from tournaments.models import Participant

pytestmark = pytest.mark.django_db
NAMES = ["ni\x00na", "nina\x00@example.org", "\x00"]


@pytest.mark.parametrize("name", NAMES)
def test_a_nul_in_the_login_name_is_a_form_error(client, organiser, name):
    response = client.post("/accounts/login/", {"username": name, "password": "whatever-1"})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("fmt", ["json", "multipart"])
def test_a_nul_in_the_api_login_name_is_a_400(organiser, name, fmt):
    response = APIClient().post("/api/auth/token/", {"username": name, "password": "whatever-1"}, format=fmt)
    assert response.status_code == 400
    assert "token" not in response.json()


def test_a_superscript_digit_in_the_rating_list_search_finds_nobody(client, organiser):
    client.force_login(organiser)
    response = client.get(reverse("ratings:search"), {"q": "²"})
    assert response.status_code == 200


def test_a_superscript_digit_in_the_rosters_searches_finds_nobody(client, tournament, organiser):
    Membership.objects.create(club=tournament.club, user=organiser, role=Membership.Role.OWNER)
    client.force_login(organiser)
    for name in ("clubs:roster_fide", "clubs:roster"):
        response = client.get(reverse(name, args=[tournament.club.slug]), {"q": "²"})
        assert response.status_code == 200, name


@pytest.mark.parametrize("field", ["fide_id", "roster_player"])
def test_a_superscript_digit_in_the_listed_player_registration_is_a_400(arbiter_client, tournament, field):
    url = reverse("tournaments:participant_add_listed", kwargs={"tournament_id": tournament.pk})
    response = arbiter_client.post(url, {field: "²"})
    assert response.status_code == 400
    assert not Participant.objects.filter(tournament=tournament).exists()
