"""Each user sees, creates and revokes their own API tokens; tokens expire when asked to, and
every token stops working when the password changes (whichever way it changed)."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.authtoken.models import Token

from accounts.models import ApiToken

PAGE = "/accounts/tokens/"
API = "/api/tournaments/"


@pytest.fixture
def olga(db):
    return get_user_model().objects.create_user("olga", password="organiser-pass-1")


def api_status(client, key: str) -> int:
    return client.get(API, HTTP_AUTHORIZATION=f"Token {key}").status_code


def create(client, name="results board", lifetime="90") -> str:
    response = client.post(PAGE, {"name": name, "lifetime": lifetime})
    assert response.status_code == 200
    return re.search(r'class="token-key"[^>]* value="(cct_[\w-]+)"', response.content.decode()).group(1)


def test_the_page_needs_a_login_and_is_linked_from_the_profile(client, olga):
    assert client.get(PAGE)["Location"].startswith("/accounts/login/")
    client.force_login(olga)
    # Issue 23: the navigation links the profile page, which links the tokens.
    assert 'href="/accounts/profile/"' in client.get("/").content.decode()
    assert f'href="{PAGE}"' in client.get("/accounts/profile/").content.decode()


def test_a_created_token_is_shown_once_works_and_is_stored_only_as_a_hash(client, olga):
    client.force_login(olga)
    key = create(client)
    assert api_status(client.__class__(), key) == 200
    token = ApiToken.objects.get(user=olga)
    assert key not in (token.key_hash, token.prefix) and key.startswith(token.prefix)
    page = client.get(PAGE).content.decode()
    assert "results board" in page and token.prefix in page and key not in page
    assert ApiToken.objects.get(pk=token.pk).last_used is not None


def test_a_revoked_token_is_refused(client, olga):
    client.force_login(olga)
    key = create(client)
    token = ApiToken.objects.get(user=olga)
    assert client.post(f"{PAGE}{token.pk}/revoke/").status_code == 302
    assert api_status(client.__class__(), key) == 401


def test_nobody_can_revoke_someone_elses_token(client, olga):
    client.force_login(olga)
    create(client)
    token = ApiToken.objects.get(user=olga)
    other = get_user_model().objects.create_user("mallory", password="mallory-pass-1")
    client.force_login(other)
    client.post(f"{PAGE}{token.pk}/revoke/")
    assert ApiToken.objects.filter(pk=token.pk).exists()


def test_an_expired_token_is_refused(client, olga):
    client.force_login(olga)
    key = create(client, lifetime="30")
    ApiToken.objects.filter(user=olga).update(expires=timezone.now() - datetime.timedelta(seconds=1))
    assert api_status(client.__class__(), key) == 401
    assert "(expired)" in client.get(PAGE).content.decode()


def test_a_nameless_token_is_refused_with_a_message_and_nothing_is_made(client, olga):
    client.force_login(olga)
    response = client.post(PAGE, {"name": "  ", "lifetime": "90"})
    assert response.status_code == 400
    assert "Give the token a name" in response.content.decode()
    assert not ApiToken.objects.exists()


def test_changing_the_password_revokes_every_token_including_the_older_kind(client, olga):
    client.force_login(olga)
    key = create(client)
    legacy = Token.objects.create(user=olga).key
    assert api_status(client.__class__(), legacy) == 200
    response = client.post(
        "/accounts/password_change/",
        {
            "old_password": "organiser-pass-1",
            "new_password1": "a-new-secret-77",
            "new_password2": "a-new-secret-77",
        },
    )
    assert response.status_code == 302
    assert api_status(client.__class__(), key) == 401
    assert api_status(client.__class__(), legacy) == 401


def test_a_password_changed_anywhere_else_still_kills_the_tokens(client, olga):
    client.force_login(olga)
    key = create(client)
    olga.set_password("changed-in-the-admin-1")  # the admin, manage.py changepassword, ...
    olga.save()
    assert api_status(client.__class__(), key) == 401


def test_older_one_per_user_tokens_keep_working_and_can_be_revoked_on_the_page(client, olga):
    legacy = Token.objects.create(user=olga).key
    assert api_status(client, legacy) == 200
    client.force_login(olga)
    assert "Older API login token" in client.get(PAGE).content.decode()
    client.post(f"{PAGE}legacy/revoke/")
    client.logout()
    assert api_status(client, legacy) == 401


def api_login(password: str = "organiser-pass-1") -> str:
    from rest_framework.test import APIClient

    response = APIClient().post("/api/auth/token/", {"username": "olga", "password": password}, format="json")
    assert response.status_code == 200, response.content
    return response.json()["token"]


def test_the_api_logins_token_dies_when_the_back_office_changes_the_password(client, olga, django_user_model):
    """Issue 32 item 9: the token of /api/auth/token/ survived a password change in the back office."""
    key = api_login()
    assert api_status(client.__class__(), key) == 200
    admin = django_user_model.objects.create_superuser("root", "root@example.org", "root-pass-1")
    client.force_login(admin)
    changed = client.post(
        f"/admin/auth/user/{olga.pk}/password/",
        {"password1": "brand-new-pass-98", "password2": "brand-new-pass-98", "usable_password": "true"},
    )
    assert changed.status_code == 302, changed.content[:500]
    olga.refresh_from_db()
    assert olga.check_password("brand-new-pass-98")
    assert api_status(client.__class__(), key) == 401
    # Logging in again with the new password gives a new token that works.
    new_key = api_login("brand-new-pass-98")
    assert new_key != key and api_status(client.__class__(), new_key) == 200


def test_the_api_logins_token_dies_however_the_password_changes(client, olga):
    """``manage.py changepassword``, a shell, any code: set_password() and save()."""
    key = api_login()
    olga.set_password("brand-new-pass-98")
    olga.save()
    assert api_status(client.__class__(), key) == 401
    assert api_status(client.__class__(), api_login("brand-new-pass-98")) == 200


def test_a_token_made_in_the_back_office_dies_when_the_password_changes(client, olga, django_user_model):
    admin = django_user_model.objects.create_superuser("root", "root@example.org", "root-pass-1")
    client.force_login(admin)
    made = client.post("/admin/authtoken/tokenproxy/add/", {"user": olga.pk})
    assert made.status_code == 302, made.content[:800]
    key = Token.objects.get(user=olga).key
    assert api_status(client.__class__(), key) == 200
    olga.set_password("brand-new-pass-98")
    olga.save()
    assert api_status(client.__class__(), key) == 401
