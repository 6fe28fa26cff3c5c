"""The audit log: who changed what, when, from which value to which.

``audit_record(*, tournament, user, action, obj, before, after)`` appends one row. Every service
calls it inside its own transaction, so a change and its record commit or roll back together.
Nothing in the app updates or deletes audit rows.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db import models

from tournaments.models import AuditLog, Tournament


def _json_safe(value: Any) -> Any:
    if value is None:
        return None
    return json.loads(json.dumps(value, cls=DjangoJSONEncoder))


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
    actor = user if getattr(user, "is_authenticated", False) else None
    return AuditLog.objects.create(
        tournament=tournament,
        user=actor,
        action=action[:40],
        object_type=obj._meta.model_name if obj is not None else "",
        object_id=str(obj.pk) if obj is not None and obj.pk is not None else "",
        before=_json_safe(before),
        after=_json_safe(after),
    )
