from __future__ import annotations


def test_the_dashboard_lists_only_my_tournaments(arbiter_client, tournament, stranger):
    body = arbiter_client.get("/").content.decode()
    assert "Club Championship" in body and "Someone else&#x27;s open" not in body
    assert "New tournament" in body


def test_visitors_get_the_login_and_help_links(client):
    body = client.get("/").content.decode()
    assert "/accounts/login/" in body and "/help/swiss/" in body
