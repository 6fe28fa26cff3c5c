"""REST API (Django REST framework), mounted at ``/api/``.

Staff endpoints need a token (``POST /api/auth/token/`` with username and password, then
``Authorization: Token <key>``) or a session. Public endpoints live under ``/api/public/<token>/``.
The OpenAPI schema is at ``/api/schema/`` and its browsable documentation at ``/api/docs/``.
"""

from __future__ import annotations

from django.urls import path
from drf_spectacular.views import SpectacularAPIView

import tournaments.converters  # noqa: F401  (registers the id and public_token converters)
from tournaments.api import exchange, views
from tournaments.api.auth import ApiDocsView, ObtainTokenView
from tournaments.public import api as public

app_name = "api"

T = "tournaments/<id:tournament_id>/"
R = T + "rounds/<id:number>/"
P = "public/<public_token:token>/"

urlpatterns = [
    path("auth/token/", ObtainTokenView.as_view(), name="token"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", ApiDocsView.as_view(url_name="api:schema"), name="docs"),
    path("tournaments/", views.TournamentListView.as_view(), name="tournaments"),
    path("events/", views.EventListView.as_view(), name="events"),
    path("events/<id:event_id>/", views.EventDetailView.as_view(), name="event"),
    path("tournaments/import/trf/", exchange.TrfImportView.as_view(), name="import-trf"),
    path("tournaments/import/json/", exchange.JsonImportView.as_view(), name="import-json"),
    path(T, views.TournamentDetailView.as_view(), name="tournament"),
    path(T + "participants/", views.ParticipantListView.as_view(), name="participants"),
    path(T + "participants/<id:participant_id>/", views.ParticipantDetailView.as_view(), name="participant"),
    path(T + "participants/<id:participant_id>/withdraw/", views.WithdrawView.as_view(), name="withdraw"),
    path(T + "participants/<id:participant_id>/expel/", views.ExpelView.as_view(), name="expel"),
    path(
        T + "participants/<id:participant_id>/undo-withdrawal/",
        views.WithdrawalUndoView.as_view(),
        name="withdrawal-undo",
    ),
    path(T + "late-entries/", views.LateEntryView.as_view(), name="late-entries"),
    path(T + "byes/", views.ByeListView.as_view(), name="byes"),
    path(T + "byes/<id:bye_id>/", views.ByeDetailView.as_view(), name="bye"),
    path(T + "forbidden-pairs/", views.ForbiddenPairListView.as_view(), name="forbidden-pairs"),
    path(T + "forbidden-pairs/<id:pair_id>/", views.ForbiddenPairDetailView.as_view(), name="forbidden-pair"),
    path(T + "start/", views.TournamentStartView.as_view(), name="start"),
    path(T + "rounds/", views.RoundListView.as_view(), name="rounds"),
    path(T + "rounds/pair/", views.RoundPairView.as_view(), name="round-pair"),
    path(R, views.RoundDetailView.as_view(), name="round"),
    path(R + "publish/", views.RoundPublishView.as_view(), name="round-publish"),
    path(R + "boards/", views.BoardListView.as_view(), name="boards"),
    path(R + "boards/<id:board>/", views.BoardResultView.as_view(), name="board"),
    path(T + "standings/", views.StandingsView.as_view(), name="standings"),
    path(T + "export/trf/", exchange.TrfExportView.as_view(), name="export-trf"),
    path(T + "export/json/", exchange.JsonExportView.as_view(), name="export-json"),
    path(T + "export/csv/", exchange.CsvExportView.as_view(), name="export-csv"),
    path(P, public.PublicTournamentView.as_view(), name="public-tournament"),
    path(P + "participants/", public.PublicParticipantListView.as_view(), name="public-participants"),
    path(P + "rounds/", public.PublicRoundListView.as_view(), name="public-rounds"),
    path(P + "rounds/<id:number>/", public.PublicRoundDetailView.as_view(), name="public-round"),
    path(P + "standings/", public.PublicStandingsView.as_view(), name="public-standings"),
]
