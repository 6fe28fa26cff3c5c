"""Issue 22 (archive): an archived tournament's pages hide or disable every write control, say why
and offer organisers the restore button; a write posted anyway is refused with the reason."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import AuditLog, Round, Tournament
from tournaments.services.lifecycle import tournament_archive

MESSAGE = "This tournament is archived; restore it to change it."


def url(tournament, name, **extra):
    return reverse(f"tournaments:{name}", kwargs={"tournament_id": tournament.pk, **extra})


@pytest.fixture
def archived(tournament, organiser, published_round) -> Tournament:
    return tournament_archive(tournament=tournament, user=organiser)


def test_the_pages_show_the_banner_and_no_write_controls(archived, organiser_client, published_round):
    pages = {
        "rounds": (url(archived, "rounds"), ['id="pair-form"']),
        "round": (url(archived, "round", number=1), ['class="result-form"', 'id="quick-entry"']),
        "participants": (url(archived, "participants"), ['id="quick-add"', "withdraw-form", 'id="bye-form"']),
        "standings": (url(archived, "standings"), ['id="tiebreaks-form"']),
        "settings": (url(archived, "settings"), ['id="staff-form"']),
    }
    for name, (address, controls) in pages.items():
        body = organiser_client.get(address).content.decode()
        assert 'id="archived-banner"' in body and MESSAGE in body, name
        assert f'action="{url(archived, "archive")}"' in body, name  # the restore button
        for control in controls:
            assert control not in body, (name, control)
    settings = organiser_client.get(url(archived, "settings")).content.decode()
    assert settings.count('<fieldset class="plain" disabled>') == 2


def test_arbiters_see_the_banner_without_the_restore_button(archived, arbiter_client):
    body = arbiter_client.get(url(archived, "rounds")).content.decode()
    assert MESSAGE in body
    assert f'action="{url(archived, "archive")}"' not in body


def test_a_write_posted_anyway_is_refused_with_the_reason(archived, arbiter_client, players):
    before = AuditLog.objects.count(), Round.objects.filter(tournament=archived).count()
    response = arbiter_client.post(url(archived, "round_pair"), follow=True)
    assert MESSAGE in response.content.decode()
    response = arbiter_client.post(url(archived, "withdraw", participant_id=players[0].pk), follow=True)
    assert MESSAGE in response.content.decode()
    assert (AuditLog.objects.count(), Round.objects.filter(tournament=archived).count()) == before


def test_the_restore_button_brings_the_write_controls_back(archived, organiser_client):
    response = organiser_client.post(url(archived, "archive"), {"archived": "0"}, follow=True)
    assert Tournament.objects.get(pk=archived.pk).archived_at is None
    body = organiser_client.get(url(archived, "participants")).content.decode()
    assert 'id="archived-banner"' not in body and 'id="quick-add"' in body
    assert response.status_code == 200


def test_the_public_pages_and_exports_keep_working(archived, organiser_client, client):
    assert organiser_client.get(url(archived, "export", kind="json")).status_code == 200
    assert client.get(f"/p/{archived.public_token}/").status_code == 200
