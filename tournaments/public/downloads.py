"""Downloads behind a public link: the QR code of the link, and the A4 PDFs."""

from __future__ import annotations

import io

import qrcode
import qrcode.image.svg
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

from core.site import absolute_url
from tournaments.public import pdf as public_pdf
from tournaments.public import selectors
from tournaments.public import standings as public_standings
from tournaments.public.responses import NO_INDEX, public_file


def qr_code_svg(url: str) -> bytes:
    """An SVG QR code of ``url`` (no PIL needed); medium error correction survives a smudged print."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=2)
    code.add_data(url)
    buffer = io.BytesIO()
    code.make_image(image_factory=qrcode.image.svg.SvgPathImage).save(buffer)
    return buffer.getvalue()


@require_safe
def qr_svg(request: HttpRequest, token: str) -> HttpResponse:
    tournament = selectors.public_tournament_get(token=token)
    url = absolute_url(request, reverse("public:pairings", args=[tournament.public_token]))
    response = HttpResponse(qr_code_svg(url), content_type="image/svg+xml")
    response["X-Robots-Tag"] = NO_INDEX
    patch_cache_control(response, max_age=3600)
    return response


def _round_pdf(
    token: str, number: int, render, *, name: str, filename: str, **params: object
) -> HttpResponse:
    """A cached PDF of one public round, drawn by ``render(tournament, pairings)``."""
    tournament = selectors.public_tournament_get(token=token)

    def build() -> bytes:
        with in_tournament_language(tournament):
            snapshot = selectors.snapshot_load(tournament=tournament)
            return render(tournament, selectors.round_pairings(snapshot, number))

    return public_file(
        tournament,
        name=name,
        params={"round": number, **params},
        build=build,
        content_type="application/pdf",
        filename=filename,
    )


@require_safe
def pairings_pdf(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """By board; ``?order=name`` lists every player alphabetically (for the wall)."""
    if request.GET.get("order") == "name":
        return _round_pdf(
            token,
            number,
            lambda tournament, pairing: public_pdf.pairings_pdf(tournament, pairing, by_name=True),
            name="pairings-by-name.pdf",
            filename=f"pairings-round-{number}-by-name.pdf",
            order="name",
        )
    return _round_pdf(
        token, number, public_pdf.pairings_pdf, name="pairings.pdf", filename=f"pairings-round-{number}.pdf"
    )


@require_safe
def result_sheets_pdf(request: HttpRequest, token: str, number: int) -> HttpResponse:
    return _round_pdf(
        token,
        number,
        public_pdf.result_sheets_pdf,
        name="sheets.pdf",
        filename=f"result-sheets-round-{number}.pdf",
    )


@require_safe
def standings_pdf(request: HttpRequest, token: str) -> HttpResponse:
    tournament = selectors.public_tournament_get(token=token)

    def build() -> bytes:
        with in_tournament_language(tournament):
            snapshot = selectors.snapshot_load(tournament=tournament)
            return public_pdf.standings_pdf(tournament, public_standings.standings_build(snapshot))

    return public_file(
        tournament,
        name="standings.pdf",
        params={},
        build=build,
        content_type="application/pdf",
        filename="standings.pdf",
    )


def in_tournament_language(tournament):  # type: ignore[no-untyped-def]
    """PDFs are in the tournament's language (its settings), whoever downloads them: the cached
    file is one per tournament version, shared by every reader."""
    return translation.override(tournament.language or settings.LANGUAGE_CODE)
