"""Who may use which club and rating-list page: every page and endpoint against every role.

The matrix below is the specification; ``test_every_club_and_rating_endpoint_is_in_the_matrix``
finds the endpoints by probing every URL of the ``clubs`` and ``ratings`` namespaces with GET,
POST, PUT, PATCH and DELETE as a superuser (405 means the method is not accepted), so a new
endpoint fails the suite until somebody decides here who may use it.

Roles: ``anonymous``; ``nobody`` (logged in, in no club); ``other_member`` (owner of another
club); ``arbiter``, ``organiser`` and ``owner`` of the club; ``staff`` (site staff, in no club).
Levels and the refusals for everyone else:

* ``public``: everyone;
* ``login``: any logged-in user (anonymous users are sent to the login page);
* ``member`` / ``manage`` / ``own``: the club's members / owners and organisers / owners
  (anonymous -> login page; not a member -> 404; a member without the role -> 403);
* ``invitee``: the account the invitation was mailed to (others -> 403);
* ``staff``: site staff (others logged in -> 403).

A permitted GET answers 200; a permitted write answers below 400 and really changes data. A
refused request answers as above and changes nothing at all.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import get_resolver

from clubs.models import Club, Invitation, Membership, RosterPlayer
from clubs.services.invitations import invitation_create
from clubs.services.roster import roster_player_create
from ratings.models import RatedPlayer, RatingImport
from tests.ratings.fide_sample import HEADER, line
from tests.security.test_authorization_matrix import _patterns

PUBLIC, LOGIN, MEMBER, MANAGE, OWN, INVITEE, STAFF = (
    "public",
    "login",
    "member",
    "manage",
    "own",
    "invitee",
    "staff",
)
INVITEE_PAGE = "invitee page"
ROLES = ("anonymous", "nobody", "other_member", "arbiter", "organiser", "owner", "staff")
ALLOWED = {
    PUBLIC: set(ROLES),
    LOGIN: set(ROLES) - {"anonymous"},
    MEMBER: {"arbiter", "organiser", "owner"},
    MANAGE: {"organiser", "owner"},
    OWN: {"owner"},
    INVITEE: {"nobody"},
    # The invitation's page shows a logged-out visitor holding the link what it invites to, with
    # "create your account" and "log in" (issue 33 item 1); other accounts get a 403.
    INVITEE_PAGE: {"nobody", "anonymous"},
    STAFF: {"staff"},
}
CLUB_LEVELS = {MEMBER, MANAGE, OWN}


@dataclass
class World:
    users: dict[str, Any]
    club: Club
    kwargs: dict[str, Any]
    rated: RatedPlayer = field(repr=False)


def _upload(_: World) -> dict[str, Any]:
    text = f"{HEADER}\n{line(7777777, 'Upload, Test', srtng=1500)}\n"
    return {"file": SimpleUploadedFile("players_list_foa.txt", text.encode())}


@dataclass(frozen=True)
class Endpoint:
    level: str
    data: Callable[[World], dict[str, Any]] = lambda world: {}


MATRIX: dict[tuple[str, str], Endpoint] = {
    ("clubs:list", "GET"): Endpoint(LOGIN),
    ("clubs:new", "GET"): Endpoint(LOGIN),
    ("clubs:new", "POST"): Endpoint(LOGIN, lambda _: {"name": "Brand New Club"}),
    ("clubs:public", "GET"): Endpoint(PUBLIC),
    ("clubs:dashboard", "GET"): Endpoint(MEMBER),
    ("clubs:settings", "GET"): Endpoint(OWN),
    ("clubs:settings", "POST"): Endpoint(OWN, lambda _: {"name": "Renamed Rooks"}),
    ("clubs:leave", "POST"): Endpoint(MEMBER),
    ("clubs:member_role", "POST"): Endpoint(OWN, lambda _: {"role": "organiser"}),
    ("clubs:member_remove", "POST"): Endpoint(OWN),
    ("clubs:invitation_new", "POST"): Endpoint(OWN, lambda _: {"email": "", "role": "arbiter"}),
    ("clubs:invitation_revoke", "POST"): Endpoint(OWN),
    ("clubs:invitation", "GET"): Endpoint(INVITEE_PAGE),
    ("clubs:invitation_accept", "POST"): Endpoint(INVITEE),
    ("clubs:invitation_decline", "POST"): Endpoint(INVITEE),
    ("clubs:roster", "GET"): Endpoint(MEMBER),
    ("clubs:roster_new", "GET"): Endpoint(MANAGE),
    ("clubs:roster_new", "POST"): Endpoint(MANAGE, lambda _: {"name": "Nora Newplayer", "rating": 1400}),
    ("clubs:roster_edit", "GET"): Endpoint(MANAGE),
    ("clubs:roster_edit", "POST"): Endpoint(MANAGE, lambda _: {"name": "Edited Name", "rating": 1600}),
    ("clubs:roster_delete", "POST"): Endpoint(MANAGE),
    ("clubs:roster_fide", "GET"): Endpoint(MANAGE),
    ("clubs:roster_fide_add", "POST"): Endpoint(MANAGE, lambda world: {"fide_id": world.rated.fide_id}),
    ("ratings:imports", "GET"): Endpoint(STAFF),
    ("ratings:imports", "POST"): Endpoint(STAFF, _upload),
    ("ratings:import_detail", "GET"): Endpoint(STAFF),
    ("ratings:import_retry", "POST"): Endpoint(STAFF),
    ("ratings:import_cancel", "POST"): Endpoint(STAFF),
    ("ratings:search", "GET"): Endpoint(LOGIN),
}
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")
NAMESPACES = ("clubs:", "ratings:")


@pytest.fixture(autouse=True)
def _rating_dir(settings, tmp_path):
    settings.RATING_LIST_DIR = tmp_path


@pytest.fixture
def world(cast, django_user_model, settings) -> World:
    """The cast's club plus a co-owner (so the owner may leave), a pending invitation mailed to
    ``nobody``, a roster player, a rated player and an import."""
    spare = django_user_model.objects.create_user("spare", email="spare@example.org")
    Membership.objects.create(club=cast.club, user=spare, role=Membership.Role.OWNER)
    staff = django_user_model.objects.create_user("stella", email="stella@example.org", is_staff=True)
    invitation, link = invitation_create(
        club=cast.club, invited_by=cast.owner, role="arbiter", email=cast.nobody.email, base_url="http://x/"
    )
    player = roster_player_create(club=cast.club, name="Rosa Roster", rating=1700)
    rated = RatedPlayer.objects.create(
        fide_id=1000001, name="Rated, Ruth", search_key="rated ruth", checksum=0
    )
    # A failed import whose file is still there: staff may retry or cancel it.
    kept = Path(settings.RATING_LIST_DIR) / "old.txt"
    kept.write_text("")
    job = RatingImport.objects.create(original_name="old.txt", path=str(kept), status="failed")
    users = {role: cast.user(role) for role in ROLES if role != "staff"}
    users["staff"] = staff
    kwargs = {
        "slug": cast.club.slug,
        "membership_id": Membership.objects.get(club=cast.club, user=cast.arbiter).pk,
        "invitation_id": invitation.pk,
        "token": link.rstrip("/").rsplit("/", 1)[1],
        "player_id": player.pk,
        "import_id": job.pk,
    }
    return World(users, cast.club, kwargs, rated)


def _path(name: str, world: World) -> str:
    route = dict(_patterns(get_resolver()))[name]
    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(world.kwargs[m.group(1)]), route)


def fingerprint() -> list[list[tuple]]:
    models = (Club, Membership, Invitation, RosterPlayer, RatingImport, RatedPlayer)
    return [list(m.objects.order_by("pk").values_list()) for m in models]


@pytest.mark.django_db
def test_every_club_and_rating_endpoint_is_in_the_matrix(world, django_user_model):
    admin = django_user_model.objects.create_superuser("root", password="root-pass-1")
    client = Client(raise_request_exception=False)
    client.force_login(admin)
    found = set()
    for name, _route in _patterns(get_resolver()):
        if not name.startswith(NAMESPACES):
            continue
        for method in METHODS:
            response = client.generic(method, _path(name, world))
            if response.status_code != 405:
                found.add((name, method))
    assert sorted(found - set(MATRIX)) == [], "endpoints with no row in the matrix"
    assert sorted(set(MATRIX) - found) == [], "matrix rows for endpoints that do not exist"


def _expected_refusal(level: str, role: str) -> int:
    if role == "anonymous":
        return 302
    if level in CLUB_LEVELS and role in ("nobody", "other_member", "staff"):
        return 404
    return 403


# Every GET is also asked as an htmx request: a partial must be refused exactly like its page.
CASES = [(n, m, False) for n, m in sorted(MATRIX)] + [(n, m, True) for n, m in sorted(MATRIX) if m == "GET"]


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(
    ("name", "method", "htmx"), CASES, ids=[f"{n}-{m}{'-htmx' if h else ''}" for n, m, h in CASES]
)
def test_each_role_gets_exactly_the_access_it_should(name, method, htmx, role, world):
    spec = MATRIX[(name, method)]
    client = Client(raise_request_exception=False)
    user = world.users[role]
    if user is not None:
        client.force_login(user)
    headers = {"HX-Request": "true"} if htmx else {}
    before = fingerprint()
    if method == "GET":
        response = client.get(_path(name, world), headers=headers)
    else:
        response = client.post(_path(name, world), spec.data(world), headers=headers)
    assert response.status_code < 500, response.content[:500]

    if role in ALLOWED[spec.level]:
        if method == "GET":
            assert response.status_code == 200, response.status_code
        else:
            assert response.status_code < 400, (response.status_code, response.content[:500])
            assert fingerprint() != before, "permitted, but nothing was written"
        return

    assert fingerprint() == before, "a refused request changed data"
    expected = _expected_refusal(spec.level, role)
    assert response.status_code == expected, (response.status_code, expected)
    if expected == 302:
        assert response["Location"].startswith("/accounts/login/")


# The club's tournaments: the club role is the only role these users hold in the tournament
# (issue 23: owners and organisers organise it, arbiters arbitrate it, other clubs see nothing).
CLUB_TOURNAMENT_PAGES = {
    "tournaments:tournament": {"arbiter", "organiser", "owner"},
    "tournaments:participants": {"arbiter", "organiser", "owner"},
    "tournaments:registry_search": {"arbiter", "organiser", "owner"},
    "tournaments:settings": {"organiser", "owner"},
}


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name", sorted(CLUB_TOURNAMENT_PAGES))
def test_a_club_role_opens_exactly_the_club_tournaments_pages_it_grants(name, role, world):
    from django.urls import reverse

    from tournaments.services.tournaments import tournament_create

    tournament = tournament_create(user=world.users["owner"], club=world.club, name="Club Night")
    # Only the creator holds a per-tournament role; everybody else here has the club role alone.
    client = Client(raise_request_exception=False)
    user = world.users[role]
    if user is not None:
        client.force_login(user)
    response = client.get(reverse(name, kwargs={"tournament_id": tournament.pk}), {"q": "a"})
    if role in CLUB_TOURNAMENT_PAGES[name] or role == "owner":
        assert response.status_code == 200
    elif user is None:
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    elif role in {"arbiter", "organiser"}:
        assert response.status_code == 403  # a club role too small for this page
    else:
        assert response.status_code == 404  # no role here: another club's member, nobody, site staff
