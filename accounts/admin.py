from django.contrib import admin

from accounts.models import ApiToken


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ["name", "user", "prefix", "created", "last_used", "expires"]
    list_select_related = ["user"]
    search_fields = ["name", "user__username", "prefix"]
    raw_id_fields = ["user"]
    readonly_fields = ["key_hash", "prefix", "password_stamp", "created", "last_used"]
