"""Regenerating the public link: organisers only, the old link dies, the audit log says so."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from core.errors import NotAllowedError
from tests.tournaments.public.conftest import public_url
from tournaments.models import AuditLog
from tournaments.public.links import public_token_regenerate

pytestmark = pytest.mark.django_db


def test_an_organiser_gets_a_new_token_and_the_old_link_is_404(client: Client, running, organiser):
    old_url = public_url(running, "pairings")
    old_version = running.version
    updated = public_token_regenerate(tournament=running, user=organiser)
    assert updated.public_token != running.public_token
    assert len(updated.public_token) >= 32
    assert updated.version == old_version + 1
    assert client.get(old_url).status_code == 404
    assert client.get(public_url(updated, "pairings")).status_code == 200


def test_it_writes_an_audit_row_without_the_full_tokens(running, organiser):
    old = running.public_token
    updated = public_token_regenerate(tournament=running, user=organiser)
    row = AuditLog.objects.get(tournament=running, action="public_link.regenerate")
    assert row.user == organiser
    assert old not in str(row.before) and updated.public_token not in str(row.after)


def test_an_arbiter_may_not(running, arbiter):
    with pytest.raises(NotAllowedError):
        public_token_regenerate(tournament=running, user=arbiter)
    assert not AuditLog.objects.filter(action="public_link.regenerate").exists()


def test_a_stranger_may_not(running, stranger):
    token = running.public_token
    with pytest.raises(NotAllowedError):
        public_token_regenerate(tournament=running, user=stranger)
    running.refresh_from_db()
    assert running.public_token == token


class TestRegenerateView:
    def url(self, tournament):
        return reverse("public:regenerate", args=[tournament.pk])

    def test_the_organiser_post_changes_the_link(self, organiser_client, running):
        token = running.public_token
        response = organiser_client.post(self.url(running))
        assert response.status_code == 302
        assert response["Location"] == reverse("public:share", args=[running.pk])
        running.refresh_from_db()
        assert running.public_token != token

    def test_get_is_not_allowed(self, organiser_client, running):
        assert organiser_client.get(self.url(running)).status_code == 405

    def test_anonymous_is_sent_to_log_in(self, client, running):
        response = client.post(self.url(running))
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]

    def test_an_arbiter_gets_403(self, arbiter_client, running):
        token = running.public_token
        assert arbiter_client.post(self.url(running)).status_code == 403
        running.refresh_from_db()
        assert running.public_token == token

    def test_a_stranger_gets_404(self, client, stranger, running):
        client.force_login(stranger)
        assert client.post(self.url(running)).status_code == 404


class TestShareView:
    def url(self, tournament):
        return reverse("public:share", args=[tournament.pk])

    def test_the_organiser_sees_link_qr_and_regenerate(self, organiser_client, running):
        html = organiser_client.get(self.url(running)).content.decode()
        assert f"http://testserver{public_url(running, 'pairings')}" in html
        assert public_url(running, "qr") in html
        assert reverse("public:regenerate", args=[running.pk]) in html

    def test_an_arbiter_sees_the_link_but_not_the_regenerate_button(self, arbiter_client, running):
        html = arbiter_client.get(self.url(running)).content.decode()
        assert public_url(running, "qr") in html
        assert reverse("public:regenerate", args=[running.pk]) not in html

    def test_anonymous_and_strangers_are_kept_out(self, client, stranger, running):
        assert client.get(self.url(running)).status_code == 302
        client.force_login(stranger)
        assert client.get(self.url(running)).status_code == 404
