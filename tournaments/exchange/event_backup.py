"""A whole event in one JSON file: the event, and each section's tournament backup with its band.

Team competitions are not in it (the file says so in ``not_included``): this module stands below the
``teams`` app and cannot read them; each competition's page offers its own JSON backup and restore
(``teams.exchange``).

* ``event_export(event) -> dict``: what ``/e/<id>/backup.json`` serves.
* ``event_import(*, data, owner) -> Event``: restore it as a new event organised by ``owner``,
  all sections or none: a section the tournament backup reader refuses undoes every other, and
  the message names the section.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import ValidationFailed
from tournaments.exchange.json_backup import json_export, json_import
from tournaments.models import Event, EventRole, Tournament
from tournaments.services.tournaments import SECTION_FIELDS, section_fields_errors
from tournaments.text import TextProblem, clean_line

FORMAT = "chessclub-event-backup"
VERSION = 1
MAX_SECTIONS = 50
NOT_INCLUDED = [
    "Team competitions: each has its own JSON backup (and restore) on its page.",
]
"""What the file leaves out, written into it so that nobody takes it for a backup of everything."""


def event_export(event: Event) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "event": {
            "name": event.name,
            "place": event.place,
            "start_date": event.start_date.isoformat() if event.start_date else None,
            "end_date": event.end_date.isoformat() if event.end_date else None,
            "one_section_per_player": event.one_section_per_player,
        },
        "sections": [
            {**{name: getattr(s, name) for name in SECTION_FIELDS}, "backup": json_export(tournament=s)}
            for s in event.sections.order_by("section_order", "pk")
        ],
        "not_included": NOT_INCLUDED,
    }


def is_event_backup(data: Any) -> bool:
    return isinstance(data, dict) and data.get("format") == FORMAT


def _date(value: Any, label: str) -> datetime.date | None:
    if value in (None, ""):
        return None
    try:
        return datetime.date.fromisoformat(str(value))
    except ValueError:
        raise ValidationFailed(
            _("%(label)s %(value)r is not a date.") % {"label": label, "value": value}
        ) from None


def event_import(*, data: Any, owner: Any) -> Event:
    """Restore an event backup (see the module docstring)."""
    if not is_event_backup(data) or data.get("version") != VERSION:
        raise ValidationFailed(
            _("This is not an event backup of version %(version)s.") % {"version": VERSION}
        )
    head, sections = data.get("event"), data.get("sections")
    if not isinstance(head, dict) or not isinstance(sections, list) or not sections:
        raise ValidationFailed(_("The event backup has no event or no sections."))
    if len(sections) > MAX_SECTIONS:
        raise ValidationFailed(_("An event has at most %(count)s sections.") % {"count": MAX_SECTIONS})
    try:
        name = clean_line(head.get("name"), label=_("The event's name"), max_length=150, required=True)
        place = clean_line(head.get("place") or "", label=_("The place"), max_length=150)
    except TextProblem as exc:
        raise ValidationFailed(str(exc)) from None
    with transaction.atomic():
        event = Event.objects.create(
            name=name,
            place=place,
            start_date=_date(head.get("start_date"), _("Start date")),
            end_date=_date(head.get("end_date"), _("End date")),
            one_section_per_player=bool(head.get("one_section_per_player", True)),
            created_by=owner,
        )
        EventRole.objects.create(event=event, user=owner, role=EventRole.Role.ORGANISER)
        for order, section in enumerate(sections, start=1):
            if not isinstance(section, dict):
                raise ValidationFailed(
                    _("Section %(number)s of the backup is not an object.") % {"number": order}
                )
            band = {name: section.get(name) for name in SECTION_FIELDS}
            problems = section_fields_errors(band)
            try:
                if problems:
                    raise ValidationFailed(" ".join(problems))
                imported = json_import(data=section.get("backup"), owner=owner)
            except ValidationFailed as exc:
                raise ValidationFailed(
                    _("Section %(number)s: %(problem)s Nothing was restored.")
                    % {"number": order, "problem": exc.message},
                    errors=exc.errors,
                ) from None
            alone = imported.tournament.event
            Tournament.objects.filter(pk=imported.tournament.pk).update(
                event=event, section_order=order, **band
            )
            alone.delete()
    return event
