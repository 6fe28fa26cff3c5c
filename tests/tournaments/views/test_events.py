"""The event pages as their users see them: the organiser's page, the desk, the public event link,
find my board across sections, the projector, the club page and the home page."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from clubs.models import Club, Membership
from tournaments.models import Event, Participant, Round
from tournaments.services.events import event_create, event_register, section_add

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup(db):
    olga = get_user_model().objects.create_user("olga", password="olga-pass-123")
    club = Club.objects.create(name="Riverside", slug="riverside")
    Membership.objects.create(club=club, user=olga, role="owner")
    event = event_create(user=olga, club=club, name="Weekend Open", place="Town hall")
    a = section_add(event=event, user=olga, name="Open A", band_min_rating=1800)
    b = section_add(event=event, user=olga, name="Open B", band_max_rating=1800)
    client = Client()
    client.force_login(olga)
    return {"olga": olga, "club": club, "event": event, "a": a, "b": b, "client": client}


def test_an_organiser_creates_an_event_and_its_sections_from_the_pages(setup):
    client = setup["client"]
    response = client.post(
        "/e/new/?club=riverside", {"name": "Spring Congress", "one_section_per_player": "on"}
    )
    event = Event.objects.get(name="Spring Congress")
    assert response.status_code == 302 and response["Location"] == f"/e/{event.pk}/"
    assert event.club == setup["club"]
    form = {
        "event": event.pk,
        "name": "Major",
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
        "band_min_rating": 1600,
        "band_max_rating": 2000,
    }
    assert client.post("/t/new/", form).status_code == 302
    section = event.sections.get()
    assert (section.name, section.band_min_rating, section.band_max_rating, section.club) == (
        "Major",
        1600,
        2000,
        setup["club"],
    )
    page = client.get(f"/e/{event.pk}/").content.decode()
    assert "Major" in page and "rated 1600 to below 2000" in page


def test_the_desk_places_by_band_and_says_where(setup):
    client, event = setup["client"], setup["event"]
    response = client.post(f"/e/{event.pk}/register/", {"name": "Ann Strong", "rating": 2100}, follow=True)
    assert "Ann Strong entered in Open A" in response.content.decode()
    hint = client.get(f"/e/{event.pk}/suggest/?rating=1500").content.decode()
    assert "Bands suggest: Open B" in hint
    refused = client.post(
        f"/e/{event.pk}/register/",
        {"name": "Ann Strong", "rating": 2100, "section": setup["b"].pk},
        follow=True,
    )
    assert "already entered in Open A" in refused.content.decode()
    assert Participant.objects.filter(tournament__event=event).count() == 1


def test_move_from_the_page_and_refusal_after_round_one(setup):
    client, event = setup["client"], setup["event"]
    entry = event_register(event=event, user=setup["olga"], name="Ben Mover", rating=1700).participant
    page = client.post(
        f"/e/{event.pk}/move/", {"participant": entry.pk, "section": setup["a"].pk}, follow=True
    )
    assert "Ben Mover moved to Open A" in page.content.decode()
    Round.objects.create(tournament=setup["a"], number=1)
    page = client.post(
        f"/e/{event.pk}/move/", {"participant": entry.pk, "section": setup["b"].pk}, follow=True
    )
    assert "has started" in page.content.decode()
    assert Participant.objects.get(pk=entry.pk).tournament == setup["a"]


def test_the_event_csv_checks_then_enters_every_player(setup):
    client, event = setup["client"], setup["event"]
    text = "name,rating\nAnn,2100\nBob,1500\n"
    checked = client.post(f"/e/{event.pk}/import/", {"text": text, "check": "1"}).content.decode()
    assert "Open A" in checked and not Participant.objects.exists()
    client.post(f"/e/{event.pk}/import/", {"text": text, "commit": "1"})
    assert sorted(Participant.objects.values_list("name", "tournament__name")) == [
        ("Ann", "Open A"),
        ("Bob", "Open B"),
    ]


def test_the_public_event_link_lists_sections_and_finds_a_board_in_any(setup):
    event = setup["event"]
    event_register(event=event, user=setup["olga"], name="Søren Ødegård", rating=2000)
    event_register(event=event, user=setup["olga"], name="Sofia Ødegård", rating=1200)
    anonymous = Client()
    page = anonymous.get(f"/p/e/{event.public_token}/").content.decode()
    assert "Open A" in page and "Open B" in page and f"/p/{setup['a'].public_token}/" in page
    found = anonymous.get(f"/p/e/{event.public_token}/find/?q=degard").content.decode()
    assert "Søren Ødegård" in found and "Sofia Ødegård" in found
    assert found.index("Open A") < found.index("Søren") < found.index("Open B") < found.index("Sofia")
    assert anonymous.get(f"/p/e/{event.public_token}/display/").status_code == 200
    assert anonymous.get(f"/p/e/{event.public_token}/qr.svg")["Content-Type"] == "image/svg+xml"
    assert anonymous.get("/p/e/not-a-real-token-but-long-enough-xx/").status_code == 404
    section_page = anonymous.get(f"/p/{setup['a'].public_token}/standings/").content.decode()
    assert f"/p/e/{event.public_token}/" in section_page


def test_the_club_page_and_the_home_page_list_the_event(setup):
    assert "Weekend Open" in Client().get("/clubs/riverside/").content.decode()
    assert f"/e/{setup['event'].pk}/" in setup["client"].get("/").content.decode()


def test_the_event_backup_holds_every_section(setup):
    import json

    event_register(event=setup["event"], user=setup["olga"], name="Ann", rating=2100)
    data = json.loads(setup["client"].get(f"/e/{setup['event'].pk}/backup.json").content)
    assert [s["backup"]["tournament"]["name"] for s in data["sections"]] == ["Open A", "Open B"]
    assert data["sections"][0]["band_min_rating"] == 1800


def test_an_event_backup_restores_every_section_or_none(setup):
    import io
    import json

    from tournaments.models import Event

    event_register(event=setup["event"], user=setup["olga"], name="Ann", rating=2100)
    event_register(event=setup["event"], user=setup["olga"], name="Bob", rating=1500)
    data = json.loads(setup["client"].get(f"/e/{setup['event'].pk}/backup.json").content)
    broken = json.loads(json.dumps(data))
    broken["sections"][1]["backup"]["participants"][0]["rating"] = "strong"
    before = (Event.objects.count(), Participant.objects.count())

    def upload(payload):
        file = io.BytesIO(json.dumps(payload).encode())
        file.name = "event.json"
        return setup["client"].post("/t/import/", {"kind": "json", "file": file, "name": ""}, follow=True)

    refused = upload(broken).content.decode()
    assert "Section 2" in refused and "Nothing was restored" in refused
    assert (Event.objects.count(), Participant.objects.count()) == before
    upload(data)
    restored = Event.objects.exclude(pk=setup["event"].pk).get()
    assert [
        (s.name, s.band_min_rating, s.participants.count())
        for s in restored.sections.order_by("section_order")
    ] == [
        ("Open A", 1800, 1),
        ("Open B", None, 1),
    ]
    assert Event.objects.count() == before[0] + 1


def test_the_event_page_counts_phone_reports_waiting_in_each_section(setup):
    from reports.models import ResultReport
    from tournaments.models import Board

    a = setup["a"]
    white = event_register(event=setup["event"], user=setup["olga"], name="Ann", rating=2100).participant
    black = event_register(event=setup["event"], user=setup["olga"], name="Cid", rating=2000).participant
    rnd = Round.objects.create(tournament=a, number=1, status="published")
    board = Board.objects.create(round=rnd, number=1, white=white, black=black)
    ResultReport.objects.create(
        tournament=a, board=board, result="1-0", reported_by=white, board_version=0, status="reported"
    )
    page = setup["client"].get(f"/e/{setup['event'].pk}/").content.decode()
    assert "1 phone report waiting" in page and f"/t/{a.pk}/" in page


def test_the_desk_finds_a_roster_player_and_enters_them_where_the_band_says(setup):
    from clubs.services.roster import roster_player_create

    player = roster_player_create(club=setup["club"], name="Rosa Roster", rating=1650)
    client, event = setup["client"], setup["event"]
    found = client.get(f"/e/{event.pk}/search/?q=rosa").content.decode()
    assert "Rosa Roster" in found and f'value="{setup["b"].pk}"' in found
    client.post(f"/e/{event.pk}/register-listed/", {"roster_player": player.pk})
    assert Participant.objects.get(name="Rosa Roster").tournament == setup["b"]
    refused = client.post(f"/e/{event.pk}/register-listed/", {"roster_player": "99999"}, follow=True)
    assert "not on the club" in refused.content.decode()
