"""Who may do what: the one home of every role check (tournament roles and club membership).

Three questions about a tournament, each ``(user, tournament) -> bool``:

* ``can_view_staff(user, tournament)``: may see the staff pages (organisers and arbiters).
* ``can_arbitrate(user, tournament)``: may pair rounds, enter results, record byes and
  withdrawals (organisers and arbiters).
* ``can_organise(user, tournament)``: may change settings and roles, register participants
  before the start and delete the tournament (organisers only).

Superusers count as organisers everywhere (the back office).

A role in the tournament's club grants a role in the tournament too: club owners and organisers
are its organisers, club arbiters its arbiters. A per-tournament role still counts on its own, and
of the two the higher wins (a club arbiter named organiser of one tournament organises it).

Services ask with ``require_arbiter`` / ``require_organiser(user, tournament, to=...)``, which
raise ``NotAllowedError`` with the one wording of the refusal. The same two calls refuse every
change to an archived tournament (``ArchivedError``, a 409, "restore it to change it"): it is
read-only until an organiser restores it. Only archiving, restoring and deleting pass
``archived_ok=True``. Pages ask ``can_change(user, tournament, level)`` to show write controls.
Two more questions: ``can_create_in_club(user, club)`` (club owners and organisers may create and
restore the club's tournaments) and ``visible_tournaments(user)`` (the tournaments a user has a role in).

For views, ``staff_tournament(level)`` loads the tournament from the ``tournament_id`` URL
argument and passes it to the view as ``tournament``. The answers are consistent for full pages
and HTMX partials alike:

* anonymous -> redirect to the login page;
* logged in with no role in this tournament -> 404 (we do not confirm the tournament exists);
* a role, but not enough of one (an arbiter on an organiser-only page) -> 403.

The decorator also sets ``request.tournament_role`` (``organiser``/``arbiter``) for templates that
show or hide links; it is never a permission check.

``tournament_for_user(user, tournament_id, level)`` does the same checks and raises
``Http404``/``PermissionDenied`` for code that is not a plain view (the API may use it).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.db.models import CharField, Q, QuerySet
from django.db.models.expressions import RawSQL
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from clubs.models import Club, Membership
from clubs.permissions import club_role
from core.errors import ArchivedError, NotAllowedError
from core.prepared import Prepared
from tournaments.models import Event, EventRole, Tournament, TournamentRole

VIEW = "view"
ARBITRATE = "arbitrate"
ORGANISE = "organise"
LEVELS = (VIEW, ARBITRATE, ORGANISE)

# Keyed by the plain strings stored in the database.
_FROM_CLUB_ROLE: dict[str | None, str] = {
    Membership.Role.OWNER.value: TournamentRole.Role.ORGANISER.value,
    Membership.Role.ORGANISER.value: TournamentRole.Role.ORGANISER.value,
    Membership.Role.ARBITER.value: TournamentRole.Role.ARBITER.value,
}
_RANK: dict[str | None, int] = {
    None: 0,
    TournamentRole.Role.ARBITER.value: 1,
    TournamentRole.Role.ORGANISER.value: 2,
}


def role_of(user: Any, tournament: Tournament) -> str | None:
    """The user's role in the tournament (``organiser``/``arbiter``), or ``None``: the higher of
    the per-tournament role and the one the club role grants.

    One query (both roles as subqueries), cached on the user object per tournament so a page
    asking several questions costs one query.
    """
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    if getattr(user, "is_superuser", False):
        return TournamentRole.Role.ORGANISER
    cache: dict[int, str | None] = user.__dict__.setdefault("_tournament_roles", {})
    if tournament.pk not in cache:
        row = (
            Tournament.objects.filter(pk=tournament.pk)
            .annotate(**_role_subqueries(user.pk))
            .values_list("own_role", "club_role", "event_role")
            .order_by()
            .first()
        )
        _remember_roles(user, tournament, *(row or (None, None, None)))
    return cache[tournament.pk]


def _role_subqueries(user_id: Any) -> dict[str, RawSQL]:
    """The user's own role in the tournament, their role in its club and their role in its event
    (organiser or chief arbiter: it covers every section), as subqueries of a tournament query
    (``own_role``, ``club_role``, ``event_role``): annotations of a query of ``Tournament`` rows,
    never of one used inside another query (they name its table, which Django would re-alias)."""
    return {name: RawSQL(sql, (user_id,), output_field=CharField()) for name, sql in _role_sql().items()}


@cache
def _role_sql() -> dict[str, str]:
    """The three subqueries' SQL, written once: ``SELECT role ... WHERE <link> = the tournament's
    column AND user = %s LIMIT 1``, what ``Model.objects.filter(<link>=OuterRef(...),
    user=...).values("role")[:1]`` compiles to. Built with the ORM, the three were half of every
    staff request's permission check (issue 38: 3,200 of 6,300 Python calls per result entry)."""
    quote = connection.ops.quote_name
    outer = Tournament._meta

    def one(model: Any, link: str, outer_field: str) -> str:
        meta, table = model._meta, quote(model._meta.db_table)
        return (
            f"SELECT {table}.{quote(meta.get_field('role').column)} FROM {table}"
            f" WHERE {table}.{quote(meta.get_field(link).column)}"
            f" = {quote(outer.db_table)}.{quote(outer.get_field(outer_field).column)}"
            f" AND {table}.{quote(meta.get_field('user').column)} = %s LIMIT 1"
        )

    return {
        "own_role": one(TournamentRole, "tournament", "id"),
        "club_role": one(Membership, "club", "club"),
        "event_role": one(EventRole, "event", "event"),
    }


def _remember_roles(
    user: Any,
    tournament: Tournament,
    own_role: str | None,
    club_role_: str | None,
    event_role: str | None = None,
) -> None:
    """Cache on the user what ``role_of`` answers for the tournament (and what
    ``clubs.permissions.club_role`` would for its club). Event roles use the same two words as
    tournament roles (``organiser``/``arbiter``)."""
    if tournament.club_id:
        user.__dict__.setdefault("_club_roles", {})[tournament.club_id] = club_role_
    user.__dict__.setdefault("_tournament_roles", {})[tournament.pk] = max(
        own_role, _FROM_CLUB_ROLE.get(club_role_), event_role, key=lambda role: _RANK[role]
    )


def can_view_staff(user: Any, tournament: Tournament) -> bool:
    return role_of(user, tournament) is not None


def can_arbitrate(user: Any, tournament: Tournament) -> bool:
    return role_of(user, tournament) in (TournamentRole.Role.ORGANISER, TournamentRole.Role.ARBITER)


def can_organise(user: Any, tournament: Tournament) -> bool:
    return role_of(user, tournament) == TournamentRole.Role.ORGANISER


ARCHIVED = "This tournament is archived; restore it to change it."


def require_not_archived(tournament: Tournament) -> None:
    """Raise ``ArchivedError`` if the tournament is archived (read-only until restored)."""
    if tournament.archived_at is not None:
        raise ArchivedError(ARCHIVED)


def require_arbiter(user: Any, tournament: Tournament, *, to: str) -> None:
    """For services: raise ``NotAllowedError`` unless the user may arbitrate (``to``: what they
    tried), and ``ArchivedError`` if the tournament is archived."""
    if not can_arbitrate(user, tournament):
        raise NotAllowedError(
            gettext("Only the tournament's organisers and arbiters can %(to)s.") % {"to": to}
        )
    require_not_archived(tournament)


def require_organiser(user: Any, tournament: Tournament, *, to: str, archived_ok: bool = False) -> None:
    """For services: raise ``NotAllowedError`` unless the user organises the tournament, and
    ``ArchivedError`` if it is archived (unless ``archived_ok``: archive, restore, delete)."""
    if not can_organise(user, tournament):
        raise NotAllowedError(gettext("Only the tournament's organisers can %(to)s.") % {"to": to})
    if not archived_ok:
        require_not_archived(tournament)


def can_change(user: Any, tournament: Tournament, level: str = ARBITRATE) -> bool:
    """For pages: show the write controls of ``level`` (``arbitrate``/``organise``)? Not on an
    archived tournament, whose services refuse every change."""
    return tournament.archived_at is None and _CHECKS[level](user, tournament)


def can_create_in_club(user: Any, club: Club) -> bool:
    """Club owners and organisers (and superusers) may create, import and restore the club's
    tournaments; club arbiters may not."""
    role = club_role(user, club)
    return _FROM_CLUB_ROLE.get(role and str(role)) == TournamentRole.Role.ORGANISER


def visible_tournaments(user: Any) -> QuerySet[Tournament]:
    """The tournaments whose staff pages the user may open (all of them for superusers)."""
    qs = Tournament.objects.select_related("club")
    if user is None or not getattr(user, "is_authenticated", False):
        return qs.none()
    if user.is_superuser:
        return qs
    return qs.filter(
        Q(roles__user=user) | Q(club__memberships__user=user) | Q(event__roles__user=user)
    ).distinct()


_CHECKS: dict[str, Callable[[Any, Tournament], bool]] = {
    VIEW: can_view_staff,
    ARBITRATE: can_arbitrate,
    ORGANISE: can_organise,
}


def check_level(user: Any, tournament: Tournament, level: str) -> None:
    """Raise ``Http404`` for users with no role, ``PermissionDenied`` for too small a role."""
    if not can_view_staff(user, tournament):
        raise Http404(gettext("No such tournament"))
    if not _CHECKS[level](user, tournament):
        raise PermissionDenied(gettext("Your role in this tournament does not allow this."))


# Every staff request reads its tournament (with the club, and the user's roles) by one of these;
# compiled once a process (core.prepared: compiling the 45-column row was a fifth of a result
# entry's CPU, issue 38).
_TOURNAMENT = Prepared(lambda pk: Tournament.objects.select_related("club").filter(pk=pk))
_TOURNAMENT_WITH_ROLES = Prepared(
    lambda user_id, pk: (
        Tournament.objects.select_related("club").annotate(**_role_subqueries(user_id)).filter(pk=pk)
    )
)


def tournament_for_user(user: Any, tournament_id: int, level: str = VIEW) -> Tournament:
    """The tournament, with the user's role read by the same query, or ``Http404`` /
    ``PermissionDenied`` (see ``check_level``)."""
    signed_in = getattr(user, "is_authenticated", False) and not getattr(user, "is_superuser", False)
    try:
        pk = int(tournament_id)
    except (ValueError, TypeError):
        raise Http404(gettext("No such tournament")) from None
    if not 0 < pk < 2**63:  # out of the id column's range: no such row (the ORM's answer too)
        raise Http404(gettext("No such tournament"))
    tournament = _TOURNAMENT_WITH_ROLES.first(user.pk, pk) if signed_in else _TOURNAMENT.first(pk)
    if tournament is None:
        raise Http404(gettext("No such tournament"))
    if signed_in:
        _remember_roles(user, tournament, tournament.own_role, tournament.club_role, tournament.event_role)
    check_level(user, tournament, level)
    return tournament


ViewDecorator = Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]


def _staff_view(
    load: Callable[[Any, int, str], Any],
    remember: Callable[[HttpRequest, Any], None],
    level: str,
    id_name: str,
) -> ViewDecorator:
    """The staff views' decorator: log in, ``load(user, id, level)`` the object the URL's
    ``id_name`` argument names (which answers 404/403), ``remember`` the role on the request for
    the templates, call ``view(request, obj, ...)``."""
    if level not in LEVELS:
        raise ValueError(f"unknown permission level {level!r}")

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if id_name in kwargs:
                object_id = kwargs.pop(id_name)
            else:  # called directly with the id first
                object_id, *rest = args
                args = tuple(rest)
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            obj = load(request.user, object_id, level)
            # For display only (which tabs to show); every action checks again in its service.
            remember(request, obj)
            return view(request, obj, *args, **kwargs)

        return wrapper

    return decorator


def staff_tournament(level: str = VIEW) -> ViewDecorator:
    """View decorator: log in, load ``tournament_id``, check ``level``, call ``view(request, tournament, ...)``."""

    def remember(request: HttpRequest, tournament: Tournament) -> None:
        request.tournament_role = role_of(request.user, tournament)  # type: ignore[attr-defined]

    return _staff_view(tournament_for_user, remember, level, "tournament_id")


# Events. An event role (organiser, chief arbiter) covers every section; a club role covers the
# club's events like its tournaments; a deputy arbiter holds section roles only and sees the event
# page with just their sections.


def event_role_of(user: Any, event: Event) -> str | None:
    """The user's role over the whole event (``organiser``/``arbiter``), or ``None``: the higher
    of the event role and the one the club role grants. Section roles do not count here."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    if getattr(user, "is_superuser", False):
        return EventRole.Role.ORGANISER
    cache: dict[int, str | None] = user.__dict__.setdefault("_event_roles", {})
    if event.pk not in cache:
        own = EventRole.objects.filter(event=event, user=user).values_list("role", flat=True).first()
        in_club = club_role(user, event.club) if event.club_id else None
        cache[event.pk] = max(
            own, _FROM_CLUB_ROLE.get(in_club and str(in_club)), key=lambda role: _RANK[role]
        )
    return cache[event.pk]


def can_organise_event(user: Any, event: Event) -> bool:
    return event_role_of(user, event) == EventRole.Role.ORGANISER


def can_arbitrate_event(user: Any, event: Event) -> bool:
    """Organisers and the chief arbiter: may act on every section."""
    return event_role_of(user, event) in (EventRole.Role.ORGANISER, EventRole.Role.ARBITER)


def sections_for(user: Any, event: Event) -> QuerySet[Tournament]:
    """The event's sections whose staff pages the user may open, in section order."""
    sections = event.sections.order_by("section_order", "pk")
    if event_role_of(user, event) is not None:
        return sections
    if user is None or not getattr(user, "is_authenticated", False):
        return sections.none()
    return sections.filter(roles__user=user).distinct()


def require_event_organiser(user: Any, event: Event, *, to: str) -> None:
    if not can_organise_event(user, event):
        raise NotAllowedError(_("Only the event's organisers can %(action)s.") % {"action": to})


def event_for_user(user: Any, event_id: int, level: str = VIEW) -> Event:
    """The event, or ``Http404`` for users with no role in it nor in any of its sections, or
    ``PermissionDenied`` when the role is too small (a deputy arbiter on an event-wide page)."""
    try:
        event = Event.objects.select_related("club").get(pk=event_id)
    except (Event.DoesNotExist, ValueError, TypeError):
        raise Http404(gettext("No such event")) from None
    role = event_role_of(user, event)
    if role is None and not sections_for(user, event).exists():
        raise Http404(gettext("No such event"))
    needed = {VIEW: None, ARBITRATE: EventRole.Role.ARBITER, ORGANISE: EventRole.Role.ORGANISER}[level]
    if needed is not None and _RANK[role] < _RANK[needed]:
        raise PermissionDenied(gettext("Your role in this event does not allow this."))
    return event


def staff_event(level: str = VIEW) -> ViewDecorator:
    """View decorator: log in, load ``event_id``, check ``level``, call ``view(request, event, ...)``."""

    def remember(request: HttpRequest, event: Event) -> None:
        request.event_role = event_role_of(request.user, event)  # type: ignore[attr-defined]

    return _staff_view(event_for_user, remember, level, "event_id")
