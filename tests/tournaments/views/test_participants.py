from __future__ import annotations

from django.contrib.messages import get_messages
from django.urls import reverse

from tournaments.models import Participant, RoundBye

from .conftest import htmx, play_round


def page_url(tournament, name="participants", **extra):
    return reverse(f"tournaments:{name}", kwargs={"tournament_id": tournament.pk, **extra})


def test_the_list_page_has_the_quick_add_form(arbiter_client, tournament, players):
    body = arbiter_client.get(page_url(tournament)).content.decode()
    assert 'id="participant-list"' in body and 'id="quick-add"' in body and "8 participants" in body
    assert "Import a list (CSV)" in body and "Byes and absences" in body


def test_the_list_partial_has_a_fixed_number_of_queries(
    arbiter_client, tournament, players, django_assert_num_queries
):
    with django_assert_num_queries(12):  # 11, plus the forbidden pairs ("Keep apart")
        response = htmx(arbiter_client, "get", page_url(tournament))
    body = response.content.decode()
    assert 'id="participant-list"' in body and "<html" not in body and body.count('id="participant-') == 9


def test_quick_add_with_htmx_returns_the_panel_with_a_fresh_form(arbiter_client, tournament):
    response = htmx(
        arbiter_client,
        "post",
        page_url(tournament, "participant_add"),
        data={"name": "Ada Quick", "rating": "1800"},
    )
    body = response.content.decode()
    assert response.status_code == 200 and 'id="participants-panel"' in body and "<html" not in body
    assert "Ada Quick registered as no. 1" in body
    assert 'name="name" required maxlength="100" autocomplete="off" data-autofocus value=""' in body
    assert Participant.objects.get(tournament=tournament).name == "Ada Quick"


def test_quick_add_errors_stay_in_the_panel_and_keep_the_input(arbiter_client, tournament, players):
    response = htmx(
        arbiter_client,
        "post",
        page_url(tournament, "participant_add"),
        data={"name": "Player 01", "rating": "1"},
    )
    body = response.content.decode()
    assert response.status_code == 200 and "Player 01 is already registered" in body
    assert 'value="Player 01"' in body
    assert Participant.objects.filter(tournament=tournament).count() == 8


def test_quick_add_without_javascript_redirects(arbiter_client, tournament):
    response = arbiter_client.post(page_url(tournament, "participant_add"), {"name": "Bo", "rating": ""})
    assert response.status_code == 302 and Participant.objects.filter(name="Bo").exists()
    response = arbiter_client.post(page_url(tournament, "participant_add"), {"name": ""})
    assert response.status_code == 400


def test_after_round_one_the_form_makes_a_late_entry(arbiter_client, tournament, published_round, arbiter):
    play_round(published_round, arbiter)
    body = arbiter_client.get(page_url(tournament)).content.decode()
    assert "Late entry" in body and "joins from round 2" in body and "Import a list" not in body
    response = arbiter_client.post(
        page_url(tournament, "participant_add"), {"name": "Late Larry", "rating": "1500"}
    )
    assert any("late entry: joins in round 2" in str(m) for m in get_messages(response.wsgi_request))
    assert RoundBye.objects.get(participant__name="Late Larry").kind == "late"


def test_withdrawing_a_player(arbiter_client, tournament, players):
    response = arbiter_client.post(page_url(tournament, "withdraw", participant_id=players[0].pk))
    assert response.status_code == 302
    players[0].refresh_from_db()
    assert players[0].status == "withdrawn"
    body = arbiter_client.get(page_url(tournament)).content.decode()
    assert "Withdrawn from round 1" in body


def test_recording_and_cancelling_a_bye(arbiter_client, tournament, players):
    data = {"participant": players[2].pk, "round_number": 2, "kind": "half"}
    response = arbiter_client.post(page_url(tournament, "bye_add"), data)
    assert any("half-point bye in round 2" in str(m).lower() for m in get_messages(response.wsgi_request))
    bye = RoundBye.objects.get(participant=players[2])
    body = arbiter_client.get(page_url(tournament)).content.decode()
    assert "Round 2: Player 03" in body
    arbiter_client.post(page_url(tournament, "bye_cancel", bye_id=bye.pk))
    assert not RoundBye.objects.exists()


def test_a_refused_bye_says_why(arbiter_client, tournament, players):
    data = {"participant": players[2].pk, "round_number": 5, "kind": "half"}
    response = arbiter_client.post(page_url(tournament, "bye_add"), data)
    assert any(
        "No half-point byes in the last 1 round" in str(m) for m in get_messages(response.wsgi_request)
    )
    assert not RoundBye.objects.exists()


def test_organisers_start_a_round_robin_from_the_participants_page(organiser_client, organiser):
    from tournaments.models import Round
    from tournaments.services.tournaments import tournament_create

    from .conftest import add_players

    t = tournament_create(user=organiser, name="Closed", format="round_robin")
    add_players(t, 4)
    body = organiser_client.get(page_url(t)).content.decode()
    assert "Start the round robin" in body
    response = organiser_client.post(reverse("tournaments:start", kwargs={"tournament_id": t.pk}))
    assert response["Location"].endswith("/rounds/")
    assert Round.objects.filter(tournament=t, status="published").count() == 3
    body = organiser_client.get(page_url(t)).content.decode()
    assert "Start the round robin" not in body and "Add a player" not in body
