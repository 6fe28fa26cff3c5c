"""The role questions that are not about one tournament: club staff and the dashboard list."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser

from tests import factories
from tournaments.models import Tournament
from tournaments.permissions import can_create_in_club, visible_tournaments


def test_club_members_and_superusers_may_create_the_clubs_tournaments(organiser, arbiter):
    club = factories.ClubFactory()
    club.members.add(organiser)
    boss = get_user_model().objects.create_superuser("boss", password="boss-pass-1")
    assert can_create_in_club(organiser, club)
    assert can_create_in_club(boss, club)
    assert not can_create_in_club(arbiter, club)
    assert not can_create_in_club(AnonymousUser(), club)


def test_a_user_sees_the_tournaments_they_have_a_role_in(tournament, arbiter, stranger):
    assert list(visible_tournaments(arbiter)) == [tournament]
    assert tournament not in visible_tournaments(stranger)
    assert not visible_tournaments(AnonymousUser()).exists()
    boss = get_user_model().objects.create_superuser("boss", password="boss-pass-1")
    assert set(visible_tournaments(boss)) == set(Tournament.objects.all())
