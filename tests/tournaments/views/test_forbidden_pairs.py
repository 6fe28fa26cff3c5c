"""The "Keep apart" section of the participants page: list, add, remove, who may."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from tournaments.models import AuditLog, ForbiddenPair
from tournaments.services.participants.forbidden_pairs import forbidden_pair_add


def page(tournament):
    return reverse("tournaments:participants", kwargs={"tournament_id": tournament.pk})


def add_url(tournament):
    return reverse("tournaments:forbidden_pair_add", kwargs={"tournament_id": tournament.pk})


def remove_url(tournament, pair):
    return reverse(
        "tournaments:forbidden_pair_remove", kwargs={"tournament_id": tournament.pk, "pair_id": pair.pk}
    )


def _messages(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


@pytest.fixture
def pair(tournament, players, organiser):
    return forbidden_pair_add(
        tournament=tournament, user=organiser, first=players[0], second=players[1], reason="Twins"
    )


def test_the_page_lists_the_pairs_with_a_remove_button_and_the_add_form(arbiter_client, tournament, pair):
    body = arbiter_client.get(page(tournament)).content.decode()
    assert 'id="forbidden-pairs"' in body and "Keep apart" in body
    assert f'id="forbidden-pair-{pair.pk}"' in body
    assert f"{pair.first.name} and {pair.second.name}: all rounds" in body and "(Twins)" in body
    assert remove_url(tournament, pair) in body
    assert 'id="forbidden-pair-form"' in body and 'name="csrfmiddlewaretoken"' in body
    assert body.count('<option value="') >= 16  # both selects list the eight players


def test_the_page_says_when_nobody_is_kept_apart(arbiter_client, tournament, players):
    assert "Nobody is kept apart." in arbiter_client.get(page(tournament)).content.decode()


@pytest.mark.parametrize("who", ["arbiter", "organiser"])
def test_staff_can_add_a_pair_without_javascript(client, tournament, players, request, who):
    client.force_login(request.getfixturevalue(who))
    response = client.post(
        add_url(tournament),
        {
            "first": players[2].pk,
            "second": players[3].pk,
            "first_round": "2",
            "last_round": "3",
            "reason": "Club",
        },
    )
    assert response.status_code == 302 and response["Location"] == page(tournament)
    stored = ForbiddenPair.objects.get(tournament=tournament)
    assert (stored.first_round, stored.last_round, stored.reason) == (2, 3, "Club")
    assert f"{players[2].name} and {players[3].name} are kept apart in rounds 2-3." in _messages(response)


@pytest.mark.parametrize("who", ["arbiter", "organiser"])
def test_staff_can_remove_a_pair(client, tournament, pair, request, who):
    client.force_login(request.getfixturevalue(who))
    response = client.post(remove_url(tournament, pair))
    assert response.status_code == 302
    assert not ForbiddenPair.objects.exists()
    assert f"{pair.first.name} and {pair.second.name} may meet again." in _messages(response)


def test_anonymous_is_sent_to_log_in(client, tournament, pair):
    for url in (add_url(tournament), remove_url(tournament, pair)):
        response = client.post(url, {"first": pair.first_id, "second": pair.second_id})
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert ForbiddenPair.objects.count() == 1


def test_a_stranger_gets_404_and_changes_nothing(stranger_client, tournament, players, pair):
    response = stranger_client.post(add_url(tournament), {"first": players[4].pk, "second": players[5].pk})
    assert response.status_code == 404
    assert stranger_client.post(remove_url(tournament, pair)).status_code == 404
    assert list(ForbiddenPair.objects.values_list("pk", flat=True)) == [pair.pk]


def test_get_is_not_allowed(arbiter_client, tournament, pair):
    assert arbiter_client.get(add_url(tournament)).status_code == 405
    assert arbiter_client.get(remove_url(tournament, pair)).status_code == 405


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"second": 0}, "cannot be kept apart from themselves"),
        ({"first_round": "4", "last_round": "2"}, "Rounds 4 to 2 is an empty range"),
        ({"last_round": "9"}, "The tournament has 5 rounds; there is no round 9."),
        ({"first_round": "abc"}, "Choose two participants; rounds, if given, are numbers from 1."),
        ({"second": 999999}, "Choose two participants; rounds, if given, are numbers from 1."),
    ],
)
def test_bad_input_shows_a_message_and_changes_nothing(arbiter_client, tournament, players, data, message):
    values = {"first": players[0].pk, "second": players[1].pk, **data}
    if values["second"] == 0:
        values["second"] = players[0].pk
    audit = AuditLog.objects.count()
    response = arbiter_client.post(add_url(tournament), values)
    assert response.status_code == 302
    assert any(message in m for m in _messages(response)), _messages(response)
    assert not ForbiddenPair.objects.exists() and AuditLog.objects.count() == audit


def test_a_duplicate_shows_a_message(arbiter_client, tournament, pair):
    response = arbiter_client.post(add_url(tournament), {"first": pair.second_id, "second": pair.first_id})
    assert any("already kept apart in all rounds" in m for m in _messages(response))
    assert ForbiddenPair.objects.count() == 1


def test_a_pair_the_draft_puts_together_asks_for_the_round_to_be_paired_again(
    arbiter_client, tournament, draft_round
):
    board = draft_round.boards.order_by("number").first()
    response = arbiter_client.post(add_url(tournament), {"first": board.white_id, "second": board.black_id})
    assert any("must be paired again" in m for m in _messages(response))
    assert not ForbiddenPair.objects.exists()


def test_more_pairs_cost_no_more_queries(
    arbiter_client, tournament, players, organiser, django_assert_num_queries
):
    with django_assert_num_queries(14) as empty:
        arbiter_client.get(page(tournament))
    for a, b in ((0, 1), (2, 3), (4, 5)):
        forbidden_pair_add(tournament=tournament, user=organiser, first=players[a], second=players[b])
    with django_assert_num_queries(len(empty.captured_queries)):
        body = arbiter_client.get(page(tournament)).content.decode()
    assert body.count('id="forbidden-pair-') == 4  # three pairs and the form


def test_the_second_select_starts_on_another_player(arbiter_client, tournament, players):
    body = arbiter_client.get(page(tournament)).content.decode()
    second = body.split('name="second"', 1)[1].split("</select>", 1)[0]
    assert f'<option value="{players[1].pk}" selected>' in second


def test_a_round_robin_has_no_keep_apart_section(organiser_client, tournament, players):
    tournament.format = "round_robin"
    tournament.save()
    assert 'id="forbidden-pairs"' not in organiser_client.get(page(tournament)).content.decode()
