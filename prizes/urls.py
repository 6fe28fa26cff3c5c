"""Staff pages under ``prizes/sections/<tournament_id>/`` (a section's list) and
``prizes/events/<event_id>/`` (the whole event's); the players' page under the section's
public link (``p/<token>/prizes/``) and the event's (``p/e/<token>/prizes/``)."""

from __future__ import annotations

from django.urls import path

import tournaments.converters  # noqa: F401  (registers id and public_token)
from prizes.views import public, staff

app_name = "prizes"

S = "prizes/sections/<id:tournament_id>/"
E = "prizes/events/<id:event_id>/"

urlpatterns = [
    path("p/<public_token:token>/prizes/", public.prizes_page, name="public"),
    path("p/<public_token:token>/prizes.pdf", public.prizes_pdf, name="public_pdf"),
    path("p/e/<public_token:token>/prizes/", public.event_prizes, name="event"),
    path(S, staff.manage, name="manage"),
    path(S + "rules/", staff.rules_save, name="rules"),
    path(S + "groups/", staff.group_add, name="group_add"),
    path(S + "groups/<id:group_id>/", staff.group_save, name="group_save"),
    path(S + "groups/<id:group_id>/move/", staff.group_move, name="group_move"),
    path(S + "groups/<id:group_id>/remove/", staff.group_delete, name="group_delete"),
    path(S + "women/", staff.women_save, name="women"),
    path(S + "winners/", staff.winners, name="winners"),
    path(S + "winners.csv", staff.winners_csv, name="winners_csv"),
    path(S + "winners.pdf", staff.winners_pdf, name="winners_pdf"),
    path(E, staff.event_manage, name="event_manage"),
    path(E + "rules/", staff.event_rules_save, name="event_rules"),
    path(E + "groups/", staff.event_group_add, name="event_group_add"),
    path(E + "groups/<id:group_id>/", staff.event_group_save, name="event_group_save"),
    path(E + "groups/<id:group_id>/move/", staff.event_group_move, name="event_group_move"),
    path(E + "groups/<id:group_id>/remove/", staff.event_group_delete, name="event_group_delete"),
    path(E + "women/", staff.event_women_save, name="event_women"),
    path(E + "winners/", staff.event_winners, name="event_winners"),
    path(E + "winners.csv", staff.event_winners_csv, name="event_winners_csv"),
    path(E + "winners.pdf", staff.event_winners_pdf, name="event_winners_pdf"),
]
