"""Importing a list of players from CSV: parse, check every row, then save all rows or none.

``participants_import_csv(*, tournament, user, text, commit) -> ImportPreview``: columns name,
rating, title, federation, FIDE id, club (a header row naming them is optional and may put them
in any order). Returns every row with its errors. Saves nothing unless ``commit`` is true and
every row is valid; then saves all rows in one transaction. Only before round 1 is paired.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from core.errors import ValidationFailed
from tournaments.models import Participant, Round, Tournament
from tournaments.permissions import require_arbiter
from tournaments.services.audit import audit_record
from tournaments.services.locks import tournament_lock
from tournaments.services.participants.numbers import pairing_numbers_assign
from tournaments.services.participants.registration import (
    DUPLICATE_FIELDS,
    TO_CHANGE_PARTICIPANTS,
    clean_participant_fields,
    duplicate_error,
)
from tournaments.services.versions import tournament_changed
from tournaments.text import same_name_key

MAX_IMPORT_ROWS = 2000

_COLUMN_ALIASES = {
    "name": "name",
    "player": "name",
    "rating": "rating",
    "elo": "rating",
    "title": "title",
    "federation": "federation",
    "fed": "federation",
    "country": "federation",
    "fide id": "fide_id",
    "fide_id": "fide_id",
    "fideid": "fide_id",
    "fide": "fide_id",
    "id": "fide_id",
    "club": "club_name",
    "club_name": "club_name",
    "e-mail": "email",
    "email": "email",
    "birth year": "birth_year",
    "birth_year": "birth_year",
    "born": "birth_year",
    "section": "section",
    "group": "section",
}


@dataclass
class ImportRow:
    line: int
    values: dict[str, Any]
    errors: list[str] = field(default_factory=list)
    section: str = ""
    """The section named on the row (an event's import), or ""."""


@dataclass
class ImportPreview:
    rows: list[ImportRow] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    """Problems with the file as a whole (no rows, unknown header, too many rows)."""
    saved: bool = False

    @property
    def ok(self) -> bool:
        return bool(self.rows) and not self.errors and not any(row.errors for row in self.rows)

    @property
    def error_count(self) -> int:
        return len(self.errors) + sum(1 for row in self.rows if row.errors)


def parse_csv(text: str) -> ImportPreview:
    preview = ImportPreview()
    lines = [line for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    sample = "\n".join(line for line in lines if line.strip())[:4096]
    if not sample:
        preview.errors.append(
            "The file is empty: paste one player per line (name, rating, title, federation, FIDE id, club)."
        )
        return preview
    delimiter = ","
    first = sample.split("\n", 1)[0]
    for candidate in ("\t", ";"):
        if first.count(candidate) > first.count(delimiter):
            delimiter = candidate
    reader = csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter, skipinitialspace=True)
    columns = list(Participant.ENTRY_FIELDS)
    header_seen = False
    for line_number, cells in enumerate(reader, start=1):
        cells = [c.strip() for c in cells]
        if not any(cells):
            continue
        if not header_seen:
            header_seen = True
            lowered = [c.lower() for c in cells]
            if "name" in lowered or "player" in lowered:
                unknown = [c for c in cells if c and c.lower() not in _COLUMN_ALIASES]
                if unknown:
                    preview.errors.append(
                        f"Line {line_number}: unknown column(s) {', '.join(unknown)}; "
                        "use name, rating, title, federation, FIDE id, club."
                    )
                    return preview
                columns = [_COLUMN_ALIASES.get(c, "") for c in lowered]
                continue
        if len(preview.rows) >= MAX_IMPORT_ROWS:
            preview.errors.append(f"More than {MAX_IMPORT_ROWS} players: split the file.")
            return preview
        raw: dict[str, Any] = {}
        extra = [c for c in cells[len(columns) :] if c]
        for column, cell in zip(columns, cells, strict=False):
            if column:
                raw[column] = cell
        section = raw.pop("section", "")
        values, errors = clean_participant_fields(raw)
        if extra:
            errors.append(f"Too many columns ({len(cells)}); expected at most {len(columns)}.")
        preview.rows.append(ImportRow(line=line_number, values=values, errors=errors, section=section))
    if not preview.rows:
        preview.errors.append("The file has a header but no players.")
    return preview


def _mark_duplicates(preview: ImportPreview, tournament: Tournament) -> None:
    """Add an error to every row that would enter a player twice (:func:`registration.duplicate_error`,
    names compared as :func:`same_name_key`): already registered, or on an earlier line."""
    # Keyed by name and by FIDE id, so a long list is checked in one pass.
    seen: dict[str, list[tuple[str, dict[str, Any]]]] = {}

    def remember(where: str, values: dict[str, Any]) -> None:
        for key in {
            same_name_key(values["name"]),
            f"fide:{values['fide_id']}" if values["fide_id"] else "",
        } - {""}:
            seen.setdefault(key, []).append((where, values))

    for values in Participant.objects.filter(tournament=tournament).values(*DUPLICATE_FIELDS):
        remember("already registered", values)
    # An event that allows one section per player: its other sections' entries count too.
    siblings = Participant.objects.filter(
        tournament__event_id=tournament.event_id, tournament__event__one_section_per_player=True
    ).exclude(tournament=tournament)
    for values in siblings.values(*DUPLICATE_FIELDS, "tournament__name"):
        section = values.pop("tournament__name")
        remember(gettext("already entered in %(section)s") % {"section": section}, values)
    for row in preview.rows:
        if row.errors:
            continue
        keys = [same_name_key(row.values["name"]), f"fide:{row.values['fide_id']}"]
        for where, other in (entry for key in keys for entry in seen.get(key, [])):
            error = duplicate_error(row.values, other)
            if error:
                row.errors.append(error.replace("already registered", where, 1))
                break
        remember(f"also on line {row.line}", row.values)


def participants_import_csv(*, tournament: Tournament, user: Any, text: str, commit: bool) -> ImportPreview:
    """Check (and with ``commit``, save) a CSV list of players. All rows or none are saved."""
    require_arbiter(user, tournament, to=TO_CHANGE_PARTICIPANTS)
    if Round.objects.filter(tournament=tournament).exists():
        raise ValidationFailed(
            gettext(
                "Round 1 has been paired: add newcomers one at a time as late entries, so each gets the rounds they missed recorded."
            )
        )
    preview = parse_csv(text)
    _mark_duplicates(preview, tournament)
    if not commit or not preview.ok:
        return preview
    with transaction.atomic():
        # Lock first, then look again: a second copy of the same file committed at the same moment
        # waits here and then finds every name already registered.
        locked = tournament_lock(tournament.pk)
        if Round.objects.filter(tournament=locked).exists():
            raise ValidationFailed(gettext("Round 1 was paired in the meantime; nothing was imported."))
        _mark_duplicates(preview, locked)
        if not preview.ok:
            return preview
        created = Participant.objects.bulk_create(
            Participant(tournament=locked, **row.values) for row in preview.rows
        )
        pairing_numbers_assign(locked)
        tournament_changed(locked.pk)
        audit_record(
            tournament=locked,
            user=user,
            action="participants_import",
            obj=locked,
            before=None,
            after={"count": len(created), "names": [p.name for p in created]},
        )
    preview.saved = True
    return preview
