"""Public pages, reached through a tournament's unguessable token. Nobody logs in to watch.

``manage/<id>/`` holds the two staff pages about the link itself (show it with its QR code,
regenerate it); everything under ``<token>/`` is public.
"""

from django.urls import path

from tournaments.views import public, public_files, public_share

app_name = "public"

urlpatterns = [
    path("manage/<int:tournament_id>/", public_share.share, name="share"),
    path("manage/<int:tournament_id>/regenerate/", public_share.regenerate, name="regenerate"),
    path("<str:token>/", public.pairings, name="pairings"),
    path("<str:token>/rounds/", public.rounds, name="rounds"),
    path("<str:token>/rounds/<int:number>/", public.pairings, name="round"),
    path("<str:token>/rounds/<int:number>/pairings.pdf", public_files.pairings_pdf, name="pairings_pdf"),
    path("<str:token>/rounds/<int:number>/sheets/", public.result_sheets, name="result_sheets"),
    path(
        "<str:token>/rounds/<int:number>/sheets.pdf", public_files.result_sheets_pdf, name="result_sheets_pdf"
    ),
    path("<str:token>/standings/", public.standings, name="standings"),
    path("<str:token>/standings.pdf", public_files.standings_pdf, name="standings_pdf"),
    path("<str:token>/crosstable/", public.crosstable, name="crosstable"),
    path("<str:token>/players/<int:participant_id>/", public.participant, name="participant"),
    path(
        "<str:token>/players/<int:participant_id>/tiebreaks/<str:code>/",
        public.tiebreak_breakdown,
        name="tiebreak",
    ),
    path("<str:token>/find/", public.find_board, name="find"),
    path("<str:token>/rules/", public.rules, name="rules"),
    path("<str:token>/display/", public.display, name="display"),
    path("<str:token>/qr.svg", public_files.qr_svg, name="qr"),
]
