"""Creating clubs and managing their members.

Role changes, removals and leaving lock all memberships of the club first
(``select_for_update``), so two owners stepping down at the same moment cannot leave the club
with none: the second one waits, then sees that it is the last owner.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from clubs.models import Club, Membership
from clubs.services.errors import ClubError

RESERVED_SLUGS = frozenset({"new", "invitations"})


SLUG_TRIES = 20


def _slug_base(name: str) -> str:
    base = slugify(name)[:50] or "club"
    return f"{base}-club" if base in RESERVED_SLUGS else base


def _free_slug(base: str) -> str:
    slug, n = base, 1
    while Club.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def club_create(*, user: Any, name: str) -> Club:
    """A new club with the user as its owner.

    The slug is the first free one of ``name``, ``name-2``, ...; two clubs of one name made at
    the same instant may pick the same one, so the unique index decides: the loser takes the
    next free slug (in a savepoint, so its transaction goes on)."""
    name = name.strip()
    if not name:
        raise ClubError(_("A club needs a name."), field="name")
    base = _slug_base(name)
    for _try in range(SLUG_TRIES):
        try:
            with transaction.atomic():
                club = Club.objects.create(name=name, slug=_free_slug(base))
                Membership.objects.create(club=club, user=user, role=Membership.Role.OWNER)
        except IntegrityError:
            if not Club.objects.filter(slug__startswith=base).exists():
                raise  # not the slug: something else is wrong
            continue
        return club
    raise ClubError(_("Too many clubs are being made with this name right now: try again."), field="name")


def club_update(*, club: Club, name: str) -> Club:
    name = name.strip()
    if not name:
        raise ClubError(gettext("A club needs a name."), field="name")
    club.name = name
    club.save(update_fields=["name"])
    return club


def _locked_memberships(club: Club) -> list[Membership]:
    return list(Membership.objects.select_for_update().filter(club=club).order_by("pk"))


def _owners_besides(memberships: list[Membership], membership: Membership) -> int:
    return sum(1 for m in memberships if m.role == Membership.Role.OWNER and m.pk != membership.pk)


def _find(memberships: list[Membership], membership_id: int) -> Membership:
    for m in memberships:
        if m.pk == membership_id:
            return m
    raise ClubError(gettext("That person is not a member of this club."))


@transaction.atomic
def membership_role_change(*, club: Club, membership_id: int, role: str) -> Membership:
    if role not in Membership.Role.values:
        raise ClubError(gettext("Unknown role %(role)s.") % {"role": repr(role)}, field="role")
    memberships = _locked_memberships(club)
    target = _find(memberships, membership_id)
    if (
        target.role == Membership.Role.OWNER
        and role != target.role
        and not _owners_besides(memberships, target)
    ):
        raise ClubError(gettext("The last owner cannot step down: make someone else an owner first."))
    target.role = role
    target.save(update_fields=["role"])
    return target


@transaction.atomic
def membership_remove(*, club: Club, membership_id: int) -> Membership:
    memberships = _locked_memberships(club)
    target = _find(memberships, membership_id)
    if target.role == Membership.Role.OWNER and not _owners_besides(memberships, target):
        raise ClubError(gettext("The last owner cannot be removed: make someone else an owner first."))
    target.delete()
    return target


@transaction.atomic
def membership_leave(*, club: Club, user: Any) -> None:
    memberships = _locked_memberships(club)
    mine = [m for m in memberships if m.user_id == user.pk]
    if not mine:
        raise ClubError(gettext("You are not a member of this club."))
    if mine[0].role == Membership.Role.OWNER and not _owners_besides(memberships, mine[0]):
        raise ClubError(gettext("You are the last owner: make someone else an owner before you leave."))
    mine[0].delete()
