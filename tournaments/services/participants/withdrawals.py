"""Withdrawals: a participant leaves; their games stand and they are not paired from a round on.

``participant_withdraw(*, participant, user, from_round=None) -> Participant``: from
``from_round`` on (default: the next round not yet published) they are not paired; their requested
byes from then on are dropped. In a round robin their remaining games become forfeits or unplayed
(the organiser's ``withdrawal_games``).

``withdrawal_undo(*, participant, user) -> Undone``: the participant plays again from the
next round not yet paired. Rounds paired without them since they withdrew stay as they are and
count as absences (zero points); a draft made without them must be deleted or paired again first.
In a round robin the games the withdrawal turned into forfeits (or "not played") in rounds not
yet finished are open again. The requested byes and known absences the withdrawal dropped (its
audit record lists them) come back for the rounds not paired yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext

from core.errors import ValidationFailed
from tournaments.models import Board, Participant, Round, RoundBye, Tournament
from tournaments.permissions import require_arbiter
from tournaments.services.audit import audit_record, latest_audit_after
from tournaments.services.locks import tournament_lock
from tournaments.services.participants.registration import TO_CHANGE_PARTICIPANTS
from tournaments.services.participants.state import (
    last_published_number,
    leaving_round_check,
    participant_snapshot,
    requested_byes_drop,
)
from tournaments.services.results import round_refresh_status
from tournaments.services.versions import tournament_changed

PLAYED = (Round.Status.PUBLISHED, Round.Status.FINISHED)


@dataclass(frozen=True, slots=True)
class Undone:
    """What undoing a withdrawal did."""

    participant: Participant
    absent_in: list[int]
    """The rounds paired without them meanwhile, now counted as absences."""


def _withdrawal_result(board: Board, participant_id: int, forfeit: bool) -> str:
    """What ``participant_withdraw`` writes on a round robin board of the leaving participant."""
    if not forfeit:
        return Board.Result.UNPLAYED
    if board.white_id == participant_id:
        return Board.Result.BLACK_WINS_FORFEIT
    return Board.Result.WHITE_WINS_FORFEIT


def _set_results(results: dict[Board, str]) -> list[int]:
    """Write each (locked) board's new result, bump its version, refresh its round's status."""
    for board, result in results.items():
        board.result = result
        board.version += 1
        board.save(update_fields=["result", "version", "updated_at"])
    for rnd in Round.objects.filter(pk__in={board.round_id for board in results}):
        round_refresh_status(rnd)
    return [board.pk for board in results]


def participant_withdraw(
    *, participant: Participant, user: Any, from_round: int | None = None
) -> Participant:
    """Withdraw a participant: their games stand and they are not paired from ``from_round`` on."""
    tournament = participant.tournament
    require_arbiter(user, tournament, to=TO_CHANGE_PARTICIPANTS)
    with transaction.atomic():
        locked = tournament_lock(tournament.pk)
        p = Participant.objects.select_for_update().get(pk=participant.pk)
        if p.status == Participant.Status.WITHDRAWN:
            raise ValidationFailed(
                gettext("%(name)s has already withdrawn (from round %(withdrawn_from_round)s).")
                % {"name": p.name, "withdrawn_from_round": p.withdrawn_from_round}
            )
        if p.status == Participant.Status.EXPELLED:
            # A withdrawal would give back the place in the standings the expulsion took away.
            raise ValidationFailed(
                gettext(
                    "%(name)s has been expelled (from round %(withdrawn_from_round)s); they cannot withdraw."
                )
                % {"name": p.name, "withdrawn_from_round": p.withdrawn_from_round}
            )
        first_open = last_published_number(locked) + 1
        if locked.format == Tournament.Format.ROUND_ROBIN:
            first_open = 1 + (
                Round.objects.filter(tournament=locked, status=Round.Status.FINISHED).aggregate(
                    n=Max("number")
                )["n"]
                or 0
            )
        start = first_open if from_round is None else from_round
        leaving_round_check(locked, start)
        before = participant_snapshot(p)
        p.status = Participant.Status.WITHDRAWN
        p.withdrawn_from_round = start
        p.save(update_fields=["status", "withdrawn_from_round"])
        # Recorded with their points so that ``withdrawal_undo`` can put them back as they were.
        dropped = requested_byes_drop(p, start)
        changed_boards = []
        if locked.format == Tournament.Format.ROUND_ROBIN:
            forfeit = locked.withdrawal_games == Tournament.WithdrawalGames.FORFEIT
            boards = Board.objects.select_for_update().filter(
                round__tournament=locked, round__number__gte=start, result=Board.Result.PENDING
            )
            mine = list(boards.filter(Q(white=p) | Q(black=p)))
            changed_boards = _set_results({b: _withdrawal_result(b, p.pk, forfeit) for b in mine})
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


def _dropped_byes(participant: Participant) -> list[tuple[int, str, int | None]]:
    """The byes the participant's latest withdrawal dropped, from its audit record: ``[round,
    kind, points]`` (records made before the points were kept have ``[round, kind]``)."""
    after = latest_audit_after(participant, "participant_withdraw")
    return [(item[0], item[1], item[2] if len(item) > 2 else None) for item in after.get("byes_dropped", [])]


def _restore_byes(p: Participant, tournament: Tournament, since: list[Round]) -> list[RoundBye]:
    """Put back the dropped byes of rounds not paired yet (a round paired without them counts as
    an absence instead). Points default as ``services.byes`` sets them, for old audit records. A
    participant barred from half-point byes meanwhile gets a zero-point bye instead (checklist
    Q171-176: no path grants them a half point)."""
    paired = {r.number for r in since}
    barred = p.half_byes_barred
    taken = set(RoundBye.objects.filter(participant=p).values_list("round_number", flat=True))
    default_points = {
        RoundBye.Kind.HALF_POINT: tournament.draw_points,
        RoundBye.Kind.FULL_POINT: tournament.win_points,
    }
    return RoundBye.objects.bulk_create(
        RoundBye(
            tournament=tournament,
            participant=p,
            round_number=number,
            kind=RoundBye.Kind.ZERO_POINT if refused else kind,
            points=0 if refused else default_points.get(kind, 0) if points is None else points,
        )
        for number, kind, points in _dropped_byes(p)
        if number not in paired and number not in taken and number <= tournament.rounds_planned
        for refused in [barred and kind == RoundBye.Kind.HALF_POINT]
    )


def withdrawal_undo(*, participant: Participant, user: Any) -> Undone:
    """Bring a withdrawn participant back from the next round not yet paired (module docstring)."""
    tournament = participant.tournament
    require_arbiter(user, tournament, to=TO_CHANGE_PARTICIPANTS)
    with transaction.atomic():
        locked = tournament_lock(tournament.pk)
        p = Participant.objects.select_for_update().get(pk=participant.pk, tournament=locked)
        if p.status != Participant.Status.WITHDRAWN or p.withdrawn_from_round is None:
            raise ValidationFailed(gettext("%(name)s has not withdrawn.") % {"name": p.name})
        start = p.withdrawn_from_round
        before = participant_snapshot(p)
        since = list(Round.objects.filter(tournament=locked, number__gte=start).order_by("number"))
        reopened: list[int] = []
        absences: list[int] = []
        restored: list[RoundBye] = []
        if locked.format == Tournament.Format.ROUND_ROBIN:
            forfeit = locked.withdrawal_games == Tournament.WithdrawalGames.FORFEIT
            boards = Board.objects.select_for_update().filter(
                Q(white=p) | Q(black=p), round__in=[r for r in since if r.status != Round.Status.FINISHED]
            )
            reopened = _set_results(
                {b: Board.Result.PENDING for b in boards if b.result == _withdrawal_result(b, p.pk, forfeit)}
            )
        else:
            drafts = [r.number for r in since if r.status in (Round.Status.DRAFT, Round.Status.PAIRING)]
            if drafts:
                raise ValidationFailed(
                    gettext(
                        "Round %(drafts)s has been paired without %(name)s and is not published yet: delete that draft first, then undo the withdrawal and pair the round again."
                    )
                    % {"drafts": drafts[0], "name": p.name}
                )
            taken = set(RoundBye.objects.filter(participant=p).values_list("round_number", flat=True))
            absences = [r.number for r in since if r.status in PLAYED and r.number not in taken]
            RoundBye.objects.bulk_create(
                RoundBye(
                    tournament=locked,
                    participant=p,
                    round_number=n,
                    kind=RoundBye.Kind.ABSENT,
                    points=0,
                )
                for n in absences
            )
            restored = _restore_byes(p, locked, since)
        p.status = Participant.Status.ACTIVE
        p.withdrawn_from_round = None
        p.save(update_fields=["status", "withdrawn_from_round"])
        tournament_changed(locked.pk)
        audit_record(
            tournament=locked,
            user=user,
            action="withdrawal_undo",
            obj=p,
            before=before,
            after={
                **participant_snapshot(p),
                "absent_in": absences,
                "boards_reopened": reopened,
                "byes_restored": [(b.round_number, b.kind, b.points) for b in restored],
            },
        )
    participant.refresh_from_db()
    return Undone(participant, absences)
