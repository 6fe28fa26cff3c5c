"""Invitations: single-use links that make someone a member of a club.

The link carries a random token (``secrets.token_urlsafe``, 256 bits); only its SHA-256 is
stored, so a leaked database does not leak working links, and a guessed token finds nothing.
Accepting and declining lock the invitation row, so a double click or two people with the same
link cannot both use it. When the invitation names an e-mail address, only a logged-in account
with that address may answer it.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from typing import Any

from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from clubs.models import Club, Invitation, Membership
from clubs.services.errors import ClubError, InvitationForbidden, InvitationNotFound

VALID_FOR = timedelta(days=7)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def invitation_link(*, base_url: str, token: str) -> str:
    return base_url.rstrip("/") + reverse("clubs:invitation", kwargs={"token": token})


def invitation_create(
    *, club: Club, invited_by: Any, role: str, email: str, base_url: str
) -> tuple[Invitation, str]:
    """Create the invitation and return it with its link (shown once: only the hash is kept).

    With an e-mail address the link is also mailed, once the invitation is committed.
    """
    if role not in Membership.Role.values:
        raise ClubError(gettext("Unknown role %(role)s.") % {"role": repr(role)}, field="role")
    email = email.strip()
    if email and Membership.objects.filter(club=club, user__email__iexact=email).exists():
        raise ClubError(
            gettext("%(email)s is already a member of %(name)s.") % {"email": email, "name": club.name},
            field="email",
        )
    token = secrets.token_urlsafe(32)
    link = invitation_link(base_url=base_url, token=token)
    with transaction.atomic():
        invitation = Invitation.objects.create(
            club=club,
            role=role,
            email=email,
            token_hash=token_hash(token),
            invited_by=invited_by,
            expires_at=timezone.now() + VALID_FOR,
        )
        if email:
            transaction.on_commit(lambda: _send(invitation, link))
    return invitation, link


def _send(invitation: Invitation, link: str) -> None:
    inviter = invitation.invited_by.get_username() if invitation.invited_by else gettext("A club owner")
    values = {
        "inviter": inviter,
        "club": invitation.club.name,
        "role": invitation.get_role_display().lower(),
        "until": f"{invitation.expires_at:%Y-%m-%d %H:%M}",
        "link": link,
    }
    send_mail(
        subject=gettext("Invitation to join %(club)s as %(role)s") % values,
        message=gettext(
            "%(inviter)s invites you to join %(club)s as %(role)s.\n\n"
            "Open this link to accept or decline (it works once, until %(until)s UTC):\n%(link)s\n\n"
            "Log in (or sign up) with this e-mail address first. If you did not expect this, ignore it.\n"
        )
        % values,
        from_email=None,
        recipient_list=[invitation.email],
    )


def _locked(token: str, user: Any) -> Invitation:
    invitation = (
        Invitation.objects.select_for_update()
        .select_related("club")
        .filter(token_hash=token_hash(token))
        .first()
    )
    if invitation is None:
        raise InvitationNotFound(gettext("This invitation link is not valid."))
    if invitation.status != Invitation.Status.PENDING:
        raise ClubError(
            gettext("This invitation was already %(lower)s.")
            % {"lower": invitation.get_status_display().lower()}
        )
    if invitation.expired:
        raise ClubError(gettext("This invitation has expired: ask the club for a new one."))
    if invitation.email and (user.email or "").casefold() != invitation.email.casefold():
        raise InvitationForbidden(
            gettext("This invitation was sent to another e-mail address: log in with that account.")
        )
    return invitation


def _close(invitation: Invitation, status: str, user: Any) -> None:
    invitation.status = status
    invitation.responded_at = timezone.now()
    invitation.responded_by = user
    invitation.save(update_fields=["status", "responded_at", "responded_by"])


@transaction.atomic
def invitation_accept(*, token: str, user: Any) -> Membership:
    invitation = _locked(token, user)
    if Membership.objects.filter(club=invitation.club, user=user).exists():
        raise ClubError(gettext("You are already a member of %(name)s.") % {"name": invitation.club.name})
    try:
        with transaction.atomic():
            membership = Membership.objects.create(club=invitation.club, user=user, role=invitation.role)
    except IntegrityError as exc:  # joined through another invitation at the same moment
        raise ClubError(
            gettext("You are already a member of %(name)s.") % {"name": invitation.club.name}
        ) from exc
    _close(invitation, Invitation.Status.ACCEPTED, user)
    return membership


@transaction.atomic
def invitation_decline(*, token: str, user: Any) -> Invitation:
    invitation = _locked(token, user)
    _close(invitation, Invitation.Status.DECLINED, user)
    return invitation


@transaction.atomic
def invitation_revoke(*, club: Club, invitation_id: int, user: Any) -> Invitation:
    invitation = Invitation.objects.select_for_update().filter(club=club, pk=invitation_id).first()
    if invitation is None:
        raise ClubError(gettext("No such invitation."))
    if invitation.status != Invitation.Status.PENDING:
        raise ClubError(
            gettext("This invitation was already %(lower)s.")
            % {"lower": invitation.get_status_display().lower()}
        )
    _close(invitation, Invitation.Status.REVOKED, user)
    return invitation
