"""Public pages, reached through a tournament's unguessable token. Nobody logs in to watch.

``manage/<id>/`` holds the two staff pages about the link itself (show it with its QR code,
regenerate it); everything under ``<token>/`` is public.
"""

from django.urls import path

import tournaments.converters  # noqa: F401  (registers the id and public_token converters)
from tournaments.public import downloads, events, share, views

app_name = "public"

urlpatterns = [
    path("manage/<id:tournament_id>/", share.share, name="share"),
    path("manage/<id:tournament_id>/regenerate/", share.regenerate, name="regenerate"),
    path("e/<public_token:token>/", events.event_page, name="event"),
    path("e/<public_token:token>/find/", events.event_find, name="event_find"),
    path("e/<public_token:token>/display/", events.event_display, name="event_display"),
    path("e/<public_token:token>/qr.svg", events.event_qr, name="event_qr"),
    path("<public_token:token>/", views.pairings, name="pairings"),
    path("<public_token:token>/rounds/", views.rounds, name="rounds"),
    path("<public_token:token>/rounds/<id:number>/", views.pairings, name="round"),
    path("<public_token:token>/rounds/<id:number>/pairings.pdf", downloads.pairings_pdf, name="pairings_pdf"),
    path("<public_token:token>/rounds/<id:number>/sheets/", views.result_sheets, name="result_sheets"),
    path(
        "<public_token:token>/rounds/<id:number>/sheets.pdf",
        downloads.result_sheets_pdf,
        name="result_sheets_pdf",
    ),
    path("<public_token:token>/standings/", views.standings, name="standings"),
    path("<public_token:token>/standings.pdf", downloads.standings_pdf, name="standings_pdf"),
    path("<public_token:token>/crosstable/", views.crosstable, name="crosstable"),
    path("<public_token:token>/players/<id:participant_id>/", views.participant, name="participant"),
    path(
        "<public_token:token>/players/<id:participant_id>/tiebreaks/<str:code>/",
        views.tiebreak_breakdown,
        name="tiebreak",
    ),
    path("<public_token:token>/find/", views.find_board, name="find"),
    path("<public_token:token>/rules/", views.rules, name="rules"),
    path("<public_token:token>/display/", views.display, name="display"),
    path("<public_token:token>/qr.svg", downloads.qr_svg, name="qr"),
]
