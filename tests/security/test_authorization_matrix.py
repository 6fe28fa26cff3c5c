"""Who may write what: every write endpoint of the web pages and the API, against every role.

The matrix below is the specification. ``test_every_write_endpoint_is_in_the_matrix`` finds the
write endpoints by asking each URL in the resolvers, as a superuser, to accept POST, PUT, PATCH and
DELETE (a 405 means it does not), so a new endpoint that accepts a write fails the suite until
somebody decides here who may use it.

Roles: ``anonymous``; ``viewer`` (holds the public link: anonymous, having opened the public
page); ``stranger`` (organises another tournament); ``arbiter``; ``organiser``; and three with a
club role only, no role in the tournament itself: ``other_club`` (owner of another club),
``club_arbiter`` and ``club_organiser`` (arbiter and organiser of the tournament's club: the club
role grants the tournament role). Levels:

* ``login``: any logged-in user (creating or importing a tournament makes them its organiser);
* ``arbitrate``: arbiters and organisers (pairing, results, byes, withdrawals and their undoing,
  late entries, correcting and deleting entries);
* ``organise``: organisers only (settings, starting a round robin, the public link, archiving and
  deleting the tournament).

A permitted call must really write: it answers below 400 and adds an audit row in the caller's
name. A refused call answers with the role's refusal (login redirect or 401, 404 to strangers, 403
to arbiters) and changes nothing at all.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.authtoken.models import Token

from tests.security import world as w
from tournaments.exchange.json_backup import json_export
from tournaments.exchange.trf_export import trf_export
from tournaments.models import AuditLog, Tournament, TournamentRole

LOGIN, ARBITRATE, ORGANISE = "login", "arbitrate", "organise"
ROLES = (
    "anonymous",
    "viewer",
    "stranger",
    "arbiter",
    "organiser",
    "other_club",
    "club_arbiter",
    "club_organiser",
    "deputy_elsewhere",
)
ALLOWED = {
    LOGIN: {
        "stranger",
        "arbiter",
        "organiser",
        "other_club",
        "club_arbiter",
        "club_organiser",
        "deputy_elsewhere",
    },
    ARBITRATE: {"arbiter", "organiser", "club_arbiter", "club_organiser"},
    ORGANISE: {"organiser", "club_organiser"},
}
NOT_FOUND = {"stranger", "other_club", "deputy_elsewhere"}
"""Logged in with no role in the tournament: 404, the tournament's existence is not confirmed."""

TOURNAMENT_FORM = {
    "name": "Spring Rapid",
    "format": "swiss",
    "rounds_planned": 5,
    "scoring": "standard",
    "bye_value": "win",
    "acceleration": "none",
    "unplayed_rule": "virtual-opponent",
    "pairing_numbers": "rating",
    "late_entry_points": "zero",
    "max_half_byes": 2,
    "no_byes_in_last_rounds": 1,
    "withdrawal_games": "forfeit",
}


@dataclass(frozen=True)
class Endpoint:
    level: str
    state: str
    data: Callable[[w.World], dict[str, Any]] = lambda world: {}


def _new_staff(world: w.World) -> dict[str, Any]:
    from django.contrib.auth import get_user_model

    user, _ = get_user_model().objects.get_or_create(username="vera-volunteer")
    return {"username": user.username, "role": "arbiter"}


def _trf_upload(world: w.World) -> dict[str, Any]:
    from django.core.files.uploadedfile import SimpleUploadedFile

    text = trf_export(tournament=world.tournament).encode()
    return {"kind": "trf", "file": SimpleUploadedFile("club.trf", text), "name": "Imported Open"}


def _two_players(world: w.World) -> dict[str, Any]:
    return {"first": world.people[2].pk, "second": world.people[3].pk, "reason": "Same family"}


def _participant(world: w.World) -> dict[str, Any]:
    return {"participant": world.people[0].pk, "round_number": 2, "kind": "half"}


def _later_rating(world: w.World) -> dict[str, Any]:
    return {"from_round": 2, "source": "text", "text": f"{world.people[0].pairing_number}, 1999"}


def _rated_player(world: w.World) -> dict[str, Any]:
    """A player of the FIDE list (not tournament data: the fingerprint leaves it out)."""
    from ratings.models import RatedPlayer

    RatedPlayer.objects.get_or_create(
        fide_id=1503014, defaults={"name": "Carlsen, Magnus", "search_key": "carlsen magnus", "checksum": 1}
    )
    return {"fide_id": "1503014"}


def _report(world: w.World) -> int:
    """A report both players of board 1 confirmed (straight into the table: no audit row)."""
    from reports.models import ResultReport

    board = world.boards[0]
    return ResultReport.objects.create(
        tournament=world.tournament,
        board=board,
        result="1-0",
        reported_by=board.white,
        answered_by=board.black,
        board_version=board.version,
        status=ResultReport.Status.CONFIRMED,
    ).pk


def _link(world: w.World) -> int:
    from reports.models import ReportingLink

    person = world.people[0]
    return ReportingLink.objects.create(
        tournament=world.tournament, participant=person, token_hash="0" * 64, hint="0000"
    ).pk


MATRIX: dict[tuple[str, str], Endpoint] = {
    # Web pages.
    ("tournaments:tournament_new", "POST"): Endpoint(LOGIN, w.REGISTRATION, lambda _: TOURNAMENT_FORM),
    ("tournaments:settings", "POST"): Endpoint(ORGANISE, w.REGISTRATION, lambda _: TOURNAMENT_FORM),
    ("tournaments:tiebreaks", "POST"): Endpoint(
        ARBITRATE, w.PUBLISHED, lambda _: {"codes": "BH,SB,WIN", "reason": "Announced before round 1"}
    ),
    ("tournaments:start", "POST"): Endpoint(ORGANISE, w.ROUND_ROBIN),
    ("tournaments:fide_leave", "POST"): Endpoint(
        ORGANISE,
        w.PUBLISHED,
        lambda _: {"first_warning": "on", "second_warning": "on", "reason": "Not rated"},
    ),
    ("tournaments:rating_changes_visibility", "POST"): Endpoint(
        ORGANISE, w.PUBLISHED, lambda _: {"show": "0"}
    ),
    ("tournaments:rating_correction", "POST"): Endpoint(
        ARBITRATE, w.FINISHED, lambda _: {"round": 1, "board": 1, "result": "-/-", "reason": "Scoresheet"}
    ),
    ("tournaments:staff_add", "POST"): Endpoint(ORGANISE, w.PUBLISHED, _new_staff),
    ("tournaments:staff_remove", "POST"): Endpoint(ORGANISE, w.PUBLISHED),
    ("tournaments:participant_add", "POST"): Endpoint(
        ARBITRATE, w.REGISTRATION, lambda _: {"name": "Nina Newcomer", "rating": 1500}
    ),
    ("tournaments:participant_add_listed", "POST"): Endpoint(ARBITRATE, w.REGISTRATION, _rated_player),
    ("tournaments:ratings_refresh", "POST"): Endpoint(ARBITRATE, w.REGISTRATION),
    ("tournaments:later_ratings", "POST"): Endpoint(ARBITRATE, w.PUBLISHED, _later_rating),
    ("tournaments:participants_import", "POST"): Endpoint(
        ARBITRATE, w.REGISTRATION, lambda _: {"text": "Ann Apple,1500\nBob Berry,1400", "commit": "1"}
    ),
    ("tournaments:withdraw", "POST"): Endpoint(ARBITRATE, w.PUBLISHED, lambda _: {"from_round": 2}),
    ("tournaments:expel", "POST"): Endpoint(ARBITRATE, w.PUBLISHED, lambda _: {"reason": "Misconduct"}),
    ("tournaments:participant_edit", "POST"): Endpoint(
        ARBITRATE, w.PUBLISHED, lambda _: {"name": "Renamed Player", "rating": 1500}
    ),
    ("tournaments:participant_delete", "POST"): Endpoint(ARBITRATE, w.REGISTRATION),
    ("tournaments:withdraw_undo", "POST"): Endpoint(ARBITRATE, w.WITHDRAWN),
    ("tournaments:bye_add", "POST"): Endpoint(ARBITRATE, w.PUBLISHED, _participant),
    ("tournaments:bye_cancel", "POST"): Endpoint(ARBITRATE, w.PUBLISHED),
    ("tournaments:forbidden_pair_add", "POST"): Endpoint(ARBITRATE, w.PUBLISHED, _two_players),
    ("tournaments:forbidden_pair_remove", "POST"): Endpoint(ARBITRATE, w.PUBLISHED),
    ("tournaments:round_pair", "POST"): Endpoint(ARBITRATE, w.FINISHED),
    ("tournaments:round_publish", "POST"): Endpoint(ARBITRATE, w.DRAFT),
    ("tournaments:round_delete", "POST"): Endpoint(ARBITRATE, w.DRAFT),
    ("tournaments:round_repair", "POST"): Endpoint(ARBITRATE, w.DRAFT),
    ("tournaments:boards_exchange", "POST"): Endpoint(
        ARBITRATE, w.DRAFT, lambda _: {"board_a": 1, "board_b": 2}
    ),
    ("tournaments:board_swap", "POST"): Endpoint(ARBITRATE, w.DRAFT),
    ("tournaments:result", "POST"): Endpoint(
        ARBITRATE, w.PUBLISHED, lambda _: {"result": "1-0", "version": 0}
    ),
    ("tournaments:round_result", "POST"): Endpoint(
        ARBITRATE, w.PUBLISHED, lambda _: {"board": 1, "result": "1-0"}
    ),
    ("public:regenerate", "POST"): Endpoint(ORGANISE, w.PUBLISHED),
    ("tournaments:tournament_import", "POST"): Endpoint(LOGIN, w.FINISHED, _trf_upload),
    ("tournaments:archive", "POST"): Endpoint(ORGANISE, w.PUBLISHED, lambda _: {"archived": "1"}),
    ("tournaments:tournament_delete", "POST"): Endpoint(
        ORGANISE, w.PUBLISHED, lambda world: {"confirm": world.tournament.name}
    ),
    ("reports:accept", "POST"): Endpoint(ARBITRATE, w.PUBLISHED, lambda world: {"report": _report(world)}),
    ("reports:accept_confirmed", "POST"): Endpoint(
        ARBITRATE, w.PUBLISHED, lambda world: _report(world) and {}
    ),
    ("reports:override", "POST"): Endpoint(
        ARBITRATE, w.PUBLISHED, lambda _: {"result": "1/2-1/2", "version": 0}
    ),
    ("reports:settings", "POST"): Endpoint(ORGANISE, w.PUBLISHED, lambda _: {"auto_accept_confirmed": "on"}),
    ("reports:links_issue_missing", "POST"): Endpoint(ORGANISE, w.PUBLISHED),
    ("reports:links_email", "POST"): Endpoint(ORGANISE, w.PUBLISHED),
    ("reports:link_issue", "POST"): Endpoint(ORGANISE, w.PUBLISHED),
    ("reports:link_revoke", "POST"): Endpoint(ORGANISE, w.PUBLISHED, lambda world: _link(world) and {}),
    ("reports:link_email", "POST"): Endpoint(ORGANISE, w.PUBLISHED),
    # REST API.
    ("api:tournaments", "POST"): Endpoint(LOGIN, w.REGISTRATION, lambda _: {"name": "API Open"}),
    ("api:import-trf", "POST"): Endpoint(
        LOGIN, w.FINISHED, lambda world: {"trf": trf_export(tournament=world.tournament)}
    ),
    ("api:import-json", "POST"): Endpoint(
        LOGIN, w.FINISHED, lambda world: {"backup": json_export(tournament=world.tournament)}
    ),
    ("api:tournament", "PATCH"): Endpoint(ORGANISE, w.REGISTRATION, lambda _: {"name": "Renamed Open"}),
    ("api:start", "POST"): Endpoint(ORGANISE, w.ROUND_ROBIN),
    ("api:participants", "POST"): Endpoint(
        ARBITRATE, w.REGISTRATION, lambda _: {"name": "Nina Newcomer", "rating": 1500}
    ),
    ("api:late-entries", "POST"): Endpoint(
        ARBITRATE, w.PUBLISHED, lambda _: {"name": "Lars Late", "rating": 1500, "joined_round": 2}
    ),
    ("api:withdraw", "POST"): Endpoint(ARBITRATE, w.PUBLISHED, lambda _: {"from_round": 2}),
    ("api:expel", "POST"): Endpoint(ARBITRATE, w.PUBLISHED, lambda _: {"reason": "Misconduct"}),
    ("api:participant", "PATCH"): Endpoint(ARBITRATE, w.PUBLISHED, lambda _: {"rating": 1234}),
    ("api:participant", "DELETE"): Endpoint(ARBITRATE, w.REGISTRATION),
    ("api:withdrawal-undo", "POST"): Endpoint(ARBITRATE, w.WITHDRAWN),
    ("api:byes", "POST"): Endpoint(ARBITRATE, w.PUBLISHED, _participant),
    ("api:bye", "DELETE"): Endpoint(ARBITRATE, w.PUBLISHED),
    ("api:forbidden-pairs", "POST"): Endpoint(ARBITRATE, w.PUBLISHED, _two_players),
    ("api:forbidden-pair", "DELETE"): Endpoint(ARBITRATE, w.PUBLISHED),
    ("api:round-pair", "POST"): Endpoint(ARBITRATE, w.FINISHED),
    ("api:round-publish", "POST"): Endpoint(ARBITRATE, w.DRAFT),
    ("api:round", "DELETE"): Endpoint(ARBITRATE, w.DRAFT),
    ("api:board", "PUT"): Endpoint(ARBITRATE, w.PUBLISHED, lambda _: {"result": "1-0", "version": 0}),
    # Team competitions' API (teams/api.py): the event's organisers and chief arbiter, and the club's
    # staff; a deputy of another section is a stranger here (404).
    ("api:team-board", "PUT"): Endpoint(ARBITRATE, w.TEAMS, lambda _: {"result": "1-0", "version": 0}),
    ("api:team-lineup", "PUT"): Endpoint(
        ARBITRATE, w.TEAMS, lambda world: {"players": [world.team_players[0].pk, world.team_players[2].pk]}
    ),
}

NOT_IN_MATRIX = {
    # Authentication flows, not tournament data: covered by test_login_rate_limit.py.
    "login": "the login page",
    "admin-login": "redirects to the login page",
    "logout": "logging out",
    "password_change": "a user's own password",
    "password_reset": "sends a reset e-mail",
    "password_reset_confirm": "a user's own password",
    "api:token": "exchanges a password for a token",
    # A user's own API tokens: covered by tests/accounts/test_api_tokens.py.
    "accounts:tokens": "creates one of the user's own tokens",
    "accounts:token_revoke": "revokes one of the user's own tokens",
    "accounts:legacy_token_revoke": "revokes the user's own older token",
    # Sign-up and a user's own profile (no id in the URL: nobody reaches another's), covered by
    # tests/accounts/test_signup.py and tests/accounts/test_profile.py.
    "accounts:signup": "makes a new, unverified account (SIGNUP_MODE decides who may)",
    "accounts:verify_resend": "mails the user's own verification link again (rate-limited)",
    "accounts:profile": "the user's own name and email",
    "profile_language": "the reader's own interface language (a cookie, and the profile when logged in)",
    "accounts:email_change_cancel": "cancels the user's own email change",
    # A player's personal reporting link is the key, not a login: the player-side matrix (own board
    # only, revoked and guessed links, finished rounds) is tests/reports/test_authorization.py.
    "reports:player_report": "a player's reporting link",
    "reports:player_confirm": "a player's reporting link",
    "reports:player_dispute": "a player's reporting link",
    # The event pages (its staff, the desk for every section, moves, the event's CSV): their own
    # matrix, with deputies of one section, is tests/security/test_event_authorization.py.
    "tournaments:event_new": "creates an event (any logged-in user, like a tournament)",
    "tournaments:event_register": "the event's desk",
    "tournaments:event_register_listed": "the event's desk",
    "tournaments:event_move": "the event's desk",
    "tournaments:event_import": "the event's desk",
    "tournaments:event_staff_add": "the event's staff",
    "tournaments:event_staff_remove": "the event's staff",
    # Online entries, fees and check-in (issue 37): the entry form, a player's personal link and the
    # desk tablet's code are keys, not logins; the staff pages take the event's and the section's
    # roles. Their own matrix (every role, deputies of one section, the desk code granting nothing
    # else) is tests/entries/test_authorization.py.
    "entries:enter": "the public entry form (rate-limited, honeypot)",
    "entries:me_check_in": "a player's personal entry link",
    "entries:desk_open": "the desk tablet's code",
    "entries:desk_close": "the desk tablet's code",
    "entries:desk_check_in": "the desk tablet's code",
    "entries:settings": "the event's entry settings",
    "entries:section": "the event's entry settings",
    "entries:reduction_add": "the event's entry settings",
    "entries:reduction_remove": "the event's entry settings",
    "entries:accept": "the event's entries",
    "entries:refuse": "the event's entries",
    "entries:pay": "the event's fees",
    "entries:fees_desk_players": "the event's fees",
    "entries:check_in_add": "a section's check-in",
    "entries:check_in_remove": "a section's check-in",
    "entries:check_in_everyone": "a section's check-in",
    # Prize lists (issue 35): organisers change them, the section's staff read them; their own
    # matrix (every write, refusals changing nothing, archived tournaments) is
    # tests/prizes/test_authorization.py.
    "prizes:rules": "a section's prize list",
    "prizes:group_add": "a section's prize list",
    "prizes:group_save": "a section's prize list",
    "prizes:group_move": "a section's prize list",
    "prizes:group_delete": "a section's prize list",
    "prizes:women": "a section's prize list",
    "prizes:event_rules": "an event's prize list",
    "prizes:event_group_add": "an event's prize list",
    "prizes:event_group_save": "an event's prize list",
    "prizes:event_group_move": "an event's prize list",
    "prizes:event_group_delete": "an event's prize list",
    "prizes:event_women": "an event's prize list",
    # Team competitions (issue 36): the event's organisers and chief arbiter act on them, a captain's
    # lineup link is a key, not a login. Their own matrix (anonymous, strangers 404, a deputy of one
    # section 403, event staff allowed, refusals changing nothing) is tests/teams/test_authorization.py.
    "teams:new": "an event's team competitions",
    "teams:team_add": "a team competition",
    "teams:captain_link": "a team competition",
    "teams:team_withdraw": "a team competition",
    "teams:pair": "a team competition",
    "teams:publish": "a team competition",
    "teams:round_delete": "a team competition",
    "teams:deadline": "a team competition",
    "teams:lineup": "a team competition",
    "teams:result": "a team competition",
    "teams:forfeit": "a team competition",
    "teams:captain": "a team captain's lineup link",
    # Restoring a team competition's JSON backup into its event (event organisers only): its
    # refusals are tests/teams/test_restore.py's.
    "teams:restore": "a team competition's event",
}
"""URL names that accept writes but are not tournament data; the back office (``admin:``) has
Django's own staff permissions and is tested in test_audit_log.py."""

WRITE_METHODS = ("POST", "PUT", "PATCH", "DELETE")


def _patterns(resolver: URLResolver, prefix: str = "", namespace: str = ""):
    for p in resolver.url_patterns:
        if isinstance(p, URLResolver):
            ns = f"{namespace}:{p.namespace}".strip(":") if p.namespace else namespace
            yield from _patterns(p, prefix + str(p.pattern), ns)
        elif isinstance(p, URLPattern):
            name = f"{namespace}:{p.name}".strip(":") if p.name else f"{namespace}:<unnamed>"
            yield name, prefix + str(p.pattern)


def _fill(route: str, values: dict[str, object]) -> str:
    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(values[m.group(1)]), route)


def _request(client: Client, method: str, path: str, data: dict[str, Any], **extra: Any):
    if path.startswith("/api/"):
        return client.generic(method, path, _json(data), content_type="application/json", **extra)
    return getattr(client, method.lower())(path, data, **extra)


def _json(data: dict[str, Any]) -> str:
    import json

    return json.dumps(data)


def _path_for(name: str, world: w.World) -> str:
    routes = dict(_patterns(get_resolver()))
    return _fill(routes[name], world.url_kwargs())


@pytest.mark.django_db
def test_every_write_endpoint_is_in_the_matrix(django_user_model, tournament):
    """Probe every route with every write method as a superuser: anything but 405 is a write."""
    world = w.build(tournament, w.PUBLISHED)
    admin = django_user_model.objects.create_superuser("root", password="root-pass-1")
    client = Client(raise_request_exception=False)
    client.force_login(admin)
    writes = set()
    for name, route in _patterns(get_resolver()):
        # Clubs and rating lists have their own matrix: tests/clubs/test_authorization_matrix.py.
        if name.startswith(("admin:", "clubs:", "ratings:")) or name in NOT_IN_MATRIX:
            continue
        path = _fill(route, world.url_kwargs())
        for method in WRITE_METHODS:
            if _request(client, method, path, {}).status_code != 405:
                writes.add((name, method))
    names = {name for name, _ in writes}
    missing = sorted(f"{n} {m}" for n, m in writes if (n, m) not in MATRIX)
    assert missing == [], f"write endpoints with no row in the authorization matrix: {missing}"
    stale = sorted(f"{n} {m}" for n, m in MATRIX if (n, m) not in writes)
    assert stale == [], f"matrix rows for endpoints that no longer accept the write: {stale}"
    assert {"tournaments:result", "api:board"} <= names


def _club_staff(tournament, django_user_model) -> dict[str, Any]:
    from clubs.models import Club, Membership

    def member(username: str, club: Club, role: str) -> Any:
        user = django_user_model.objects.create_user(username, password=f"{username}-pass-1")
        Membership.objects.create(club=club, user=user, role=role)
        return user

    elsewhere = Club.objects.create(name="Hilltop", slug="hilltop")
    other_section = Tournament.objects.create(name="Open B", event=tournament.event, club=tournament.club)
    deputy = django_user_model.objects.create_user("dora-deputy", password="dora-deputy-pass-1")
    TournamentRole.objects.create(tournament=other_section, user=deputy, role="arbiter")
    return {
        "deputy_elsewhere": deputy,
        "other_club": member("hugo-hilltop", elsewhere, "owner"),
        "club_arbiter": member("cara-club-arbiter", tournament.club, "arbiter"),
        "club_organiser": member("cole-club-organiser", tournament.club, "organiser"),
    }


@pytest.fixture
def as_role(organiser, arbiter, stranger, tournament, django_user_model):
    """A fresh client for the role, and the user it acts as (None for anonymous and viewers)."""
    users = {"organiser": organiser, "arbiter": arbiter, "stranger": stranger}
    users.update(_club_staff(tournament, django_user_model))

    def make(role: str, world: w.World) -> tuple[Client, Any]:
        client = Client(raise_request_exception=False)
        if role == "viewer":
            assert client.get(f"/p/{world.tournament.public_token}/").status_code == 200
        return client, users.get(role)

    return make


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(("name", "method"), sorted(MATRIX), ids=[f"{n}-{m}" for n, m in sorted(MATRIX)])
def test_each_role_gets_exactly_the_access_it_should(name, method, role, tournament, as_role):
    spec = MATRIX[(name, method)]
    world = w.build(tournament, spec.state)
    client, user = as_role(role, world)
    api = name.startswith("api:")
    extra: dict[str, str] = {}
    if user is not None:
        if api:
            extra["HTTP_AUTHORIZATION"] = f"Token {Token.objects.get_or_create(user=user)[0].key}"
        else:
            client.force_login(user)
    path = _path_for(name, world)
    before = w.fingerprint()
    audit_before = AuditLog.objects.filter(user=user).count() if user else 0
    response = _request(client, method, path, spec.data(world), **extra)
    assert response.status_code < 500, response.content[:500]

    if role in ALLOWED[spec.level]:
        assert response.status_code < 400, (response.status_code, response.content[:500])
        assert AuditLog.objects.filter(user=user).count() > audit_before, "permitted, but nothing was written"
        return

    assert w.fingerprint() == before, "a refused request changed data"
    if user is None and api:
        assert response.status_code == 401
    elif user is None:
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    elif role in NOT_FOUND:
        assert response.status_code == 404
    else:
        assert response.status_code == 403
