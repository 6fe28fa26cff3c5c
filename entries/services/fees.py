"""Payments of entry fees, recorded by the organiser (cash, bank transfer), or by a payment
provider's confirmation once one is plugged in (``entries.payments``): one ledger either way."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import NotAllowedError, ValidationFailed
from entries.fees import fee_owed
from entries.models import Entry, Payment, SectionEntrySettings
from entries.services.entries import age_in, reductions_of
from entries.tokens import token_hash, token_hint, token_new
from tournaments.models import Event, Participant
from tournaments.permissions import can_organise_event
from tournaments.text import same_name_key


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


def desk_players_fees_add(*, event: Event, user: Any) -> list[Entry]:
    """Give every player registered without an online entry (at the desk, by CSV, from the roster
    or the rating list) a row in the fee list: their section's fee less the reduction their age or
    title earns, as an online entry would owe. Players who already have a row are left alone, so
    it can be run again after late entries. Answers the rows added."""
    if not can_organise_event(user, event):
        raise NotAllowedError(_("Only the event's organisers can change the fee list."))
    fees = {r.section_id: r.fee_cents for r in SectionEntrySettings.objects.filter(section__event=event)}
    reductions = reductions_of(event)
    added: list[Entry] = []
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).values_list("pk").first()
        live = Entry.objects.filter(event=event).exclude(status=Entry.Status.REFUSED)
        taken = set(live.values_list("name_key", flat=True))
        fide_ids = set(live.exclude(fide_id="").values_list("fide_id", flat=True))
        people = (
            Participant.objects.filter(tournament__event=event, entry__isnull=True)
            .select_related("tournament")
            .order_by("tournament__section_order", "name")
        )
        for person in people:
            key = same_name_key(person.name)
            if key in taken or (person.fide_id and person.fide_id in fide_ids):
                continue  # a live entry (theirs, not yet linked, or a namesake's): the organiser's call
            owed, reduction = fee_owed(
                fees.get(person.tournament_id, 0),
                reductions,
                age=age_in(event, person.birth_year),
                title=person.title,
            )
            token = token_new()  # never sent: a desk player has no personal link
            added.append(
                Entry.objects.create(
                    event=event,
                    section=person.tournament,
                    status=Entry.Status.ACCEPTED,
                    source=Entry.Source.DESK,
                    **{f: getattr(person, f) for f in Participant.ENTRY_FIELDS},
                    name_key=key,
                    birth_year=person.birth_year,
                    email=person.email,
                    token_hash=token_hash(token),
                    hint=token_hint(token),
                    fee_cents=owed,
                    reduction=reduction,
                    participant=person,
                    decided_at=timezone.now(),
                    decided_by=user,
                )
            )
            taken.add(key)
            fide_ids.add(person.fide_id)
    return added
