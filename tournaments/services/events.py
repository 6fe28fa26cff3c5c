"""Events: one name, one venue, one public link, one or more sections (each a full tournament).

* ``event_create(*, user, club=None, name, place="", start_date=None, end_date=None,
  one_section_per_player=True) -> Event``: the creator becomes the event's organiser.
* ``section_add(*, event, user, **settings) -> Tournament``: a new section (``tournament_create``
  with ``event``): event organisers only.
* ``event_role_grant`` / ``event_role_revoke``: the event's organisers and chief arbiters (who act
  on every section). Deputy arbiters are section roles (``role_grant`` on the section).
* ``sections_suggested(event, rating, birth_year) -> list[Tournament]``: the sections whose band
  (and age limit) admit the player, in section order.
* ``event_register(*, event, user, section=None, **fields) -> Registered``: the desk. Without a
  section the first suggested one is taken. Refuses a player already in another section unless
  the organiser allows it (``one_section_per_player``).
* ``participant_move(*, participant, section, user) -> Participant``: before either section's
  round 1 is paired, an entry moves to another section of the event (audited in both).
* ``event_import_csv(*, event, user, text, commit) -> EventImport``: one list for the whole event;
  each row goes to the section it names (a ``section`` column) or that its rating band suggests;
  all rows of every section or none.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from clubs.models import Club
from core.errors import NotAllowedError, ValidationFailed
from tournaments.models import Event, EventRole, ForbiddenPair, Participant, Round, RoundBye, Tournament
from tournaments.permissions import (
    can_arbitrate,
    can_create_in_club,
    require_arbiter,
    require_event_organiser,
    require_not_archived,
)
from tournaments.services.audit import audit_record
from tournaments.services.locks import tournament_lock
from tournaments.services.participants.csv_import import ImportPreview, parse_csv, participants_import_csv
from tournaments.services.participants.numbers import pairing_number_insert, pairing_numbers_assign
from tournaments.services.participants.registration import (
    DUPLICATE_FIELDS,
    Registered,
    clean_participant_fields,
    duplicate_error,
    participant_register,
)
from tournaments.services.participants.state import participant_snapshot
from tournaments.services.tournaments import tournament_create
from tournaments.services.versions import tournament_changed
from tournaments.text import TextProblem, clean_line, same_name_key

EVENT_FIELDS = ("name", "place", "start_date", "end_date", "one_section_per_player")


def _event_fields(fields: dict[str, Any]) -> dict[str, Any]:
    unknown = set(fields) - set(EVENT_FIELDS)
    if unknown:
        raise ValidationFailed(_("Unknown event fields: %(names)s.") % {"names": ", ".join(sorted(unknown))})
    cleaned = dict(fields)
    errors: dict[str, list[str]] = {}
    for name, label in (("name", _("The event's name")), ("place", _("The place"))):
        if name in cleaned or name == "name":
            try:
                cleaned[name] = clean_line(
                    cleaned.get(name), label=label, max_length=150, required=name == "name"
                )
            except TextProblem as exc:
                errors[name] = [str(exc)]
    start, end = cleaned.get("start_date"), cleaned.get("end_date")
    if start and end and end < start:
        errors["end_date"] = [_("The event cannot end before it starts.")]
    if errors:
        raise ValidationFailed(" ".join(m for ms in errors.values() for m in ms), errors=errors)
    return cleaned


def event_create(*, user: Any, club: Club | None = None, **fields: Any) -> Event:
    """A new event with no section yet; the creator becomes its organiser."""
    if not getattr(user, "is_authenticated", False):
        raise NotAllowedError(_("Log in to create an event."))
    if club is not None and not can_create_in_club(user, club):
        raise NotAllowedError(
            _("Only the owners and organisers of %(club)s can create its events.") % {"club": club.name}
        )
    cleaned = _event_fields(fields)
    with transaction.atomic():
        event = Event.objects.create(club=club, created_by=user, **cleaned)
        EventRole.objects.create(event=event, user=user, role=EventRole.Role.ORGANISER)
    return event


def event_update(*, event: Event, user: Any, **fields: Any) -> Event:
    require_event_organiser(user, event, to=_("change the event"))
    cleaned = _event_fields(fields)
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).update(**cleaned)
    event.refresh_from_db()
    return event


def section_add(*, event: Event, user: Any, **settings: Any) -> Tournament:
    """A new section of the event (see ``tournament_create``)."""
    return tournament_create(user=user, event=event, **settings)


def event_role_grant(*, event: Event, user: Any, username: str, role: str) -> EventRole:
    """Make a user an organiser or the chief arbiter of every section (event organisers only)."""
    from django.contrib.auth import get_user_model

    require_event_organiser(user, event, to=_("choose the event's staff"))
    if role not in EventRole.Role.values:
        raise ValidationFailed(_("Unknown role %(role)r.") % {"role": role})
    member = get_user_model().objects.filter(username=str(username).strip()).first()
    if member is None:
        raise ValidationFailed(_("No user is called %(name)s.") % {"name": username})
    with transaction.atomic():
        granted, _created = EventRole.objects.update_or_create(
            event=event, user=member, defaults={"role": role}
        )
    return granted


def event_role_revoke(*, event: Event, user: Any, role_id: int) -> None:
    require_event_organiser(user, event, to=_("choose the event's staff"))
    with transaction.atomic():
        leaving = EventRole.objects.select_for_update().filter(event=event, pk=role_id).first()
        if leaving is None:
            raise ValidationFailed(_("That role no longer exists."))
        organisers = EventRole.objects.filter(event=event, role=EventRole.Role.ORGANISER).exclude(
            pk=leaving.pk
        )
        if leaving.role == EventRole.Role.ORGANISER and not organisers.exists():
            raise ValidationFailed(_("An event keeps at least one organiser."))
        leaving.delete()


def _age_in(event: Event, birth_year: int | None) -> int | None:
    if birth_year is None:
        return None
    year = (event.start_date or datetime.date.today()).year
    return year - birth_year


def section_admits(section: Tournament, rating: int, age: int | None) -> bool:
    """Does the section's band (and age limit) admit a player of this rating and age?"""
    if section.band_min_rating is not None and rating < section.band_min_rating:
        return False
    if section.band_max_rating is not None and rating >= section.band_max_rating:
        return False
    if section.max_age is not None and (age is None or age > section.max_age):
        return False
    return True


def sections_suggested(event: Event, rating: int, birth_year: int | None = None) -> list[Tournament]:
    """The sections that admit the player, junior sections first when the player may enter one
    (a junior who could also play an open is suggested the junior section first)."""
    age = _age_in(event, birth_year)
    sections = [s for s in event.sections.order_by("section_order", "pk") if section_admits(s, rating, age)]
    return sorted(sections, key=lambda s: s.max_age is None)


def _already_in_event(
    event: Event, values: dict[str, Any], *, exclude_section: int | None = None
) -> str | None:
    """The section another entry of this player is in (:func:`duplicate_error`'s rule: the same
    FIDE id, or the same name, rating and club), or ``None``."""
    others = Participant.objects.filter(tournament__event=event).exclude(tournament_id=exclude_section)
    values = {"fide_id": "", "club_name": "", "rating": 0, **values}
    for other in others.values(*DUPLICATE_FIELDS, "tournament__name").iterator():
        if duplicate_error(values, other):
            return other["tournament__name"]
    return None


def _section_of(event: Event, section: Tournament | int | None) -> Tournament | None:
    if section is None or isinstance(section, Tournament) and section.event_id == event.pk:
        return section  # type: ignore[return-value]
    found = event.sections.filter(pk=getattr(section, "pk", section)).first()
    if found is None:
        raise ValidationFailed(_("That section is not part of this event."))
    return found


def event_register(
    *, event: Event, user: Any, section: Tournament | int | None = None, **fields: Any
) -> Registered:
    """Register one player at the event's desk (see the module docstring)."""
    values, errors = clean_participant_fields(fields)
    if errors:
        raise ValidationFailed(" ".join(errors))
    chosen = _section_of(event, section)
    if chosen is None:
        suggested = sections_suggested(event, values["rating"], values.get("birth_year"))
        if not suggested:
            raise ValidationFailed(
                _("No section's rating band admits %(name)s (rating %(rating)s): choose the section.")
                % {"name": values["name"], "rating": values["rating"]}
            )
        chosen = suggested[0]
    require_arbiter(user, chosen, to=_("register players in %(section)s") % {"section": chosen.name})
    # The one-section-per-player rule is the registration's own (every desk of the event keeps it).
    return participant_register(tournament=chosen, user=user, **fields)


def participant_move(*, participant: Participant, section: Tournament | int, user: Any) -> Participant:
    """Move an entry to another section of its event, before either section's round 1."""
    source = participant.tournament
    event = source.event
    target = _section_of(event, section)
    assert target is not None
    if target.pk == source.pk:
        raise ValidationFailed(
            _("%(name)s is already in %(section)s.") % {"name": participant.name, "section": source.name}
        )
    for tournament in (source, target):
        require_arbiter(user, tournament, to=_("move players between sections"))
    with transaction.atomic():
        first, second = sorted((source.pk, target.pk))
        locked = {first: tournament_lock(first), second: tournament_lock(second)}
        for pk in (source.pk, target.pk):
            require_not_archived(locked[pk])
            if Round.objects.filter(tournament_id=pk).exists():
                raise ValidationFailed(
                    _(
                        "%(section)s has started (round 1 is paired): %(name)s can no longer move. Withdraw "
                        "the entry and register the player as a late entry in the other section instead."
                    )
                    % {"section": locked[pk].name, "name": participant.name}
                )
        moving = Participant.objects.select_for_update().get(pk=participant.pk, tournament_id=source.pk)
        before = participant_snapshot(moving)
        values = {f: getattr(moving, f) for f in DUPLICATE_FIELDS}
        where = _already_in_event(event, values, exclude_section=source.pk)
        if where and where == target.name:
            raise ValidationFailed(
                _("%(name)s is already entered in %(section)s.") % {"name": moving.name, "section": where}
            )
        # Requested byes and keep-apart pairs belong to the section's schedule: they stay behind.
        RoundBye.objects.filter(participant=moving).delete()
        ForbiddenPair.objects.filter(Q(first=moving) | Q(second=moving)).delete()
        moving.tournament = locked[target.pk]
        moving.pairing_number = None
        moving.save(update_fields=["tournament", "pairing_number"])
        pairing_numbers_assign(locked[source.pk])
        pairing_number_insert(locked[target.pk], moving)
        for pk, action in ((source.pk, "participant_move_out"), (target.pk, "participant_move_in")):
            tournament_changed(pk)
            audit_record(
                tournament=locked[pk],
                user=user,
                action=action,
                obj=moving,
                before={**before, "section": source.name},
                after={**participant_snapshot(moving), "section": target.name},
            )
    return moving


@dataclass
class EventImport:
    """An event's CSV import: every row with the section it goes to, and each section's preview."""

    sections: dict[int, ImportPreview] = field(default_factory=dict)
    placed: list[tuple[int, str, str]] = field(default_factory=list)
    """(line, name, section name) for every row, in file order."""
    errors: list[str] = field(default_factory=list)
    saved: bool = False

    @property
    def ok(self) -> bool:
        return not self.errors and all(p.ok for p in self.sections.values())


def _section_by_name(event: Event, name: str) -> Tournament | None:
    wanted = same_name_key(name)
    for section in event.sections.all():
        if same_name_key(section.name) == wanted:
            return section
    return None


def event_import_csv(*, event: Event, user: Any, text: str, commit: bool) -> EventImport:
    """Check (and with ``commit``, save) one list for the whole event; all rows or none."""

    result = EventImport()
    parsed = parse_csv(text)
    result.errors.extend(parsed.errors)
    lines_by_section: dict[int, list[int]] = {}
    for row in parsed.rows:
        if row.section:
            section = _section_by_name(event, row.section)
            if section is None:
                result.errors.append(
                    _("Line %(line)s: no section is called %(name)s.")
                    % {"line": row.line, "name": row.section}
                )
                continue
        else:
            suggested = sections_suggested(event, row.values["rating"], row.values.get("birth_year"))
            if not suggested:
                result.errors.append(
                    _("Line %(line)s: no section's rating band admits %(name)s; add a section column.")
                    % {"line": row.line, "name": row.values["name"]}
                )
                continue
            section = suggested[0]
        if not can_arbitrate(user, section):
            raise NotAllowedError(
                _("You cannot register players in %(section)s.") % {"section": section.name}
            )
        lines_by_section.setdefault(section.pk, []).append(row.line)
        result.placed.append((row.line, row.values["name"], section.name))
    if result.errors:
        return result
    rows_by_line = {row.line: row for row in parsed.rows}
    with transaction.atomic():
        for pk in sorted(lines_by_section):
            section = Tournament.objects.get(pk=pk)
            part = [rows_by_line[line] for line in lines_by_section[pk]]
            text_part = _as_csv(part)
            result.sections[pk] = participants_import_csv(
                tournament=section, user=user, text=text_part, commit=False
            )
        if not commit or not result.ok:
            return result
        for pk in sorted(lines_by_section):
            section = Tournament.objects.get(pk=pk)
            preview = participants_import_csv(
                tournament=section,
                user=user,
                text=_as_csv([rows_by_line[n] for n in lines_by_section[pk]]),
                commit=True,
            )
            result.sections[pk] = preview
            if not preview.saved:
                transaction.set_rollback(True)
                return result
        result.saved = True
    return result


def _as_csv(rows: list[Any]) -> str:
    """Rows already read, written back as a CSV with a header, for one section's import."""
    import csv
    import io

    columns = [*Participant.ENTRY_FIELDS, "email", "birth_year"]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["name", "rating", "title", "federation", "fide id", "club", "email", "birth year"])
    for row in rows:
        writer.writerow(["" if row.values.get(c) is None else row.values.get(c) for c in columns])
    return out.getvalue()


def event_register_listed(
    *,
    event: Event,
    user: Any,
    roster_player_id: Any = None,
    fide_id: Any = None,
    section: Tournament | int | None = None,
) -> Registered:
    """The desk's search: a player of the club's roster or of the FIDE rating list, entered into
    the section chosen or the one the bands suggest for their rating (as ``event_register``)."""
    from clubs.models import RosterPlayer
    from ratings.selectors import rated_player_get
    from tournaments.services.participants.roster import listed_fields, roster_fields

    if roster_player_id is not None:
        key = str(roster_player_id)
        player = (
            RosterPlayer.objects.select_related("club").filter(club_id=event.club_id, pk=int(key)).first()
            if event.club_id and key.isascii() and key.isdigit()
            else None
        )
        if player is None:
            raise ValidationFailed(_("That player is not on the club's roster."))
        fields = roster_fields(player)
    else:
        key = str(fide_id or "")
        rated = (
            rated_player_get(fide_id=int(key)) if key.isascii() and key.isdigit() and len(key) < 13 else None
        )
        if rated is None:
            raise ValidationFailed(
                _("No player with FIDE id %(fide_id)s in the rating list.") % {"fide_id": key}
            )
        fields = listed_fields(rated)
    return event_register(event=event, user=user, section=section, **fields)
