"""Payments of entry fees, recorded by the organiser (cash, bank transfer), or by a payment
provider's confirmation once one is plugged in (``entries.payments``): one ledger either way."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from core.errors import NotAllowedError, ValidationFailed
from entries.models import Entry, Payment
from tournaments.permissions import can_organise_event


def payment_record(
    *, entry: Entry, user: Any, amount_cents: int, method: str, reference: str = ""
) -> Payment:
    """Record a payment (negative: a refund). ``user=None`` only for a provider's confirmation."""
    provider = user is None and method == Payment.Method.PROVIDER
    if not provider and not can_organise_event(user, entry.event):
        raise NotAllowedError(_("Only the event's organisers can record payments."))
    if method not in Payment.Method.values or (method == Payment.Method.PROVIDER and not provider):
        raise ValidationFailed(_("Record cash or a bank transfer."))
    if amount_cents == 0:
        raise ValidationFailed(_("Give the amount paid."))
    if entry.status != Entry.Status.ACCEPTED:
        raise ValidationFailed(_("Only accepted entries pay a fee."))
    return Payment.objects.create(
        entry=entry,
        amount_cents=amount_cents,
        method=method,
        reference=reference.strip()[:100],
        recorded_by=user if getattr(user, "is_authenticated", False) else None,
    )
