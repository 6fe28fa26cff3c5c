"""Players' phones under ``r/<token>/`` (no login: the token is the key), staff pages under
``reports/<tournament_id>/`` (the same role checks as the round page)."""

from __future__ import annotations

from django.urls import path

import tournaments.converters  # noqa: F401  (registers id, and public_token: any URL-safe token)
from reports.views import arbiter, links, player

app_name = "reports"

P = "r/<public_token:token>/"
T = "reports/<id:tournament_id>/"

urlpatterns = [
    path(P, player.page, name="player"),
    path(P + "report/", player.report, name="player_report"),
    path(P + "confirm/", player.confirm, name="player_confirm"),
    path(P + "dispute/", player.dispute, name="player_dispute"),
    path(T, arbiter.overview, name="overview"),
    path(T + "rounds/<id:number>/", arbiter.round_reports, name="round"),
    path(T + "rounds/<id:number>/accept-confirmed/", arbiter.accept_confirmed, name="accept_confirmed"),
    path(T + "boards/<id:board_id>/accept/", arbiter.accept, name="accept"),
    path(T + "boards/<id:board_id>/override/", arbiter.override, name="override"),
    path(T + "settings/", arbiter.settings_update, name="settings"),
    path(T + "links/", links.links, name="links"),
    path(T + "links/issue-missing/", links.issue_missing, name="links_issue_missing"),
    path(T + "links/email/", links.email_missing, name="links_email"),
    path(T + "links/<id:participant_id>/issue/", links.issue, name="link_issue"),
    path(T + "links/<id:participant_id>/revoke/", links.revoke, name="link_revoke"),
    path(T + "links/<id:participant_id>/email/", links.email_one, name="link_email"),
]
