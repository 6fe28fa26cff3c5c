"""CSV exports for spreadsheets: the participant list and the standings.

Cells that a spreadsheet would run as a formula (text starting with ``= + - @``) are prefixed with
an apostrophe, so a participant called ``=HYPERLINK(...)`` stays a name.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from django.utils.translation import gettext

from core.errors import ValidationFailed
from pairing.standings import placings, standings_for_tournament
from tournaments.exchange.records import complete_rounds
from tournaments.models import Participant, Tournament

WHAT = ("participants", "standings")

PARTICIPANT_COLUMNS = Participant.RECORD_FIELDS


def _cell(value: Any) -> str:
    if value is None:
        return ""
    text = str(value)
    if text[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + text
    return text


def _write(header: list[str], rows: list[list[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows([_cell(value) for value in row] for row in rows)
    return out.getvalue()


def csv_export(*, tournament: Tournament, what: str) -> str:
    """``what`` is ``participants`` or ``standings``."""
    if what == "participants":
        return participants_csv(tournament=tournament)
    if what == "standings":
        return standings_csv(tournament=tournament)
    raise ValidationFailed(
        gettext("Unknown CSV export %(what)s: choose participants or standings.") % {"what": repr(what)},
        errors={"what": ["Choose participants or standings."]},
    )


def participants_csv(*, tournament: Tournament) -> str:
    """Every participant with their details (including e-mail: this export is for staff only)."""
    participants = Participant.objects.filter(tournament=tournament).order_by("pairing_number", "id")
    rows = [[getattr(p, column) for column in PARTICIPANT_COLUMNS] for p in participants]
    return _write(list(PARTICIPANT_COLUMNS), rows)


def standings_csv(*, tournament: Tournament) -> str:
    """Place, pairing number, name, rating, points and each tie-break after the last complete round
    (places as every table shows them: :func:`pairing.standings.placings`)."""
    rounds = complete_rounds(tournament)
    codes = tournament.tiebreak_codes
    header = ["rank", "pairing_number", "name", "rating", "points", *codes]
    if rounds == 0:
        return _write(header, [])
    standings = standings_for_tournament(tournament, through_round=rounds, breakdowns=False)
    people = {p.pk: p for p in Participant.objects.filter(tournament=tournament)}
    rows = []
    for row, rank, _by_lot in placings(tournament, standings):
        p = people[row.id]
        values = {value.code: value.display for value in row.tiebreaks}
        rows.append(
            [
                rank,
                p.pairing_number,
                p.name,
                p.rating,
                row.points_display,
                *(values.get(c, "") for c in codes),
            ]
        )
    return _write(header, rows)
