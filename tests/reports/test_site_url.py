"""Reporting links point at ``SITE_URL`` (issue 32, item 10): the printed slips, their QR codes and
the mailed links must reach the address players can open, not the Host the organiser's request
came to (behind a proxy, an internal name)."""

from __future__ import annotations

import re

import pytest

SITE = "https://chess.example.org"


@pytest.fixture(autouse=True)
def _site(settings):
    settings.SITE_URL = SITE
    settings.ALLOWED_HOSTS = ["*"]


def test_slips_and_their_qr_codes_carry_the_site_url(night, organiser_client, monkeypatch):
    from reports.views import links

    encoded: list[str] = []
    real = links.qr_svg_inline
    monkeypatch.setattr(links, "qr_svg_inline", lambda text: encoded.append(text) or real(text))
    player = night.white(1)
    response = organiser_client.post(
        f"/reports/{night.tournament.pk}/links/{player.pk}/issue/", HTTP_HOST="web:8000"
    )
    page = response.content.decode()
    assert re.search(rf"{re.escape(SITE)}/r/[A-Za-z0-9_-]+/", page), page
    assert "web:8000" not in page
    assert encoded and all(text.startswith(f"{SITE}/r/") for text in encoded)


def test_mailed_links_carry_the_site_url(night, organiser_client, mailoutbox):
    from reports.services.links import reporting_link_revoke

    lost = night.white(1)
    reporting_link_revoke(participant=lost, user=night.tournament.roles.get(role="organiser").user)
    organiser_client.post(f"/reports/{night.tournament.pk}/links/email/", HTTP_HOST="web:8000")
    (message,) = mailoutbox
    assert f"{SITE}/r/" in message.body and "web:8000" not in message.body
