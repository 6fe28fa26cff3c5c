"""Who may use the entry pages: the event's organisers everywhere, its chief arbiter on the entries
(not the settings or the money), a section's deputy arbiter only on their section's check-in;
strangers get 404 and anonymous users the login page. A refused request changes nothing. The desk
tablet's code opens the desk of its own event and nothing else."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from entries.models import CheckIn, Entry, EntrySettings, FeeReduction, Payment, SectionEntrySettings
from entries.services.entries import entry_accept, entry_submit
from tests.entries.conftest import entry_data
from tournaments.models import EventRole, TournamentRole
from tournaments.services.events import event_create, event_register

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "stranger", "deputy_a", "deputy_b", "chief", "organiser")
EVENT_STAFF = {"chief", "organiser"}


@pytest.fixture
def world(event_world):
    make = get_user_model().objects.create_user
    users = {n: make(n, password=f"{n}-pass-123") for n in ("stranger", "deputy_a", "deputy_b", "chief")}
    users["organiser"] = event_world["organiser"]
    event, a, b = event_world["event"], event_world["a"], event_world["b"]
    EventRole.objects.create(event=event, user=users["chief"], role="arbiter")
    TournamentRole.objects.create(tournament=a, user=users["deputy_a"], role="arbiter")
    TournamentRole.objects.create(tournament=b, user=users["deputy_b"], role="arbiter")
    event_create(user=users["stranger"], name="Another event")
    EntrySettings.objects.filter(event=event).update(check_in="every")
    pending = entry_submit(**entry_data(a)).entry
    accepted = entry_accept(
        entry=entry_submit(**entry_data(a, name="Acc Epted", address="10.2.2.2")).entry,
        user=users["organiser"],
    )
    in_a = event_register(
        event=event, user=users["organiser"], section=a, name="Desk Player", rating=2000
    ).participant
    return {**event_world, "users": users, "pending": pending, "accepted": accepted, "in_a": in_a}


def _state():
    return (
        list(Entry.objects.values_list("pk", "status", "refusal").order_by("pk")),
        Payment.objects.count(),
        CheckIn.objects.count(),
        list(EntrySettings.objects.values_list("opens_at", "check_in", "desk_code_hash", "auto_accept")),
        list(SectionEntrySettings.objects.values_list("open", "max_players", "fee_cents").order_by("pk")),
        FeeReduction.objects.count(),
    )


def _cases(world):
    e, a = world["event"].pk, world["a"].pk
    red = FeeReduction.objects.filter(event=world["event"]).first().pk
    p, acc = world["pending"].pk, world["accepted"].pk
    s = f"/entries/sections/{a}/check-in/"
    person = {"participant": world["in_a"].pk}
    return [
        ("get", f"/entries/{e}/", {}, EVENT_STAFF, 403),
        ("post", f"/entries/{e}/entries/{p}/accept/", {}, EVENT_STAFF, 403),
        ("post", f"/entries/{e}/entries/{p}/refuse/", {"reason": "x"}, EVENT_STAFF, 403),
        (
            "post",
            f"/entries/{e}/settings/",
            {"check_in": "off", "currency": "EUR", "desk_code": "hack-1"},
            {"organiser"},
            403,
        ),
        ("post", f"/entries/{e}/sections/{a}/", {f"s{a}-fee": "1", f"s{a}-open": ""}, {"organiser"}, 403),
        (
            "post",
            f"/entries/{e}/reductions/",
            {"label": "All", "percent": "100", "titles": "GM"},
            {"organiser"},
            403,
        ),
        ("post", f"/entries/{e}/reductions/{red}/remove/", {}, {"organiser"}, 403),
        ("get", f"/entries/{e}/fees/", {}, {"organiser"}, 403),
        ("get", f"/entries/{e}/fees.csv", {}, {"organiser"}, 403),
        ("post", f"/entries/{e}/entries/{acc}/pay/", {"amount": "5", "method": "cash"}, {"organiser"}, 403),
        ("post", f"/entries/{e}/fees/desk-players/", {}, {"organiser"}, 403),
        ("get", s, {}, {"deputy_a", *EVENT_STAFF}, 404),
        ("post", s + "add/", person, {"deputy_a", *EVENT_STAFF}, 404),
        ("post", s + "everyone/", {}, {"deputy_a", *EVENT_STAFF}, 404),
    ]


def _client(world, role):
    client = Client(raise_request_exception=False)
    if role != "anonymous":
        client.force_login(world["users"][role])
    return client


@pytest.mark.parametrize("role", ROLES)
def test_every_staff_entry_page_against_every_role(world, role):
    for method, path, data, allowed, deputy_status in _cases(world):
        before = _state()
        response = getattr(_client(world, role), method)(path, data)
        what = f"{role} {method.upper()} {path}"
        if role in allowed:
            assert response.status_code in (200, 302), what
            assert "/accounts/login/" not in response.get("Location", ""), what
            continue
        if role == "anonymous":
            assert response.status_code == 302 and "/accounts/login/" in response["Location"], what
        elif role == "stranger":
            assert response.status_code == 404, what
        else:  # a deputy (or the chief arbiter on the organiser's pages)
            expected = 403 if role == "chief" else deputy_status
            if role == "deputy_b" or "/sections/" not in path or "/check-in/" not in path:
                assert response.status_code == expected, what
        assert _state() == before, what


def test_a_deputy_checks_in_only_in_their_own_section(world):
    b_player = event_register(
        event=world["event"], user=world["users"]["organiser"], section=world["b"], name="Bee", rating=1500
    ).participant
    deputy = _client(world, "deputy_a")
    assert (
        deputy.post(
            f"/entries/sections/{world['b'].pk}/check-in/add/", {"participant": b_player.pk}
        ).status_code
        == 404
    )
    # a participant of section B named through section A's page is not found either
    assert (
        deputy.post(
            f"/entries/sections/{world['a'].pk}/check-in/add/", {"participant": b_player.pk}
        ).status_code
        == 404
    )
    assert CheckIn.objects.count() == 0


def test_the_desk_code_grants_nothing_else(world):
    token = world["event"].public_token
    desk = Client(raise_request_exception=False)
    assert desk.post(f"/entries/desk/{token}/open/", {"code": "rook-42"}).status_code == 302
    assert 'id="desk-list"' in desk.get(f"/entries/desk/{token}/").content.decode()
    before = _state()
    for method, path, data, _allowed, _status in _cases(world):
        response = getattr(desk, method)(path, data)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"], path
    for path in (
        f"/e/{world['event'].pk}/",
        f"/t/{world['a'].pk}/",
        f"/t/{world['a'].pk}/rounds/",
        "/api/events/",
    ):
        assert desk.get(path).status_code in (302, 401, 403), path
    assert _state() == before
    # nor another event's desk
    other = world["users"]["stranger"].event_roles.get().event
    assert 'id="desk-code-form"' in desk.get(f"/entries/desk/{other.public_token}/").content.decode()
    # and a participant of another event cannot be checked in through this desk
    from tournaments.services.events import section_add

    section_add(event=other, user=world["users"]["stranger"], name="Elsewhere")
    stranger_event_player = event_register(
        event=other, user=world["users"]["stranger"], name="Far Away", rating=1500
    )
    from entries.models import EntrySettings as ES

    ES.objects.create(event=other, check_in="every")
    assert (
        desk.post(
            f"/entries/desk/{token}/check-in/", {"participant": stranger_event_player.participant.pk}
        ).status_code
        == 404
    )
    assert CheckIn.objects.count() == 0


def test_the_desk_code_is_rate_limited(world):
    token = world["event"].public_token
    desk = Client(raise_request_exception=False)
    statuses = [
        desk.post(f"/entries/desk/{token}/open/", {"code": f"guess-{i}"}).status_code for i in range(11)
    ]
    assert statuses[:10] == [403] * 10 and statuses[10] == 429
    assert desk.post(f"/entries/desk/{token}/open/", {"code": "rook-42"}).status_code == 429


def test_a_personal_link_checks_in_only_its_own_player(world, client):
    # the link names no participant: the POST has no field to point at another player
    done = entry_submit(**entry_data(world["b"], name="Own Player", rating=1500, address="10.3.3.3"))
    entry_accept(entry=done.entry, user=world["users"]["organiser"])
    client.post(f"/entries/me/{done.token}/check-in/", {"participant": world["in_a"].pk})
    assert list(CheckIn.objects.values_list("participant__name", flat=True)) == ["Own Player"]
    assert client.post("/entries/me/guessed-token-1234567/check-in/").status_code == 404
