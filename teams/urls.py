"""The team competitions' URLs: staff pages under ``/teams/``, public pages under ``/p/teams/``."""

from __future__ import annotations

from django.urls import path

from . import views

app_name = "teams"

C = "teams/<int:competition_id>/"

urlpatterns = [
    path("e/<int:event_id>/teams/new/", views.competition_new, name="new"),
    path(C, views.competition, name="competition"),
    path(C + "teams/add/", views.team_add, name="team_add"),
    path(C + "teams/<int:team_id>/captain-link/", views.captain_link, name="captain_link"),
    path(C + "teams/<int:team_id>/withdraw/", views.team_withdraw, name="team_withdraw"),
    path(C + "pair/", views.round_pair, name="pair"),
    path(C + "export.trf", views.trf_download, name="trf"),
    path(C + "backup.json", views.backup_download, name="backup"),
    path(C + "restore/", views.backup_restore, name="restore"),
    path(C + "rounds/<int:number>/", views.round_page, name="round"),
    path(C + "rounds/<int:number>/publish/", views.round_publish, name="publish"),
    path(C + "rounds/<int:number>/deadline/", views.round_deadline, name="deadline"),
    path(C + "rounds/<int:number>/delete/", views.round_delete, name="round_delete"),
    path(C + "rounds/<int:number>/lineup/<int:team_id>/", views.lineup, name="lineup"),
    path(C + "matches/<int:match_id>/", views.match_page, name="match"),
    path(C + "matches/<int:match_id>/boards/<int:board>/", views.board_result, name="result"),
    path(C + "matches/<int:match_id>/forfeit/", views.match_forfeit, name="forfeit"),
    path("teams/captain/<str:token>/", views.captain, name="captain"),
    path("p/teams/<str:token>/", views.public, name="public"),
    path("p/teams/<str:token>/rounds/<int:number>/", views.public_round, name="public_round"),
    path("p/teams/<str:token>/crosstable/", views.public_crosstable, name="public_crosstable"),
    path("p/teams/<str:token>/boards/", views.public_boards, name="public_boards"),
    path("p/teams/<str:token>/teams/<int:team_id>/", views.public_team, name="public_team"),
]
