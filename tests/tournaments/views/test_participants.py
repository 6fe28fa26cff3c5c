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
    # 11, plus the forbidden pairs ("Keep apart"), plus who was paired (boards, byes: Delete or
    # Withdraw); the list is a page: everyone's names and numbers, then the page's participants
    with django_assert_num_queries(14):
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
        data={"name": "Player 01", "rating": "2190"},
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


def test_a_late_entry_that_renumbers_others_says_so(arbiter_client, tournament, published_round):
    """Issue 22 (9): numbers 1-8 are not frozen before round 4, and a strong late entry moves them."""
    response = htmx(
        arbiter_client,
        "post",
        page_url(tournament, "participant_add"),
        data={"name": "Late Star", "rating": "2600"},
    )
    body = response.content.decode()
    assert (
        "Late Star registered as no. 1 (late entry: joins in round 2). Pairing numbers 1-8 moved down by one."
        in body
    )
    # The dropdowns come along out of band, listing the newcomer.
    assert (
        '<section id="byes" hx-swap-oob="true">' in body
        and '<section id="forbidden-pairs" hx-swap-oob="true">' in body
    )
    assert body.count("Late Star</option>") == 3


def test_the_list_offers_edit_delete_withdraw_and_undo_where_each_applies(
    arbiter_client, tournament, published_round, arbiter
):
    """Issue 22 (2): delete only a never-paired entry; undo only a withdrawal."""
    from tournaments.services.participants.registration import participant_register
    from tournaments.services.participants.withdrawals import participant_withdraw

    late = participant_register(
        tournament=tournament, user=arbiter, name="Never Paired", rating=1000
    ).participant
    gone = published_round.boards.first().white
    participant_withdraw(participant=gone, user=arbiter)
    body = arbiter_client.get(page_url(tournament)).content.decode()
    assert body.count('aria-label="Edit ') == 9
    assert body.count('aria-label="Delete ') == 1 and 'aria-label="Delete Never Paired"' in body
    assert f'aria-label="Undo {gone.name}\'s withdrawal"' in body
    response = arbiter_client.post(page_url(tournament, "withdraw_undo", participant_id=gone.pk), follow=True)
    assert f"{gone.name} is back and will be paired again." in response.content.decode()
    gone.refresh_from_db()
    assert gone.status == "active"
    response = arbiter_client.post(
        page_url(tournament, "participant_delete", participant_id=gone.pk), follow=True
    )
    assert "withdraw them instead" in response.content.decode()
    assert Participant.objects.filter(pk=gone.pk).exists()
    arbiter_client.post(page_url(tournament, "participant_delete", participant_id=late.pk))
    assert not Participant.objects.filter(pk=late.pk).exists()


def test_the_edit_page_corrects_an_entry_and_shows_errors_in_place(arbiter_client, tournament, players):
    p = players[3]
    url = page_url(tournament, "participant_edit", participant_id=p.pk)
    body = arbiter_client.get(url).content.decode()
    assert 'value="Player 04"' in body and "can be deleted" in body
    response = arbiter_client.post(url, {"name": "Player 04", "rating": "9999"})
    assert response.status_code == 400
    response = arbiter_client.post(url, {"name": players[0].name, "rating": str(players[0].rating)})
    assert (
        response.status_code == 400
        and "already registered with the same rating and club" in response.content.decode()
    )
    response = arbiter_client.post(
        url, {"name": "Player Four", "rating": "2300", "federation": "eng"}, follow=True
    )
    assert "Saved Player Four (no. 1). Pairing numbers 1-3 moved down by one." in response.content.decode()
    p.refresh_from_db()
    assert (p.name, p.rating, p.federation, p.pairing_number) == ("Player Four", 2300, "ENG", 1)


def test_namesakes_are_told_apart_on_the_list(arbiter_client, tournament, arbiter):
    """Issue 22 (13): two John Smiths show their clubs."""
    from tournaments.services.participants.registration import participant_register

    participant_register(
        tournament=tournament, user=arbiter, name="John Smith", rating=1500, club_name="Hull"
    )
    participant_register(
        tournament=tournament, user=arbiter, name="John Smith", rating=1500, club_name="York"
    )
    body = arbiter_client.get(page_url(tournament)).content.decode()
    assert 'John Smith <small class="muted namesake">(Hull)</small>' in body
    assert 'John Smith <small class="muted namesake">(York)</small>' in body
