"""The organiser's pages: entry settings and the entries to answer, the treasurer's fees (and CSV),
and each section's check-in for the arbiter. The same role checks as the event and round pages."""

from __future__ import annotations

import csv

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from core.errors import ServiceError
from core.views import report
from entries import selectors
from entries.fees import money
from entries.forms import ParticipantForm, PaymentForm, ReductionForm, RefuseForm, SectionForm, SettingsForm
from entries.models import CheckIn, Entry, FeeReduction
from entries.services.checkin import check_in, check_in_undo
from entries.services.entries import entry_accept, entry_refuse, settings_for
from entries.services.fees import desk_players_fees_add, payment_record
from entries.services.setup import (
    entry_settings_update,
    fee_reduction_add,
    fee_reduction_remove,
    section_entry_update,
)
from tournaments.models import Event, Participant, Tournament
from tournaments.permissions import ARBITRATE, ORGANISE, can_organise_event, staff_event, staff_tournament


def _manage_page(request: HttpRequest, event: Event, **extra: object) -> HttpResponse:
    rules = settings_for(event)
    offers = selectors.section_offers(event)
    context = {
        "event": event,
        "rules": rules,
        "is_open": selectors.form_state(event)[1],
        "organiser": can_organise_event(request.user, event),
        "settings_form": SettingsForm(
            initial={
                "opens_at": timezone.localtime(rules.opens_at) if rules.opens_at else None,
                "closes_at": timezone.localtime(rules.closes_at) if rules.closes_at else None,
                "auto_accept": rules.auto_accept,
                "check_in": rules.check_in,
                "currency": rules.currency,
            }
        ),
        "offers": [
            (
                offer,
                SectionForm(
                    prefix=f"s{offer.section.pk}",
                    initial={
                        "open": offer.rules.open,
                        "max_players": offer.rules.max_players,
                        "max_waiting": offer.rules.max_waiting,
                        "fee": money(offer.rules.fee_cents),
                    },
                ),
            )
            for offer in offers
        ],
        "reductions": FeeReduction.objects.filter(event=event),
        "reduction_form": ReductionForm(),
        "entries": selectors.entries_of(event),
        "refuse_form": RefuseForm(),
        **extra,
    }
    return render(request, "entries/manage.html", context)


@require_GET
@staff_event(ARBITRATE)
def manage(request: HttpRequest, event: Event) -> HttpResponse:
    return _manage_page(request, event)


@require_POST
@staff_event(ORGANISE)
def settings_save(request: HttpRequest, event: Event) -> HttpResponse:
    form = SettingsForm(request.POST)
    if form.is_valid():
        try:
            entry_settings_update(event=event, user=request.user, **form.cleaned_data)
        except ServiceError as exc:
            report(request, exc, form)
            return _manage_page(request, event, settings_form=form)
        messages.success(request, _("Entry settings saved."))
        return redirect("entries:manage", event_id=event.pk)
    return _manage_page(request, event, settings_form=form)


@require_POST
@staff_event(ORGANISE)
def section_save(request: HttpRequest, event: Event, tournament_id: int) -> HttpResponse:
    section = get_object_or_404(Tournament, pk=tournament_id, event=event)
    form = SectionForm(request.POST, prefix=f"s{section.pk}")
    if form.is_valid():
        data = form.cleaned_data
        try:
            section_entry_update(
                section=section,
                user=request.user,
                open=data["open"],
                max_players=data["max_players"],
                max_waiting=data["max_waiting"],
                fee_cents=data["fee"],
            )
        except ServiceError as exc:
            report(request, exc)
        else:
            messages.success(request, _("%(section)s saved.") % {"section": section.name})
    else:
        messages.error(
            request,
            _("Not saved: %(errors)s") % {"errors": " ".join(m for ms in form.errors.values() for m in ms)},
        )
    return redirect("entries:manage", event_id=event.pk)


@require_POST
@staff_event(ORGANISE)
def reduction_add(request: HttpRequest, event: Event) -> HttpResponse:
    form = ReductionForm(request.POST)
    if form.is_valid():
        try:
            fee_reduction_add(event=event, user=request.user, **form.cleaned_data)
        except ServiceError as exc:
            report(request, exc)
    else:
        messages.error(request, _("The reduction was not saved: give a name and a percentage."))
    return redirect("entries:manage", event_id=event.pk)


@require_POST
@staff_event(ORGANISE)
def reduction_remove(request: HttpRequest, event: Event, reduction_id: int) -> HttpResponse:
    fee_reduction_remove(event=event, user=request.user, reduction_id=reduction_id)
    return redirect("entries:manage", event_id=event.pk)


def _entry(event: Event, entry_id: int) -> Entry:
    return get_object_or_404(Entry.objects.select_related("event", "section"), pk=entry_id, event=event)


@require_POST
@staff_event(ARBITRATE)
def accept(request: HttpRequest, event: Event, entry_id: int) -> HttpResponse:
    entry = _entry(event, entry_id)
    try:
        done = entry_accept(entry=entry, user=request.user)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(
            request,
            _("%(name)s is registered in %(section)s.") % {"name": done.name, "section": done.section.name},
        )
    return redirect("entries:manage", event_id=event.pk)


@require_POST
@staff_event(ARBITRATE)
def refuse(request: HttpRequest, event: Event, entry_id: int) -> HttpResponse:
    entry = _entry(event, entry_id)
    form = RefuseForm(request.POST)
    try:
        entry_refuse(entry=entry, user=request.user, reason=form.data.get("reason", "")[:300])
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(request, _("%(name)s's entry is refused.") % {"name": entry.name})
    return redirect("entries:manage", event_id=event.pk)


@require_GET
@staff_event(ORGANISE)
def fees(request: HttpRequest, event: Event) -> HttpResponse:
    context = {
        "event": event,
        "table": selectors.fee_table(event),
        "currency": settings_for(event).currency,
        "payment_form": PaymentForm(),
    }
    return render(request, "entries/fees.html", context)


@require_POST
@staff_event(ORGANISE)
def pay(request: HttpRequest, event: Event, entry_id: int) -> HttpResponse:
    entry = _entry(event, entry_id)
    form = PaymentForm(request.POST)
    if form.is_valid():
        try:
            payment_record(
                entry=entry,
                user=request.user,
                amount_cents=form.cleaned_data["amount"],
                method=form.cleaned_data["method"],
                reference=form.cleaned_data["reference"],
            )
        except ServiceError as exc:
            report(request, exc)
        else:
            messages.success(
                request,
                _("%(amount)s recorded for %(name)s.")
                % {
                    "amount": money(form.cleaned_data["amount"], settings_for(event).currency),
                    "name": entry.name,
                },
            )
    else:
        messages.error(request, _("Not recorded: give an amount such as 25 or 12.50."))
    return redirect("entries:fees", event_id=event.pk)


@require_POST
@staff_event(ORGANISE)
def fees_desk_players(request: HttpRequest, event: Event) -> HttpResponse:
    try:
        added = desk_players_fees_add(event=event, user=request.user)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(
            request,
            ngettext(
                "%(count)s player registered at the desk added to the fee list.",
                "%(count)s players registered at the desk added to the fee list.",
                len(added),
            )
            % {"count": len(added)},
        )
    return redirect("entries:fees", event_id=event.pk)


@require_GET
@staff_event(ORGANISE)
def fees_csv(request: HttpRequest, event: Event) -> HttpResponse:
    """The treasurer's file: one row per accepted entry, then the totals (amounts as 12.50)."""
    table = selectors.fee_table(event)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="event-{event.pk}-fees.csv"'
    writer = csv.writer(response)
    writer.writerow(["name", "section", "fide_id", "reduction", "owed", "paid", "due", "paid_by", "email"])
    for row in table.rows:
        e = row.entry
        writer.writerow(
            [
                e.name,
                e.section.name,
                e.fide_id,
                e.reduction,
                money(e.fee_cents),
                money(row.paid_cents),
                money(row.due_cents),
                row.methods,
                e.email,
            ]
        )
    writer.writerow(
        [
            "TOTAL",
            "",
            "",
            "",
            money(table.owed_cents),
            money(table.paid_cents),
            money(table.due_cents),
            "",
            "",
        ]
    )
    return response


# Each section's check-in, for its arbiters (deputies of the section included).


def _check_in_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    view = selectors.section_check_in(tournament)
    return render(
        request,
        "entries/check_in.html",
        {"tournament": tournament, "view": view, "event_token": tournament.event.public_token},
    )


@require_GET
@staff_tournament(ARBITRATE)
def check_in_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return _check_in_page(request, tournament)


def _participant(tournament: Tournament, request: HttpRequest) -> Participant:
    form = ParticipantForm(request.POST)
    if not form.is_valid():
        raise Http404
    return get_object_or_404(
        Participant.objects.select_related("tournament"),
        pk=form.cleaned_data["participant"],
        tournament=tournament,
    )


@require_POST
@staff_tournament(ARBITRATE)
def check_in_player(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    participant = _participant(tournament, request)
    try:
        done = check_in(participant=participant, via=CheckIn.Via.ARBITER, user=request.user)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(request, _("%(name)s is checked in.") % {"name": participant.name})
        if done.draft_needs_repair:
            messages.warning(request, _("The draft was made without them: pair the round again."))
    return redirect("entries:check_in", tournament_id=tournament.pk)


@require_POST
@staff_tournament(ARBITRATE)
def check_in_remove(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    participant = _participant(tournament, request)
    try:
        check_in_undo(participant=participant, user=request.user)
    except ServiceError as exc:
        report(request, exc)
    return redirect("entries:check_in", tournament_id=tournament.pk)


@require_POST
@staff_tournament(ARBITRATE)
def check_in_everyone(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The arbiter's override for the whole section: pair everyone, checked in or not."""
    view = selectors.section_check_in(tournament)
    count = 0
    try:
        for row in view.rows:
            if row.check_in is None:
                check_in(participant=row.participant, via=CheckIn.Via.ARBITER, user=request.user)
                count += 1
    except ServiceError as exc:
        report(request, exc)
    messages.success(request, _("%(count)s more checked in by the arbiter.") % {"count": count})
    return redirect("entries:check_in", tournament_id=tournament.pk)
