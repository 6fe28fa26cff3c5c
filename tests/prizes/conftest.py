"""A one-round Swiss of six, finished: the three Whites win, so three players are level on one
point at the top (places 1-3 by tie-break) and three on nothing."""

from __future__ import annotations

import pytest

from pairing.services.execute import round_pair_execute
from pairing.services.swiss import round_pair, round_publish
from tournaments.models import Board, Participant, Round
from tournaments.services.participants.registration import participant_register
from tournaments.services.results import result_record

PLAYERS = [
    # name, rating, birth year, club
    ("Ada Alpha", 2100, 1960, "Riverside"),
    ("Ben Bravo", 1950, 1990, "Hilltop"),
    ("Cleo Charlie", 1800, 2015, "Riverside"),
    ("Dan Delta", 1700, 1985, "Hilltop"),
    ("Eve Echo", 1550, 2014, "Old Mill"),
    ("Finn Foxtrot", 0, 2000, ""),
]


def play_round(tournament, user, result=Board.Result.WHITE_WINS) -> Round:
    rnd = round_pair(tournament=tournament, user=user)
    round_pair_execute(round_id=rnd.pk)
    rnd.refresh_from_db()
    rnd = round_publish(round=rnd, user=user)
    for board in Board.objects.filter(round=rnd).order_by("number"):
        result_record(board=board, user=user, result=result, expected_version=board.version)
    return rnd


@pytest.fixture
def field(tournament, organiser):
    tournament.rounds_planned = 1
    tournament.save(update_fields=["rounds_planned"])
    for name, rating, born, club in PLAYERS:
        participant_register(
            tournament=tournament, user=organiser, name=name, rating=rating, birth_year=born, club_name=club
        )
    return tournament


@pytest.fixture
def finished(field, organiser):
    play_round(field, organiser)
    return field


def whites(tournament) -> list[Participant]:
    return [b.white for b in Board.objects.filter(round__tournament=tournament).select_related("white")]
