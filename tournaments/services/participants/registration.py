"""Registration: entering one participant, before round 1 or as a late entry.

* ``participant_register(*, tournament, user, name, rating=0, title="", federation="",
  fide_id="", club_name="", email="") -> Registered``. Once round 1 is paired this is a late
  entry (``late_entry``). ``Registered`` holds the new participant and ``numbers_moved``: the other
  players' pairing numbers the newcomer shifted, in words ("pairing numbers 7-23 moved down by
  one"), or "".
* ``late_entry(*, tournament, user, joined_round=None, **fields) -> Registered``: after round 1
  (Swiss only). The entrant misses the rounds before ``joined_round`` (default: the next round not
  yet published), each recorded as ``RoundBye(kind=late)`` worth zero, or a draw's points when the
  organiser chose half a point per missed round. The Baku GA boundary stays with the same last GA
  participant, so an entrant ranked above them joins GA.
* ``clean_participant_fields(raw) -> (values, errors)``: the one validation of typed-in fields,
  shared with the CSV import.
* ``duplicate_error(values, other)``: the one rule for "this player is already registered" (the
  same FIDE id, or the same name, rating and club); namesakes who differ may both enter.

Every function checks ``can_arbitrate`` (organisers and arbiters run the registration desk),
writes in one transaction and records the change in the audit log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from core.errors import ValidationFailed
from tournaments.models import Event, Participant, Round, RoundBye, Tournament
from tournaments.permissions import require_arbiter
from tournaments.services.audit import audit_record
from tournaments.services.locks import tournament_lock
from tournaments.services.participants.numbers import TITLE_ORDER, moves_described, pairing_number_insert
from tournaments.services.participants.state import last_published_number, participant_snapshot
from tournaments.services.versions import tournament_changed
from tournaments.text import TextProblem, clean_line, same_name_key

TO_CHANGE_PARTICIPANTS = "change its participants"
DUPLICATE_FIELDS = ("name", "rating", "club_name", "fide_id")


@dataclass(frozen=True, slots=True)
class Registered:
    """What registering one participant did."""

    participant: Participant
    numbers_moved: str
    """The other players' pairing numbers the newcomer shifted, in words, or ""."""


def clean_participant_fields(raw: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Normalise one participant's fields; return (values, error messages)."""
    errors: list[str] = []
    if any("\x00" in str(value) for value in raw.values() if value is not None):
        # PostgreSQL cannot store it (the insert would fail); usually a binary file pasted as CSV.
        errors.append("The row contains a NUL character; is it a binary file rather than CSV?")
    name = _line(raw.get("name"), "Name", 100, errors, required=True)
    rating_text = str(raw.get("rating") if raw.get("rating") is not None else "").strip()
    rating = 0
    if rating_text:
        try:
            rating = int(rating_text)
        except ValueError:
            errors.append(f"Rating {rating_text!r} is not a whole number.")
        else:
            if not 0 <= rating <= 3500:
                errors.append(f"Rating {rating} is outside 0-3500.")
    title = str(raw.get("title") or "").strip().upper()
    if title not in TITLE_ORDER:
        errors.append(f"Title {title!r} is not one of GM, IM, WGM, FM, WIM, CM, WFM, WCM (or empty).")
    federation = str(raw.get("federation") or "").strip().upper()
    if federation and (len(federation) != 3 or not federation.isalpha()):
        errors.append(f"Federation {federation!r} should be a three-letter code such as ENG or GER.")
    fide_id = str(raw.get("fide_id") or "").strip()
    if fide_id and (not (fide_id.isascii() and fide_id.isdigit()) or len(fide_id) > 12):
        errors.append(f"FIDE id {fide_id!r} should be digits only.")
    club_name = _line(raw.get("club_name"), "Club", 100, errors)
    email = str(raw.get("email") or "").strip()
    if email:
        try:
            validate_email(email)
        except ValidationError:
            errors.append(f"E-mail {email!r} is not a valid address.")
    birth_year = None
    birth_text = str(raw.get("birth_year") if raw.get("birth_year") is not None else "").strip()
    if birth_text:
        try:
            birth_year = int(birth_text)
        except ValueError:
            errors.append(_("Birth year %(value)r is not a year.") % {"value": birth_text})
        else:
            if not 1900 <= birth_year <= 2100:
                errors.append(_("Birth year %(value)s is outside 1900-2100.") % {"value": birth_year})
                birth_year = None
    half_byes_barred = _flag(raw.get("half_byes_barred"))
    if half_byes_barred is None:
        errors.append(
            _("Barred from half-point byes %(value)r is not yes or no.")
            % {"value": raw.get("half_byes_barred")}
        )
    values = {
        "name": name,
        "rating": rating,
        "title": title,
        "federation": federation,
        "fide_id": fide_id,
        "club_name": club_name,
        "email": email,
        "birth_year": birth_year,
        "half_byes_barred": bool(half_byes_barred),
    }
    return values, errors


def _flag(value: Any) -> bool | None:
    """A yes/no field as a form, the API, a backup or a CSV cell gives it; ``None`` if it is neither."""
    if value is None or isinstance(value, bool):
        return bool(value)
    text = str(value).strip().casefold()
    if text in ("", "0", "false", "no", "n"):
        return False
    if text in ("1", "true", "yes", "y"):
        return True
    return None


def _line(value: Any, label: str, max_length: int, errors: list[str], *, required: bool = False) -> str:
    try:
        return clean_line(value, label=label, max_length=max_length, required=required)
    except TextProblem as exc:
        errors.append(str(exc))
        return ""


def duplicate_error(values: dict[str, Any], other: dict[str, Any]) -> str | None:
    """Why ``values`` would be the same player as ``other`` entered twice, or ``None``.

    The same FIDE id is one person; so is the same name with the same rating and club. Two real
    players who share a name differ in one of those, and both may enter (pages tell them apart).
    """
    if values["fide_id"] and values["fide_id"] == other["fide_id"]:
        return f"FIDE id {values['fide_id']} is already registered ({other['name']})."
    same_name = same_name_key(values["name"]) == same_name_key(other["name"])
    if (
        same_name
        and values["rating"] == other["rating"]
        and values["club_name"].casefold() == other["club_name"].casefold()
    ):
        return (
            f"{values['name']} is already registered with the same rating and club; if this is "
            "another player of that name, give their FIDE id, rating or club."
        )
    return None


def duplicate_errors(
    tournament: Tournament, values: dict[str, Any], *, exclude: int | None = None
) -> list[str]:
    others = Participant.objects.filter(tournament=tournament).exclude(pk=exclude)
    key = same_name_key(values["name"])
    candidates = (
        other
        for other in others.values(*DUPLICATE_FIELDS).iterator()
        if same_name_key(other["name"]) == key
        or (values["fide_id"] and other["fide_id"] == values["fide_id"])
    )
    found = (duplicate_error(values, other) for other in candidates)
    return [error for error in found if error][:1]


def refuse_unknown(fields: dict[str, Any]) -> None:
    unknown = set(fields) - set(Participant.EDITABLE_FIELDS)
    if unknown:
        raise ValidationFailed(
            gettext("Unknown participant fields: %(sorted)s.") % {"sorted": ", ".join(sorted(unknown))}
        )


def entered_elsewhere(tournament: Tournament, values: dict[str, Any]) -> str | None:
    """The other section of the tournament's event where this player is entered (by
    :func:`duplicate_error`'s rule), when the event allows one section per player; else ``None``.
    Locks the event's row, so two desks of one event check one at a time."""
    event = Event.objects.select_for_update().filter(pk=tournament.event_id).first()
    if event is None or not event.one_section_per_player:
        return None
    others = Participant.objects.filter(tournament__event=event).exclude(tournament_id=tournament.pk)
    key = same_name_key(values["name"])
    for other in others.values(*DUPLICATE_FIELDS, "tournament__name").iterator():
        if same_name_key(other["name"]) == key or (
            values["fide_id"] and other["fide_id"] == values["fide_id"]
        ):
            if duplicate_error(values, other):
                return other["tournament__name"]
    return None


def _new_participant_values(tournament: Tournament, fields: dict[str, Any]) -> dict[str, Any]:
    """The clean values of a newcomer, or ``ValidationFailed`` with every problem (duplicates too,
    in this section and, when the event allows one section per player, in its other sections)."""
    values, errors = clean_participant_fields(fields)
    errors += duplicate_errors(tournament, values) if not errors else []
    where = entered_elsewhere(tournament, values) if not errors else None
    if where:
        errors.append(
            _(
                "%(name)s is already entered in %(section)s; this event allows one section per player "
                "(move the entry instead)."
            )
            % {"name": values["name"], "section": where}
        )
    if errors:
        raise ValidationFailed(" ".join(errors))
    return values


def participant_register(*, tournament: Tournament, user: Any, **fields: Any) -> Registered:
    """Register one participant; after round 1 is paired this is a late entry."""
    require_arbiter(user, tournament, to=TO_CHANGE_PARTICIPANTS)
    if Round.objects.filter(tournament=tournament).exists():
        return late_entry(tournament=tournament, user=user, **fields)
    refuse_unknown(fields)
    with transaction.atomic():
        tournament_lock(tournament.pk)
        values = _new_participant_values(tournament, fields)
        participant = Participant.objects.create(tournament=tournament, **values)
        moves = pairing_number_insert(tournament, participant)
        tournament_changed(tournament.pk)
        audit_record(
            tournament=tournament,
            user=user,
            action="participant_register",
            obj=participant,
            before=None,
            after={**participant_snapshot(participant), "numbers_moved": moves_described(moves)},
        )
    return Registered(participant, moves_described(moves))


def late_entry(
    *, tournament: Tournament, user: Any, joined_round: int | None = None, **fields: Any
) -> Registered:
    """Add a participant after round 1 has been paired (see the module docstring)."""
    require_arbiter(user, tournament, to=TO_CHANGE_PARTICIPANTS)
    if (
        tournament.format == Tournament.Format.ROUND_ROBIN
        and Round.objects.filter(tournament=tournament).exists()
    ):
        raise ValidationFailed(
            gettext(
                "A round robin's schedule is fixed when it starts: every pairing was drawn up before round 1, so a late entry cannot be fitted in. Register players before starting the tournament."
            )
        )
    refuse_unknown(fields)
    with transaction.atomic():
        locked = tournament_lock(tournament.pk)
        first_open = last_published_number(locked) + 1
        joined = first_open if joined_round is None else joined_round
        if joined < first_open:
            raise ValidationFailed(
                gettext(
                    "Round %(joined)s has already been published; a late entry can join from round %(first_open)s."
                )
                % {"joined": joined, "first_open": first_open}
            )
        if joined > locked.rounds_planned:
            raise ValidationFailed(
                gettext("The tournament has %(rounds_planned)s rounds; there is no round %(joined)s to join.")
                % {"rounds_planned": locked.rounds_planned, "joined": joined}
            )
        values = _new_participant_values(locked, fields)
        participant = Participant.objects.create(tournament=locked, joined_round=joined, **values)
        half = locked.late_entry_points == Tournament.LateEntryPoints.HALF
        RoundBye.objects.bulk_create(
            RoundBye(
                tournament=locked,
                participant=participant,
                round_number=n,
                kind=RoundBye.Kind.LATE_ENTRY,
                points=locked.draw_points if half else 0,
            )
            for n in range(1, joined)
        )
        moves = pairing_number_insert(locked, participant)
        tournament_changed(locked.pk)
        audit_record(
            tournament=locked,
            user=user,
            action="participant_late_entry",
            obj=participant,
            before=None,
            after={
                **participant_snapshot(participant),
                "missed_rounds": list(range(1, joined)),
                "half_points": half,
                "numbers_moved": moves_described(moves),
            },
        )
    return Registered(participant, moves_described(moves))
