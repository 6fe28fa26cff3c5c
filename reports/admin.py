"""Back office: read-mostly views of links (never their tokens), reports and settings."""

from __future__ import annotations

from django.contrib import admin

from reports.models import ReportingLink, ReportingSettings, ResultReport


@admin.register(ReportingSettings)
class ReportingSettingsAdmin(admin.ModelAdmin):
    list_display = ["tournament", "auto_accept_confirmed", "auto_accept_by", "updated_at"]
    list_select_related = ["tournament", "auto_accept_by"]
    raw_id_fields = ["tournament", "auto_accept_by"]
    search_fields = ["tournament__name"]


@admin.register(ReportingLink)
class ReportingLinkAdmin(admin.ModelAdmin):
    list_display = ["participant", "tournament", "hint", "created_at", "revoked_at"]
    list_select_related = ["participant", "tournament"]
    search_fields = ["participant__name", "tournament__name", "hint"]
    raw_id_fields = ["tournament", "participant", "created_by", "revoked_by"]
    readonly_fields = ["token_hash", "hint", "created_at", "created_by", "revoked_at", "revoked_by"]


@admin.register(ResultReport)
class ResultReportAdmin(admin.ModelAdmin):
    list_display = ["board", "result", "status", "reported_by", "answered_by", "decided_by", "created_at"]
    list_filter = ["status"]
    list_select_related = ["board__round__tournament", "reported_by", "answered_by", "decided_by"]
    search_fields = ["reported_by__name", "answered_by__name", "tournament__name"]
    raw_id_fields = ["tournament", "board", "reported_by", "answered_by", "decided_by"]
    readonly_fields = ["board_version", "created_at", "updated_at", "decided_at"]
