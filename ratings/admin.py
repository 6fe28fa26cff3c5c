from django.contrib import admin

from ratings.models import RatedPlayer, RatingImport


@admin.register(RatedPlayer)
class RatedPlayerAdmin(admin.ModelAdmin):
    list_display = (
        "fide_id",
        "name",
        "federation",
        "title",
        "standard_rating",
        "rapid_rating",
        "blitz_rating",
    )
    search_fields = ("=fide_id", "search_key")
    readonly_fields = [f.name for f in RatedPlayer._meta.fields]
    show_full_result_count = False


@admin.register(RatingImport)
class RatingImportAdmin(admin.ModelAdmin):
    list_display = (
        "original_name",
        "status",
        "rows_read",
        "rows_total",
        "added",
        "updated",
        "bad",
        "created_at",
    )
    list_select_related = ("uploaded_by",)
    readonly_fields = [f.name for f in RatingImport._meta.fields]
