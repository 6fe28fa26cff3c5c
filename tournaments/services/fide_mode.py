"""FIDE mode (Handbook C.02, endorsement checklist): what a FIDE-rated tournament may not do.

A tournament is in FIDE mode from its creation. In FIDE mode:

* results may be corrected in the round being played and the one before it, never earlier
  (``results.result_record_by_id`` asks ``correction_allowed``); an older result that was wrong
  for the rating report only is recorded apart (``rating_report_correction_record``): standings
  and pairings keep the result the rounds were paired on, the TRF export writes the corrected one
  and names it in a ``###`` comment;
* changing the tie-break list after the start takes a written reason and is recorded
  (``tiebreaks_change``, in the TRF as ``###`` too);
* every drawing of lots comes from the stored seed (``Tournament.lots_seed``), so it can be
  repeated; the TRF says the seed.

* ``fide_mode_leave(*, tournament, user, reason, first_warning, second_warning)``: organisers
  only; both warnings must have been acknowledged; final (nothing turns it back on); recorded in
  the audit log and as a ``###`` comment in every TRF written afterwards.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import ValidationFailed
from tournaments.models import Board, RatingReportCorrection, Round, Tournament
from tournaments.permissions import require_arbiter, require_organiser
from tournaments.services.audit import audit_record
from tournaments.services.locks import tournament_lock
from tournaments.services.versions import tournament_changed
from tournaments.text import TextProblem, clean_line

LEAVE_WARNINGS = (
    gettext_lazy(
        "Leaving FIDE mode means this tournament can no longer be submitted for FIDE rating as an "
        "endorsed program's work: the checks FIDE requires stop applying."
    ),
    gettext_lazy("Leaving FIDE mode is final: it cannot be turned back on, and every TRF file will say so."),
)


def correction_allowed(tournament: Tournament, later_rounds: int) -> bool:
    """May a result be corrected when ``later_rounds`` rounds have been paired after its round?
    In FIDE mode only the previous round's (one later round at most)."""
    return not tournament.fide_mode or later_rounds <= 1


def fide_mode_leave(
    *, tournament: Tournament, user: Any, reason: str, first_warning: bool, second_warning: bool
) -> Tournament:
    require_organiser(user, tournament, to=_("leave FIDE mode"))
    if not (first_warning and second_warning):
        raise ValidationFailed(
            _("Read and tick both warnings to leave FIDE mode."),
            errors={"first_warning" if not first_warning else "second_warning": [_("Tick this warning.")]},
        )
    try:
        reason = clean_line(reason, label=_("The reason"), max_length=300, required=True)
    except TextProblem as exc:
        raise ValidationFailed(str(exc), errors={"reason": [str(exc)]}) from None
    with transaction.atomic():
        locked = tournament_lock(tournament.pk)
        if not locked.fide_mode:
            raise ValidationFailed(_("This tournament has already left FIDE mode."))
        locked.fide_mode = False
        locked.fide_mode_left_at = timezone.now()
        locked.fide_mode_left_reason = reason
        locked.save(update_fields=["fide_mode", "fide_mode_left_at", "fide_mode_left_reason"])
        audit_record(
            tournament=locked,
            user=user,
            action="fide_mode_left",
            obj=locked,
            before={"fide_mode": True},
            after={"fide_mode": False, "reason": reason},
        )
    tournament.refresh_from_db()
    return tournament


def rating_report_correction_record(
    *, board: Board, user: Any, result: str, reason: str
) -> RatingReportCorrection:
    """Record a result for the rating report only (see the module docstring)."""
    tournament = board.round.tournament
    require_arbiter(user, tournament, to=_("correct results for the rating report"))
    if result not in Board.Result.values or result == Board.Result.PENDING:
        raise ValidationFailed(_("%(result)r is not a result.") % {"result": result})
    try:
        reason = clean_line(reason, label=_("The reason"), max_length=300, required=True)
    except TextProblem as exc:
        raise ValidationFailed(str(exc), errors={"reason": [str(exc)]}) from None
    with transaction.atomic():
        tournament_lock(tournament.pk)
        locked = Board.objects.select_related("round").get(pk=board.pk)
        if locked.round.status != Round.Status.FINISHED:
            raise ValidationFailed(
                _("Only a finished round's results can be corrected for the rating report.")
            )
        if locked.result == result:
            raise ValidationFailed(_("The board already shows this result: there is nothing to correct."))
        correction, _created = RatingReportCorrection.objects.update_or_create(
            board=locked,
            defaults={"tournament": tournament, "result": result, "reason": reason, "recorded_by": user},
        )
        audit_record(
            tournament=tournament,
            user=user,
            action="rating_report_correction",
            obj=locked,
            before={"result": locked.result, "round": locked.round.number, "board": locked.number},
            after={"rating_report_result": result, "reason": reason},
        )
    return correction


def rating_changes_show(*, tournament: Tournament, user: Any, show: bool) -> Tournament:
    """Show or hide the estimated rating changes on the public pages (organisers)."""
    require_organiser(user, tournament, to=_("choose what the public pages show"))
    with transaction.atomic():
        locked = tournament_lock(tournament.pk)
        if locked.show_rating_changes != show:
            locked.show_rating_changes = show
            locked.save(update_fields=["show_rating_changes"])
            tournament_changed(locked.pk)
            audit_record(
                tournament=locked,
                user=user,
                action="rating_changes_shown" if show else "rating_changes_hidden",
                obj=locked,
                before={"show_rating_changes": not show},
                after={"show_rating_changes": show},
            )
    tournament.refresh_from_db()
    return tournament
