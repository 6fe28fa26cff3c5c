"""Back office: clubs and rosters are editable; memberships and invitations are read-only here,
because their rules (the last owner stays, a link works once) live in the services."""

from django.contrib import admin

from clubs.models import Club, Invitation, Membership, RosterPlayer


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "created_at")
    search_fields = ("name", "slug")


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Membership)
class MembershipAdmin(ReadOnlyAdmin):
    list_display = ("club", "user", "role", "joined_at")
    list_select_related = ("club", "user")
    search_fields = ("club__name", "user__username")
    raw_id_fields = ("club", "user")


@admin.register(Invitation)
class InvitationAdmin(ReadOnlyAdmin):
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
