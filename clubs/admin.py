from django.contrib import admin

from clubs.models import Club, Invitation, Membership, RosterPlayer


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "created_at")
    search_fields = ("name", "slug")


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("club", "user", "role", "joined_at")
    list_select_related = ("club", "user")
    search_fields = ("club__name", "user__username")
    raw_id_fields = ("club", "user")


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ("club", "role", "email", "status", "expires_at")
    list_select_related = ("club",)
    search_fields = ("club__name", "email")
    readonly_fields = ("token_hash", "responded_at", "responded_by", "invited_by")
    raw_id_fields = ("club",)


@admin.register(RosterPlayer)
class RosterPlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "rating", "title", "federation", "fide_id")
    list_select_related = ("club",)
    search_fields = ("search_key", "fide_id")
    raw_id_fields = ("club",)
    readonly_fields = ("search_key",)
