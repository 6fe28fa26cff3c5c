"""Withdrawals: a participant leaves; their games stand and they are not paired from a round on.

``participant_withdraw(*, participant, user, from_round=None) -> Participant``: from
``from_round`` on (default: the next round not yet published) they are not paired; their requested
byes from then on are dropped. In a round robin their remaining games become forfeits or unplayed
(the organiser's ``withdrawal_games``).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Max, Q

from tournaments.models import Board, Participant, Round, RoundBye, Tournament
from tournaments.permissions import require_arbiter
from tournaments.services.audit import audit_record
from tournaments.services.errors import ValidationFailed
from tournaments.services.participant_state import last_published_number, participant_snapshot
from tournaments.services.registration import TO_CHANGE_PARTICIPANTS
from tournaments.services.results import round_refresh_status
from tournaments.services.versions import tournament_changed


def participant_withdraw(
    *, participant: Participant, user: Any, from_round: int | None = None
) -> Participant:
    """Withdraw a participant: their games stand and they are not paired from ``from_round`` on."""
    tournament = participant.tournament
    require_arbiter(user, tournament, to=TO_CHANGE_PARTICIPANTS)
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        p = Participant.objects.select_for_update().get(pk=participant.pk)
        if p.status == Participant.Status.WITHDRAWN:
            raise ValidationFailed(f"{p.name} has already withdrawn (from round {p.withdrawn_from_round}).")
        first_open = last_published_number(locked) + 1
        if locked.format == Tournament.Format.ROUND_ROBIN:
            first_open = 1 + (
                Round.objects.filter(tournament=locked, status=Round.Status.FINISHED).aggregate(
                    n=Max("number")
                )["n"]
                or 0
            )
        start = first_open if from_round is None else from_round
        if start < 1:
            raise ValidationFailed("Rounds are numbered from 1.")
        last = max(
            locked.rounds_planned,
            Round.objects.filter(tournament=locked).aggregate(n=Max("number"))["n"] or 0,
        )
        if start > last:
            raise ValidationFailed(
                f"Round {start} is beyond the {last} rounds planned.",
                errors={"from_round": [f"From 1 to {last}."]},
            )
        before = participant_snapshot(p)
        p.status = Participant.Status.WITHDRAWN
        p.withdrawn_from_round = start
        p.save(update_fields=["status", "withdrawn_from_round"])
        dropped = list(
            RoundBye.objects.filter(participant=p, round_number__gte=start)
            .exclude(kind__in=[RoundBye.Kind.PAIRING_ALLOCATED, RoundBye.Kind.LATE_ENTRY])
            .values_list("round_number", "kind")
        )
        RoundBye.objects.filter(participant=p, round_number__gte=start).exclude(
            kind__in=[RoundBye.Kind.PAIRING_ALLOCATED, RoundBye.Kind.LATE_ENTRY]
        ).delete()
        changed_boards = []
        if locked.format == Tournament.Format.ROUND_ROBIN:
            forfeit = locked.withdrawal_games == Tournament.WithdrawalGames.FORFEIT
            boards = Board.objects.select_for_update().filter(
                round__tournament=locked, round__number__gte=start, result=Board.Result.PENDING
            )
            touched_rounds = set()
            for board in boards.filter(Q(white=p) | Q(black=p)):
                if forfeit:
                    board.result = (
                        Board.Result.BLACK_WINS_FORFEIT
                        if board.white_id == p.pk
                        else Board.Result.WHITE_WINS_FORFEIT
                    )
                else:
                    board.result = Board.Result.UNPLAYED
                board.version += 1
                board.save(update_fields=["result", "version", "updated_at"])
                changed_boards.append(board.pk)
                touched_rounds.add(board.round_id)
            for rnd in Round.objects.filter(pk__in=touched_rounds):
                round_refresh_status(rnd)
        tournament_changed(locked.pk)
        audit_record(
            tournament=locked,
            user=user,
            action="participant_withdraw",
            obj=p,
            before=before,
            after={**participant_snapshot(p), "byes_dropped": dropped, "boards_changed": changed_boards},
        )
    participant.refresh_from_db()
    return participant
