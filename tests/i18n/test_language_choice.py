"""Which language a page is in: the profile, then the switcher's cookie, then Accept-Language; the
switcher on public pages without login; public pages cached per language; plural forms."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.template import Context, Template
from django.utils import translation

from accounts.language import profile_language, profile_language_set
from tests.security import world as w
from tournaments.scores import points_plural_count

FRENCH_PAIRINGS = "Appariements"


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    translation.deactivate()


def _lang(response) -> str:
    return response["Content-Language"]


@pytest.mark.django_db
def test_accept_language_chooses_when_nothing_else_does(client):
    assert _lang(client.get("/accounts/login/", headers={"accept-language": "fr"})) == "fr"
    assert _lang(client.get("/accounts/login/", headers={"accept-language": "de-DE,de;q=0.9"})) == "de"
    assert _lang(client.get("/accounts/login/")) == "en-gb"


@pytest.mark.django_db
def test_the_cookie_wins_over_accept_language(client):
    client.cookies["django_language"] = "es"
    assert _lang(client.get("/accounts/login/", headers={"accept-language": "fr"})) == "es"


@pytest.mark.django_db
def test_the_profile_wins_over_cookie_and_accept_language(client, arbiter):
    profile_language_set(user=arbiter, language="nl")
    client.force_login(arbiter)
    client.cookies["django_language"] = "es"
    assert _lang(client.get("/accounts/profile/", headers={"accept-language": "fr"})) == "nl"


@pytest.mark.django_db
def test_a_profile_without_a_language_leaves_the_choice_to_the_browser(client, arbiter):
    client.force_login(arbiter)
    assert _lang(client.get("/accounts/profile/", headers={"accept-language": "de"})) == "de"


@pytest.mark.django_db
def test_the_switcher_during_a_session_wins_until_the_next_login(client, arbiter):
    profile_language_set(user=arbiter, language="nl")
    client.force_login(arbiter)
    client.get("/language/", {"language": "fr", "next": "/accounts/profile/"})
    assert _lang(client.get("/accounts/profile/")) == "fr"
    client.logout()
    client.force_login(arbiter)
    assert _lang(client.get("/accounts/profile/")) == "nl"


@pytest.mark.django_db
def test_the_switcher_works_on_public_pages_without_login(client, tournament):
    w.build(tournament, w.PUBLISHED)
    page = f"/p/{tournament.public_token}/"
    html = client.get(page, headers={"accept-language": "fr"}).content.decode()
    assert f'href="/language/?language=de&amp;next=/p/{tournament.public_token}/' in html
    response = client.get("/language/", {"language": "de", "next": page})
    assert response.status_code == 302 and response["Location"] == page
    assert response.cookies["django_language"].value == "de"
    assert _lang(client.get(page, headers={"accept-language": "fr"})) == "de"


@pytest.mark.django_db
def test_the_switcher_goes_back_only_to_this_site(client):
    response = client.get("/language/", {"language": "fr", "next": "https://evil.example/"})
    assert response["Location"] == "/"
    assert client.get("/language/", {"language": "xx"}).cookies.get("django_language") is None


@pytest.mark.django_db
def test_a_cached_public_page_is_cached_per_language(client, tournament):
    w.build(tournament, w.PUBLISHED)
    page = f"/p/{tournament.public_token}/"
    english = client.get(page, headers={"accept-language": "en"})
    french = client.get(page, headers={"accept-language": "fr"})
    english_again = client.get(page, headers={"accept-language": "en"})
    assert _lang(english) == "en-gb" and _lang(french) == "fr"
    assert english["ETag"] != french["ETag"]
    assert english_again["ETag"] == english["ETag"]
    assert english.content == english_again.content != french.content
    assert '<html lang="fr">' in french.content.decode()
    assert FRENCH_PAIRINGS in french.content.decode()
    assert "Accept-Language" in english["Vary"] and "Cookie" in english["Vary"]


@pytest.mark.parametrize(
    ("score", "count"), [("0", 0), ("½", 0), ("1", 1), ("1½", 0), ("2", 2), ("2½", 2), ("10", 10)]
)
def test_the_plural_count_of_a_score(score, count):
    assert points_plural_count(score) == count


@pytest.mark.parametrize(
    ("language", "score", "expected"),
    [
        ("en-gb", "1", "1 point"),
        ("en-gb", "1½", "1½ points"),
        ("en-gb", "2½", "2½ points"),
        ("fr", "1", "1 point"),
        ("fr", "1½", "1½ point"),
        ("fr", "2½", "2½ points"),
    ],
)
def test_points_take_the_language_s_plural_form(language, score, expected):
    template = Template(
        "{% load i18n points %}{% blocktranslate count n=score|points_count with score=score trimmed %}"
        "{{ score }} point{% plural %}{{ score }} points{% endblocktranslate %}"
    )
    with translation.override(language):
        assert template.render(Context({"score": score})) == expected


@pytest.mark.django_db
def test_the_account_page_sets_the_profile_language(client, arbiter):
    client.force_login(arbiter)
    page = client.get("/accounts/profile/").content.decode()
    assert 'action="/language/profile/"' in page
    response = client.post("/language/profile/", {"language": "fr"})
    assert response.status_code == 302
    assert profile_language(arbiter) == "fr"
    assert _lang(client.get("/accounts/profile/", headers={"accept-language": "de"})) == "fr"
    client.post("/language/profile/", {"language": ""})
    assert profile_language(arbiter) == ""
