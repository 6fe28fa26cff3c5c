"""How every public page and file is answered: cached by tournament version, polled cheaply, partial for htmx.

A public page costs one query when nothing changed since it was last rendered (the tournament's
row, to learn its ``version``). Pages are cached whole under a key holding the link token, the
version and what was asked for, so the next result entered (which bumps ``version``) makes every
cached page stale at once and nothing has to be deleted.

Open pages poll their own partial with ``?v=<version they show>``. When that is still the
current version the answer is an empty 204 (htmx swaps nothing); once the tournament is
finished it is 286, which tells htmx 2 to stop polling.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django_htmx.http import HttpResponseStopPolling

from tournaments.models import Tournament
from tournaments.public.cache import single_flight

POLL_SECONDS = 5
NO_INDEX = "noindex, nofollow"
"""The link is shared with the people at the venue, not with search engines."""
BUILD_LOCK_SECONDS = 30
"""How long a page build may hold its lock before another request may build the page too."""


def is_finished(tournament: Tournament) -> bool:
    return tournament.status == Tournament.Status.FINISHED


def page_cache_key(tournament: Tournament, name: str, htmx: bool, params: Mapping[str, Any]) -> str:
    # Visitors' input (the search box) goes in hashed: keys stay short and safe for any backend.
    extra = hashlib.sha256(urlencode(sorted(params.items())).encode()).hexdigest()[:24]
    kind = "partial" if htmx else "page"
    # The status is in the key too: a page cached while the event ran polls and says it updates
    # itself; once finished it must not, whether or not finishing bumped the version.
    version = f"v{tournament.version}:{tournament.status}"
    return f"public:{tournament.public_token}:{tournament.pk}:{version}:{name}:{kind}:{extra}"


def poll_unchanged(request: HttpRequest, tournament: Tournament) -> HttpResponse | None:
    """The empty answer to a poll from a page that is already up to date, or ``None``."""
    if not getattr(request, "htmx", False) or request.GET.get("v") != str(tournament.version):
        return None
    if is_finished(tournament):
        return HttpResponseStopPolling()
    return HttpResponse(status=204)


def public_render(
    request: HttpRequest,
    tournament: Tournament,
    *,
    template: str,
    partial: str | None,
    build: Callable[[], dict[str, Any]],
    name: str,
    params: Mapping[str, Any] | None = None,
    content_type: str = "text/html; charset=utf-8",
) -> HttpResponse:
    """Render ``template`` (or its ``partial`` for htmx requests) through the version-keyed cache.

    ``build`` makes the context and runs only on a cache miss; ``params`` are the request values
    the page depends on (they go into the cache key, so nothing else from the query string can
    make two visitors see different pages).
    """
    unchanged = poll_unchanged(request, tournament)
    if unchanged is not None:
        return unchanged
    htmx = bool(getattr(request, "htmx", False)) and partial is not None
    params = dict(params or {})
    key = page_cache_key(tournament, name, htmx, params)
    # The key names the page and the version, so it is a fine validator: a phone reloading an
    # unchanged page gets a 304 after one query.
    etag = '"' + hashlib.sha256(key.encode()).hexdigest()[:32] + '"'
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:
        return _headers(not_modified, etag)
    # Right after a result every open page polls at once. One request builds the new page; the
    # other polls are told "nothing yet" (None, then 204) and pick it up on their next poll.
    content = single_flight(
        key,
        lambda: _render(request, tournament, template, partial if htmx else None, build, params),
        lock_seconds=BUILD_LOCK_SECONDS,
        if_busy=(lambda: None) if is_poll(request) else None,
    )
    if content is None:
        return HttpResponse(status=204)
    return _headers(HttpResponse(content, content_type=content_type), etag)


def _headers(response: HttpResponse, etag: str) -> HttpResponse:
    response["ETag"] = etag
    response["X-Robots-Tag"] = NO_INDEX
    patch_vary_headers(response, ["HX-Request"])
    patch_cache_control(response, no_cache=True)
    return response


def is_poll(request: HttpRequest) -> bool:
    return bool(getattr(request, "htmx", False)) and "v" in request.GET


def _render(request, tournament, template, partial, build, params) -> str:
    context = build()
    context.setdefault("tournament", tournament)
    context["polling"] = not is_finished(tournament)
    context["poll_seconds"] = POLL_SECONDS
    context["poll_query"] = _poll_query(params, tournament)
    # Long lists link every name; one reverse() per page instead of one per row.
    context["player_prefix"] = reverse("public:participant", args=[tournament.public_token, 0])[:-2]
    return render_to_string(f"{template}#{partial}" if partial else template, context)


def _poll_query(params: Mapping[str, Any], tournament: Tournament) -> str:
    """The query string a partial polls with: the page's own parameters plus the version it shows."""
    return urlencode({**{k: v for k, v in params.items() if v not in ("", None)}, "v": tournament.version})


def public_file(
    tournament: Tournament,
    *,
    name: str,
    params: Mapping[str, Any],
    build: Callable[[], bytes],
    content_type: str,
    filename: str,
) -> HttpResponse:
    """A download (PDF) through the same version-keyed cache as the pages."""
    content = single_flight(
        page_cache_key(tournament, name, False, params), build, lock_seconds=BUILD_LOCK_SECONDS
    )
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    response["X-Robots-Tag"] = NO_INDEX
    patch_cache_control(response, no_cache=True)
    return response
