"""Check-in: players say they are here before a round, and those who have not are absent.

The round a section checks in for is its first round not yet published. The event's rule says
whether a player checks in before every round (``every``) or once (``once``: a check-in counts
for that round and every later one; a player who never checked in stays absent).

* ``check_in(*, participant, via, user=None) -> CheckedIn``: from the personal link, the desk
  tablet, or by the arbiter (the override: paired although they did not check in themselves).
  A late check-in still counts while its round is not published: the absence the check-in step
  recorded is cancelled (``bye_cancel``, in the name of the organiser who set the rule up), and
  a draft already made must be paired again (the rounds page says so).
* ``check_in_undo(*, participant, user)``: the arbiter takes a check-in back.
* ``absences_before_pairing(tournament, user) -> list[str]``: the pairing button's step (the hook
  ``tournaments.views.hooks.pre_pair_register``): every player expected in the round who has not
  checked in is marked absent (``absence_mark``), so the pairing leaves them out.
* ``desk_unlock(*, event, code, address) -> bool``: the desk tablet's code (rate-limited per address).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.errors import NotAllowedError, ValidationFailed
from core.ratelimit import count_in_window
from entries.models import CheckIn, CheckInAbsence, EntrySettings
from entries.tokens import desk_code_hash
from tournaments.models import Board, Event, Participant, Round, RoundBye, Tournament
from tournaments.permissions import can_arbitrate
from tournaments.services.participants.byes import absence_mark, bye_cancel
from tournaments.services.participants.state import last_published_number

DESK_TRIES = 10
DESK_WINDOW_SECONDS = 15 * 60


@dataclass(frozen=True)
class CheckedIn:
    check_in: CheckIn
    absence_cancelled: bool
    """A late check-in: the absence recorded for the round was taken back."""
    draft_needs_repair: bool
    """The round is already a draft without the player: the arbiter pairs it again."""


def rule_of(event_id: int) -> str:
    return (
        EntrySettings.objects.filter(event_id=event_id).values_list("check_in", flat=True).first()
        or EntrySettings.CheckInRule.OFF
    )


def check_in_round(section: Tournament) -> int | None:
    """The round the section checks in for, or ``None`` (no check-in, a round robin, or done)."""
    if (
        section.format != Tournament.Format.SWISS
        or rule_of(section.event_id) == EntrySettings.CheckInRule.OFF
    ):
        return None
    number = last_published_number(section) + 1
    return number if number <= section.rounds_planned else None


def expected(section: Tournament, number: int) -> list[Participant]:
    """Who would be paired in round ``number``: active (or withdrawing later), joined by then, and
    without a bye or absence for it other than the one the check-in step recorded."""
    ours = CheckInAbsence.objects.filter(round_number=number).values("bye_id")
    excused = RoundBye.objects.filter(tournament=section, round_number=number).exclude(pk__in=ours)
    return list(
        Participant.objects.filter(tournament=section, joined_round__lte=number)
        .filter(Q(status=Participant.Status.ACTIVE) | Q(withdrawn_from_round__gt=number))
        .exclude(pk__in=excused.values("participant_id"))
        .order_by("name", "pk")
    )


def checked_in_ids(section: Tournament, number: int, rule: str | None = None) -> set[int]:
    rule = rule or rule_of(section.event_id)
    found = CheckIn.objects.filter(participant__tournament=section)
    found = (
        found.filter(round_number__lte=number)
        if rule == EntrySettings.CheckInRule.ONCE
        else found.filter(round_number=number)
    )
    return set(found.values_list("participant_id", flat=True))


def _acting_user(event_id: int, user: Any) -> Any:
    """Who the byes service records a player's own late check-in under: the organiser who set
    the rule up (a player has no account), or the arbiter acting."""
    if user is not None and getattr(user, "is_authenticated", False):
        return user
    return EntrySettings.objects.filter(event_id=event_id).select_related("acting_user").first().acting_user


def check_in(*, participant: Participant, via: str, user: Any = None) -> CheckedIn:
    """Record that the participant is here for the section's check-in round (see the module doc)."""
    section = participant.tournament
    if via == CheckIn.Via.ARBITER and not can_arbitrate(user, section):
        raise NotAllowedError(_("Only the section's arbiters can check players in."))
    number = check_in_round(section)
    if number is None:
        raise ValidationFailed(_("There is no check-in for %(section)s now.") % {"section": section.name})
    if participant.pk not in {p.pk for p in expected(section, number)}:
        raise ValidationFailed(
            _("%(name)s is not expected in round %(number)s (a bye, or withdrawn).")
            % {"name": participant.name, "number": number}
        )
    with transaction.atomic():
        done, _created = CheckIn.objects.get_or_create(
            participant=participant,
            round_number=number,
            defaults={"via": via, "by": user if getattr(user, "is_authenticated", False) else None},
        )
        cancelled = False
        for absence in CheckInAbsence.objects.select_related("bye__tournament", "bye__participant").filter(
            participant=participant, round_number__gte=number
        ):
            bye_cancel(bye=absence.bye, user=_acting_user(section.event_id, user))
            cancelled = True
        repair = (
            cancelled
            and Round.objects.filter(tournament=section, number=number, status=Round.Status.DRAFT).exists()
        )
    return CheckedIn(done, cancelled, repair)


def check_in_undo(*, participant: Participant, user: Any) -> None:
    section = participant.tournament
    if not can_arbitrate(user, section):
        raise NotAllowedError(_("Only the section's arbiters can check players in."))
    number = check_in_round(section)
    if number is not None:
        CheckIn.objects.filter(participant=participant, round_number=number).delete()


def absences_before_pairing(tournament: Tournament, user: Any) -> list[str]:
    """Mark absent every player expected in the round about to be paired who has not checked in."""
    number = check_in_round(tournament)
    if number is None:
        return []
    if Round.objects.filter(tournament=tournament, number=number, status=Round.Status.PAIRING).exists():
        return []
    if Board.objects.filter(round__tournament=tournament, round__number=number - 1, result="").exists():
        return []  # round_pair refuses anyway: nobody is marked absent for a round not yet pairable
    here = checked_in_ids(tournament, number)
    absent = [p for p in expected(tournament, number) if p.pk not in here]
    marked = []
    for participant in absent:
        if CheckInAbsence.objects.filter(participant=participant, round_number=number).exists():
            continue
        with transaction.atomic():
            recorded = absence_mark(participant=participant, round_number=number, user=user)
            CheckInAbsence.objects.create(bye=recorded.bye, participant=participant, round_number=number)
        marked.append(participant.name)
    if not marked:
        return []
    return [
        ngettext(
            "%(count)s player had not checked in for round %(number)s and is marked absent: %(names)s.",
            "%(count)s players had not checked in for round %(number)s and are marked absent: %(names)s.",
            len(marked),
        )
        % {"count": len(marked), "number": number, "names": ", ".join(marked)}
    ]


def desk_unlock(*, event: Event, code: str, address: str) -> bool:
    """Is ``code`` the event's desk code? Refused (``ValidationFailed``) after too many tries."""
    if count_in_window(f"entries-desk:{event.pk}:{address}", DESK_WINDOW_SECONDS) > DESK_TRIES:
        raise ValidationFailed(_("Too many tries: wait a quarter of an hour."))
    wanted = EntrySettings.objects.filter(event=event).values_list("desk_code_hash", flat=True).first()
    return bool(wanted) and bool(code.strip()) and desk_code_hash(event.pk, code) == wanted
