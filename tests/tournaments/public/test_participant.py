"""One participant's page: every round's opponent, colour, result, running score, and why."""

from __future__ import annotations

import pytest
from django.test import Client

from tests import factories
from tests.tournaments.public.builders import build_tournament
from tests.tournaments.public.conftest import HTMX, bump, public_url
from tournaments.models import Board, Round

pytestmark = pytest.mark.django_db


def _first_board_white(tournament, number):
    return Board.objects.select_related("white", "black").get(
        round__tournament=tournament, round__number=number, number=1
    )


def test_it_shows_every_round_with_running_score(client: Client, running):
    board = _first_board_white(running, 2)
    response = client.get(public_url(running, "participant", board.white_id))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="participant-rounds"' in html
    assert board.white.name in html
    assert "Round 1" in html and "Round 2" in html and "Round 3" in html
    assert (
        f'against <a href="{public_url(running, "participant", board.black_id)}">{board.black.name}</a>'
        in html
    )
    assert "→ " in html  # the running score after each finished game
    assert "secret-" not in html


def test_it_lists_the_participants_tiebreaks_with_their_breakdowns(client: Client, running):
    board = _first_board_white(running, 2)
    html = client.get(public_url(running, "participant", board.white_id)).content.decode()
    assert 'id="tiebreaks"' in html
    assert "Tie-breaks after round 2" in html
    assert "Buchholz cut 1" in html and "Sonneborn-Berger" in html
    assert f"({board.black.name})" in html  # the round-2 opponent's contribution to Buchholz
    assert "in the <a" in html and "standings</a> after round 2" in html


def test_a_pending_game_shows_as_playing(client: Client, running):
    board = _first_board_white(running, 3)
    html = client.get(public_url(running, "participant", board.white_id)).content.decode()
    assert "playing" in html


def test_the_pairing_explanation_for_this_participant_is_shown(client: Client, running):
    board = _first_board_white(running, 2)
    Round.objects.filter(tournament=running, number=2).update(
        explanation={
            "scoregroups": [[2, [board.white_id, board.black_id]]],
            # The engine may report one downfloat twice (leaving the group, then the game).
            "floats": [
                {
                    "participant": board.white_id,
                    "direction": "down",
                    "from_score": 2,
                    "to_score": 0,
                    "reason": "no compatible opponent in the 1-point group",
                }
            ]
            * 2,
            "boards": [{"board": 1, "colour_rule": "alternation", "message": "White: colours alternate."}],
            "notes": [f"{board.white.name} and someone else were exchanged (C.04.3 4.3)", "Unrelated note"],
            "names": {str(board.white_id): board.white.name},
        }
    )
    bump(running)
    html = client.get(public_url(running, "participant", board.white_id)).content.decode()
    assert "Why this pairing?" in html
    assert "Paired in the 1-point group (2 players)." in html
    assert (
        html.count(
            "Floated down from the 1 to the 0-point group: no compatible opponent in the 1-point group"
        )
        == 1
    )
    assert "White: colours alternate." in html
    assert "and someone else were exchanged (C.04.3 4.3)" in html
    assert "Unrelated note" not in html
    other = client.get(public_url(running, "participant", board.black_id)).content.decode()
    assert "Floated down" not in other


def test_the_htmx_request_gets_the_partial_only(client: Client, running):
    pid = running.participants.first().id
    response = client.get(public_url(running, "participant", pid), headers=HTMX)
    assert response.status_code == 200
    assert 'id="participant-rounds"' in response.content.decode()
    assert "<html" not in response.content.decode()


def test_someone_from_another_tournament_is_404(client: Client, running):
    other = factories.ParticipantFactory()
    assert client.get(public_url(running, "participant", other.id)).status_code == 404
    assert client.get(public_url(running, "participant", other.id), headers=HTMX).status_code == 404
    assert client.get(f"/p/nope/players/{other.id}/").status_code == 404


@pytest.mark.parametrize("players,rounds", [(9, 2), (60, 6)])
def test_it_renders_in_a_fixed_number_of_queries(client: Client, players, rounds, django_assert_num_queries):
    tournament = factories.TournamentFactory()
    people = build_tournament(tournament, players=players, rounds=rounds)
    # The tournament, the version of this page, the rounds, this participant's boards, the people
    # they met, their byes (6), and the engine's standings (4), for the place and tie-breaks.
    with django_assert_num_queries(10):
        assert client.get(public_url(tournament, "participant", people[3].id)).status_code == 200


def test_in_a_round_robin_later_rounds_are_to_play_not_playing(client: Client, db):
    from tests.tournaments.public.builders import add_participants, add_round
    from tournaments.models import Tournament

    tournament = factories.TournamentFactory(
        format=Tournament.Format.ROUND_ROBIN, rounds_planned=3, tiebreaks="DE,WIN,SB"
    )
    people = add_participants(tournament, 4)
    add_round(tournament, 1, people, status=Round.Status.FINISHED)
    add_round(tournament, 2, people, status=Round.Status.PUBLISHED, results=False)
    add_round(tournament, 3, people, status=Round.Status.PUBLISHED, results=False)
    html = client.get(public_url(tournament, "participant", people[0].id)).content.decode()
    assert html.count(">playing</span>") == 1
    assert html.count(">to play</span>") == 1


def test_a_half_point_score_reads_points_on_the_player_page(client: Client, running):
    """Issue 33 (10): "2½ points", never "2½ point"; "1 point" alone is singular in English."""
    import re

    seen = set()
    for participant_id in running.participants.values_list("pk", flat=True):
        html = client.get(public_url(running, "participant", participant_id)).content.decode()
        said = re.search(r"<strong>([0-9½]+)</strong> (points?)\b", html)
        assert said, "the page says the player's score"
        score, word = said.groups()
        assert word == ("point" if score == "1" else "points"), said.group(0)
        seen.add(score)
    assert any(s.endswith("½") and s != "½" for s in seen), seen
