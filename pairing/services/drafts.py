"""Changing a draft by hand: swap colours on a board, exchange two boards' opponents.

Both lock the draft, make the change, re-check the whole round with the engine's independent
checker, store the round's current violations and return a :class:`HandEdit`: the absolute rules
the change newly breaks (:class:`RuleBroken`), and the relative criteria the edited draft gives up
compared with the engine's own pairing (``pairing.engine.edits.edit_costs``: "both players now get
the colour they did not want (C12)"). The round's explanation records that it was edited by hand
and what the edits gave up, so the page stops describing the engine's pairing as it stands.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext

from core.errors import ConflictError, ValidationFailed
from pairing import adapters
from pairing.engine.edits import edit_costs, edited_notes
from pairing.engine.types import Board as EngineBoard
from pairing.engine.types import FloatNote, PairingResult
from pairing.services.execute import violation_key, violations_json
from pairing.services.swiss import current_check, locked_draft, require_arbiter
from tournaments.models import Board, Participant, Round
from tournaments.services.audit import audit_record
from tournaments.services.versions import tournament_changed

CHANGED_MEANWHILE = "Someone else changed this draft at the same moment; reload the page and check it."


@dataclass(frozen=True, slots=True)
class RuleBroken:
    """A rule a hand-made change breaks: the checker's rule name, its message, who is concerned."""

    rule: str
    message: str
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HandEdit:
    """What one hand edit did: absolute rules newly broken, relative criteria given up (cumulative:
    the edited draft against the engine's pairing)."""

    broken: list[RuleBroken]
    given_up: list[RuleBroken]
    compared: bool
    """False when the engine's pairing is not on record (a draft made before it was kept)."""


def _given_up(rnd: Round, request: Any) -> tuple[list[dict[str, Any]], bool]:
    """The criteria the current boards give up against the engine's pairing, as stored dicts; and
    the round's explanation gets board notes and floats that describe the boards as they stand."""
    explanation = rnd.explanation or {}
    if "engine_boards" not in explanation:
        return [], False
    engine = PairingResult(
        boards=tuple(EngineBoard(number=n, white=w, black=b) for n, w, b in explanation["engine_boards"]),
        bye=explanation.get("engine_bye"),
    )
    edited = PairingResult(
        boards=tuple(
            EngineBoard(number=b.number, white=b.white_id, black=b.black_id)
            for b in Board.objects.filter(round=rnd).order_by("number")
        ),
        bye=explanation.get("engine_bye"),
    )
    costs = edit_costs(request, engine, edited)
    # The engine's own notes, kept from the first edit on, so each edit starts from them.
    engine_notes = explanation.setdefault(
        "engine_notes", {"boards": explanation.get("boards", []), "floats": explanation.get("floats", [])}
    )
    engine_floats = tuple(FloatNote(**f) for f in engine_notes["floats"])
    boards, floats = edited_notes(request, engine, edited, engine_floats)
    explanation["boards"] = [asdict(note) for note in boards]
    explanation["floats"] = [asdict(note) for note in floats]
    return [{"rule": c.rule, "message": c.message, "participants": list(c.participants)} for c in costs], True


def _names(rnd: Round) -> dict[int, str]:
    return dict(Participant.objects.filter(tournament=rnd.tournament).values_list("pk", "name"))


def _manual_change(
    rnd: Round, change: Callable[[], None], *, user: Any, action: str, detail: dict[str, Any]
) -> HandEdit:
    before = {violation_key(v) for v in current_check(rnd)}
    change()
    after = current_check(rnd)
    names = _names(rnd)
    new = [v for v in after if violation_key(v) not in before]
    rnd.violations = violations_json(after, names)
    rnd.explanation = dict(rnd.explanation or {})
    given_up, compared = _given_up(rnd, adapters.pairing_request_for_round(rnd.tournament, rnd.number))
    rnd.explanation = {**rnd.explanation, "hand_edited": True, "given_up": given_up}
    rnd.save(update_fields=["violations", "explanation"])
    tournament_changed(rnd.tournament_id)
    audit_record(
        tournament=rnd.tournament,
        user=user,
        action=action,
        obj=rnd,
        after={**detail, "breaks": [v.rule for v in new], "gives_up": [g["rule"] for g in given_up]},
    )
    return HandEdit(
        broken=[
            RuleBroken(
                rule=v.rule, message=v.message, names=tuple(names.get(pk, str(pk)) for pk in v.participants)
            )
            for v in new
        ],
        given_up=[
            RuleBroken(
                rule=g["rule"],
                message=g["message"],
                names=tuple(names.get(pk, str(pk)) for pk in g["participants"]),
            )
            for g in given_up
        ],
        compared=compared,
    )


def board_swap_colours(*, board: Board, user: Any) -> HandEdit:
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


def boards_exchange_opponents(*, board_a: Board, board_b: Board, user: Any) -> HandEdit:
    """Give the two boards' Black players to each other (a draft only); returns newly broken rules."""
    rnd = board_a.round
    require_arbiter(user, rnd.tournament)
    if board_a.pk == board_b.pk or board_a.round_id != board_b.round_id:
        raise ValidationFailed(gettext("Choose two different boards of the same round."))
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
