"""Issue 22 (14): no "(placed by lot)" tags while the tournament runs, DE only where it decides,
and the engine's pairing notes in plain words on a player's page (staff keep the technical form)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.public.conftest import public_url
from tests.tournaments.services.conftest import add_players, pair_and_publish, play_round
from tournaments.models import Round
from tournaments.public.plain_words import plain_note

pytestmark = pytest.mark.django_db


@pytest.fixture
def after_round_one(tournament, arbiter):
    add_players(tournament, 8)
    play_round(pair_and_publish(tournament, arbiter), arbiter)  # four winners, four losers
    return tournament


def test_after_round_one_nobody_is_placed_by_lot_and_level_players_share_a_place(
    client: Client, after_round_one, arbiter
):
    body = client.get(public_url(after_round_one, "standings")).content.decode()
    assert "(lot)" not in body
    ranks = re.findall(r'<td class="num rank">(\d+)</td>', body)
    assert ranks == ["1"] * 4 + ["5"] * 4
    client.force_login(arbiter)
    staff = client.get(
        reverse("tournaments:standings", kwargs={"tournament_id": after_round_one.pk})
    ).content.decode()
    assert "(placed by lot)" not in staff


def test_direct_encounter_shows_a_dash_where_it_decided_nothing(client: Client, after_round_one):
    assert after_round_one.tiebreak_codes[0] == "DE"
    body = client.get(public_url(after_round_one, "standings")).content.decode()
    de_cells = re.findall(
        r'<tr data-p="\d+"[^>]*>(?:<td[^>]*>.*?</td>){3}<td class="num"><details><summary>([^<]*)</summary>',
        body,
    )
    assert de_cells == ["–"] * 8
    rules = client.get(public_url(after_round_one, "rules")).content.decode()
    assert "show its value only where it decided the order" in rules


def test_the_final_standings_still_say_who_was_placed_by_lot(client: Client, tournament, arbiter):
    tournament.rounds_planned = 1
    tournament.save(update_fields=["rounds_planned"])
    add_players(tournament, 4)
    play_round(pair_and_publish(tournament, arbiter), arbiter)
    body = client.get(public_url(tournament, "standings")).content.decode()
    assert body.count("(lot)") == 4


@pytest.mark.parametrize(
    ("note", "plain"),
    [
        (
            "Bracket 1: exchange 1<->2, because it is better on C12 (colour preferences)",
            "In the 1-point group some players were swapped between the top and bottom half of the group, "
            "because that way more players get the colour they are due.",
        ),
        (
            "Bracket 1.5: transposition of S2, because C1: Ann and Bob have already played each other",
            "In the 1½-point group the bottom half of the group was put in a different order, because "
            "Ann and Bob have already played each other.",
        ),
        (  # issue 33 (9): the engine now writes the bracket as players write the score
            "1½-point bracket: transposition of S2, because C1: Ann and Bob have already played each other",
            "In the 1½-point group the bottom half of the group was put in a different order, because "
            "Ann and Bob have already played each other.",
        ),
    ],
)
def test_engine_notes_become_plain_words(note, plain):
    assert plain_note(note) == plain


def test_a_players_page_explains_in_plain_words_and_staff_keep_the_notes(
    client: Client, after_round_one, arbiter
):
    rnd = Round.objects.get(tournament=after_round_one, number=1)
    player = rnd.boards.first().white
    rnd.explanation = {
        **rnd.explanation,
        "notes": ["Bracket 0: exchange 1<->2, because it is better on C12 (colour preferences)"],
    }
    rnd.save(update_fields=["explanation"])
    after_round_one.version += 1
    after_round_one.save(update_fields=["version"])
    body = client.get(public_url(after_round_one, "participant", player.pk)).content.decode()
    assert "more players get the colour they are due" in body
    assert "&lt;-&gt;" not in body and "<->" not in body and "C12" not in body
    client.force_login(arbiter)
    staff = client.get(
        reverse("tournaments:round", kwargs={"tournament_id": after_round_one.pk, "number": 1})
    ).content.decode()
    assert "exchange 1&lt;-&gt;2, because it is better on C12" in staff


def test_players_sharing_a_place_are_listed_by_pairing_number(client: Client, after_round_one):
    body = client.get(public_url(after_round_one, "standings")).content.decode()
    names = re.findall(r'<td class="player"><a href="[^"]+">(Player \d+)</a>', body)
    winners, losers = names[:4], names[4:]
    assert winners == sorted(winners) and losers == sorted(losers)
