"""Drawing up a round robin: pairing numbers, then every round from the engine's Berger tables.

``tournament_start(*, tournament, user) -> list[Round]``: organisers only. Assigns pairing numbers
(by lot from ``lots_seed`` with the engine's ``draw_pairing_numbers``, or by rating order) and
creates every round of ``berger_table`` (single or double; with an odd field, whoever meets the
dummy sits the round out with a pairing-allocated bye), all published. The schedule is the
engine's; this module only stores it.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from core.errors import ValidationFailed
from pairing.engine.berger import berger_table, draw_pairing_numbers
from tournaments.models import Board, Participant, Round, RoundBye, Tournament
from tournaments.permissions import require_organiser
from tournaments.services.audit import audit_record
from tournaments.services.locks import tournament_lock
from tournaments.services.participants.numbers import initial_order_key, pairing_numbers_assign
from tournaments.services.versions import tournament_changed


def _initial_order(tournament: Tournament, people: list[Participant]) -> list[Participant]:
    if tournament.pairing_numbers == Tournament.PairingNumbers.LOT:
        by_pk = sorted(people, key=lambda p: p.pk)
        return draw_pairing_numbers(by_pk, f"{tournament.lots_seed}:berger")
    return sorted(people, key=initial_order_key)


def tournament_start(*, tournament: Tournament, user: Any) -> list[Round]:
    """Draw up a round robin: pairing numbers, then every round's boards (all published)."""
    require_organiser(user, tournament, to="start it")
    if tournament.format != Tournament.Format.ROUND_ROBIN:
        raise ValidationFailed(gettext("A Swiss starts when round 1 is paired."))
    with transaction.atomic():
        locked = tournament_lock(tournament.pk)
        if Round.objects.filter(tournament=locked).exists():
            raise ValidationFailed(gettext("The tournament has already started."))
        people = list(Participant.objects.filter(tournament=locked, status=Participant.Status.ACTIVE))
        if len(people) < 2:
            raise ValidationFailed(gettext("A round robin needs at least two players."))
        people = _initial_order(locked, people)
        Participant.objects.filter(tournament=locked).exclude(pk__in=[p.pk for p in people]).delete()
        pairing_numbers_assign(locked, order=people)
        by_number = {i: p for i, p in enumerate(people, start=1)}
        schedule = berger_table(len(people), double=locked.double_round_robin)
        locked.rounds_planned = len(schedule)
        locked.status = Tournament.Status.RUNNING
        locked.save(update_fields=["rounds_planned", "status", "updated_at"])
        now = timezone.now()
        created = []
        for berger_round in schedule:
            rnd = Round.objects.create(
                tournament=locked, number=berger_round.number, status=Round.Status.PUBLISHED, published_at=now
            )
            if berger_round.bye is not None:
                RoundBye.objects.create(
                    tournament=locked,
                    participant=by_number[berger_round.bye],
                    round_number=berger_round.number,
                    kind=RoundBye.Kind.PAIRING_ALLOCATED,
                    points=locked.bye_points,
                )
            Board.objects.bulk_create(
                Board(round=rnd, number=i, white=by_number[w], black=by_number[b])
                for i, (w, b) in enumerate(berger_round.boards, start=1)
            )
            created.append(rnd)
        tournament_changed(locked.pk)
        audit_record(
            tournament=locked,
            user=user,
            action="tournament_start",
            obj=locked,
            after={
                "pairing_numbers": {p.name: i for i, p in by_number.items()},
                "rounds": len(schedule),
                "by": locked.pairing_numbers,
            },
        )
    tournament.refresh_from_db()
    return created
