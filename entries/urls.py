"""Players' pages under ``entries/e/`` (the event's public token), ``entries/me/`` (a player's
personal token) and ``entries/desk/`` (the tablet: the event's token and its code); staff pages
under ``entries/<event_id>/`` and ``entries/sections/<tournament_id>/``."""

from __future__ import annotations

from django.urls import path

import tournaments.converters  # noqa: F401  (registers id and public_token)
from entries.views import public, staff

app_name = "entries"

E = "entries/<id:event_id>/"
S = "entries/sections/<id:tournament_id>/"

urlpatterns = [
    path("entries/e/<public_token:token>/", public.enter, name="enter"),
    path("entries/e/<public_token:token>/find/", public.find, name="find"),
    path("entries/me/<public_token:token>/", public.me, name="me"),
    path("entries/me/<public_token:token>/check-in/", public.me_check_in, name="me_check_in"),
    path("entries/desk/<public_token:token>/", public.desk, name="desk"),
    path("entries/desk/<public_token:token>/open/", public.desk_open, name="desk_open"),
    path("entries/desk/<public_token:token>/close/", public.desk_close, name="desk_close"),
    path("entries/desk/<public_token:token>/check-in/", public.desk_check_in, name="desk_check_in"),
    path(E, staff.manage, name="manage"),
    path(E + "settings/", staff.settings_save, name="settings"),
    path(E + "sections/<id:tournament_id>/", staff.section_save, name="section"),
    path(E + "reductions/", staff.reduction_add, name="reduction_add"),
    path(E + "reductions/<id:reduction_id>/remove/", staff.reduction_remove, name="reduction_remove"),
    path(E + "entries/<id:entry_id>/accept/", staff.accept, name="accept"),
    path(E + "entries/<id:entry_id>/refuse/", staff.refuse, name="refuse"),
    path(E + "fees/", staff.fees, name="fees"),
    path(E + "fees.csv", staff.fees_csv, name="fees_csv"),
    path(E + "fees/desk-players/", staff.fees_desk_players, name="fees_desk_players"),
    path(E + "entries/<id:entry_id>/pay/", staff.pay, name="pay"),
    path(S + "check-in/", staff.check_in_page, name="check_in"),
    path(S + "check-in/add/", staff.check_in_player, name="check_in_add"),
    path(S + "check-in/remove/", staff.check_in_remove, name="check_in_remove"),
    path(S + "check-in/everyone/", staff.check_in_everyone, name="check_in_everyone"),
]
