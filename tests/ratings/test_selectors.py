"""Finding a rated player by name (accents and case ignored) or FIDE id."""

from __future__ import annotations

import pytest

from core.names import search_key
from ratings.models import RatedPlayer
from ratings.selectors import rated_player_search

pytestmark = pytest.mark.django_db


def _player(fide_id: int, name: str, **extra) -> RatedPlayer:
    return RatedPlayer.objects.create(
        fide_id=fide_id, name=name, search_key=search_key(name), checksum=0, **extra
    )


@pytest.fixture
def players():
    return [
        _player(1503014, "Carlsen, Magnus", federation="NOR", title="GM", standard_rating=2831),
        _player(1000001, "Ólafsson, Friðrik", federation="ISL", title="GM", standard_rating=2400),
        _player(1000002, "Olafsson, Helgi", federation="ISL", title="GM", standard_rating=2500),
        _player(3000003, "Łukasiewicz, Øystein", federation="POL", standard_rating=1800),
        _player(4000004, "Magnusson, Carl", federation="SWE", standard_rating=1700),
    ]


def _ids(query: str) -> list[int]:
    return [p.fide_id for p in rated_player_search(query=query)]


def test_search_key_folds_case_accents_and_punctuation():
    assert search_key("  ÓLAFSSON, Friðrik ") == "olafsson fridrik"
    assert search_key("Łukasiewicz, Øystein") == "lukasiewicz oystein"
    assert search_key("Straße-Müller") == "strasse muller"


def test_it_finds_a_player_by_surname_ignoring_accents_and_case(players):
    assert _ids("olafsson") == [1000001, 1000002]
    assert _ids("ÓLAFSSON") == [1000001, 1000002]
    assert _ids("Olafsson Fri") == [1000001]


def test_it_finds_a_player_with_given_name_first(players):
    assert _ids("magnus carlsen") == [1503014]
    assert _ids("oystein lukas") == [3000003]


def test_it_finds_a_player_by_fide_id(players):
    assert _ids("1503014") == [1503014]
    assert _ids("150301") == []


def test_it_returns_rating_title_and_federation(players):
    (carlsen,) = rated_player_search(query="carlsen")
    assert (carlsen.standard_rating, carlsen.best_title, carlsen.federation) == (2831, "GM", "NOR")


def test_an_empty_or_punctuation_query_finds_nothing(players):
    assert _ids("") == [] and _ids(" ,. ") == []


def test_results_are_limited(players):
    for i in range(30):
        _player(5000000 + i, f"Smith, John{i:02d}")
    assert len(rated_player_search(query="smith")) == 20


def test_any_part_of_the_name_finds_the_player(players):
    """Issue 33 (11): a given name alone ("zoe", "luis") finds the player, not only the surname."""
    _player(6000001, "Sahin, Luis", federation="TUR")
    _player(6000002, "Škoda, Zoë", federation="CZE")
    assert _ids("luis") == [6000001]
    assert _ids("zoe") == [6000002]
    assert _ids("sahin luis") == [6000001]
    assert _ids("friðrik") == [1000001]
