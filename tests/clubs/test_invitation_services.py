"""Invitations: single use, unguessable, only for the invited address, revocable, expiring."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from clubs.models import Invitation, Membership
from clubs.services.errors import ClubError, InvitationForbidden, InvitationNotFound
from clubs.services.invitations import (
    invitation_accept,
    invitation_create,
    invitation_decline,
    invitation_revoke,
    token_hash,
)

pytestmark = pytest.mark.django_db
BASE = "http://testserver/"


def _invite(cast, email: str = "", role: str = Membership.Role.ARBITER):
    return invitation_create(club=cast.club, invited_by=cast.owner, role=role, email=email, base_url=BASE)


def _token(link: str) -> str:
    return link.rstrip("/").rsplit("/", 1)[1]


def test_the_link_carries_a_random_token_and_only_its_hash_is_stored(cast):
    invitation, link = _invite(cast)
    token = _token(link)
    assert link == f"http://testserver/clubs/invitations/{token}/"
    assert len(token) >= 40
    assert invitation.token_hash == token_hash(token) and token not in invitation.token_hash
    other, other_link = _invite(cast)
    assert _token(other_link) != token


def test_an_email_invitation_is_mailed_after_commit(cast, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        _, link = _invite(cast, email="new.arbiter@example.org")
    (message,) = mail.outbox
    assert message.to == ["new.arbiter@example.org"]
    assert link in message.body and "Caïssa Rooks" in message.subject


def test_an_invitation_without_email_sends_nothing(cast, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        _invite(cast)
    assert mail.outbox == []


def test_accepting_makes_a_member_with_the_role(cast):
    _, link = _invite(cast, role=Membership.Role.ORGANISER)
    membership = invitation_accept(token=_token(link), user=cast.nobody)
    assert (membership.club, membership.user, membership.role) == (cast.club, cast.nobody, "organiser")
    invitation = Invitation.objects.get()
    assert (invitation.status, invitation.responded_by) == (Invitation.Status.ACCEPTED, cast.nobody)


def test_a_link_cannot_be_used_twice(cast, django_user_model):
    _, link = _invite(cast)
    invitation_accept(token=_token(link), user=cast.nobody)
    someone = django_user_model.objects.create_user("late", email="late@example.org")
    with pytest.raises(ClubError, match="already accepted"):
        invitation_accept(token=_token(link), user=someone)
    assert not Membership.objects.filter(user=someone).exists()


def test_a_guessed_or_altered_token_finds_nothing(cast):
    _, link = _invite(cast)
    token = _token(link)
    for guess in ("a" * len(token), token[:-1] + ("A" if token[-1] != "A" else "B"), token_hash(token)):
        with pytest.raises(InvitationNotFound):
            invitation_accept(token=guess, user=cast.nobody)
    assert not Membership.objects.filter(club=cast.club, user=cast.nobody).exists()


def test_only_the_invited_address_may_accept(cast, django_user_model):
    _, link = _invite(cast, email="Nina@Example.org")
    with pytest.raises(InvitationForbidden):
        invitation_accept(token=_token(link), user=cast.other_member)
    with pytest.raises(InvitationForbidden):
        invitation_decline(token=_token(link), user=cast.other_member)
    assert Invitation.objects.get().status == Invitation.Status.PENDING
    invitation_accept(token=_token(link), user=cast.nobody)  # nina@example.org, case ignored
    assert Membership.objects.filter(club=cast.club, user=cast.nobody).exists()


def test_a_declined_invitation_cannot_be_accepted(cast):
    _, link = _invite(cast)
    invitation_decline(token=_token(link), user=cast.nobody)
    with pytest.raises(ClubError, match="declined"):
        invitation_accept(token=_token(link), user=cast.nobody)
    assert not Membership.objects.filter(club=cast.club, user=cast.nobody).exists()


def test_a_revoked_invitation_cannot_be_accepted(cast):
    invitation, link = _invite(cast)
    invitation_revoke(club=cast.club, invitation_id=invitation.pk, user=cast.owner)
    with pytest.raises(ClubError, match="revoked"):
        invitation_accept(token=_token(link), user=cast.nobody)
    with pytest.raises(ClubError, match="revoked"):
        invitation_revoke(club=cast.club, invitation_id=invitation.pk, user=cast.owner)


def test_another_club_cannot_revoke_it(cast):
    invitation, _ = _invite(cast)
    with pytest.raises(ClubError, match="No such invitation"):
        invitation_revoke(club=cast.other_club, invitation_id=invitation.pk, user=cast.other_member)
    assert Invitation.objects.get().status == Invitation.Status.PENDING


def test_an_expired_invitation_cannot_be_accepted(cast):
    invitation, link = _invite(cast)
    Invitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(ClubError, match="expired"):
        invitation_accept(token=_token(link), user=cast.nobody)
    assert not Membership.objects.filter(club=cast.club, user=cast.nobody).exists()


def test_a_member_cannot_accept_a_second_role(cast):
    _, link = _invite(cast, role=Membership.Role.OWNER)
    with pytest.raises(ClubError, match="already a member"):
        invitation_accept(token=_token(link), user=cast.arbiter)
    assert Membership.objects.get(club=cast.club, user=cast.arbiter).role == Membership.Role.ARBITER
    assert Invitation.objects.get().status == Invitation.Status.PENDING


def test_inviting_an_address_that_is_already_a_member_is_refused(cast):
    with pytest.raises(ClubError, match="already a member"):
        _invite(cast, email="ARNO@example.org")
    assert Invitation.objects.count() == 0
