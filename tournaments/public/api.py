"""Public read-only API, reached through a tournament's unguessable public token.

No login and no authentication at all (a stale ``Authorization`` header must not turn a public read
into a 401). Only published and finished rounds are shown, and never an e-mail address.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from pairing.standings import standings_for_api
from tournaments.api import serializers as s
from tournaments.api.base import ApiView
from tournaments.public.responses import public_json
from tournaments.public.selectors import (
    PUBLIC_PARTICIPANT_FIELDS,
    PUBLIC_ROUND_STATUSES,
    public_tournament_get,
)
from tournaments.selectors import api as reads

_NOT_FOUND = {404: s.ErrorOutput}


class PublicView(ApiView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    def public_tournament(self, token: str):
        return public_tournament_get(token=token)


class PublicTournamentView(PublicView):
    @extend_schema(responses={200: s.PublicTournamentOutput, **_NOT_FOUND}, summary="Public: the tournament")
    def get(self, request, token: str):
        return Response(s.PublicTournamentOutput(self.public_tournament(token)).data)


class PublicParticipantListView(PublicView):
    @extend_schema(
        responses={200: s.PublicParticipantOutput(many=True), **_NOT_FOUND}, summary="Public: participants"
    )
    def get(self, request, token: str):
        tournament = self.public_tournament(token)
        people = reads.participants_in_order(tournament, only=PUBLIC_PARTICIPANT_FIELDS)
        return Response(s.PublicParticipantOutput(people, many=True).data)


class PublicRoundListView(PublicView):
    @extend_schema(
        responses={200: s.PublicRoundOutput(many=True), **_NOT_FOUND}, summary="Public: published rounds"
    )
    def get(self, request, token: str):
        tournament = self.public_tournament(token)
        rounds = reads.rounds_in_order(tournament, statuses=PUBLIC_ROUND_STATUSES)
        return Response(s.PublicRoundOutput(rounds, many=True).data)


class PublicRoundDetailView(PublicView):
    @extend_schema(
        responses={200: s.PublicRoundDetailOutput, **_NOT_FOUND},
        summary="Public: a published round's pairings and results",
    )
    def get(self, request, token: str, number: int):
        tournament = self.public_tournament(token)
        rnd = reads.round_with_boards(tournament, number, statuses=PUBLIC_ROUND_STATUSES, explanation=False)
        return Response(s.PublicRoundDetailOutput(reads.round_with_byes(rnd)).data)


class PublicStandingsView(PublicView):
    @extend_schema(
        responses={200: s.StandingsOutput, **_NOT_FOUND, 409: s.ErrorOutput},
        summary="Public: standings after the last round with every result in",
    )
    def get(self, request, token: str):
        # The same cached ranking the standings pages show: one read path, one engine run per change.
        # The JSON itself (megabytes for a big field) is cached too, per standings version.
        tournament = self.public_tournament(token)
        if not isinstance(request.accepted_renderer, JSONRenderer):  # the browsable API
            return Response(s.StandingsOutput(standings_for_api(tournament)).data)
        return public_json(
            request,
            tournament,
            name="api-standings",
            build=lambda: JSONRenderer().render(s.StandingsOutput(standings_for_api(tournament)).data),
            version=tournament.standings_version,
        )
