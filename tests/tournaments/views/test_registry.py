"""Issue 23: the participants page registers from the club roster (or the FIDE list) as you type."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import Membership, RosterPlayer
from clubs.services.roster import roster_player_create
from ratings.models import RatedPlayer
from tests import factories
from tournaments.models import Participant
from tournaments.services.participants.registration import participant_register


def _url(name, tournament):
    return reverse(f"tournaments:{name}", kwargs={"tournament_id": tournament.pk})


@pytest.fixture
def roster(tournament):
    for name in ("Ólafsson, Helgi", "Anna Müller", "Annabel Lee", "Bob Brown"):
        roster_player_create(club=tournament.club, name=name, rating=1500)
    return {p.name: p for p in RosterPlayer.objects.all()}


def test_typing_part_of_a_name_finds_roster_players_accents_and_case_ignored(
    arbiter_client, tournament, roster
):
    participant_register(tournament=tournament, user=_organiser(tournament), name="Annabel Lee")
    body = arbiter_client.get(
        _url("registry_search", tournament), {"q": "ANN"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "Anna Müller" in body and "Annabel Lee" in body and "Bob Brown" not in body
    assert body.count("Register ") == 1  # Annabel is already registered
    body = arbiter_client.get(
        _url("registry_search", tournament), {"q": "olafs"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "Ólafsson, Helgi" in body and f'value="{roster["Ólafsson, Helgi"].pk}"' in body


def _organiser(tournament):
    return tournament.roles.get(role="organiser").user


def test_the_page_without_javascript_shows_the_hits_too(arbiter_client, tournament, roster):
    body = arbiter_client.get(_url("participants", tournament), {"q": "mull"}).content.decode()
    assert "Anna Müller" in body and 'id="registry-results"' in body


def test_picking_a_hit_registers_the_roster_player(arbiter_client, tournament, roster):
    response = arbiter_client.post(
        _url("participant_add_listed", tournament),
        {"roster_player": roster["Bob Brown"].pk},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200 and "Bob Brown registered as no. 1" in response.content.decode()
    assert list(Participant.objects.values_list("name", flat=True)) == ["Bob Brown"]


def test_without_a_club_the_search_uses_the_fide_rating_list(arbiter_client, tournament):
    tournament.club = None
    tournament.save()
    RatedPlayer.objects.create(
        fide_id=1503014, name="Carlsen, Magnus", search_key="carlsen magnus", federation="NOR", title="GM",
        standard_rating=2830, checksum=1,
    )  # fmt: skip
    body = arbiter_client.get(_url("registry_search", tournament), {"q": "carls"}).content.decode()
    assert "Carlsen, Magnus" in body and 'name="fide_id" value="1503014"' in body
    arbiter_client.post(_url("participant_add_listed", tournament), {"fide_id": "1503014"})
    assert Participant.objects.get().rating == 2830


def test_the_add_to_roster_checkbox_shows_for_club_managers_and_adds_the_player(
    organiser_client, tournament, organiser
):
    page = organiser_client.get(_url("participants", tournament)).content.decode()
    assert 'name="add_to_roster"' not in page  # a tournament organiser, but not the club's
    Membership.objects.create(club=tournament.club, user=organiser, role="organiser")
    page = organiser_client.get(_url("participants", tournament)).content.decode()
    assert "also add to the club&#x27;s roster" in page or "also add to the club's roster" in page
    organiser_client.post(
        _url("participant_add", tournament), {"name": "New Face", "rating": "1400", "add_to_roster": "1"}
    )
    assert RosterPlayer.objects.get(club=tournament.club).name == "New Face"
    assert Participant.objects.get().name == "New Face"


def test_refreshing_ratings_from_the_page(arbiter_client, tournament, roster, organiser):
    participant_register(tournament=tournament, user=organiser, name="Bob Brown", rating=1000)
    response = arbiter_client.post(_url("ratings_refresh", tournament), HTTP_HX_REQUEST="true")
    assert "1 participant changed" in response.content.decode()
    assert Participant.objects.get().rating == 1500


def test_the_search_answers_only_the_tournaments_staff(
    client, tournament, roster, stranger, django_user_model
):
    url = _url("registry_search", tournament)
    assert client.get(url, {"q": "ann"}).status_code == 302  # anonymous: to the login page
    client.force_login(stranger)
    assert client.get(url, {"q": "ann"}).status_code == 404
    other = django_user_model.objects.create_user("hugo", password="hugo-pass-1")
    Membership.objects.create(club=factories.ClubFactory(name="Hilltop"), user=other, role="owner")
    client.force_login(other)
    assert client.get(url, {"q": "ann"}).status_code == 404
    club_arbiter = django_user_model.objects.create_user("cara", password="cara-pass-1")
    Membership.objects.create(club=tournament.club, user=club_arbiter, role="arbiter")
    client.force_login(club_arbiter)
    assert "Anna Müller" in client.get(url, {"q": "ann"}).content.decode()
