"""Pairing numbers: the initial order and when they freeze."""

from __future__ import annotations

from tournaments.models import Participant
from tournaments.services.registration import late_entry, participant_register

from .conftest import add_players, pair_and_publish, play_round


def numbers(tournament):
    return list(
        Participant.objects.filter(tournament=tournament)
        .order_by("pairing_number")
        .values_list("name", flat=True)
    )


def test_pairing_numbers_follow_rating_then_title_then_name(tournament, arbiter):
    for name, rating, title in [
        ("Zed", 2000, ""),
        ("Amy", 2000, ""),
        ("Fay", 2000, "FM"),
        ("Gus", 2000, "GM"),
        ("Wim", 2000, "WIM"),
        ("Top", 2100, ""),
        ("Ima", 2000, "IM"),
        ("Wgm", 2000, "WGM"),
    ]:
        participant_register(tournament=tournament, user=arbiter, name=name, rating=rating, title=title)
    assert numbers(tournament) == ["Top", "Gus", "Ima", "Wgm", "Fay", "Wim", "Amy", "Zed"]


def test_after_round_four_pairing_numbers_are_frozen_and_a_late_entry_goes_last(tournament, arbiter):
    add_players(tournament, 6)
    for _ in range(4):
        play_round(pair_and_publish(tournament, arbiter), arbiter)
    before = numbers(tournament)
    late = late_entry(tournament=tournament, user=arbiter, name="Strong late", rating=2800)
    assert numbers(tournament) == [*before, "Strong late"] and late.pairing_number == 7
