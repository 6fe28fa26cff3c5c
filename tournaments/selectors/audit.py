"""The audit log as the organiser's page shows it: filtered and a page at a time."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Q

from tournaments.models import AuditLog, Round, Tournament

AUDIT_PAGE_SIZE = 50


@dataclass
class AuditRow:
    entry: AuditLog
    what: str
    """The change in a few words: "round 3 board 2", a participant's name, or the object type."""
    before: str
    after: str


@dataclass(frozen=True)
class AuditPage:
    """A page of the audit log."""

    page: Page
    """Where the page stands among all of them (of ``AuditLog`` entries): the log's navigation."""
    rows: list[AuditRow]
    """The page's entries, described."""


def _compact(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items() if v not in (None, "", [], {}))
    return str(value)


def audit_page(
    tournament: Tournament, *, round_number: int | None = None, board: int | None = None, page: Any = 1
) -> AuditPage:
    """One page of the tournament's audit log, newest first, optionally for one round and board.

    Results carry their round and board number; round actions (pairing, publishing, hand edits)
    are matched by the round's id.
    """
    entries = AuditLog.objects.filter(tournament=tournament).select_related("user")
    if round_number is not None:
        round_ids = [
            str(pk)
            for pk in Round.objects.filter(tournament=tournament, number=round_number).values_list(
                "pk", flat=True
            )
        ]
        entries = entries.filter(
            Q(after__round=round_number) | Q(object_type="round", object_id__in=round_ids)
        )
    if board is not None:
        entries = entries.filter(after__board=board)
    paginator = Paginator(entries.order_by("-at", "-id"), AUDIT_PAGE_SIZE)
    found = paginator.get_page(page)
    rows = []
    for entry in found.object_list:
        after = entry.after if isinstance(entry.after, dict) else {}
        before = entry.before if isinstance(entry.before, dict) else {}
        if "board" in after and "round" in after:
            what = f"round {after['round']} board {after['board']}"
        elif entry.object_type == "round" and "number" in after:
            what = f"round {after['number']}"
        elif entry.object_type == "participant":
            what = after.get("name") or before.get("name") or f"participant {entry.object_id}"
        else:
            what = entry.object_type
        rows.append(AuditRow(entry, what, _compact(entry.before), _compact(entry.after)))
    return AuditPage(found, rows)
