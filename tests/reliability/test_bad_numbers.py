"""Numbers from a URL or a form are parsed and bounded in one place (tournaments.converters.
parse_bounded_int): a bad one is a 400 or 404 with a message, never a 500 and never unbounded
work; a NUL in a query string is refused; JSON nested deeper than any real document is a 400 on
every API endpoint, the unauthenticated token endpoint included."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from tests.security import world as w
from tournaments.api.parsers import nested_deeper_than
from tournaments.converters import BadNumber, parse_bounded_int
from tournaments.models import Participant


@pytest.fixture
def web(organiser) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(organiser)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["²", "٣", "-3", "1e3", "9" * 40])
def test_expected_players_that_is_not_a_plain_number_is_ignored(web, value):
    assert web.get("/t/new/suggestion/", {"expected_players": value}).status_code == 200
    page = web.post("/t/new/", {"name": "Odd Open", "expected_players": value, "format": "swiss"})
    assert page.status_code == 200  # the form again, with the field's error


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["²", "20000", "0", "-1", "99999999999999999999", "abc"])
def test_staff_standings_refuse_a_round_that_does_not_exist(tournament, web, value):
    w.build(tournament, w.FINISHED)
    response = web.get(f"/t/{tournament.pk}/standings/", {"round": value})
    assert response.status_code == 400
    assert "round" in response.content.decode().lower()
    assert web.get(f"/t/{tournament.pk}/standings/", {"round": "1"}).status_code == 200


@pytest.mark.django_db
def test_a_withdrawal_from_a_round_beyond_the_plan_is_refused(tournament, web, organiser):
    world = w.build(tournament, w.FINISHED)
    target = world.people[0]
    api = Client(
        raise_request_exception=False,
        HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=organiser)[0].key}",
    )
    for value in (40000, 6, "abc"):
        response = web.post(f"/t/{tournament.pk}/participants/{target.pk}/withdraw/", {"from_round": value})
        assert response.status_code == 302
        target.refresh_from_db()
        assert target.status == Participant.Status.ACTIVE, value
        response = api.post(
            f"/api/tournaments/{tournament.pk}/participants/{target.pk}/withdraw/",
            json.dumps({"from_round": value}),
            content_type="application/json",
        )
        assert response.status_code == 400, (value, response.content)
        target.refresh_from_db()
        assert target.status == Participant.Status.ACTIVE


@pytest.mark.django_db
def test_a_nul_in_the_find_my_board_query_is_not_a_server_error(tournament):
    w.build(tournament, w.PUBLISHED)
    anonymous = Client(raise_request_exception=False)
    response = anonymous.get(f"/p/{tournament.public_token}/find/?q=%00")
    assert response.status_code == 400
    assert anonymous.get(f"/p/{tournament.public_token}/find/?q=Player").status_code == 200


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.django_db
def test_json_nested_a_thousand_deep_is_a_400_on_every_api_endpoint(tournament, organiser):
    api = Client(
        raise_request_exception=False,
        HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=organiser)[0].key}",
    )
    anonymous = Client(raise_request_exception=False)
    body = json.dumps({"username": "olga", "password": json.loads(_nested(900))})
    deep = '{"username": "olga", "password": ' + _nested(1000) + "}"
    for client, path in (
        (anonymous, "/api/auth/token/"),
        (api, "/api/tournaments/"),
        (api, "/api/tournaments/import/json/"),
        (api, f"/api/tournaments/{tournament.pk}/participants/"),
    ):
        for payload in (body, deep):
            response = client.post(path, payload, content_type="application/json")
            assert response.status_code == 400, (path, response.status_code)
            assert "nested" in response.json()["detail"]


def test_nesting_is_measured_outside_strings():
    assert not nested_deeper_than(b'{"a": "[[[[[[[[[[[[", "b": [[1], {"c": []}]}', 4)
    assert nested_deeper_than(b'{"a": [[[1]]]}', 3)
    assert not nested_deeper_than(b'{"a": "\\"[[[[[["}', 2)


def test_parse_bounded_int():
    assert parse_bounded_int("7", minimum=1, maximum=9, label="Round") == 7
    assert parse_bounded_int(" ", minimum=1, maximum=9, label="Round") is None
    for bad in ("²", "10", "0", "1.0", "+", "9" * 100):
        with pytest.raises(BadNumber, match="Round must be a whole number from 1 to 9"):
            parse_bounded_int(bad, minimum=1, maximum=9, label="Round")
