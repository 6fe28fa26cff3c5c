"""Back office. Workflows (pairing, results, withdrawals) go through the app's services, not the admin."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from tournaments import models


@admin.register(models.Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "format", "status", "rounds_planned", "club", "created_at"]
    list_filter = ["format", "status"]
    list_select_related = ["club"]
    search_fields = ["name", "place"]
    readonly_fields = ["public_token", "version", "baku_last_ga", "lots_seed"]


@admin.register(models.TournamentRole)
class TournamentRoleAdmin(admin.ModelAdmin):
    list_display = ["tournament", "user", "role"]
    list_select_related = ["tournament", "user"]
    raw_id_fields = ["tournament", "user"]


@admin.register(models.Participant)
class ParticipantAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament", "pairing_number", "rating", "status"]
    list_select_related = ["tournament"]
    search_fields = ["name", "fide_id"]
    raw_id_fields = ["tournament"]
    readonly_fields = ["pairing_number"]


class ReadOnlyAdmin(admin.ModelAdmin):
    """Pairings and results change only through services, which write the audit log."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(models.Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["tournament", "number", "status"]
    list_select_related = ["tournament"]


@admin.register(models.Board)
class BoardAdmin(ReadOnlyAdmin):
    list_display = ["round", "number", "white", "black", "result"]
    list_select_related = ["round__tournament", "white", "black"]


@admin.register(models.RoundBye)
class RoundByeAdmin(ReadOnlyAdmin):
    list_display = ["participant", "round_number", "kind", "points"]
    list_select_related = ["participant"]


@admin.register(models.AuditLog)
class AuditLogAdmin(ReadOnlyAdmin):
    list_display = ["at", "tournament", "user", "action", "object_type", "object_id"]
    list_select_related = ["tournament", "user"]
    list_filter = ["action"]


@admin.register(models.ForbiddenPair)
class ForbiddenPairAdmin(ReadOnlyAdmin):
    list_display = ["tournament", "first", "second", "first_round", "last_round", "reason"]
    list_select_related = ["tournament", "first", "second"]
    search_fields = ["first__name", "second__name", "reason"]
