"""Where a card or online payment provider plugs in. None is configured: no provider can be reached
from the machines this runs on, so fees are paid in cash or by bank transfer and the organiser
records them (``entries.services.fees.payment_record``).

To add one: implement :class:`PaymentProvider` (one method) and name the class in the setting
``ENTRY_PAYMENT_PROVIDER`` ("package.module.ClassName"). The player's page then shows a "Pay
online" button that calls ``start``; when the provider confirms the payment (its webhook or return
page, a view of the provider's own module), that view calls ``payment_record(entry=...,
amount_cents=..., method=Payment.Method.PROVIDER, reference=<the provider's id>, user=None)``,
which keeps the one ledger the treasurer's totals and CSV read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from django.conf import settings
from django.utils.module_loading import import_string


@dataclass(frozen=True)
class PaymentStart:
    redirect_url: str
    """Where the player's browser goes to pay (the provider's page)."""
    reference: str
    """The provider's id of the payment, recorded with it once confirmed."""


class PaymentProvider(Protocol):
    def start(self, *, entry_id: int, amount_cents: int, currency: str, return_url: str) -> PaymentStart:
        """Begin paying ``amount_cents`` for entry ``entry_id``; the provider sends the player back
        to ``return_url`` when done. Raises ``core.errors.ServiceUnavailable`` when unreachable."""
        ...


def payment_provider() -> PaymentProvider | None:
    """The configured provider, or ``None`` (the default: cash and bank transfer only)."""
    path = getattr(settings, "ENTRY_PAYMENT_PROVIDER", "")
    return import_string(path)() if path else None
