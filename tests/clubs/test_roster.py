"""The roster: create, edit, delete, search as you type, and add from the FIDE rating list."""

from __future__ import annotations

import pytest

from clubs.models import RosterPlayer
from clubs.selectors import roster_search
from clubs.services.errors import ClubError
from clubs.services.roster import (
    roster_player_add_from_rating,
    roster_player_create,
    roster_player_delete,
    roster_player_update,
)
from core.names import search_key
from ratings.models import RatedPlayer

pytestmark = pytest.mark.django_db


@pytest.fixture
def roster(cast):
    names = ["Ólafsson, Helgi", "Anna Müller", "Joanna Smith", "Jørgen Berg", "Zoë Brown"]
    players = [roster_player_create(club=cast.club, name=n, rating=1500 + i) for i, n in enumerate(names)]
    roster_player_create(club=cast.club, name="Magnus Fide", fide_id=1503014)
    roster_player_create(club=cast.other_club, name="Anna Elsewhere")
    return players


def _names(club, query: str) -> list[str]:
    return [p.name for p in roster_search(club=club, query=query)]


def test_search_ignores_accents_and_case_and_matches_word_starts(cast, roster):
    assert _names(cast.club, "olafs") == ["Ólafsson, Helgi"]
    assert _names(cast.club, "MULL") == ["Anna Müller"]
    assert _names(cast.club, "jorg") == ["Jørgen Berg"]
    assert _names(cast.club, "zoe br") == ["Zoë Brown"]
    assert _names(cast.club, "anna") == ["Anna Müller"], "word starts only (not Joanna), this club only"


def test_search_by_fide_id_prefix(cast, roster):
    assert _names(cast.club, "150301") == ["Magnus Fide"]
    assert _names(cast.club, "999") == []


def test_an_empty_search_lists_the_whole_roster_in_name_order(cast, roster):
    assert _names(cast.club, "") == [
        "Anna Müller",
        "Joanna Smith",
        "Jørgen Berg",
        "Magnus Fide",
        "Ólafsson, Helgi",
        "Zoë Brown",
    ]


def test_update_and_delete_stay_within_the_club(cast, roster):
    player = roster[0]
    roster_player_update(
        club=cast.club, player_id=player.pk, name="Helgi Ólafsson", rating=2500, federation="isl"
    )
    player.refresh_from_db()
    assert (player.name, player.rating, player.federation, player.search_key) == (
        "Helgi Ólafsson",
        2500,
        "ISL",
        "helgi olafsson",
    )
    with pytest.raises(ClubError):
        roster_player_update(club=cast.other_club, player_id=player.pk, name="Stolen")
    with pytest.raises(ClubError):
        roster_player_delete(club=cast.other_club, player_id=player.pk)
    roster_player_delete(club=cast.club, player_id=player.pk)
    assert not RosterPlayer.objects.filter(pk=player.pk).exists()


def test_a_fide_id_is_on_a_roster_once(cast, roster):
    with pytest.raises(ClubError, match="already on the roster"):
        roster_player_create(club=cast.club, name="Copy", fide_id=1503014)
    assert RosterPlayer.objects.filter(club=cast.club, fide_id=1503014).count() == 1
    roster_player_create(club=cast.other_club, name="Same id elsewhere", fide_id=1503014)


def test_a_player_needs_a_name(cast):
    with pytest.raises(ClubError):
        roster_player_create(club=cast.club, name="  ")
    assert RosterPlayer.objects.count() == 0


def test_add_from_the_rating_list_copies_rating_title_federation_and_birth_year(cast):
    RatedPlayer.objects.create(
        fide_id=1000001,
        name="Ólafsson, Friðrik",
        search_key=search_key("Ólafsson, Friðrik"),
        federation="ISL",
        title="GM",
        standard_rating=2400,
        birth_year=1935,
        checksum=0,
    )
    player = roster_player_add_from_rating(club=cast.club, fide_id=1000001)
    assert (
        player.name,
        player.rating,
        player.title,
        player.federation,
        player.fide_id,
        player.birth_year,
    ) == (
        "Ólafsson, Friðrik",
        2400,
        "GM",
        "ISL",
        1000001,
        1935,
    )
    with pytest.raises(ClubError, match="already on the roster"):
        roster_player_add_from_rating(club=cast.club, fide_id=1000001)
    with pytest.raises(ClubError, match="No player"):
        roster_player_add_from_rating(club=cast.club, fide_id=42)
