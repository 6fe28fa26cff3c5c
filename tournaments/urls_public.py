"""Public pages, reached through a tournament's unguessable token. Nobody logs in to watch.

``manage/<id>/`` holds the two staff pages about the link itself (show it with its QR code,
regenerate it); everything under ``<token>/`` is public.
"""

from django.urls import path

import tournaments.converters  # noqa: F401  (registers the id and public_token converters)
from tournaments.views import public, public_files, public_share

app_name = "public"

urlpatterns = [
    path("manage/<id:tournament_id>/", public_share.share, name="share"),
    path("manage/<id:tournament_id>/regenerate/", public_share.regenerate, name="regenerate"),
    path("<public_token:token>/", public.pairings, name="pairings"),
    path("<public_token:token>/rounds/", public.rounds, name="rounds"),
    path("<public_token:token>/rounds/<id:number>/", public.pairings, name="round"),
    path(
        "<public_token:token>/rounds/<id:number>/pairings.pdf", public_files.pairings_pdf, name="pairings_pdf"
    ),
    path("<public_token:token>/rounds/<id:number>/sheets/", public.result_sheets, name="result_sheets"),
    path(
        "<public_token:token>/rounds/<id:number>/sheets.pdf",
        public_files.result_sheets_pdf,
        name="result_sheets_pdf",
    ),
    path("<public_token:token>/standings/", public.standings, name="standings"),
    path("<public_token:token>/standings.pdf", public_files.standings_pdf, name="standings_pdf"),
    path("<public_token:token>/crosstable/", public.crosstable, name="crosstable"),
    path("<public_token:token>/players/<id:participant_id>/", public.participant, name="participant"),
    path(
        "<public_token:token>/players/<id:participant_id>/tiebreaks/<str:code>/",
        public.tiebreak_breakdown,
        name="tiebreak",
    ),
    path("<public_token:token>/find/", public.find_board, name="find"),
    path("<public_token:token>/rules/", public.rules, name="rules"),
    path("<public_token:token>/display/", public.display, name="display"),
    path("<public_token:token>/qr.svg", public_files.qr_svg, name="qr"),
]
