"""Issue 23: registering from the club roster or the FIDE list, and refreshing ratings from the roster."""

from __future__ import annotations

import pytest

from clubs.models import Membership, RosterPlayer
from clubs.services.roster import roster_player_create
from core.errors import NotAllowedError, ValidationFailed
from core.names import search_key
from ratings.models import RatedPlayer
from tests import factories
from tournaments.models import AuditLog, Participant
from tournaments.services.participants.registration import participant_register
from tournaments.services.participants.roster import (
    participant_register_from_rating_list,
    participant_register_from_roster,
    participant_register_with_roster,
    ratings_refresh_from_roster,
)

from .conftest import add_players, pair_and_publish


@pytest.fixture
def roster(tournament):
    club = tournament.club
    return {
        "helgi": roster_player_create(
            club=club, name="Ólafsson, Helgi", rating=2450, title="GM", federation="isl", fide_id=2300050
        ),
        "anna": roster_player_create(club=club, name="Anna Müller", rating=1720, club_name="Riverside"),
        "elsewhere": roster_player_create(club=factories.ClubFactory(name="Hilltop"), name="Hugo Hill"),
    }


def test_a_roster_player_is_registered_with_their_details(tournament, organiser, roster):
    p = participant_register_from_roster(
        tournament=tournament, user=organiser, roster_player_id=roster["helgi"].pk
    ).participant
    assert (p.name, p.rating, p.title, p.federation, p.fide_id) == (
        "Ólafsson, Helgi",
        2450,
        "GM",
        "ISL",
        "2300050",
    )
    assert p.club_name == "Riverside Chess Club"  # the roster's club when the player names none
    anna = participant_register_from_roster(
        tournament=tournament, user=organiser, roster_player_id=roster["anna"].pk
    ).participant
    assert anna.club_name == "Riverside"
    with pytest.raises(ValidationFailed, match="already registered"):
        participant_register_from_roster(
            tournament=tournament, user=organiser, roster_player_id=roster["anna"].pk
        )


def test_another_clubs_roster_player_and_clubless_tournaments_are_refused(tournament, organiser, roster):
    with pytest.raises(ValidationFailed, match="not on the club's roster"):
        participant_register_from_roster(
            tournament=tournament, user=organiser, roster_player_id=roster["elsewhere"].pk
        )
    with pytest.raises(ValidationFailed, match="not on the club's roster"):
        participant_register_from_roster(tournament=tournament, user=organiser, roster_player_id="1 OR 1")
    tournament.club = None
    tournament.save()
    with pytest.raises(ValidationFailed, match="no roster"):
        participant_register_from_roster(
            tournament=tournament, user=organiser, roster_player_id=roster["anna"].pk
        )
    assert not Participant.objects.exists()


def test_a_stranger_cannot_register_from_the_roster(tournament, stranger, roster):
    with pytest.raises(NotAllowedError):
        participant_register_from_roster(
            tournament=tournament, user=stranger, roster_player_id=roster["anna"].pk
        )


def test_the_rating_list_fills_rating_title_and_federation(tournament, organiser):
    RatedPlayer.objects.create(
        fide_id=1503014,
        name="Carlsen, Magnus",
        search_key=search_key("Carlsen, Magnus"),
        federation="NOR",
        title="GM",
        standard_rating=2830,
        checksum=1,
    )
    p = participant_register_from_rating_list(
        tournament=tournament, user=organiser, fide_id="1503014"
    ).participant
    assert (p.name, p.rating, p.title, p.federation, p.fide_id) == (
        "Carlsen, Magnus",
        2830,
        "GM",
        "NOR",
        "1503014",
    )
    with pytest.raises(ValidationFailed, match="No player with FIDE id 42"):
        participant_register_from_rating_list(tournament=tournament, user=organiser, fide_id="42")


def test_a_new_player_goes_to_both_the_tournament_and_the_roster(tournament, organiser):
    Membership.objects.create(club=tournament.club, user=organiser, role="organiser")
    p = participant_register_with_roster(
        tournament=tournament, user=organiser, name="Zoë Newcomer", rating=1500, fide_id="123"
    ).participant
    player = RosterPlayer.objects.get(club=tournament.club)
    assert (player.name, player.rating, player.fide_id) == (p.name, 1500, 123)


def test_adding_to_the_roster_needs_the_club_role_that_edits_it_and_is_all_or_nothing(
    tournament, organiser, arbiter
):
    Membership.objects.create(club=tournament.club, user=arbiter, role="arbiter")
    with pytest.raises(NotAllowedError, match="owners and organisers of Riverside Chess Club"):
        participant_register_with_roster(tournament=tournament, user=arbiter, name="Zoë Newcomer")
    Membership.objects.create(club=tournament.club, user=organiser, role="owner")
    roster_player_create(club=tournament.club, name="Someone", fide_id=123)
    with pytest.raises(ValidationFailed, match="FIDE id 123 is already on the roster"):
        participant_register_with_roster(
            tournament=tournament, user=organiser, name="Zoë Newcomer", fide_id="123"
        )
    assert not Participant.objects.exists()
    assert RosterPlayer.objects.count() == 1


def test_ratings_are_refreshed_from_the_roster_by_fide_id_or_name_and_audited(tournament, organiser, roster):
    participant_register(
        tournament=tournament, user=organiser, name="Helgi Olafsson", rating=2400, fide_id="2300050"
    )
    participant_register(tournament=tournament, user=organiser, name="ANNA MULLER", rating=1600)
    participant_register(tournament=tournament, user=organiser, name="Not On Roster", rating=1900)
    assert ratings_refresh_from_roster(tournament=tournament, user=organiser) == 2
    got = dict(Participant.objects.values_list("name", "rating"))
    assert got == {"Helgi Olafsson": 2450, "ANNA MULLER": 1720, "Not On Roster": 1900}
    helgi = Participant.objects.get(name="Helgi Olafsson")
    assert (helgi.title, helgi.federation, helgi.pairing_number) == ("GM", "ISL", 1)
    entry = AuditLog.objects.filter(action="ratings_refresh_from_roster").get()
    assert {c["participant"] for c in entry.after["changed"]} == {"Helgi Olafsson", "ANNA MULLER"}
    assert ratings_refresh_from_roster(tournament=tournament, user=organiser) == 0
    assert AuditLog.objects.filter(action="ratings_refresh_from_roster").count() == 2


def test_ratings_cannot_be_refreshed_once_round_one_is_paired(tournament, organiser, roster):
    add_players(tournament, 4)
    pair_and_publish(tournament, organiser)
    before = list(Participant.objects.values_list("pk", "rating"))
    with pytest.raises(ValidationFailed, match="Round 1 has been paired"):
        ratings_refresh_from_roster(tournament=tournament, user=organiser)
    assert list(Participant.objects.values_list("pk", "rating")) == before
    assert not AuditLog.objects.filter(action="ratings_refresh_from_roster").exists()
