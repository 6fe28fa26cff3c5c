"""The team competitions' REST API, mounted with the staff API under ``/api/teams/``.

The same people as the team pages: the event's organisers and chief arbiters, and the owners,
organisers and arbiters of its club (superusers too). Anyone else logged in gets 404, also a
deputy arbiter of another section of the event: a role in one section says nothing about the
event's team competitions, and the API does not confirm that a competition exists to them.

* ``GET teams/``: the competitions you may act in; ``GET teams/<id>/``: one, with its settings;
* ``GET teams/<id>/teams/``: the teams with their players in board order (reserves last);
* ``GET teams/<id>/rounds/`` and ``rounds/<n>/``: rounds, drafts included, with each match and
  its boards (players, colours, results, each board's ``version``);
* ``GET|PUT teams/<id>/rounds/<n>/matches/<m>/boards/<b>/``: one board's result, sent with the
  version you saw (409 if the board changed since, as ``PUT /api/tournaments/.../boards/<n>/``);
* ``GET|PUT teams/<id>/rounds/<n>/lineups/<team id>/``: who plays for a team in a round, board 1
  first, under the competition's board-order rule (as the arbiter's lineup page);
* ``GET teams/<id>/standings/``: the team standings the public pages show (``teams.selectors``).

Errors are the staff API's: ``{"detail": ..., "errors": {field: [...]}}``, 400/401/403/404/409.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import path
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

import tournaments.converters  # noqa: F401  (registers the id converter of the routes below)
from clubs.models import Membership
from tournaments.api.base import CONFLICT, ERRORS, PAGE_PARAMETERS, READ_ERRORS, ApiView, paginated
from tournaments.permissions import event_role_of

from . import selectors, services
from .models import BoardGame, Team, TeamCompetition, TeamRound

# --- who may -----------------------------------------------------------------------------------


def _with_rounds(competitions: QuerySet[TeamCompetition]) -> QuerySet[TeamCompetition]:
    """The rounds paired so far, counted in the competitions' own query (a list asked one count a
    competition). A subquery, so the role joins of :func:`competitions_visible` cannot multiply it."""
    paired = TeamRound.objects.filter(competition=OuterRef("pk")).order_by().values("competition")
    return competitions.annotate(
        rounds_paired=Coalesce(Subquery(paired.annotate(n=Count("pk")).values("n")[:1]), 0)
    )


def competitions_visible(user: Any) -> QuerySet[TeamCompetition]:
    """The competitions whose event the user holds a role over (event or club role), newest first."""
    competitions = _with_rounds(TeamCompetition.objects.select_related("event").order_by("-pk"))
    if user is None or not getattr(user, "is_authenticated", False):
        return competitions.none()
    if user.is_superuser:
        return competitions
    return competitions.filter(
        Q(event__roles__user=user)
        | Q(
            event__club__memberships__user=user,
            event__club__memberships__role__in=Membership.Role.values,
        )
    ).distinct()


def competition_for_user(user: Any, competition_id: int) -> TeamCompetition:
    """The competition if the user may act in it (the team pages' rule), else ``Http404``: no role
    over its event, a section role included, does not confirm it exists."""
    competition = (
        _with_rounds(TeamCompetition.objects.select_related("event")).filter(pk=competition_id).first()
    )
    if competition is None or event_role_of(user, competition.event) is None:
        raise Http404(gettext("No such team competition"))
    return competition


# --- output ------------------------------------------------------------------------------------


class TeamCompetitionOutput(serializers.ModelSerializer):
    event = serializers.IntegerField(source="event_id", read_only=True)
    rounds_paired = serializers.IntegerField(read_only=True)
    """Annotated by the queries below (:func:`_with_rounds`): one query for a whole list."""

    class Meta:
        model = TeamCompetition
        fields = (
            "id",
            "event",
            *TeamCompetition.SETTING_FIELDS,
            "public_token",
            "rounds_paired",
            "created_at",
        )
        read_only_fields = fields


class TeamRef(serializers.Serializer):
    id = serializers.IntegerField()
    tpn = serializers.IntegerField(help_text="Team pairing number.")
    name = serializers.CharField()


class TeamPlayerOutput(serializers.Serializer):
    id = serializers.IntegerField()
    order = serializers.IntegerField(help_text="Board order: 1 is the top board.")
    name = serializers.CharField()
    rating = serializers.IntegerField()
    fide_id = serializers.CharField()
    reserve = serializers.BooleanField(help_text="Listed after the competition's boards.")


class TeamOutput(serializers.Serializer):
    id = serializers.IntegerField()
    tpn = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField()
    withdrawn = serializers.BooleanField()
    players = TeamPlayerOutput(many=True, help_text="In board order, reserves last.")


def _team(team: Team, boards: int) -> dict[str, Any]:
    return {
        "id": team.pk,
        "tpn": team.tpn,
        "name": team.name,
        "club": team.club,
        "withdrawn": team.withdrawn,
        "players": [
            {
                "id": p.pk,
                "order": p.order,
                "name": p.name,
                "rating": p.rating,
                "fide_id": p.fide_id,
                "reserve": p.order > boards,
            }
            for p in sorted(team.players.all(), key=lambda p: p.order)
        ],
    }


class TeamPlayerRef(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class TeamBoardOutput(serializers.Serializer):
    board = serializers.IntegerField()
    home_white = serializers.BooleanField(help_text="Whether the home team's player has White here.")
    home_player = TeamPlayerRef(allow_null=True)
    away_player = TeamPlayerRef(allow_null=True, help_text="null: the board is empty (forfeited).")
    result = serializers.CharField(help_text="From White's side: 1-0, 1/2, 0-1, +-, -+, -- or empty.")
    version = serializers.IntegerField(help_text="Send it back with a result; 409 if it changed since.")


def _board(game: BoardGame) -> dict[str, Any]:
    def ref(player: Any) -> dict[str, Any] | None:
        return {"id": player.pk, "name": player.name} if player is not None else None

    return {
        "board": game.board,
        "home_white": game.home_white,
        "home_player": ref(game.home_player),
        "away_player": ref(game.away_player),
        "result": game.result,
        "version": game.version,
    }


class TeamMatchOutput(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    home = TeamRef(help_text="The team whose board-1 player has White.")
    away = TeamRef()
    forfeit = serializers.CharField(help_text="A whole-match forfeit: +-, -+, -- or empty.")
    complete = serializers.BooleanField(help_text="Every board has a result, or the match was forfeited.")
    home_points = serializers.CharField(help_text="Game points so far, e.g. 2.5 (empty: no result yet).")
    away_points = serializers.CharField()
    boards = TeamBoardOutput(many=True)


def _ref(team: Team) -> dict[str, Any]:
    return {"id": team.pk, "tpn": team.tpn, "name": team.name}


def _match(view: selectors.MatchView) -> dict[str, Any]:
    return {
        "id": view.match.pk,
        "number": view.match.number,
        "home": _ref(view.home),
        "away": _ref(view.away),
        "forfeit": view.forfeit,
        "complete": view.complete,
        "home_points": view.home_points,
        "away_points": view.away_points,
        "boards": [_board(row.game) for row in view.boards],
    }


class TeamRoundOutput(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField(help_text="draft or published.")
    bye_team = TeamRef(allow_null=True, help_text="The team given the pairing-allocated bye.")
    lineup_deadline = serializers.DateTimeField(allow_null=True)


class TeamRoundDetailOutput(TeamRoundOutput):
    explanation = serializers.CharField()
    matches = TeamMatchOutput(many=True)


def _round(rnd: TeamRound, *, matches: bool = False) -> dict[str, Any]:
    data: dict[str, Any] = {
        "number": rnd.number,
        "status": rnd.status,
        "bye_team": _ref(rnd.bye_team) if rnd.bye_team else None,
        "lineup_deadline": serializers.DateTimeField().to_representation(rnd.lineup_deadline)
        if rnd.lineup_deadline
        else None,
    }
    if matches:
        data["explanation"] = rnd.explanation
        data["matches"] = [_match(view) for view in selectors.round_matches(rnd)]
    return data


class TeamLineupOutput(serializers.Serializer):
    team = TeamRef()
    round = serializers.IntegerField()
    players = serializers.ListField(
        child=serializers.IntegerField(), help_text="Player ids, board 1 first (the board order if none set)."
    )


class TeamTiebreakValue(serializers.Serializer):
    code = serializers.CharField()
    value = serializers.CharField()


class TeamStandingRowOutput(serializers.Serializer):
    rank = serializers.IntegerField()
    team = TeamRef()
    match_points = serializers.CharField()
    game_points = serializers.CharField()
    tiebreaks = TeamTiebreakValue(many=True)


class TeamStandingsOutput(serializers.Serializer):
    rounds_counted = serializers.IntegerField(help_text="Complete rounds (published, every match done).")
    tiebreaks = serializers.ListField(child=serializers.CharField())
    rows = TeamStandingRowOutput(many=True)


# --- input -------------------------------------------------------------------------------------


class TeamBoardResultInput(serializers.Serializer):
    # "" (no result: clears it) is one of the choices, so no allow_blank: the schema's enum is
    # then exactly BoardGame.Result (TeamBoardResultEnum in the settings).
    result = serializers.ChoiceField(choices=BoardGame.Result.choices)
    version = serializers.IntegerField(
        min_value=0,
        max_value=2**31 - 1,
        help_text="The board's version you saw; 409 if it has changed since.",
    )


class TeamLineupInput(serializers.Serializer):
    players = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=2**31 - 1),
        max_length=20,
        allow_empty=True,
        help_text="Player ids of the team, board 1 first; fewer than the boards leaves the last ones empty.",
    )


# --- views -------------------------------------------------------------------------------------


class TeamApiView(ApiView):
    def competition(self, competition_id: int) -> TeamCompetition:
        return competition_for_user(self.request.user, competition_id)


def _round_of(competition: TeamCompetition, number: int) -> TeamRound:
    return get_object_or_404(
        TeamRound.objects.select_related("bye_team"), competition=competition, number=number
    )


class CompetitionListView(TeamApiView):
    @extend_schema(
        parameters=PAGE_PARAMETERS,
        responses={200: TeamCompetitionOutput(many=True), **READ_ERRORS},
        summary="Your team competitions",
    )
    def get(self, request):
        return paginated(self, competitions_visible(request.user), TeamCompetitionOutput)


class CompetitionDetailView(TeamApiView):
    @extend_schema(responses={200: TeamCompetitionOutput, **READ_ERRORS}, summary="One team competition")
    def get(self, request, competition_id: int):
        return Response(TeamCompetitionOutput(self.competition(competition_id)).data)


class TeamListView(TeamApiView):
    @extend_schema(
        responses={200: TeamOutput(many=True), **READ_ERRORS},
        summary="The teams, each with its players in board order",
    )
    def get(self, request, competition_id: int):
        competition = self.competition(competition_id)
        teams = competition.teams.prefetch_related("players").order_by("tpn")
        return Response([_team(t, competition.boards) for t in teams])


class RoundListView(TeamApiView):
    @extend_schema(
        responses={200: TeamRoundOutput(many=True), **READ_ERRORS}, summary="Rounds, drafts included"
    )
    def get(self, request, competition_id: int):
        competition = self.competition(competition_id)
        return Response([_round(r) for r in selectors.rounds_of(competition)])


class RoundDetailView(TeamApiView):
    @extend_schema(
        responses={200: TeamRoundDetailOutput, **READ_ERRORS},
        summary="A round with its matches, board by board",
    )
    def get(self, request, competition_id: int, number: int):
        rnd = _round_of(self.competition(competition_id), number)
        return Response(_round(rnd, matches=True))


def _game(competition: TeamCompetition, number: int, match: int, board: int) -> BoardGame:
    return get_object_or_404(
        BoardGame.objects.select_related("match__round", "home_player", "away_player"),
        match__round__competition=competition,
        match__round__number=number,
        match__number=match,
        board=board,
    )


class BoardResultView(TeamApiView):
    @extend_schema(responses={200: TeamBoardOutput, **READ_ERRORS}, summary="One board of a match")
    def get(self, request, competition_id: int, number: int, match: int, board: int):
        return Response(_board(_game(self.competition(competition_id), number, match, board)))

    @extend_schema(
        request=TeamBoardResultInput,
        responses={200: TeamBoardOutput, **ERRORS, **CONFLICT},
        summary="Record or correct one board's result (send the version you saw)",
    )
    def put(self, request, competition_id: int, number: int, match: int, board: int):
        competition = self.competition(competition_id)
        data = TeamBoardResultInput(data=request.data)
        data.is_valid(raise_exception=True)
        game = _game(competition, number, match, board)
        services.board_result_checked(
            game=game,
            result=data.validated_data["result"],
            expected_version=data.validated_data["version"],
            user=request.user,
        )
        return Response(_board(_game(competition, number, match, board)))


def _lineup(team: Team, rnd: TeamRound, boards: int) -> dict[str, Any]:
    return {"team": _ref(team), "round": rnd.number, "players": selectors.lineup_of(team, rnd, boards)}


class LineupView(TeamApiView):
    @extend_schema(responses={200: TeamLineupOutput, **READ_ERRORS}, summary="A team's lineup in a round")
    def get(self, request, competition_id: int, number: int, team_id: int):
        competition = self.competition(competition_id)
        rnd = _round_of(competition, number)
        team = get_object_or_404(Team, pk=team_id, competition=competition)
        return Response(_lineup(team, rnd, competition.boards))

    @extend_schema(
        request=TeamLineupInput,
        responses={200: TeamLineupOutput, **ERRORS, **CONFLICT},
        summary="Set a team's lineup for a round (board-order rule; not once its match has a result)",
    )
    def put(self, request, competition_id: int, number: int, team_id: int):
        competition = self.competition(competition_id)
        data = TeamLineupInput(data=request.data)
        data.is_valid(raise_exception=True)
        rnd = _round_of(competition, number)
        team = get_object_or_404(Team, pk=team_id, competition=competition)
        services.lineup_set(
            team=team, team_round=rnd, player_ids=data.validated_data["players"], user=request.user
        )
        return Response(_lineup(team, rnd, competition.boards))


class StandingsView(TeamApiView):
    @extend_schema(
        responses={200: TeamStandingsOutput, **READ_ERRORS},
        summary="Team standings after the complete rounds, with the tie-breaks",
    )
    def get(self, request, competition_id: int):
        codes, rows, played = selectors.standings(self.competition(competition_id))
        return Response(
            {
                "rounds_counted": played,
                "tiebreaks": codes,
                "rows": [
                    {
                        "rank": row.rank,
                        "team": _ref(row.team),
                        "match_points": row.match_points,
                        "game_points": row.game_points,
                        "tiebreaks": [
                            {"code": c, "value": v} for c, v in zip(codes, row.values, strict=False)
                        ],
                    }
                    for row in rows
                ],
            }
        )


# --- routes (added to the ``api`` namespace by config/urls.py) ---------------------------------

C = "teams/<id:competition_id>/"
R = C + "rounds/<id:number>/"

urlpatterns = [
    path("teams/", CompetitionListView.as_view(), name="team-competitions"),
    path(C, CompetitionDetailView.as_view(), name="team-competition"),
    path(C + "teams/", TeamListView.as_view(), name="team-teams"),
    path(C + "rounds/", RoundListView.as_view(), name="team-rounds"),
    path(R, RoundDetailView.as_view(), name="team-round"),
    path(R + "matches/<id:match>/boards/<id:board>/", BoardResultView.as_view(), name="team-board"),
    path(R + "lineups/<id:team_id>/", LineupView.as_view(), name="team-lineup"),
    path(C + "standings/", StandingsView.as_view(), name="team-standings"),
]
