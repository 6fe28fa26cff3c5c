"""The end of a tournament's life: archive it, or delete it.

* ``tournament_archive(*, tournament, user, archived=True) -> Tournament``: organisers only. An
  archived tournament leaves the home page's list (it is shown under "Archived"); its staff pages
  and public link keep working. ``archived=False`` brings it back.
* ``tournament_delete(*, tournament, user, confirm="") -> None``: organisers only. A tournament
  whose rounds were never published (a demo, a test, a mistake) goes at once; once a round was
  published players may hold its link, so ``confirm`` must repeat the tournament's name.
  Everything of the tournament goes with it except its audit log, whose rows stay (with no
  tournament) next to one more saying who deleted what.

Both write in one transaction under the tournament's row lock and record the change.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from core.errors import ConflictError, ValidationFailed
from tournaments.models import Board, Round, Tournament
from tournaments.permissions import require_organiser
from tournaments.services.audit import audit_record
from tournaments.services.versions import tournament_changed


def tournament_archive(*, tournament: Tournament, user: Any, archived: bool = True) -> Tournament:
    """Archive (or un-archive) a tournament; see the module docstring."""
    require_organiser(user, tournament, to="archive it", archived_ok=True)
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        before = locked.archived_at
        if archived == (before is not None):
            return locked
        locked.archived_at = timezone.now() if archived else None
        locked.save(update_fields=["archived_at", "updated_at"])
        tournament_changed(locked.pk)
        audit_record(
            tournament=locked,
            user=user,
            action="tournament_archive" if archived else "tournament_unarchive",
            obj=locked,
            before={"archived_at": before},
            after={"archived_at": locked.archived_at},
        )
    return locked


def published_rounds(tournament: Tournament) -> int:
    return Round.objects.filter(
        tournament=tournament, status__in=[Round.Status.PUBLISHED, Round.Status.FINISHED]
    ).count()


def tournament_delete(*, tournament: Tournament, user: Any, confirm: str = "") -> None:
    """Delete a tournament and everything in it; see the module docstring."""
    require_organiser(user, tournament, to="delete it", archived_ok=True)
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        if locked is None:  # a double click: the first request deleted it while this one waited
            raise ConflictError(gettext("%(name)s has just been deleted.") % {"name": tournament.name})
        published = published_rounds(locked)
        if published and confirm.strip() != locked.name:
            raise ValidationFailed(
                ngettext(
                    "%(name)s has %(published)s published round: players may hold its link. Type the tournament's name exactly to delete it, or archive it instead.",
                    "%(name)s has %(published)s published rounds: players may hold its link. Type the tournament's name exactly to delete it, or archive it instead.",
                    published,
                )
                % {"name": locked.name, "published": published}
            )
        record = {
            "id": locked.pk,
            "name": locked.name,
            "participants": locked.participants.count(),
            "rounds": locked.rounds.count(),
            "published_rounds": published,
        }
        # Boards protect their players from a stray delete; here the whole tournament goes.
        Board.objects.filter(round__tournament=locked).delete()
        locked.delete()
        audit_record(
            tournament=None, user=user, action="tournament_delete", obj=None, before=record, after=None
        )
