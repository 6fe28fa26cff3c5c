"""The organiser's settings: the entry form's dates, auto-accept, the check-in rule, the desk
tablet's code, each section's places and fee, and the fee reductions. Event organisers only."""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import ValidationFailed
from entries.models import EntrySettings, FeeReduction, SectionEntrySettings
from entries.tokens import desk_code_hash
from tournaments.models import Event, Tournament
from tournaments.permissions import require_event_organiser

MIN_DESK_CODE = 4


def entry_settings_update(
    *,
    event: Event,
    user: Any,
    opens_at: datetime.datetime | None,
    closes_at: datetime.datetime | None,
    auto_accept: bool,
    check_in: str,
    currency: str = "EUR",
    desk_code: str = "",
) -> EntrySettings:
    """Save the event's entry settings; a new ``desk_code`` replaces the old one (empty keeps it)."""
    require_event_organiser(user, event, to=_("change the entry settings"))
    if opens_at and closes_at and closes_at <= opens_at:
        raise ValidationFailed(_("Entries must close after they open."))
    if check_in not in EntrySettings.CheckInRule.values:
        raise ValidationFailed(_("Unknown check-in rule."))
    currency = (currency or "EUR").strip().upper()
    if len(currency) != 3 or not currency.isalpha():
        raise ValidationFailed(_("The currency is a three-letter code such as EUR."))
    code = desk_code.strip()
    if code and len(code) < MIN_DESK_CODE:
        raise ValidationFailed(
            _("The desk code needs at least %(count)s characters.") % {"count": MIN_DESK_CODE}
        )
    with transaction.atomic():
        found, _created = EntrySettings.objects.select_for_update().get_or_create(event=event)
        found.opens_at, found.closes_at = opens_at, closes_at
        found.auto_accept, found.check_in, found.currency = auto_accept, check_in, currency
        found.acting_user = user
        if code:
            found.desk_code_hash = desk_code_hash(event.pk, code)
        found.save()
    return found


def section_entry_update(
    *,
    section: Tournament,
    user: Any,
    open: bool,  # noqa: A002 - the model's field
    max_players: int | None,
    max_waiting: int | None,
    fee_cents: int,
) -> SectionEntrySettings:
    require_event_organiser(user, section.event, to=_("change the entry settings"))
    if fee_cents < 0:
        raise ValidationFailed(_("A fee cannot be negative."))
    with transaction.atomic():
        found, _created = SectionEntrySettings.objects.select_for_update().get_or_create(section=section)
        found.open, found.max_players, found.max_waiting, found.fee_cents = (
            open,
            max_players,
            max_waiting,
            fee_cents,
        )
        found.save()
    return found


def fee_reduction_add(
    *,
    event: Event,
    user: Any,
    label: str,
    percent: int,
    max_age: int | None = None,
    min_age: int | None = None,
    titles: str = "",
) -> FeeReduction:
    require_event_organiser(user, event, to=_("change the entry settings"))
    label = label.strip()
    if not label:
        raise ValidationFailed(_("Name the reduction (e.g. Juniors)."))
    if not 1 <= percent <= 100:
        raise ValidationFailed(_("A reduction is 1 to 100 percent."))
    titles = ",".join(t.strip().upper() for t in titles.split(",") if t.strip())
    if not titles and max_age is None and min_age is None:
        raise ValidationFailed(_("Say who gets the reduction: an age or titles."))
    return FeeReduction.objects.create(
        event=event, label=label[:60], percent=percent, max_age=max_age, min_age=min_age, titles=titles
    )


def fee_reduction_remove(*, event: Event, user: Any, reduction_id: int) -> None:
    require_event_organiser(user, event, to=_("change the entry settings"))
    FeeReduction.objects.filter(event=event, pk=reduction_id).delete()
