from __future__ import annotations

from django.urls import reverse

from tournaments.models import Tournament, TournamentRole

from .conftest import htmx

NEW = "/t/new/"
SUGGEST = "/t/new/suggestion/"


def form_data(**overrides):
    data = {
        "name": "Autumn Swiss",
        "format": "swiss",
        "rounds_planned": "6",
        "scoring": "standard",
        "bye_value": "win",
        "acceleration": "none",
        "tiebreaks": "",
        "unplayed_rule": "virtual-opponent",
        "initial_colour": "",
        "pairing_numbers": "rating",
        "late_entry_points": "zero",
        "max_half_byes": "2",
        "no_byes_in_last_rounds": "1",
        "withdrawal_games": "forfeit",
    }
    data.update(overrides)
    return data


def test_anonymous_users_must_log_in_to_create(client):
    assert client.get(NEW)["Location"].startswith("/accounts/login/")


def test_the_form_shows_the_tiebreak_order_that_will_be_published(organiser_client):
    body = organiser_client.get(NEW).content.decode()
    assert 'id="format-suggestion"' in body
    assert body.index("DE — Direct encounter") < body.index("BH-C1") < body.index("SB — Sonneborn-Berger")


def test_the_suggestion_partial_follows_the_field_size(organiser_client):
    body = htmx(organiser_client, "get", SUGGEST, data={"expected_players": "14"}).content.decode()
    assert "<html" not in body and "For 14 players we suggest: Swiss (FIDE Dutch), 6 rounds." in body
    body = htmx(
        organiser_client, "get", SUGGEST, data={"expected_players": "7", "format": "round_robin"}
    ).content.decode()
    assert "Round robin (FIDE Berger), 7 rounds" in body and "BH" not in body
    body = htmx(
        organiser_client, "get", SUGGEST, data={"format": "round_robin", "tiebreaks": "BH"}
    ).content.decode()
    assert "Buchholz tie-break, which does not apply to a round robin" in body


def test_without_javascript_suggest_fills_in_the_form(organiser_client):
    body = organiser_client.get(SUGGEST, {"expected_players": "40", "name": "Big open"}).content.decode()
    assert 'value="Big open"' in body and 'name="rounds_planned" value="8"' in body


def test_creating_a_tournament_makes_the_creator_organiser(organiser_client, organiser):
    response = organiser_client.post(NEW, form_data())
    t = Tournament.objects.get(name="Autumn Swiss")
    assert response["Location"] == reverse("tournaments:participants", kwargs={"tournament_id": t.pk})
    assert TournamentRole.objects.get(tournament=t).user == organiser
    assert (t.rounds_planned, t.win_points, t.bye_points, t.tiebreaks) == (6, 2, 2, "DE,BH-C1,BH,SB,WIN")


def test_baku_with_three_one_zero_is_refused_clearly(organiser_client):
    response = organiser_client.post(NEW, form_data(scoring="three-one-zero", acceleration="baku"))
    body = response.content.decode()
    assert response.status_code == 200 and "Baku acceleration needs a win worth exactly two draws" in body
    assert not Tournament.objects.exists()


def test_three_one_zero_scoring_is_stored_in_half_points(organiser_client):
    organiser_client.post(NEW, form_data(scoring="three-one-zero", bye_value="draw"))
    t = Tournament.objects.get()
    assert (t.win_points, t.draw_points, t.loss_points, t.bye_points) == (6, 2, 0, 2)
