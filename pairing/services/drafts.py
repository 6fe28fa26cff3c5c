"""Changing a draft by hand: swap colours on a board, exchange two boards' opponents.

Both lock the draft, make the change, re-check the whole round with the engine's independent
checker, store the round's current violations and return the rules the change newly breaks as
:class:`RuleBroken` values (an empty list: the pairing still keeps every rule).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F

from pairing.services.swiss import (
    current_check,
    locked_draft,
    require_arbiter,
    violation_key,
    violations_json,
)
from tournaments.models import Board, Participant, Round
from tournaments.services.audit import audit_record
from tournaments.services.errors import ConflictError, ValidationFailed
from tournaments.services.versions import tournament_changed

CHANGED_MEANWHILE = "Someone else changed this draft at the same moment; reload the page and check it."


@dataclass(frozen=True, slots=True)
class RuleBroken:
    """A rule a hand-made change breaks: the checker's rule name, its message, who is concerned."""

    rule: str
    message: str
    names: tuple[str, ...]


def _names(rnd: Round) -> dict[int, str]:
    return dict(Participant.objects.filter(tournament=rnd.tournament).values_list("pk", "name"))


def _manual_change(
    rnd: Round, change: Callable[[], None], *, user: Any, action: str, detail: dict[str, Any]
) -> list[RuleBroken]:
    before = {violation_key(v) for v in current_check(rnd)}
    change()
    after = current_check(rnd)
    names = _names(rnd)
    new = [v for v in after if violation_key(v) not in before]
    rnd.violations = violations_json(after, names)
    rnd.save(update_fields=["violations"])
    tournament_changed(rnd.tournament_id)
    audit_record(
        tournament=rnd.tournament,
        user=user,
        action=action,
        obj=rnd,
        after={**detail, "breaks": [v.rule for v in new]},
    )
    return [
        RuleBroken(
            rule=v.rule, message=v.message, names=tuple(names.get(pk, str(pk)) for pk in v.participants)
        )
        for v in new
    ]


def board_swap_colours(*, board: Board, user: Any) -> list[RuleBroken]:
    """Swap the colours on one board of a draft; returns the rules the change newly breaks."""
    rnd = board.round
    require_arbiter(user, rnd.tournament)
    with transaction.atomic():
        rnd = locked_draft(rnd)
        try:
            locked = Board.objects.select_for_update().get(pk=board.pk, round=rnd)
        except Board.DoesNotExist:  # an exchange of opponents recreated the board meanwhile
            raise ConflictError(CHANGED_MEANWHILE) from None

        def change() -> None:
            # One UPDATE swaps both columns, so the per-round uniqueness holds throughout.
            Board.objects.filter(pk=locked.pk).update(
                white=F("black"), black=F("white"), version=F("version") + 1
            )

        broken = _manual_change(
            rnd, change, user=user, action="board_swap_colours", detail={"board": locked.number}
        )
    board.refresh_from_db()
    return broken


def boards_exchange_opponents(*, board_a: Board, board_b: Board, user: Any) -> list[RuleBroken]:
    """Give the two boards' Black players to each other (a draft only); returns newly broken rules."""
    rnd = board_a.round
    require_arbiter(user, rnd.tournament)
    if board_a.pk == board_b.pk or board_a.round_id != board_b.round_id:
        raise ValidationFailed("Choose two different boards of the same round.")
    with transaction.atomic():
        rnd = locked_draft(rnd)
        try:
            a = Board.objects.select_for_update().get(pk=board_a.pk, round=rnd)
            b = Board.objects.select_for_update().get(pk=board_b.pk, round=rnd)
        except Board.DoesNotExist:  # the same exchange (a double click) recreated the boards first
            raise ConflictError(CHANGED_MEANWHILE) from None

        def change() -> None:
            # Delete and recreate: swapping Black players row by row would break "black once per round".
            pairs = [(a.number, a.white_id, b.black_id), (b.number, b.white_id, a.black_id)]
            Board.objects.filter(pk__in=[a.pk, b.pk]).delete()
            Board.objects.bulk_create(Board(round=rnd, number=n, white_id=w, black_id=k) for n, w, k in pairs)

        return _manual_change(
            rnd,
            change,
            user=user,
            action="boards_exchange_opponents",
            detail={"boards": [a.number, b.number]},
        )
