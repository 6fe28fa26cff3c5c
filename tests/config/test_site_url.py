"""Share links and QR codes point at SITE_URL, not at whatever Host header the request carried
(behind a proxy that can be an internal name, and a printed QR code must work at the venue)."""

from __future__ import annotations

from django.urls import reverse

from tournaments.public.downloads import qr_code_svg


def test_the_share_page_and_the_qr_code_use_site_url(settings, arbiter_client, tournament):
    settings.SITE_URL = "https://chess.example.org"
    settings.ALLOWED_HOSTS = ["internal-web"]
    link = "https://chess.example.org" + reverse("public:pairings", args=[tournament.public_token])

    page = arbiter_client.get(reverse("public:share", args=[tournament.pk]), HTTP_HOST="internal-web")
    assert page.status_code == 200
    assert link in page.content.decode()
    assert "internal-web" not in page.content.decode()

    qr = arbiter_client.get(reverse("public:qr", args=[tournament.public_token]), HTTP_HOST="internal-web")
    assert qr.content == qr_code_svg(link)


def test_without_site_url_the_links_use_the_address_the_request_came_to(settings, arbiter_client, tournament):
    settings.SITE_URL = ""
    page = arbiter_client.get(reverse("public:share", args=[tournament.pk]))
    assert (
        "http://testserver" + reverse("public:pairings", args=[tournament.public_token])
        in page.content.decode()
    )
