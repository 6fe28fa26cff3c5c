"""The role questions: club roles grant tournament roles, club staff create, the dashboard list."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser

from clubs.models import Membership
from tests import factories
from tournaments.models import Tournament, TournamentRole
from tournaments.permissions import (
    can_arbitrate,
    can_create_in_club,
    can_organise,
    can_view_staff,
    role_of,
    visible_tournaments,
)


def _member(club, username, role):
    user = get_user_model().objects.create_user(username, password="pass-word-1")
    Membership.objects.create(club=club, user=user, role=role)
    return user


def test_club_owners_organisers_and_superusers_may_create_the_clubs_tournaments(organiser, arbiter):
    club = factories.ClubFactory()
    owner, club_organiser = _member(club, "owen", "owner"), _member(club, "oscar", "organiser")
    club_arbiter = _member(club, "abel", "arbiter")
    boss = get_user_model().objects.create_superuser("boss", password="boss-pass-1")
    assert can_create_in_club(owner, club) and can_create_in_club(club_organiser, club)
    assert can_create_in_club(boss, club)
    assert not can_create_in_club(club_arbiter, club)
    assert not can_create_in_club(organiser, club)  # organises a tournament, not the club
    assert not can_create_in_club(AnonymousUser(), club)


@pytest.mark.parametrize(
    ("club_role", "expected"),
    [("owner", "organiser"), ("organiser", "organiser"), ("arbiter", "arbiter")],
)
def test_a_club_role_grants_the_tournament_role_on_the_clubs_tournaments(tournament, club_role, expected):
    user = _member(tournament.club, "member", club_role)
    assert role_of(user, tournament) == expected
    assert can_view_staff(user, tournament) and can_arbitrate(user, tournament)
    assert can_organise(user, tournament) is (expected == "organiser")


def test_the_higher_of_the_club_role_and_the_tournament_role_wins(tournament):
    user = _member(tournament.club, "abel", "arbiter")
    TournamentRole.objects.create(tournament=tournament, user=user, role="organiser")
    assert can_organise(user, tournament)
    owner = _member(tournament.club, "owen", "owner")
    TournamentRole.objects.create(tournament=tournament, user=owner, role="arbiter")
    assert can_organise(owner, tournament)


def test_another_clubs_staff_and_clubless_tournaments_get_no_role(tournament, organiser):
    elsewhere = _member(factories.ClubFactory(name="Hilltop"), "hugo", "owner")
    assert role_of(elsewhere, tournament) is None
    assert tournament not in visible_tournaments(elsewhere)
    clubless = factories.TournamentFactory(club=None)
    member = _member(tournament.club, "owen", "owner")
    assert role_of(member, clubless) is None


def test_a_user_sees_the_tournaments_they_have_a_role_in(tournament, arbiter, stranger):
    assert list(visible_tournaments(arbiter)) == [tournament]
    assert tournament not in visible_tournaments(stranger)
    assert not visible_tournaments(AnonymousUser()).exists()
    boss = get_user_model().objects.create_superuser("boss", password="boss-pass-1")
    assert set(visible_tournaments(boss)) == set(Tournament.objects.all())


def test_club_staff_see_the_clubs_tournaments_once_each(tournament, arbiter):
    TournamentRole.objects.create(
        tournament=factories.TournamentFactory(club=tournament.club), user=arbiter, role="arbiter"
    )
    Membership.objects.create(club=tournament.club, user=arbiter, role="arbiter")
    assert sorted(t.pk for t in visible_tournaments(arbiter)) == sorted(
        Tournament.objects.filter(club=tournament.club).values_list("pk", flat=True)
    )
