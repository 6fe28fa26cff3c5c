from django.contrib import admin

from accounts.models import AccountEmail, ApiToken


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ["name", "user", "prefix", "created", "last_used", "expires"]
    list_select_related = ["user"]
    search_fields = ["name", "user__username", "prefix"]
    raw_id_fields = ["user"]
    readonly_fields = ["key_hash", "prefix", "password_stamp", "created", "last_used"]


@admin.register(AccountEmail)
class AccountEmailAdmin(admin.ModelAdmin):
    """Staff may mark an address verified by hand (the owner could not receive the mail)."""

    list_display = ["user", "verified", "pending"]
    list_filter = ["verified"]
    list_select_related = ["user"]
    search_fields = ["user__username", "user__email", "pending"]
    raw_id_fields = ["user"]
