"""Creating clubs, changing roles, removing members and leaving: the last owner always stays."""

from __future__ import annotations

import pytest

from clubs.models import Club, Membership
from clubs.services.clubs import club_create, membership_leave, membership_remove, membership_role_change
from clubs.services.errors import ClubError

pytestmark = pytest.mark.django_db


def _membership(club, user) -> Membership:
    return Membership.objects.get(club=club, user=user)


def test_the_creator_becomes_the_owner_and_the_slug_is_unique(django_user_model):
    user = django_user_model.objects.create_user("u")
    first = club_create(user=user, name="Rook & Pawn")
    second = club_create(user=user, name="Rook & Pawn")
    reserved = club_create(user=user, name="New")
    assert (first.slug, second.slug, reserved.slug) == ("rook-pawn", "rook-pawn-2", "new-club")
    assert _membership(first, user).role == Membership.Role.OWNER


def test_a_club_needs_a_name(django_user_model):
    with pytest.raises(ClubError):
        club_create(user=django_user_model.objects.create_user("u"), name="   ")
    assert Club.objects.count() == 0


def test_the_last_owner_cannot_leave(cast):
    with pytest.raises(ClubError, match="last owner"):
        membership_leave(club=cast.club, user=cast.owner)
    assert _membership(cast.club, cast.owner).role == Membership.Role.OWNER


def test_the_last_owner_cannot_step_down_or_be_removed(cast):
    m = _membership(cast.club, cast.owner)
    with pytest.raises(ClubError, match="last owner"):
        membership_role_change(club=cast.club, membership_id=m.pk, role=Membership.Role.ARBITER)
    with pytest.raises(ClubError, match="last owner"):
        membership_remove(club=cast.club, membership_id=m.pk)
    m.refresh_from_db()
    assert m.role == Membership.Role.OWNER


def test_an_owner_may_leave_once_there_is_another_owner(cast):
    organiser = _membership(cast.club, cast.organiser)
    membership_role_change(club=cast.club, membership_id=organiser.pk, role=Membership.Role.OWNER)
    membership_leave(club=cast.club, user=cast.owner)
    assert not Membership.objects.filter(club=cast.club, user=cast.owner).exists()
    with pytest.raises(ClubError, match="last owner"):
        membership_leave(club=cast.club, user=cast.organiser)


def test_a_member_can_leave(cast):
    membership_leave(club=cast.club, user=cast.arbiter)
    assert not Membership.objects.filter(club=cast.club, user=cast.arbiter).exists()


def test_a_member_of_another_club_is_not_found_here(cast):
    other = _membership(cast.other_club, cast.other_member)
    with pytest.raises(ClubError, match="not a member"):
        membership_remove(club=cast.club, membership_id=other.pk)
    with pytest.raises(ClubError, match="not a member"):
        membership_leave(club=cast.club, user=cast.nobody)
    assert Membership.objects.filter(pk=other.pk).exists()


def test_an_unknown_role_is_refused(cast):
    m = _membership(cast.club, cast.arbiter)
    with pytest.raises(ClubError):
        membership_role_change(club=cast.club, membership_id=m.pk, role="king")
    m.refresh_from_db()
    assert m.role == Membership.Role.ARBITER
