"""The back office: prize lists with their groups, read and corrected by site staff."""

from __future__ import annotations

from django.contrib import admin

from prizes.models import Prize, PrizeEligibility, PrizeGroup, PrizeList


@admin.register(PrizeList)
class PrizeListAdmin(admin.ModelAdmin):
    list_display = ("tournament", "sharing", "precedence", "unit_cents", "currency", "public")
    list_select_related = ("tournament",)
    raw_id_fields = ("tournament",)
    search_fields = ("tournament__name",)


@admin.register(PrizeGroup)
class PrizeGroupAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "order", "prize_list")
    raw_id_fields = ("prize_list",)
    search_fields = ("name",)


@admin.register(Prize)
class PrizeAdmin(admin.ModelAdmin):
    list_display = ("group", "place", "cents", "item")
    raw_id_fields = ("group",)


@admin.register(PrizeEligibility)
class PrizeEligibilityAdmin(admin.ModelAdmin):
    list_display = ("participant", "women")
    raw_id_fields = ("participant",)
