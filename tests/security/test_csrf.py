"""Every form that writes is protected against cross-site request forgery: a logged-in
organiser's POST without the CSRF token is refused and changes nothing. The API refuses
session-authenticated writes without the token too (token-authenticated clients send no cookie,
so they need none)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.security import world as w
from tests.security.test_authorization_matrix import MATRIX, _path_for, _request

ENDPOINTS = sorted(MATRIX)


@pytest.mark.parametrize(("name", "method"), ENDPOINTS, ids=[f"{n}-{m}" for n, m in ENDPOINTS])
def test_a_write_without_the_csrf_token_is_refused(name, method, tournament, organiser):
    spec = MATRIX[(name, method)]
    world = w.build(tournament, spec.state)
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.force_login(organiser)
    before = w.fingerprint()
    response = _request(client, method, _path_for(name, world), spec.data(world))
    assert response.status_code == 403
    assert w.fingerprint() == before


def test_the_same_post_with_the_token_goes_through(tournament, arbiter):
    """The control: what refused the requests above is the missing token, nothing else."""
    world = w.build(tournament, w.PUBLISHED)
    client = Client(enforce_csrf_checks=True)
    client.force_login(arbiter)
    page = client.get(f"/t/{tournament.pk}/rounds/1/")
    assert page.status_code == 200
    token = client.cookies["csrftoken"].value
    response = client.post(
        f"/t/{tournament.pk}/boards/{world.boards[0].pk}/result/",
        {"result": "1-0", "version": 0, "csrfmiddlewaretoken": token},
    )
    assert response.status_code == 302
    world.boards[0].refresh_from_db()
    assert world.boards[0].result == "1-0"


def test_the_login_form_needs_the_token(db):
    client = Client(enforce_csrf_checks=True)
    assert client.post("/accounts/login/", {"username": "x", "password": "y"}).status_code == 403
