from __future__ import annotations


def test_the_dashboard_lists_only_my_tournaments(arbiter_client, tournament, stranger):
    body = arbiter_client.get("/").content.decode()
    assert "Club Championship" in body and "Someone else&#x27;s open" not in body
    assert "New tournament" in body


def test_visitors_get_the_login_and_help_links(client):
    body = client.get("/").content.decode()
    assert "/accounts/login/" in body and "/help/swiss/" in body


def test_a_started_round_robin_does_not_read_as_finished(organiser_client, organiser):
    """Issue 33 (14): every round of a round robin is drawn up at the start: the list counts the
    rounds played, not "5 / 5 · Running"."""
    from pairing.services.round_robin import tournament_start
    from tests.tournaments.services.conftest import add_players
    from tournaments.services.tournaments import tournament_create

    t = tournament_create(
        user=organiser, name="Closed", format="round_robin", lots_seed=7, pairing_numbers="lot"
    )
    add_players(t, 6)
    tournament_start(tournament=t, user=organiser)
    body = organiser_client.get("/").content.decode()
    assert "5 / 5" not in body
    assert "0 of 5 played" in body
