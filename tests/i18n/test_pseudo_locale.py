"""Every page rendered in a pseudo-locale (``tests/i18n/pseudo.py``): English words the catalogue
knows, left outside the markers, are strings someone forgot to mark for translation."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import translation

from tests.i18n import pseudo
from tests.security import world as w

SKIPPED_PREFIXES = ("/admin/", "/api/", "/jsi18n/", "/language/", "/accounts/logout/")
ALLOWED_WORDS = {
    # Names and codes the pages show as they are in every language.
    "fide",
    "elo",
    "trf",
    "pdf",
    "csv",
    "json",
    "api",
    "buchholz",
    "sonneborn",
    "berger",
    "baku",
    "dutch",
    "swiss",
    # Tie-break codes (FIDE C.07), shown as codes in every language.
    "win",
    "won",
    "bpg",
    "aro",
    "tpr",
    "htmx",
    "url",
    "utc",
}
PAGES_RENDERED: list[str] = []


def _patterns(resolver: URLResolver, prefix: str = ""):
    for p in resolver.url_patterns:
        if isinstance(p, URLResolver):
            yield from _patterns(p, prefix + str(p.pattern))
        elif isinstance(p, URLPattern):
            yield prefix + str(p.pattern)


def _paths(values: dict[str, object]) -> list[str]:
    paths = []
    for route in _patterns(get_resolver()):
        if any(ch in route for ch in "^$(") and "<" not in route:
            continue
        try:
            path = "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(values[m.group(1)]), route)
        except KeyError:
            continue
        if not path.startswith(SKIPPED_PREFIXES):
            paths.append(path)
    return sorted(set(paths))


@pytest.fixture
def pseudo_locale(settings, tmp_path):
    pseudo.build(tmp_path)
    settings.LANGUAGES = [*settings.LANGUAGES, (pseudo.CODE, "Pseudo")]
    settings.LOCALE_PATHS = [tmp_path]
    yield
    translation.deactivate()


def _data_words(world: w.World) -> set[str]:
    """Words of the test data (names of people, tournaments, users): shown as they are."""
    from django.contrib.auth import get_user_model

    from clubs.models import Club
    from tournaments.models import Event

    texts = [world.tournament.name, world.tournament.place or ""]
    texts += [p.name for p in world.people]
    texts += list(get_user_model().objects.values_list("username", flat=True))
    texts += list(Club.objects.values_list("name", flat=True))
    texts += list(Event.objects.values_list("name", flat=True))
    return {word.lower() for text in texts for word in re.findall(r"[A-Za-z]{3,}", text)}


@pytest.mark.django_db
@pytest.mark.parametrize("state", [w.REGISTRATION, w.DRAFT, w.PUBLISHED, w.FINISHED])
def test_every_page_shows_only_marked_text(state, tournament, organiser, pseudo_locale):
    world = w.build(tournament, state)
    vocabulary = pseudo.vocabulary() - _data_words(world) - ALLOWED_WORDS
    # A page that fails (500) is another test's business: this one reads the pages that render.
    staff = Client(raise_request_exception=False)
    staff.force_login(organiser)
    anonymous = Client(raise_request_exception=False)
    unmarked: dict[str, list[str]] = {}
    for path in _paths(world.url_kwargs()):
        client = anonymous if path.startswith("/p/") else staff
        client.cookies["django_language"] = pseudo.CODE
        response = client.get(path)
        if response.status_code != 200 or not response["Content-Type"].startswith("text/html"):
            continue
        PAGES_RENDERED.append(path)
        text = pseudo.text_outside_markers(response.content.decode())
        left = sorted({word for word in re.findall(r"[A-Za-z]{3,}", text) if word.lower() in vocabulary})
        if left:
            unmarked[path] = left
    assert PAGES_RENDERED, "no page rendered"
    assert not unmarked, "English outside the markers (unmarked strings):\n" + "\n".join(
        f"{path}: {' '.join(words[:25])}" for path, words in unmarked.items()
    )
