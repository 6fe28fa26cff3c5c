"""Double submissions of a create or an import make one tournament.

``once(*, user, key, make) -> (tournament, created)``: ``make()`` creates a tournament (through
``tournament_create``, ``trf_import`` or ``json_import``). With a key, the first submission runs it
and records ``(user, key) -> tournament`` in the same transaction; any other submission with that
key, however close in time, gets the same tournament and ``created=False``. On PostgreSQL two at
once both run ``make()``, but the second waits on the unique key, fails, and is rolled back whole
(its tournament too). Without a key (older clients, scripts) every submission creates.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from core.errors import ValidationFailed
from tournaments.models import SubmissionKey, Tournament

KEY_PATTERN = re.compile(r"[A-Za-z0-9_.:-]{8,64}")
HEADER = "Idempotency-Key"


def clean_key(value: Any) -> str:
    """The key as given ("" for none), or ``ValidationFailed`` when it is not 8-64 plain characters."""
    key = str(value or "").strip()
    if key and not KEY_PATTERN.fullmatch(key):
        raise ValidationFailed(
            gettext("The %(HEADER)s must be 8 to 64 letters, digits or - _ . : (a UUID is fine).")
            % {"HEADER": HEADER},
            errors={"idempotency_key": ["8 to 64 letters, digits or - _ . :"]},
        )
    return key


def once(*, user: Any, key: Any, make: Callable[[], Tournament]) -> tuple[Tournament, bool]:
    key = clean_key(key)
    if not key or not getattr(user, "is_authenticated", False):
        return make(), True
    earlier = SubmissionKey.objects.filter(user=user, key=key).select_related("tournament").first()
    if earlier is not None:
        return earlier.tournament, False
    try:
        with transaction.atomic():
            tournament = make()
            SubmissionKey.objects.create(user=user, key=key, tournament=tournament)
    except IntegrityError:
        # Another submission with this key committed first; everything this one wrote is undone.
        return SubmissionKey.objects.select_related("tournament").get(user=user, key=key).tournament, False
    return tournament, True
