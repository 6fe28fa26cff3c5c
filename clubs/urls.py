from django.urls import path

from clubs.views import clubs, invitations, roster

app_name = "clubs"

urlpatterns = [
    path("", clubs.club_list, name="list"),
    path("new/", clubs.club_new, name="new"),
    path("invitations/<str:token>/", invitations.invitation, name="invitation"),
    path("invitations/<str:token>/accept/", invitations.invitation_accept_view, name="invitation_accept"),
    path("invitations/<str:token>/decline/", invitations.invitation_decline_view, name="invitation_decline"),
    path("<slug:slug>/", clubs.club_public, name="public"),
    path("<slug:slug>/dashboard/", clubs.dashboard, name="dashboard"),
    path("<slug:slug>/settings/", clubs.club_settings, name="settings"),
    path("<slug:slug>/leave/", clubs.leave, name="leave"),
    path("<slug:slug>/members/<int:membership_id>/role/", clubs.member_role, name="member_role"),
    path("<slug:slug>/members/<int:membership_id>/remove/", clubs.member_remove, name="member_remove"),
    path("<slug:slug>/invitations/", invitations.invitation_new, name="invitation_new"),
    path(
        "<slug:slug>/invitations/<int:invitation_id>/revoke/",
        invitations.invitation_revoke_view,
        name="invitation_revoke",
    ),
    path("<slug:slug>/roster/", roster.roster, name="roster"),
    path("<slug:slug>/roster/new/", roster.roster_player_new, name="roster_new"),
    path("<slug:slug>/roster/<int:player_id>/edit/", roster.roster_player_edit, name="roster_edit"),
    path("<slug:slug>/roster/<int:player_id>/delete/", roster.roster_player_remove, name="roster_delete"),
    path("<slug:slug>/roster/fide/", roster.roster_fide_search, name="roster_fide"),
    path("<slug:slug>/roster/fide/add/", roster.roster_fide_add, name="roster_fide_add"),
]
