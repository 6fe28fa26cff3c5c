"""How every public page and file is answered: cached by tournament version, polled cheaply, partial for htmx.

A public page costs one query when nothing changed since it was last rendered (the tournament's
row, to learn its ``version``). Pages are cached whole under a key holding the link token, the
version and what was asked for, so the next result entered (which bumps ``version``) makes every
cached page stale at once and nothing has to be deleted.

Open pages poll their own partial with ``?v=<version they show>``. When that is still the
current version the answer is an empty 204 (htmx swaps nothing); once the tournament is
finished it is 286, which tells htmx 2 to stop polling.

The cache holds each page gzipped with its ETag, so a hit costs no rendering and no compressing
(clients that do not take gzip get it inflated). Anonymous visitors' pages say
``Cache-Control: public, max-age=2`` (:data:`MICRO_CACHE_SECONDS`), which the front proxy
(``deploy/nginx.conf``) honours: a hall of phones costs Django about one request per page every
two seconds. That lifetime is also how long a revoked link may still answer from the proxy; the
app itself answers 404 at once, since the token is looked up on every request.
"""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django_htmx.http import HttpResponseStopPolling

from core.cache import single_flight
from tournaments.models import Tournament

POLL_SECONDS = 5
NO_INDEX = "noindex, nofollow"
"""The link is shared with the people at the venue, not with search engines."""
BUILD_LOCK_SECONDS = 30
"""How long a page build may hold its lock before another request may build the page too."""
BUILD_WAIT_SECONDS = 2.0
"""How long a visitor waits for another request's build when no earlier version can be shown."""
MICRO_CACHE_SECONDS = 2
"""``max-age`` of an anonymous public page: what a proxy or browser may reuse without asking."""
STALE_SECONDS = 2
"""``stale-while-revalidate``: a proxy may answer from the expired copy while it fetches the new one."""


def is_finished(tournament: Tournament) -> bool:
    return tournament.status == Tournament.Status.FINISHED


ANY_LANGUAGE = "-"
"""The language part of the key of an answer that is the same in every language (JSON, PDFs in
the tournament's language)."""


def page_cache_key(
    tournament: Tournament,
    name: str,
    htmx: bool,
    params: Mapping[str, Any],
    *,
    version: int | None = None,
    language: str | None = None,
) -> str:
    """The key of one page at one ``version`` (by default ``tournament.version``) in one language
    (by default the request's, which ``LocaleMiddleware`` and the profile chose)."""
    stem = _page_key_stem(tournament, name, htmx, params, language)
    return f"{stem}:v{_version(tournament, version)}:{tournament.status}"


def _page_key_stem(
    tournament: Tournament, name: str, htmx: bool, params: Mapping[str, Any], language: str | None = None
) -> str:
    """The page whatever the version: where the last built copy is kept for stale-while-revalidate.

    The page's language is in the key (and so in the ETag): the same page in French and in German
    are two pages. The alternative, the language in the URL, would break every link already shared.
    """
    # Visitors' input (the search box) goes in hashed: keys stay short and safe for any backend.
    extra = hashlib.sha256(urlencode(sorted(params.items())).encode()).hexdigest()[:24]
    kind = "partial" if htmx else "page"
    # The status is in the full key too: a page cached while the event ran polls and says it
    # updates itself; once finished it must not, whether or not finishing bumped the version.
    language = language or translation.get_language() or ANY_LANGUAGE
    return f"public:{tournament.public_token}:{tournament.pk}:{name}:{kind}:{language}:{extra}"


def _version(tournament: Tournament, version: int | None) -> int:
    return tournament.version if version is None else version


def poll_unchanged(
    request: HttpRequest, tournament: Tournament, version: int | None = None
) -> HttpResponse | None:
    """The empty answer to a poll from a page that is already up to date, or ``None``."""
    if not getattr(request, "htmx", False) or request.GET.get("v") != str(_version(tournament, version)):
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
    version: int | None = None,
    max_age: int | None = None,
) -> HttpResponse:
    """Render ``template`` (or its ``partial`` for htmx requests) through the version-keyed cache.

    ``build`` makes the context and runs only on a cache miss; ``params`` are the request values
    the page depends on (they go into the cache key, so nothing else from the query string can
    make two visitors see different pages). ``version`` is what the page depends on when it is not
    every change (the standings pass ``tournament.standings_version``); polls compare with it.
    ``max_age``: how long the front proxy and the phone may reuse the page, when it is not
    :data:`MICRO_CACHE_SECONDS` (the player pages: ``PUBLIC_PLAYER_PAGE_SECONDS``).
    """
    version = _version(tournament, version)
    unchanged = poll_unchanged(request, tournament, version)
    if unchanged is not None:
        return _headers(request, unchanged, None)
    htmx = bool(getattr(request, "htmx", False)) and partial is not None
    params = dict(params or {})
    language = translation.get_language()
    response = _cached_answer(
        request,
        tournament,
        key=page_cache_key(tournament, name, htmx, params, version=version, language=language),
        build=lambda: _render(
            request, tournament, template, partial if htmx else None, build, params, version, language
        ).encode(),
        content_type=content_type,
        stale_key=_page_key_stem(tournament, name, htmx, params, language) + f":{tournament.status}",
        max_age=max_age,
    )
    return response


def public_json(
    request: HttpRequest, tournament: Tournament, *, name: str, build: Callable[[], bytes], version: int
) -> HttpResponse:
    """JSON bytes of the public API through the pages' cache: gzipped once per ``version``, with
    an ETag (a client asking again with ``If-None-Match`` gets a 304).

    Never an older version: a client of the API asks for the data as it is now, so a request
    that finds another one building waits for it (or builds it) instead.
    """
    return _cached_answer(
        request,
        tournament,
        key=page_cache_key(tournament, name, False, {}, version=version, language=ANY_LANGUAGE),
        build=build,
        content_type="application/json",
        stale_key=None,
    )


def _cached_answer(
    request: HttpRequest,
    tournament: Tournament,
    *,
    key: str,
    build: Callable[[], bytes],
    content_type: str,
    stale_key: str | None,
    max_age: int | None = None,
) -> HttpResponse:
    """``build()``'s bytes, gzipped and cached under ``key``, answered gzipped or not, with the ETag."""
    # The key names the page and the version, so it is a fine validator: a phone reloading an
    # unchanged page gets a 304 after one query.
    etag = _etag(key)
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:
        return _headers(request, not_modified, etag, max_age)
    # Right after a result every open page asks for it at once. One request builds the new page;
    # the others are answered with the page as it was (stale-while-revalidate), polls with
    # "nothing yet" (None, then 204) so they pick the new one up on their next poll.
    built = single_flight(
        key,
        lambda: (etag, _compress(build())),
        lock_seconds=BUILD_LOCK_SECONDS,
        wait_seconds=BUILD_WAIT_SECONDS,
        if_busy=(lambda: None) if is_poll(request) else None,
        stale_key=stale_key,
        background=stale_key is not None and not is_poll(request),
    )
    if built is None:
        return _headers(request, HttpResponse(status=204), None, max_age)
    built_etag, compressed = built
    response = HttpResponse(content_type=content_type)
    if _accepts_gzip(request):
        response.content = compressed
        response["Content-Encoding"] = "gzip"
    else:
        response.content = gzip.decompress(compressed)
    return _headers(request, response, built_etag, max_age)


def _etag(key: str) -> str:
    return '"' + hashlib.sha256(key.encode()).hexdigest()[:32] + '"'


def _compress(content: bytes) -> bytes:
    # mtime=0: the same page compresses to the same bytes.
    return gzip.compress(content, compresslevel=6, mtime=0)


def _accepts_gzip(request: HttpRequest) -> bool:
    return "gzip" in request.headers.get("Accept-Encoding", "").lower()


def _headers(
    request: HttpRequest, response: HttpResponse, etag: str | None, max_age: int | None = None
) -> HttpResponse:
    if etag is not None:
        response["ETag"] = etag
    response["X-Robots-Tag"] = NO_INDEX
    # The page's language comes from the cookie and Accept-Language (LocaleMiddleware adds the
    # latter to Vary): a browser must not reuse its French copy after the switcher set German.
    patch_vary_headers(response, ["HX-Request", "Accept-Encoding", "Cookie"])
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        patch_cache_control(response, private=True, no_cache=True)
    else:
        # Anonymous pages are the same for everyone: a proxy (and the phone) may reuse one for a
        # couple of seconds, which is also the longest a revoked link can outlive its revocation.
        patch_cache_control(
            response,
            public=True,
            max_age=MICRO_CACHE_SECONDS if max_age is None else max_age,
            stale_while_revalidate=STALE_SECONDS,
        )
    return response


def is_poll(request: HttpRequest) -> bool:
    return bool(getattr(request, "htmx", False)) and "v" in request.GET


def _render(request, tournament, template, partial, build, params, version, language) -> str:
    # The build may run in a background thread (stale-while-revalidate), where no language is active.
    with translation.override(language):
        return _render_in_language(request, tournament, template, partial, build, params, version)


def _render_in_language(request, tournament, template, partial, build, params, version) -> str:
    context = build()
    context.setdefault("tournament", tournament)
    context["polling"] = not is_finished(tournament)
    context["poll_seconds"] = POLL_SECONDS
    context["poll_query"] = _poll_query(params, version)
    context["page_version"] = version
    context["language_next"] = request.path
    # Long lists link every name; one reverse() per page instead of one per row.
    context["player_prefix"] = reverse("public:participant", args=[tournament.public_token, 0])[:-2]
    return render_to_string(f"{template}#{partial}" if partial else template, context)


def _poll_query(params: Mapping[str, Any], version: int) -> str:
    """The query string a partial polls with: the page's own parameters plus the version it shows."""
    return urlencode({**{k: v for k, v in params.items() if v not in ("", None)}, "v": version})


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
        page_cache_key(tournament, name, False, params, language=ANY_LANGUAGE),
        build,
        lock_seconds=BUILD_LOCK_SECONDS,
    )
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    response["X-Robots-Tag"] = NO_INDEX
    patch_cache_control(response, no_cache=True)
    return response
