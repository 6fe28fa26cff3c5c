"""Public links: unguessable, and revocable by regenerating them."""

from __future__ import annotations

import math
import string

from tests.security import world as w
from tournaments.models import new_public_token

URLSAFE = set(string.ascii_letters + string.digits + "-_")


def test_tokens_carry_at_least_128_bits_and_never_repeat():
    tokens = [new_public_token() for _ in range(2000)]
    assert len(set(tokens)) == len(tokens)
    for token in tokens[:50]:
        assert set(token) <= URLSAFE
        # token_urlsafe: 6 random bits per character.
        assert len(token) * math.log2(64) >= 128
    # The characters are spread out as random ones would be: no position is constant.
    assert all(len({t[i] for t in tokens}) > 30 for i in range(len(tokens[0])))


def test_a_wrong_token_of_the_right_shape_is_404(client, tournament):
    w.build(tournament, w.PUBLISHED)
    good = tournament.public_token
    assert client.get(f"/p/{good}/").status_code == 200
    forged = good[:-1] + ("A" if good[-1] != "A" else "B")
    assert client.get(f"/p/{forged}/").status_code == 404
    assert client.get(f"/api/public/{forged}/").status_code == 404


def test_regenerating_the_link_revokes_the_old_one_everywhere(client, tournament, organiser):
    w.build(tournament, w.PUBLISHED)
    old = tournament.public_token
    pages = ["/p/{}/", "/p/{}/standings/", "/p/{}/rounds/1/", "/api/public/{}/", "/api/public/{}/standings/"]
    for page in pages:
        assert client.get(page.format(old)).status_code == 200, page
    staff = logged_in_client(organiser)
    assert staff.post(f"/p/manage/{tournament.pk}/regenerate/").status_code == 302
    tournament.refresh_from_db()
    new = tournament.public_token
    assert new != old and len(new) >= len(old)
    for page in pages:
        assert client.get(page.format(old)).status_code == 404, page
        assert client.get(page.format(new)).status_code == 200, page


def logged_in_client(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client
