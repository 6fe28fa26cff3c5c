"""Reads for the club pages: a club by its slug, its members, invitations and roster."""

from __future__ import annotations

from typing import Any

from django.db.models import CharField, Q, QuerySet
from django.db.models.functions import Cast
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.invitations import SignupInvitation
from clubs.models import Club, Invitation, Membership, RosterPlayer
from clubs.services.invitations import token_hash
from core.names import search_key

ROSTER_LIMIT = 100


def club_get(*, slug: str) -> Club:
    """The club with this slug (its public page, a tournament created in it), or 404."""
    return get_object_or_404(Club, slug=slug)


def clubs_for_user(*, user: Any) -> QuerySet[Membership]:
    return Membership.objects.filter(user=user).select_related("club").order_by("club__name")


def club_members(*, club: Club) -> QuerySet[Membership]:
    return Membership.objects.filter(club=club).select_related("user").order_by("user__username")


def club_invitations(*, club: Club, limit: int = 30) -> QuerySet[Invitation]:
    return Invitation.objects.filter(club=club).select_related("invited_by", "responded_by")[:limit]


def invitation_for_token(*, token: str) -> Invitation | None:
    return (
        Invitation.objects.select_related("club", "invited_by").filter(token_hash=token_hash(token)).first()
    )


def invitation_signup_key(invitation: Invitation) -> str:
    """The key sign-up records for an account made through ``invitation`` (one account per key)."""
    return f"clubs:{invitation.pk}"


def signup_invitation_for_token(token: str) -> SignupInvitation | None:
    """Sign-up's question (``accounts.invitations``): may this invitation link open an account?
    A pending, unexpired invitation may; the sign-up form starts with its address and the first
    login goes on to the accept page. Reading it consumes nothing."""
    found = invitation_for_token(token=token)
    if found is None or not found.usable:
        return None
    title = _("%(club)s invites you to join as %(role)s.") % {
        "club": found.club.name,
        "role": found.get_role_display().lower(),
    }
    return SignupInvitation(
        email=found.email,
        next_url=reverse("clubs:invitation", kwargs={"token": token}),
        key=invitation_signup_key(found),
        title=title,
        token=token,
    )


def roster_search(*, club: Club, query: str = "", limit: int = ROSTER_LIMIT) -> list[RosterPlayer]:
    """Roster players matching ``query``: each word must start a word of the name (accents and
    case ignored), or digits must start the FIDE id."""
    qs = RosterPlayer.objects.filter(club=club)
    text = query.strip()
    if text.isascii() and text.isdigit():  # "²" is a digit to isdigit(), not to int()
        qs = qs.annotate(fide_text=Cast("fide_id", CharField())).filter(fide_text__startswith=text)
    else:
        for word in search_key(text).split():
            qs = qs.filter(Q(search_key__startswith=word) | Q(search_key__contains=f" {word}"))
    return list(qs.order_by("search_key", "id")[:limit])


def roster_player_get(*, club: Club, pk: int) -> RosterPlayer:
    """Roster player ``pk`` of ``club``, or 404."""
    return get_object_or_404(RosterPlayer, club=club, pk=pk)


def roster_count(*, club: Club) -> int:
    return RosterPlayer.objects.filter(club=club).count()
