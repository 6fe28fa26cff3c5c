"""What the front proxy and the phones may reuse: Cache-Control, ETag/304, gzipped bytes, revocation.

A hall of phones refreshing the pairings is served by the proxy's micro-cache (deploy/nginx.conf)
for MICRO_CACHE_SECONDS; the app says so in ``Cache-Control`` and answers 304 to a phone that
already has the page. A revoked link must not outlive that lifetime anywhere.
"""

from __future__ import annotations

import gzip

import pytest
from django.test import Client

from tests.tournaments.public.conftest import HTMX, public_url
from tournaments.models import Board, Tournament
from tournaments.public.links import public_token_regenerate
from tournaments.public.responses import MICRO_CACHE_SECONDS
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db

PAGES = ["pairings", "standings", "crosstable", "rounds", "rules", "display"]


def _directives(response) -> dict[str, str]:
    parts = [p.strip() for p in response["Cache-Control"].split(",")]
    return dict((p.split("=", 1) + [""])[:2] for p in parts)


@pytest.mark.parametrize("name", PAGES)
def test_anonymous_pages_may_be_reused_by_a_proxy_for_a_second_or_two(client: Client, running, name):
    """Before: ``Cache-Control: no-cache``, so no proxy could absorb a hall of phones."""
    response = client.get(public_url(running, name))
    assert response.status_code == 200
    directives = _directives(response)
    assert "public" in directives
    assert 1 <= int(directives["max-age"]) <= 2 == MICRO_CACHE_SECONDS
    assert int(directives["stale-while-revalidate"]) <= 2
    assert "Set-Cookie" not in response.headers  # a proxy never caches an answer that sets one
    assert "HX-Request" in response["Vary"] and "Accept-Encoding" in response["Vary"]


def test_a_logged_in_visitor_gets_a_private_page(client: Client, running, organiser):
    client.force_login(organiser)
    directives = _directives(client.get(public_url(running, "pairings")))
    assert "private" in directives and "public" not in directives


def test_a_revoked_link_answers_404_at_once(client: Client, running, organiser):
    """The app never serves a cached page for a token it no longer knows; only the proxy's copy
    may outlive the revocation, by at most max-age + stale-while-revalidate seconds."""
    url = public_url(running, "pairings")
    assert client.get(url).status_code == 200
    assert client.get(url).status_code == 200  # now served from the cache
    public_token_regenerate(tournament=running, user=organiser)
    assert client.get(url).status_code == 404
    assert client.get(url, headers=HTMX).status_code == 404


def test_an_unchanged_page_is_a_304_and_a_changed_one_is_not(client: Client, running, arbiter):
    url = public_url(running, "participant", Board.objects.filter(round__tournament=running).first().white_id)
    first = client.get(url)
    etag = first["ETag"]
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again["ETag"] == etag
    board = Board.objects.get(round__tournament=running, round__number=3, number=1)
    result_record(board=board, user=arbiter, result="1-0", expected_version=board.version)
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_the_cached_page_is_sent_gzipped_to_who_takes_it_and_plain_to_who_does_not(client: Client, running):
    url = public_url(running, "pairings")
    plain = client.get(url)
    zipped = client.get(url, headers={"Accept-Encoding": "gzip, br"})
    again = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in plain.headers
    assert zipped["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.content) == plain.content
    assert again.content == zipped.content  # the very bytes the cache holds, not compressed again
    assert b"Pairings" in plain.content or b"pairings" in plain.content


def test_a_result_appears_on_the_public_pairings_page(client: Client, running, arbiter):
    url = public_url(running, "pairings")
    assert "1 of 4 results in" not in client.get(url).content.decode()
    board = Board.objects.get(round__tournament=running, round__number=3, number=1)
    result_record(board=board, user=arbiter, result="1-0", expected_version=board.version)
    page = client.get(url).content.decode()
    assert "1 of 4 results in" in page


@pytest.mark.django_db(transaction=True)
def test_after_a_change_the_first_visitor_gets_the_page_as_it_was_while_it_is_rebuilt(
    client: Client, running, arbiter, settings
):
    """Before: the first request after each result rebuilt the page inline (1.5-2.6 s for 500
    boards on the loaded benchmark machine), and the proxy's visitors queued behind it."""
    import time

    from django.core.cache import cache

    from tournaments.public.responses import page_cache_key

    settings.PUBLIC_REBUILD_IN_BACKGROUND = True
    Tournament.objects.filter(pk=running.pk).update(status=Tournament.Status.RUNNING)
    running.refresh_from_db()
    url = public_url(running, "pairings")
    before = client.get(url).content.decode()
    board = Board.objects.get(round__tournament=running, round__number=3, number=1)
    result_record(board=board, user=arbiter, result="1-0", expected_version=board.version)
    running.refresh_from_db()
    assert client.get(url).content.decode() == before  # at once, from the cache
    key = page_cache_key(running, "pairings-current", False, {})
    for _ in range(200):  # the thread's rebuild: bounded wait
        if cache.get(key) is not None:
            break
        time.sleep(0.05)
    after = client.get(url).content.decode()
    assert "1 of 4 results in" in after and "1 of 4 results in" not in before


def test_a_player_page_may_be_reused_longer_than_the_pairings(client: Client, running, settings):
    """Issue 38: the player pages made the full hall's slow tail (each revalidated every two
    seconds); they change only with the player's own result or the standings, so the proxy keeps
    them ``PUBLIC_PLAYER_PAGE_SECONDS``. The pairings and standings keep their two seconds."""
    settings.PUBLIC_PLAYER_PAGE_SECONDS = 10
    player = running.participants.order_by("pk").first()
    url = f"/p/{running.public_token}/players/{player.pk}/"
    response = client.get(url)
    assert response.status_code == 200
    directives = _directives(response)
    assert "public" in directives and int(directives["max-age"]) == 10
    assert int(_directives(client.get(url))["max-age"]) == 10  # the cached copy says the same
    assert int(_directives(client.get(public_url(running, "pairings")))["max-age"]) == MICRO_CACHE_SECONDS
