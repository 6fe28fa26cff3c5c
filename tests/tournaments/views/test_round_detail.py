from __future__ import annotations

from django.urls import reverse

from tournaments.models import Round, RoundBye, Tournament
from tournaments.services.tournaments import tournament_create

from .conftest import add_players, htmx


def round_url(tournament, number=1, name="round"):
    return reverse(f"tournaments:{name}", kwargs={"tournament_id": tournament.pk, "number": number})


def test_the_published_round_page_offers_result_entry(arbiter_client, tournament, published_round):
    response = arbiter_client.get(round_url(tournament))
    body = response.content.decode()
    assert response.status_code == 200
    assert 'id="pairings-table"' in body and 'id="round-status"' in body
    assert body.count('data-key="1"') == 4 and "Published" in body
    assert f'id="live-version" name="seen" value="{Tournament.objects.get(pk=tournament.pk).version}"' in body
    assert 'hx-include="#live-version, #reports-seen" hx-trigger="every 3s"' in body


def test_the_pairings_partial_is_the_table_only_in_a_fixed_number_of_queries(
    arbiter_client, tournament, published_round, django_assert_num_queries
):
    # 10 (every board light, for the page navigation and the counts; then the page's boards with
    # their players), one for every players' report of the round and one for the namesakes
    with django_assert_num_queries(11):
        response = htmx(arbiter_client, "get", round_url(tournament))
    body = response.content.decode()
    assert response.status_code == 200 and 'id="pairings-table"' in body and "<html" not in body


def test_the_draft_shows_explanation_actions_and_no_result_buttons(arbiter_client, tournament, draft_round):
    body = arbiter_client.get(round_url(tournament)).content.decode()
    assert "Publish round 1" in body and "Swap colours" in body and "Exchange the Black players" in body
    assert "How the round was paired" in body and "Player 01" in body
    assert 'data-key="1"' not in body


def test_a_least_bad_draft_lists_what_it_broke(arbiter_client, tournament, draft_round):
    Round.objects.filter(pk=draft_round.pk).update(
        violations=[
            {"rule": "rematch", "participants": [1, 2], "names": ["A", "B"], "message": "A and B meet again"}
        ]
    )
    body = arbiter_client.get(round_url(tournament)).content.decode()
    assert "Rules this pairing breaks" in body and "A and B meet again" in body


def test_a_baku_draft_shows_ga_and_virtual_points_to_staff(organiser, organiser_client):
    from pairing.services.execute import round_pair_execute
    from pairing.services.swiss import round_pair

    t = tournament_create(user=organiser, name="Open", rounds_planned=7, acceleration="baku")
    add_players(t, 8)
    round_pair_execute(round_id=round_pair(tournament=t, user=organiser).pk)
    body = organiser_client.get(round_url(t)).content.decode()
    assert 'id="baku-table"' in body and "Virtual points" in body
    assert body.count("<td>GA</td>") == 4 and body.count("<td>GB</td>") == 4


def test_the_bye_is_shown(arbiter_client, tournament, players, arbiter):
    from tests.factories import ParticipantFactory

    from .conftest import pair_and_publish

    ParticipantFactory(tournament=tournament, name="Odd One", rating=900)
    pair_and_publish(tournament, arbiter)
    bye = RoundBye.objects.get(kind="pab")
    body = arbiter_client.get(round_url(tournament)).content.decode()
    assert f"Bye: <strong>{bye.participant.name}</strong>" in body and "1 point)" in body


def test_an_unknown_round_is_404(arbiter_client, tournament):
    assert arbiter_client.get(round_url(tournament, 7)).status_code == 404
