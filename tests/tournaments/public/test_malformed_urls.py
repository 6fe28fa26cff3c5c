"""Malformed tokens and ids in public URLs are plain 404s, never a database error."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "path",
    [
        "/p/abc%00def/",
        "/p/abc%00def/standings/",
        "/p/" + "x" * 65 + "/",
        "/p/no-such-token/players/99999999999999999999999/",
        "/p/no-such-token/rounds/99999999999999999999/",
        "/api/public/abc%00def/",
    ],
)
def test_it_answers_404_for_malformed_public_urls(client, db, path):
    assert client.get(path).status_code == 404


def test_a_real_token_still_resolves(client, tournament):
    assert client.get(f"/p/{tournament.public_token}/rules/").status_code == 200
