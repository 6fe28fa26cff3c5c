"""Who may do what in a club.

Three levels, each a set of club roles:

* ``MEMBER``: any member (owner, organiser, arbiter) sees the dashboard, the members and the
  roster, contact details included;
* ``MANAGE``: owners and organisers edit the roster;
* ``OWN``: owners rename the club, invite, revoke invitations, change roles and remove members.

Superusers count as owners everywhere (the back office). The ``club_view(level)`` decorator
loads the club from the ``slug`` URL argument and answers like the tournament pages do:

* anonymous -> redirect to the login page;
* logged in with no role in this club -> 404 (we do not confirm the club's staff pages exist);
* a role, but not enough of one -> 403.

It passes the club to the view as ``club`` and sets ``request.club_role`` for templates that
show or hide links (never a permission check).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from clubs.models import Club, Membership

Role = Membership.Role
MEMBER = frozenset({Role.OWNER, Role.ORGANISER, Role.ARBITER})
MANAGE = frozenset({Role.OWNER, Role.ORGANISER})
OWN = frozenset({Role.OWNER})


def club_role(user: Any, club: Club) -> str | None:
    """The user's role in the club, or ``None`` (cached on the user object per club)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    if getattr(user, "is_superuser", False):
        return Role.OWNER
    cache: dict[int, str | None] = user.__dict__.setdefault("_club_roles", {})
    if club.pk not in cache:
        cache[club.pk] = (
            Membership.objects.filter(club=club, user=user).values_list("role", flat=True).first()
        )
    return cache[club.pk]


def can(user: Any, club: Club, level: frozenset[str]) -> bool:
    return club_role(user, club) in level


def club_view(level: frozenset[str]) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponse:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            club = get_object_or_404(Club, slug=slug)
            role = club_role(request.user, club)
            if role is None:
                raise Http404(gettext("No such club."))
            if role not in level:
                raise PermissionDenied(gettext("Your role in this club does not allow this."))
            request.club_role = role  # type: ignore[attr-defined]
            return view(request, *args, club=club, **kwargs)

        return wrapper

    return decorate
