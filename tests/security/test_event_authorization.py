"""Who may use the event pages: organisers and the chief arbiter everywhere, a deputy arbiter only in
their own section (pages, desk and API), strangers nowhere (404), anonymous users to the login.

Every event URL is tried by every role; a refused request changes nothing at all.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.authtoken.models import Token

from tests.security import world as w
from tournaments.models import EventRole, Participant, TournamentRole
from tournaments.services.events import event_create, event_register, section_add

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "stranger", "deputy_a", "deputy_b", "chief", "organiser")


@pytest.fixture
def event_world(db):
    make = get_user_model().objects.create_user
    users = {name: make(name, password=f"{name}-pass-123") for name in ROLES if name != "anonymous"}
    event = event_create(user=users["organiser"], name="Weekend Open")
    a = section_add(event=event, user=users["organiser"], name="Open A", band_min_rating=1800)
    b = section_add(event=event, user=users["organiser"], name="Open B", band_max_rating=1800)
    EventRole.objects.create(event=event, user=users["chief"], role="arbiter")
    TournamentRole.objects.create(tournament=a, user=users["deputy_a"], role="arbiter")
    TournamentRole.objects.create(tournament=b, user=users["deputy_b"], role="arbiter")
    strong = event_register(event=event, user=users["organiser"], name="Anna Strong", rating=2000).participant
    weak = event_register(event=event, user=users["organiser"], name="Bob Weak", rating=1500).participant
    return {"users": users, "event": event, "a": a, "b": b, "strong": strong, "weak": weak}


def _client(world, role: str) -> Client:
    client = Client(raise_request_exception=False)
    if role != "anonymous":
        client.force_login(world["users"][role])
    return client


# (what, method, path, data, roles allowed). Paths are filled from the world.
def _cases(world):
    e, a, b = world["event"], world["a"], world["b"]
    base = f"/e/{e.pk}/"
    return [
        ("event page", "get", base, {}, {"deputy_a", "deputy_b", "chief", "organiser"}),
        (
            "suggestion",
            "get",
            base + "suggest/?rating=1900",
            {},
            {"deputy_a", "deputy_b", "chief", "organiser"},
        ),
        ("backup", "get", base + "backup.json", {}, {"chief", "organiser"}),
        (
            "register in A",
            "post",
            base + "register/",
            {"name": "New Strong", "rating": 1900, "section": a.pk},
            {"deputy_a", "chief", "organiser"},
        ),
        (
            "register in B",
            "post",
            base + "register/",
            {"name": "New Weak", "rating": 1400, "section": b.pk},
            {"deputy_b", "chief", "organiser"},
        ),
        (
            "move B to A",
            "post",
            base + "move/",
            {"participant": world["weak"].pk, "section": a.pk},
            {"chief", "organiser"},
        ),
        (
            "import",
            "post",
            base + "import/",
            {"text": "name,rating\nCid,1900\nDan,1200", "commit": "1"},
            {"chief", "organiser"},
        ),
        (
            "staff add",
            "post",
            base + "staff/add/",
            {"username": "stranger", "role": "arbiter"},
            {"organiser"},
        ),
        (
            "new section",
            "post",
            "/t/new/",
            {
                "event": e.pk,
                "name": "Juniors",
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
                "max_age": 14,
            },
            {"organiser"},
        ),
    ]


def _data_fingerprint(world):
    event = world["event"]
    return (
        w.fingerprint(),
        sorted(Participant.objects.filter(tournament__event=event).values_list("name", "tournament_id")),
        sorted(EventRole.objects.filter(event=event).values_list("user_id", "role")),
        event.sections.count(),
    )


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("case", range(9))
def test_every_event_url_for_every_role(event_world, role, case):
    what, method, path, data, allowed = _cases(event_world)[case]
    client = _client(event_world, role)
    before = _data_fingerprint(event_world)
    response = getattr(client, method)(path, data)
    assert response.status_code < 500, (what, response.content[:400])
    if role in allowed:
        assert response.status_code in (200, 302), (what, role, response.status_code)
        if method == "post":
            messages = (
                [str(m) for m in response.wsgi_request._messages]
                if hasattr(response.wsgi_request, "_messages")
                else []
            )
            assert _data_fingerprint(event_world) != before, (
                what,
                role,
                "permitted, but nothing was written",
                messages,
            )
        return
    assert _data_fingerprint(event_world) == before, (what, role, "a refused request changed data")
    if role == "anonymous":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    elif method == "post" and role.startswith("deputy"):
        # A deputy reaches the desk, but its service refuses another section: a message, no write.
        assert response.status_code in (200, 302, 403, 404)
    elif role == "stranger":
        assert response.status_code == 404
    else:
        assert response.status_code in (403, 404)


@pytest.mark.parametrize("suffix", ["", "participants/", "rounds/", "settings/", "standings/", "data/"])
def test_a_deputy_cannot_open_another_sections_pages(event_world, suffix):
    client = _client(event_world, "deputy_a")
    assert client.get(f"/t/{event_world['a'].pk}/{suffix}").status_code != 404
    assert client.get(f"/t/{event_world['b'].pk}/{suffix}").status_code == 404


def test_a_deputy_is_refused_by_the_api_in_another_section(event_world):
    deputy = event_world["users"]["deputy_a"]
    client = Client()
    auth = {"HTTP_AUTHORIZATION": f"Token {Token.objects.get_or_create(user=deputy)[0].key}"}
    assert client.get(f"/api/tournaments/{event_world['a'].pk}/participants/", **auth).status_code == 200
    assert client.get(f"/api/tournaments/{event_world['b'].pk}/participants/", **auth).status_code == 404
    before = _data_fingerprint(event_world)
    posted = client.post(
        f"/api/tournaments/{event_world['b'].pk}/participants/",
        {"name": "Sneaky", "rating": 1000},
        content_type="application/json",
        **auth,
    )
    assert posted.status_code == 404 and _data_fingerprint(event_world) == before


def test_the_event_page_shows_a_deputy_only_their_section(event_world):
    page = _client(event_world, "deputy_a").get(f"/e/{event_world['event'].pk}/").content.decode()
    assert "Open A" in page and "Open B" not in page
    everything = _client(event_world, "chief").get(f"/e/{event_world['event'].pk}/").content.decode()
    assert "Open A" in everything and "Open B" in everything


def test_the_api_lists_an_event_with_the_sections_each_user_may_act_in(event_world):
    event = event_world["event"]

    def get(role: str, path: str):
        token = Token.objects.get_or_create(user=event_world["users"][role])[0].key
        return Client().get(path, HTTP_AUTHORIZATION=f"Token {token}")

    deputy = get("deputy_a", f"/api/events/{event.pk}/").json()
    assert [s["name"] for s in deputy["sections"]] == ["Open A"]
    chief = get("chief", f"/api/events/{event.pk}/").json()
    assert [(s["name"], s["players"]) for s in chief["sections"]] == [("Open A", 1), ("Open B", 1)]
    assert get("stranger", f"/api/events/{event.pk}/").status_code == 404
    assert [e["id"] for e in get("deputy_b", "/api/events/").json()] == [event.pk]
    assert Client().get(f"/api/events/{event.pk}/").status_code == 401
