"""Staff pages (organisers and arbiters), plus the help pages."""

from django.urls import path

import tournaments.converters  # noqa: F401  (registers the id and public_token converters)
from tournaments.views import (
    data,
    events,
    fide,
    help,
    home,
    later_ratings,
    participants,
    results,
    rounds,
    tournament,
)

app_name = "tournaments"

T = "t/<id:tournament_id>/"
E = "e/<id:event_id>/"
R = T + "rounds/<id:number>/"

urlpatterns = [
    path("", home.home, name="home"),
    path("help/swiss/", help.swiss, name="help_swiss"),
    path("t/new/", tournament.tournament_new, name="tournament_new"),
    path("t/new/suggestion/", tournament.format_suggestion, name="format_suggestion"),
    path("t/import/", data.tournament_import, name="tournament_import"),
    path("e/new/", events.event_new, name="event_new"),
    path(E, events.event_detail, name="event"),
    path(E + "suggest/", events.section_suggestion, name="event_suggest"),
    path(E + "register/", events.event_register_view, name="event_register"),
    path(E + "search/", events.event_registry_search, name="event_registry_search"),
    path(E + "register-listed/", events.event_register_listed_view, name="event_register_listed"),
    path(E + "move/", events.event_move, name="event_move"),
    path(E + "import/", events.event_import, name="event_import"),
    path(E + "staff/add/", events.event_staff_add, name="event_staff_add"),
    path(E + "staff/<id:role_id>/remove/", events.event_staff_remove, name="event_staff_remove"),
    path(E + "backup.json", events.event_backup, name="event_backup"),
    path(T, rounds.rounds, name="tournament"),
    path(T + "settings/", tournament.tournament_settings, name="settings"),
    path(T + "settings/tiebreaks/", tournament.tiebreaks_update, name="tiebreaks"),
    path(T + "start/", tournament.start, name="start"),
    path(T + "fide/", fide.fide_page, name="fide"),
    path(T + "fide/leave/", fide.fide_leave, name="fide_leave"),
    path(T + "fide/ratings/", fide.rating_changes_page, name="rating_changes"),
    path(T + "fide/ratings/visibility/", fide.rating_changes_visibility, name="rating_changes_visibility"),
    path(T + "fide/norms/", fide.norms_page, name="norms"),
    path(T + "fide/rating-report/", fide.rating_report_page, name="rating_report"),
    path(T + "fide/rating-corrections/", fide.rating_correction, name="rating_correction"),
    path(T + "staff/add/", tournament.staff_add, name="staff_add"),
    path(T + "staff/<id:role_id>/remove/", tournament.staff_remove, name="staff_remove"),
    path(T + "standings/", tournament.standings, name="standings"),
    path(T + "data/", data.data, name="data"),
    path(T + "data/export/<slug:kind>/", data.export, name="export"),
    path(T + "data/archive/", data.archive, name="archive"),
    path(T + "data/delete/", data.delete, name="tournament_delete"),
    path(T + "participants/", participants.participants, name="participants"),
    path(T + "participants/add/", participants.participant_add, name="participant_add"),
    path(T + "participants/search/", participants.registry_search, name="registry_search"),
    path(T + "participants/add-listed/", participants.participant_add_listed, name="participant_add_listed"),
    path(T + "participants/refresh-ratings/", participants.ratings_refresh, name="ratings_refresh"),
    path(T + "participants/import/", participants.participants_import, name="participants_import"),
    path(T + "participants/ratings-by-round/", later_ratings.later_ratings, name="later_ratings"),
    path(T + "participants/<id:participant_id>/withdraw/", participants.withdraw, name="withdraw"),
    path(T + "participants/<id:participant_id>/expel/", participants.expel, name="expel"),
    path(
        T + "participants/<id:participant_id>/edit/", participants.participant_edit, name="participant_edit"
    ),
    path(
        T + "participants/<id:participant_id>/delete/",
        participants.participant_remove,
        name="participant_delete",
    ),
    path(
        T + "participants/<id:participant_id>/undo-withdrawal/",
        participants.withdraw_undo,
        name="withdraw_undo",
    ),
    path(T + "byes/add/", participants.bye_add, name="bye_add"),
    path(T + "byes/<id:bye_id>/cancel/", participants.bye_remove, name="bye_cancel"),
    path(T + "keep-apart/add/", participants.pair_add, name="forbidden_pair_add"),
    path(T + "keep-apart/<id:pair_id>/remove/", participants.pair_remove, name="forbidden_pair_remove"),
    path(T + "rounds/", rounds.rounds, name="rounds"),
    path(T + "rounds/pair/", rounds.pair_next, name="round_pair"),
    path(R, rounds.round_detail, name="round"),
    path(R + "status/", rounds.round_status, name="round_status"),
    path(R + "live/", rounds.round_live, name="round_live"),
    path(R + "publish/", rounds.publish, name="round_publish"),
    path(R + "delete/", rounds.delete, name="round_delete"),
    path(R + "repair/", rounds.repair, name="round_repair"),
    path(R + "exchange/", rounds.exchange, name="boards_exchange"),
    path(R + "result/", results.record_slip, name="round_result"),
    path(T + "boards/<id:board_id>/swap/", rounds.swap_colours, name="board_swap"),
    path(T + "boards/<id:board_id>/result/", results.record, name="result"),
]
