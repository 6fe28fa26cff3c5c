"""Back office: read-mostly views of entries, payments and check-ins (never a token)."""

from __future__ import annotations

from django.contrib import admin

from entries.models import CheckIn, Entry, EntrySettings, Payment


@admin.register(EntrySettings)
class EntrySettingsAdmin(admin.ModelAdmin):
    list_display = ["event", "opens_at", "closes_at", "auto_accept", "check_in"]
    list_select_related = ["event"]
    raw_id_fields = ["event", "acting_user"]
    exclude = ["desk_code_hash"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["name", "event", "section", "status", "fee_cents", "created_at"]
    list_select_related = ["event", "section"]
    list_filter = ["status"]
    search_fields = ["name", "fide_id", "email"]
    raw_id_fields = ["event", "section", "participant", "decided_by"]
    readonly_fields = ["token_hash", "hint", "name_key"]


@admin.register(Payment)
class PaymentAdmin(admin.ModelAdmin):
    list_display = ["entry", "amount_cents", "method", "recorded_at", "recorded_by"]
    list_select_related = ["entry", "recorded_by"]
    raw_id_fields = ["entry", "recorded_by"]


@admin.register(CheckIn)
class CheckInAdmin(admin.ModelAdmin):
    list_display = ["participant", "round_number", "via", "at"]
    list_select_related = ["participant"]
    raw_id_fields = ["participant", "by"]
