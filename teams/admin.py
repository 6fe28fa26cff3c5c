"""Back office: team competitions read only (every change goes through teams.services, audited;
the captains' link hashes are never shown)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin

from .models import BoardGame, Match, Team, TeamCompetition, TeamPlayer, TeamRound


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False


@admin.register(TeamCompetition)
class TeamCompetitionAdmin(ReadOnly):
    list_display = ["name", "event", "format", "boards", "rounds", "created_at"]
    list_select_related = ["event"]
    search_fields = ["name", "event__name"]
    exclude = ["public_token"]


@admin.register(Team)
class TeamAdmin(ReadOnly):
    list_display = ["name", "tpn", "club", "competition"]
    list_select_related = ["competition"]
    search_fields = ["name", "club"]
    exclude = ["captain_token_hash"]


@admin.register(TeamPlayer)
class TeamPlayerAdmin(ReadOnly):
    list_display = ["name", "order", "rating", "team"]
    list_select_related = ["team"]
    search_fields = ["name", "fide_id"]


@admin.register(TeamRound)
class TeamRoundAdmin(ReadOnly):
    list_display = ["competition", "number", "status", "bye_team"]
    list_select_related = ["competition", "bye_team"]


@admin.register(Match)
class MatchAdmin(ReadOnly):
    list_display = ["round", "number", "home", "away", "forfeit"]
    list_select_related = ["round", "home", "away"]


@admin.register(BoardGame)
class BoardGameAdmin(ReadOnly):
    list_display = ["match", "board", "home_player", "away_player", "result"]
    list_select_related = ["match", "home_player", "away_player"]
