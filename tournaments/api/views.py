"""Staff API: tournaments, participants, byes and withdrawals, rounds, results and standings.

Every view parses input with an input serializer, checks the user's role in the tournament (404
without a role, 403 with too small a role), calls one service and answers with an output
serializer. The services are the same ones the web pages call, with the same rules.
"""

from __future__ import annotations

from django.db.models import F, Prefetch
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from core.cache import single_flight
from core.errors import ValidationFailed
from pairing.services import round_robin, swiss
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
from tournaments.models import Board, ForbiddenPair, Participant, Round, RoundBye, Tournament
from tournaments.permissions import ARBITRATE, ORGANISE, visible_tournaments
from tournaments.services import results, tournaments
from tournaments.services.participants import byes, forbidden_pairs, registration, withdrawals
from tournaments.services.participants import edits as participant_edits

_BOARDS = (
    Board.objects.select_related("round", "white", "black")
    # A board needs its round's number only: the explanation of a big round is megabytes of JSON,
    # and decoding it once per board made reading a 2,000-board round take seconds.
    .defer("round__explanation", "round__violations", "round__error")
    .order_by("number")
)
_BYES = RoundBye.objects.select_related("participant").order_by(
    "participant__pairing_number", "participant_id"
)


def _round(tournament: Tournament, number: int) -> Round:
    return get_object_or_404(
        Round.objects.prefetch_related(Prefetch("boards", queryset=_BOARDS)),
        tournament=tournament,
        number=number,
    )


def _board(tournament: Tournament, number: int, board: int) -> Board:
    """One board of round ``number``, in one query (404 when the round or the board is missing)."""
    return get_object_or_404(_BOARDS, round__tournament=tournament, round__number=number, number=board)


def _round_detail(rnd: Round) -> dict:
    rnd.byes = list(_BYES.filter(tournament_id=rnd.tournament_id, round_number=rnd.number))
    return s.RoundDetailOutput(rnd).data


class TournamentListView(ApiView):
    @extend_schema(
        parameters=PAGE_PARAMETERS,
        responses={200: s.TournamentOutput(many=True), **READ_ERRORS},
        summary="Your tournaments",
    )
    def get(self, request):
        mine = visible_tournaments(request.user).order_by("-created_at", "-id")
        return paginated(self, mine, s.TournamentOutput)

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
        people = tournament.participants.order_by(F("pairing_number").asc(nulls_last=True), "id")
        return paginated(self, people, s.ParticipantOutput)

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
        return Response(
            s.ParticipantOutput(get_object_or_404(tournament.participants, pk=participant_id)).data
        )

    @extend_schema(
        request=s.ParticipantUpdateInput,
        responses={200: s.ParticipantOutput, **ERRORS},
        summary="Correct a participant's entry (name, rating, title, federation, FIDE id, club, e-mail)",
    )
    def patch(self, request, tournament_id: int, participant_id: int):
        tournament = self.tournament(tournament_id, ARBITRATE)
        participant = get_object_or_404(tournament.participants, pk=participant_id)
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
        participant = get_object_or_404(tournament.participants, pk=participant_id)
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
        participant = get_object_or_404(tournament.participants, pk=participant_id)
        data = s.WithdrawInput(data=request.data)
        data.is_valid(raise_exception=True)
        participant = withdrawals.participant_withdraw(
            participant=participant, user=request.user, from_round=data.validated_data.get("from_round")
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
        participant = get_object_or_404(tournament.participants, pk=participant_id)
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
        byes = _BYES.filter(tournament=tournament).order_by(
            "round_number", "participant__pairing_number", "id"
        )
        return paginated(self, byes, s.ByeOutput)

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
        participant = get_object_or_404(tournament.participants, pk=values["participant"])
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
        byes.bye_cancel(bye=get_object_or_404(tournament.byes, pk=bye_id), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


_PAIRS = ForbiddenPair.objects.select_related("first", "second").order_by("first_round", "first_id", "pk")


def _participant(tournament: Tournament, pk: int, field: str) -> Participant:
    found = Participant.objects.filter(tournament=tournament, pk=pk).first()
    if found is None:
        raise ValidationFailed(
            f"There is no participant {pk} in this tournament.", errors={field: ["Not in this tournament."]}
        )
    return found


class ForbiddenPairListView(ApiView):
    @extend_schema(
        parameters=PAGE_PARAMETERS,
        responses={200: s.ForbiddenPairOutput(many=True), **READ_ERRORS},
        summary="Forbidden pairs: participants the pairing keeps apart",
    )
    def get(self, request, tournament_id: int):
        tournament = self.tournament(tournament_id)
        return paginated(self, _PAIRS.filter(tournament=tournament), s.ForbiddenPairOutput)

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
            first=_participant(tournament, values["first"], "first"),
            second=_participant(tournament, values["second"], "second"),
            first_round=values.get("first_round"),
            last_round=values.get("last_round"),
            reason=values.get("reason", ""),
        )
        return Response(s.ForbiddenPairOutput(_PAIRS.get(pk=pair.pk)).data, status=status.HTTP_201_CREATED)


class ForbiddenPairDetailView(ApiView):
    @extend_schema(responses={204: None, **ERRORS, **CONFLICT}, summary="Let two participants meet again")
    def delete(self, request, tournament_id: int, pair_id: int):
        tournament = self.tournament(tournament_id, ARBITRATE)
        pair = get_object_or_404(_PAIRS, tournament=tournament, pk=pair_id)
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
        return paginated(self, tournament.rounds.defer("explanation").order_by("number"), s.RoundOutput)


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
        rnd = swiss.round_pair(tournament=tournament, user=request.user)
        rnd.refresh_from_db()
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
        return Response(_round_detail(swiss.round_pairing_expire(round=_round(tournament, number))))

    @extend_schema(
        request=None,
        responses={204: None, **ERRORS},
        summary="Delete a draft, a failed round or a round being paired (cancel)",
    )
    def delete(self, request, tournament_id: int, number: int):
        tournament = self.tournament(tournament_id, ARBITRATE)
        swiss.round_delete(round=_round(tournament, number), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RoundPublishView(ApiView):
    @extend_schema(
        request=None, responses={200: s.RoundDetailOutput, **ERRORS}, summary="Publish a draft pairing"
    )
    def post(self, request, tournament_id: int, number: int):
        tournament = self.tournament(tournament_id, ARBITRATE)
        draft = get_object_or_404(Round.objects.defer("explanation"), tournament=tournament, number=number)
        rnd = swiss.round_publish(round=draft, user=request.user)
        return Response(_round_detail(_round(tournament, rnd.number)))


class BoardListView(ApiView):
    @extend_schema(
        parameters=PAGE_PARAMETERS,
        responses={200: s.BoardOutput(many=True), **READ_ERRORS},
        summary="A round's boards",
    )
    def get(self, request, tournament_id: int, number: int):
        rnd = get_object_or_404(
            Round.objects.only("pk"), tournament=self.tournament(tournament_id), number=number
        )
        return paginated(self, _BOARDS.filter(round=rnd), s.BoardOutput)


class BoardResultView(ApiView):
    @extend_schema(responses={200: s.BoardOutput, **READ_ERRORS}, summary="One board")
    def get(self, request, tournament_id: int, number: int, board: int):
        return Response(s.BoardOutput(_board(self.tournament(tournament_id), number, board)).data)

    @extend_schema(
        request=s.ResultInput,
        responses={200: s.BoardOutput, **ERRORS, **CONFLICT},
        summary="Record or correct a result (send the version you saw)",
    )
    def put(self, request, tournament_id: int, number: int, board: int):
        target = _board(self.tournament(tournament_id, ARBITRATE), number, board)
        data = s.ResultInput(data=request.data)
        data.is_valid(raise_exception=True)
        saved = results.result_record(
            board=target,
            user=request.user,
            result=data.validated_data["result"],
            expected_version=data.validated_data["version"],
        )
        return Response(s.BoardOutput(_BOARDS.get(pk=saved.pk)).data)


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
    existing = tournament.rounds.count()
    if through_round is not None and through_round > existing:
        raise ValidationFailed(
            f"Round {through_round} has not been paired yet (the tournament has {existing} round(s)).",
            errors={"round": [f"At most {existing}."]},
        )
    return s.StandingsOutput(standings_for_api(tournament, through_round)).data
