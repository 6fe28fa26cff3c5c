"""Issue 38: the shipped nginx configuration answers the hall's public pages from its cache.

A phone's reload (``If-None-Match``) and an expired copy are answered by nginx while one request
fetches the page again (revalidated with the copy's ETag: an unchanged page is a 304 from the app);
several phones asking for a missing page make one request to gunicorn. The copies are kept per
interface language (the switcher's cookie and Accept-Language are in the key) and never for a
signed-in user or an API token. These read the template itself, as nginx and docker-compose.yml do.
"""

from __future__ import annotations

import re
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parents[2] / "deploy" / "nginx" / "default.conf.template"


def _public_location() -> dict[str, str]:
    text = re.sub(r"#.*", "", TEMPLATE.read_text())
    block = re.search(r"location /p/ \{(.*?)\}", text, re.S)
    assert block, "no location /p/ in the template"
    directives = {}
    for statement in block.group(1).split(";"):
        words = statement.split(None, 1)
        if words:
            directives[words[0]] = words[1].strip() if len(words) > 1 else ""
    return directives


def test_public_pages_are_served_from_the_cache_while_one_request_refreshes_them():
    public = _public_location()
    assert public["proxy_cache"] == "public_pages"
    assert public["proxy_cache_revalidate"] == "on"
    assert public["proxy_cache_lock"] == "on"
    assert public["proxy_cache_background_update"] == "on"
    assert "updating" in public["proxy_cache_use_stale"].split()


def test_each_language_and_htmx_partial_is_a_copy_of_its_own():
    key = _public_location()["proxy_cache_key"]
    for part in ("$request_uri", "$http_hx_request", "$cookie_django_language", "$http_accept_language"):
        assert part in key


def test_signed_in_users_and_api_tokens_are_never_answered_from_the_cache():
    public = _public_location()
    for directive in ("proxy_cache_bypass", "proxy_no_cache"):
        assert {"$cookie_sessionid", "$http_authorization"} <= set(public[directive].split())
