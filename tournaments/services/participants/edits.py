"""Correcting the registration desk's mistakes: edit a participant, delete a wrong entry.

* ``participant_update(*, participant, user, **fields) -> Updated``: change any of
  ``Participant.EDITABLE_FIELDS`` (a typo in a name, a wrong rating, a missing FIDE id), with the
  same checks as registering. Pairing numbers follow the new rating or title until they freeze.
* ``participant_delete(*, participant, user) -> str``: remove an entry that was never paired
  (no board, no pairing-allocated bye). Once someone was paired their games are part of other
  players' histories: withdraw them instead (``withdrawals``). Returns the pairing numbers that
  moved, in words, or "".

Both return ``numbers_moved`` (see ``pairing_numbers.moves_described``; ``Updated`` holds it
next to the participant), check
``can_arbitrate``, write in one transaction under the tournament's row lock and record the change
in the audit log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from core.errors import ConflictError, ValidationFailed
from core.fields import fields_set
from tournaments.models import Participant
from tournaments.permissions import require_arbiter
from tournaments.records import paired_ids
from tournaments.services.audit import audit_record
from tournaments.services.locks import tournament_lock
from tournaments.services.participants.numbers import moves_described, pairing_numbers_assign
from tournaments.services.participants.registration import (
    TO_CHANGE_PARTICIPANTS,
    clean_participant_fields,
    duplicate_errors,
    refuse_unknown,
)
from tournaments.services.versions import tournament_changed

ORDER_FIELDS = {"name", "rating", "title"}
"""The fields the initial order (and so the pairing numbers) depends on."""


@dataclass(frozen=True, slots=True)
class Updated:
    """What correcting one participant's entry did."""

    participant: Participant
    numbers_moved: str
    """The other players' pairing numbers the change shifted, in words, or ""."""


def _record(p: Participant) -> dict[str, Any]:
    return {"pairing_number": p.pairing_number, **{f: getattr(p, f) for f in Participant.EDITABLE_FIELDS}}


def participant_update(*, participant: Participant, user: Any, **fields: Any) -> Updated:
    """Change a participant's entry fields; see the module docstring."""
    require_arbiter(user, participant.tournament, to=TO_CHANGE_PARTICIPANTS)
    refuse_unknown(fields)
    with transaction.atomic():
        locked = tournament_lock(participant.tournament_id)
        p = Participant.objects.select_for_update().get(pk=participant.pk, tournament=locked)
        current = {f: getattr(p, f) for f in Participant.EDITABLE_FIELDS}
        values, errors = clean_participant_fields({**current, **fields})
        errors += duplicate_errors(locked, values, exclude=p.pk) if not errors else []
        if errors:
            raise ValidationFailed(" ".join(errors))
        changed = {f: v for f, v in values.items() if current[f] != v}
        moves = {}
        if changed:
            before = _record(p)
            p.save(update_fields=fields_set(p, changed))
            moves = pairing_numbers_assign(locked) if ORDER_FIELDS & set(changed) else {}
            p.refresh_from_db()
            tournament_changed(locked.pk)
            audit_record(
                tournament=locked,
                user=user,
                action="participant_update",
                obj=p,
                before=before,
                after={**_record(p), "numbers_moved": moves_described(moves)},
            )
    moves.pop(p.pk, None)
    return Updated(p, moves_described(moves))


def participant_delete(*, participant: Participant, user: Any) -> str:
    """Delete an entry that was never paired; see the module docstring."""
    require_arbiter(user, participant.tournament, to=TO_CHANGE_PARTICIPANTS)
    with transaction.atomic():
        locked = tournament_lock(participant.tournament_id)
        p = Participant.objects.select_for_update().filter(pk=participant.pk, tournament=locked).first()
        if p is None:  # a double click: the first request deleted it while this one waited
            raise ConflictError(gettext("%(name)s has just been deleted.") % {"name": participant.name})
        if p.pk in paired_ids(locked):
            raise ValidationFailed(
                gettext(
                    "%(name)s has been paired, so their games are part of other players' records: withdraw them instead (their games stand, and a withdrawal can be undone)."
                )
                % {"name": p.name}
            )
        before = {**_record(p), "byes": list(p.byes.values_list("round_number", "kind"))}
        p.delete()
        p.pk = participant.pk  # Django clears it on delete; the audit row names the deleted entry.
        moves = pairing_numbers_assign(locked)
        tournament_changed(locked.pk)
        audit_record(
            tournament=locked,
            user=user,
            action="participant_delete",
            obj=p,
            before=before,
            after={"numbers_moved": moves_described(moves)},
        )
    return moves_described(moves)
