"""Staff API: tournaments, participants, byes and withdrawals, rounds, results and standings.

Every view parses input with an input serializer, checks the user's role in the tournament (404
without a role, 403 with too small a role), calls one service or selector and answers with an
output serializer. The services are the same ones the web pages call, with the same rules; the
reads are ``tournaments.selectors.api``'s.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from core.cache import single_flight
from core.errors import ValidationFailed
from pairing.services import execute, round_robin, swiss
from pairing.standings import STANDINGS_ALGORITHM, standings_for_api
from tournaments.api import serializers as s
from tournaments.api.base import (
    CONFLICT,
    ERRORS,
    IDEMPOTENCY_KEY,
    PAGE_PARAMETERS,
    READ_ERRORS,
    ApiView,
    created_once,
    paginated,
)
from tournaments.models import Tournament
from tournaments.permissions import ARBITRATE, ORGANISE
from tournaments.selectors import api as reads
from tournaments.services import results, tournaments
from tournaments.services.participants import byes, expulsions, forbidden_pairs, registration, withdrawals
from tournaments.services.participants import edits as participant_edits
from tournaments.services.prepair import pre_pair_run


class TournamentListView(ApiView):
    @extend_schema(
        parameters=PAGE_PARAMETERS,
        responses={200: s.TournamentOutput(many=True), **READ_ERRORS},
        summary="Your tournaments",
    )
    def get(self, request):
        return paginated(self, reads.tournaments_visible(request.user), s.TournamentOutput)

    @extend_schema(
        request=s.TournamentInput,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: s.TournamentOutput, **ERRORS},
        summary="Create a tournament (you become its organiser)",
    )
    def post(self, request):
        data = s.TournamentInput(data=request.data)
        data.is_valid(raise_exception=True)
        tournament, headers = created_once(
            request, lambda: tournaments.tournament_create(user=request.user, **data.validated_data)
        )
        return Response(s.TournamentOutput(tournament).data, status=status.HTTP_201_CREATED, headers=headers)


class TournamentDetailView(ApiView):
    @extend_schema(responses={200: s.TournamentOutput, **READ_ERRORS}, summary="One tournament")
    def get(self, request, tournament_id: int):
        return Response(s.TournamentOutput(self.tournament(tournament_id)).data)

    @extend_schema(
        request=s.TournamentUpdateInput,
        responses={200: s.TournamentOutput, **ERRORS},
        summary="Change settings (organisers; after round 1 only name, place and dates)",
    )
    def patch(self, request, tournament_id: int):
        tournament = self.tournament(tournament_id, ORGANISE)
        data = s.TournamentUpdateInput(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        tournament = tournaments.tournament_update(
            tournament=tournament, user=request.user, **data.validated_data
        )
        return Response(s.TournamentOutput(tournament).data)


class ParticipantListView(ApiView):
    @extend_schema(
        parameters=PAGE_PARAMETERS,
        responses={200: s.ParticipantOutput(many=True), **READ_ERRORS},
        summary="Participants",
    )
    def get(self, request, tournament_id: int):
        tournament = self.tournament(tournament_id)
        return paginated(self, reads.participants_in_order(tournament), s.ParticipantOutput)

    @extend_schema(
        request=s.ParticipantInput,
        responses={201: s.ParticipantOutput, **ERRORS},
        summary="Register a participant (after round 1 has been paired this is a late entry)",
    )
    def post(self, request, tournament_id: int):
        tournament = self.tournament(tournament_id, ARBITRATE)
        data = s.ParticipantInput(data=request.data)
        data.is_valid(raise_exception=True)
        participant = registration.participant_register(
            tournament=tournament, user=request.user, **data.validated_data
        ).participant
        return Response(s.ParticipantOutput(participant).data, status=status.HTTP_201_CREATED)


class LateEntryView(ApiView):
    @extend_schema(
        request=s.LateEntryInput,
        responses={201: s.ParticipantOutput, **ERRORS},
        summary="Late entry: join from a later round, missing the earlier ones",
    )
    def post(self, request, tournament_id: int):
        tournament = self.tournament(tournament_id, ARBITRATE)
        data = s.LateEntryInput(data=request.data)
        data.is_valid(raise_exception=True)
        participant = registration.late_entry(
            tournament=tournament, user=request.user, **data.validated_data
        ).participant
        return Response(s.ParticipantOutput(participant).data, status=status.HTTP_201_CREATED)


class ParticipantDetailView(ApiView):
    @extend_schema(responses={200: s.ParticipantOutput, **READ_ERRORS}, summary="One participant")
    def get(self, request, tournament_id: int, participant_id: int):
        tournament = self.tournament(tournament_id)
        return Response(s.ParticipantOutput(reads.participant_get(tournament, participant_id)).data)

    @extend_schema(
        request=s.ParticipantUpdateInput,
        responses={200: s.ParticipantOutput, **ERRORS},
        summary="Correct a participant's entry (name, rating, title, federation, FIDE id, club, e-mail)",
    )
    def patch(self, request, tournament_id: int, participant_id: int):
        tournament = self.tournament(tournament_id, ARBITRATE)
        participant = reads.participant_get(tournament, participant_id)
        data = s.ParticipantUpdateInput(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        participant = participant_edits.participant_update(
            participant=participant, user=request.user, **data.validated_data
        ).participant
        return Response(s.ParticipantOutput(participant).data)

    @extend_schema(
        request=None,
        responses={204: OpenApiResponse(description="Deleted"), **ERRORS},
        summary="Delete a wrong entry (only if never paired; otherwise withdraw)",
    )
    def delete(self, request, tournament_id: int, participant_id: int):
        tournament = self.tournament(tournament_id, ARBITRATE)
        participant = reads.participant_get(tournament, participant_id)
        participant_edits.participant_delete(participant=participant, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class WithdrawView(ApiView):
    @extend_schema(
        request=s.WithdrawInput,
        responses={200: s.ParticipantOutput, **ERRORS},
        summary="Withdraw a participant (their games stand; not paired from `from_round` on)",
    )
    def post(self, request, tournament_id: int, participant_id: int):
        tournament = self.tournament(tournament_id, ARBITRATE)
        participant = reads.participant_get(tournament, participant_id)
        data = s.WithdrawInput(data=request.data)
        data.is_valid(raise_exception=True)
        participant = withdrawals.participant_withdraw(
            participant=participant, user=request.user, from_round=data.validated_data.get("from_round")
        )
        return Response(s.ParticipantOutput(participant).data)


class ExpelView(ApiView):
    @extend_schema(
        request=s.ExpelInput,
        responses={200: s.ParticipantOutput, **ERRORS},
        summary="Expel a participant from a Swiss (not paired from `from_round` on, no place in the standings; "
        "their games count for their opponents)",
    )
    def post(self, request, tournament_id: int, participant_id: int):
        tournament = self.tournament(tournament_id, ARBITRATE)
        participant = reads.participant_get(tournament, participant_id)
        data = s.ExpelInput(data=request.data)
        data.is_valid(raise_exception=True)
        participant = expulsions.participant_expel(
            participant=participant,
            user=request.user,
            reason=data.validated_data["reason"],
            from_round=data.validated_data.get("from_round"),
        )
        return Response(s.ParticipantOutput(participant).data)


class WithdrawalUndoView(ApiView):
    @extend_schema(
        request=None,
        responses={200: s.ParticipantOutput, **ERRORS},
        summary="Undo a withdrawal (paired again from the next round not yet paired)",
    )
    def post(self, request, tournament_id: int, participant_id: int):
        tournament = self.tournament(tournament_id, ARBITRATE)
        participant = reads.participant_get(tournament, participant_id)
        participant = withdrawals.withdrawal_undo(participant=participant, user=request.user).participant
        return Response(s.ParticipantOutput(participant).data)


class ByeListView(ApiView):
    @extend_schema(
        parameters=PAGE_PARAMETERS,
        responses={200: s.ByeOutput(many=True), **READ_ERRORS},
        summary="Byes and absences, all rounds",
    )
    def get(self, request, tournament_id: int):
        tournament = self.tournament(tournament_id)
        return paginated(self, reads.byes_in_order(tournament), s.ByeOutput)

    @extend_schema(
        request=s.ByeInput,
        responses={201: s.ByeOutput, **ERRORS},
        summary="Request a half- or zero-point bye, or record a known absence, before the round is paired",
    )
    def post(self, request, tournament_id: int):
        tournament = self.tournament(tournament_id, ARBITRATE)
        data = s.ByeInput(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        participant = reads.participant_get(tournament, values["participant"])
        recorded = byes.bye_record(
            participant=participant,
            round_number=values["round_number"],
            kind=values["kind"],
            user=request.user,
        )
        return Response(s.ByeOutput(recorded.bye).data, status=status.HTTP_201_CREATED)


class ByeDetailView(ApiView):
    @extend_schema(responses={204: None, **ERRORS}, summary="Cancel a requested bye or absence")
    def delete(self, request, tournament_id: int, bye_id: int):
        tournament = self.tournament(tournament_id, ARBITRATE)
        byes.bye_cancel(bye=reads.bye_get(tournament, bye_id), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ForbiddenPairListView(ApiView):
    @extend_schema(
        parameters=PAGE_PARAMETERS,
        responses={200: s.ForbiddenPairOutput(many=True), **READ_ERRORS},
        summary="Forbidden pairs: participants the pairing keeps apart",
    )
    def get(self, request, tournament_id: int):
        tournament = self.tournament(tournament_id)
        return paginated(self, reads.forbidden_pairs_in_order(tournament), s.ForbiddenPairOutput)

    @extend_schema(
        request=s.ForbiddenPairInput,
        responses={201: s.ForbiddenPairOutput, **ERRORS},
        summary="Keep two participants apart, in every round or a range of rounds",
    )
    def post(self, request, tournament_id: int):
        tournament = self.tournament(tournament_id, ARBITRATE)
        data = s.ForbiddenPairInput(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        pair = forbidden_pairs.forbidden_pair_add(
            tournament=tournament,
            user=request.user,
            first=reads.participant_in(tournament, values["first"], field="first"),
            second=reads.participant_in(tournament, values["second"], field="second"),
            first_round=values.get("first_round"),
            last_round=values.get("last_round"),
            reason=values.get("reason", ""),
        )
        pair = reads.forbidden_pair_get(tournament, pair.pk)
        return Response(s.ForbiddenPairOutput(pair).data, status=status.HTTP_201_CREATED)


class ForbiddenPairDetailView(ApiView):
    @extend_schema(responses={204: None, **ERRORS, **CONFLICT}, summary="Let two participants meet again")
    def delete(self, request, tournament_id: int, pair_id: int):
        tournament = self.tournament(tournament_id, ARBITRATE)
        pair = reads.forbidden_pair_get(tournament, pair_id)
        forbidden_pairs.forbidden_pair_remove(pair=pair, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RoundListView(ApiView):
    @extend_schema(
        parameters=PAGE_PARAMETERS,
        responses={200: s.RoundOutput(many=True), **READ_ERRORS},
        summary="Rounds, drafts included",
    )
    def get(self, request, tournament_id: int):
        tournament = self.tournament(tournament_id)
        return paginated(self, reads.rounds_in_order(tournament), s.RoundOutput)


class RoundPairView(ApiView):
    @extend_schema(
        request=None,
        responses={
            202: OpenApiResponse(
                s.RoundOutput,
                description="Pairing queued: poll the round until its status is `draft` (or `failed`).",
            ),
            503: OpenApiResponse(
                s.ErrorOutput,
                description="The pairing service (task queue) cannot be reached: nothing was created; try again.",
            ),
            **ERRORS,
        },
        summary="Pair the next round (asynchronous)",
    )
    def post(self, request, tournament_id: int):
        tournament = self.tournament(tournament_id, ARBITRATE)
        pre_pair_run(tournament, request.user)  # as the pair button does (check-in: absences first)
        rnd = reads.round_reread(swiss.round_pair(tournament=tournament, user=request.user))
        response = Response(s.RoundOutput(rnd).data, status=status.HTTP_202_ACCEPTED)
        response["Location"] = request.build_absolute_uri(
            reverse("api:round", kwargs={"tournament_id": tournament.pk, "number": rnd.number})
        )
        return response


class TournamentStartView(ApiView):
    @extend_schema(
        request=None,
        responses={201: s.RoundOutput(many=True), **ERRORS},
        summary="Start a round robin: pairing numbers and every round of the Berger schedule (organisers)",
    )
    def post(self, request, tournament_id: int):
        tournament = self.tournament(tournament_id, ORGANISE)
        created = round_robin.tournament_start(tournament=tournament, user=request.user)
        return Response(s.RoundOutput(created, many=True).data, status=status.HTTP_201_CREATED)


class RoundDetailView(ApiView):
    @extend_schema(
        responses={200: s.RoundDetailOutput, **READ_ERRORS},
        summary="A round with its boards and byes (a pairing past the task's time limit reads as failed)",
    )
    def get(self, request, tournament_id: int, number: int):
        tournament = self.tournament(tournament_id)
        rnd = execute.round_as_seen(reads.round_with_boards(tournament, number))
        return Response(s.RoundDetailOutput(reads.round_with_byes(rnd)).data)

    @extend_schema(
        request=None,
        responses={204: None, **ERRORS},
        summary="Delete a draft, a failed round or a round being paired (cancel)",
    )
    def delete(self, request, tournament_id: int, number: int):
        tournament = self.tournament(tournament_id, ARBITRATE)
        swiss.round_delete(round=reads.round_with_boards(tournament, number), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RoundPublishView(ApiView):
    @extend_schema(
        request=None, responses={200: s.RoundDetailOutput, **ERRORS}, summary="Publish a draft pairing"
    )
    def post(self, request, tournament_id: int, number: int):
        tournament = self.tournament(tournament_id, ARBITRATE)
        rnd = swiss.round_publish(round=reads.round_to_change(tournament, number), user=request.user)
        rnd = reads.round_with_boards(tournament, rnd.number)
        return Response(s.RoundDetailOutput(reads.round_with_byes(rnd)).data)


class BoardListView(ApiView):
    @extend_schema(
        parameters=PAGE_PARAMETERS,
        responses={200: s.BoardOutput(many=True), **READ_ERRORS},
        summary="A round's boards",
    )
    def get(self, request, tournament_id: int, number: int):
        boards = reads.boards_in_order(self.tournament(tournament_id), number)
        return paginated(self, boards, s.BoardOutput)


class BoardResultView(ApiView):
    @extend_schema(responses={200: s.BoardOutput, **READ_ERRORS}, summary="One board")
    def get(self, request, tournament_id: int, number: int, board: int):
        return Response(s.BoardOutput(reads.board_get(self.tournament(tournament_id), number, board)).data)

    @extend_schema(
        request=s.ResultInput,
        responses={200: s.BoardOutput, **ERRORS, **CONFLICT},
        summary="Record or correct a result (send the version you saw)",
    )
    def put(self, request, tournament_id: int, number: int, board: int):
        tournament = self.tournament(tournament_id, ARBITRATE)
        data = s.ResultInput(data=request.data)
        data.is_valid(raise_exception=True)
        # The service finds the board by its numbers in its one locked read and hands it back as
        # saved, with its round and players: no read before it, none after (issue 38).
        saved = results.result_record_at(
            tournament=tournament,
            round_number=number,
            board_number=board,
            user=request.user,
            result=data.validated_data["result"],
            expected_version=data.validated_data["version"],
        )
        return Response(s.board_output(saved))


class StandingsView(ApiView):
    @extend_schema(
        parameters=[s.StandingsQuery],
        responses={200: s.StandingsOutput, **ERRORS, **CONFLICT},
        summary="Standings with tie-breaks and how each was computed",
    )
    def get(self, request, tournament_id: int):
        tournament = self.tournament(tournament_id)
        query = s.StandingsQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        through_round = query.validated_data.get("round")
        if not isinstance(request.accepted_renderer, JSONRenderer):  # the browsable API
            return Response(standings_data(tournament, through_round))
        # One engine run per change, not per request: a 5,000-player table took a second of CPU
        # on every call. The default standings (after the last complete round) change with
        # ``standings_version``; a chosen round may be the one in play, so it keys on ``version``.
        version = f"s{tournament.standings_version}" if through_round is None else f"v{tournament.version}"
        body = single_flight(
            f"api-standings:{tournament.pk}:{version}:a{STANDINGS_ALGORITHM}:r{through_round or 0}",
            lambda: JSONRenderer().render(standings_data(tournament, through_round)),
            lock_seconds=120,
            wait_seconds=60,
        )
        return HttpResponse(body, content_type="application/json")


def standings_data(tournament: Tournament, through_round: int | None) -> dict:
    existing = reads.round_count(tournament)
    if through_round is not None and through_round > existing:
        raise ValidationFailed(
            gettext(
                "Round %(through_round)s has not been paired yet (the tournament has %(existing)s round(s))."
            )
            % {"through_round": through_round, "existing": existing},
            errors={"round": [f"At most {existing}."]},
        )
    return s.StandingsOutput(standings_for_api(tournament, through_round)).data


def _events_payload(user, events) -> list[dict]:
    from django.db.models import Count

    from tournaments.permissions import sections_for

    sections = {
        event.pk: list(sections_for(user, event).annotate(players=Count("participants"))) for event in events
    }
    return s.EventOutput(events, many=True, context={"sections": sections}).data


class EventListView(ApiView):
    @extend_schema(
        responses={200: s.EventOutput(many=True), **READ_ERRORS}, summary="Your events and their sections"
    )
    def get(self, request):
        from tournaments.models import Event
        from tournaments.permissions import visible_tournaments

        ids = visible_tournaments(request.user).values("event_id")
        events = list(
            Event.objects.filter(pk__in=ids).select_related("club").order_by("-created_at", "-pk")[:200]
        )
        return Response(_events_payload(request.user, events))


class EventDetailView(ApiView):
    @extend_schema(
        responses={200: s.EventOutput, **READ_ERRORS}, summary="One event: the sections you may act in"
    )
    def get(self, request, event_id: int):
        from tournaments.permissions import event_for_user

        event = event_for_user(request.user, event_id)
        return Response(_events_payload(request.user, [event])[0])
