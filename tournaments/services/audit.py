"""The audit log: who changed what, when, from which value to which.

``audit_record(*, tournament, user, action, obj, before, after)`` appends one row. Every service
calls it inside its own transaction, so a change and its record commit or roll back together.
Nothing in the app updates or deletes audit rows. ``audit_statement(...)`` is the same row as an
INSERT statement and its parameters, for a caller that sends it with its other writes (result
entry, which holds the tournament's row lock meanwhile: see ``tournaments.services.results``).
"""

from __future__ import annotations

import json
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, models

from tournaments.models import AuditLog, Tournament


def _json_safe(value: Any) -> Any:
    if value is None:
        return None
    return json.loads(json.dumps(value, cls=DjangoJSONEncoder))


def _entry(
    *,
    tournament: Tournament | None,
    user: Any,
    action: str,
    obj: models.Model | None,
    before: Any,
    after: Any,
) -> AuditLog:
    actor = user if getattr(user, "is_authenticated", False) else None
    return AuditLog(
        tournament=tournament,
        user=actor,
        action=action[:40],
        object_type=obj._meta.model_name if obj is not None else "",
        object_id=str(obj.pk) if obj is not None and obj.pk is not None else "",
        before=_json_safe(before),
        after=_json_safe(after),
    )


def audit_record(
    *,
    tournament: Tournament | None,
    user: Any,
    action: str,
    obj: models.Model | None = None,
    before: Any = None,
    after: Any = None,
) -> AuditLog:
    """Append a row to the audit log.

    ``user`` may be ``None`` or anonymous (a Celery task, a management command); ``obj`` is the
    model instance changed (its type and primary key are recorded); ``before``/``after`` are
    JSON-serialisable snapshots (dates and decimals are converted).
    """
    entry = _entry(tournament=tournament, user=user, action=action, obj=obj, before=before, after=after)
    entry.save(force_insert=True)
    return entry


def latest_audit_after(obj: models.Model, action: str) -> dict[str, Any]:
    """The ``after`` snapshot of the latest ``action`` recorded on ``obj`` (a participant's last
    withdrawal, its expulsion...), ``{}`` when there is none: what a later step reads back."""
    record = (
        AuditLog.objects.filter(
            tournament=getattr(obj, "tournament_id", None),
            action=action,
            object_type=obj._meta.model_name,
            object_id=str(obj.pk),
        )
        .order_by("-at", "-id")
        .first()
    )
    return record.after if record is not None and isinstance(record.after, dict) else {}


def audit_statement(
    *,
    tournament: Tournament | None,
    user: Any,
    action: str,
    obj: models.Model | None = None,
    before: Any = None,
    after: Any = None,
) -> tuple[str, list[Any]]:
    """The row ``audit_record`` would append, as an INSERT and its parameters (not run)."""
    entry = _entry(tournament=tournament, user=user, action=action, obj=obj, before=before, after=after)
    meta = AuditLog._meta
    fields = [f for f in meta.concrete_fields if f is not meta.pk]
    qn = connection.ops.quote_name
    params = [f.get_db_prep_save(f.pre_save(entry, True), connection) for f in fields]
    columns = ", ".join(qn(f.column) for f in fields)
    placeholders = ", ".join(["%s"] * len(fields))
    return f"INSERT INTO {qn(meta.db_table)} ({columns}) VALUES ({placeholders})", params
