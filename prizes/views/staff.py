"""The organiser's prize page (the list edited with forms, the check against the registered
field), the staff winners page, its PDF and the treasurer's CSV. Anyone on the section's staff
reads them; organisers change the list."""

from __future__ import annotations

import csv

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from core.errors import ServiceError, ValidationFailed
from core.views import report
from prizes import pdf, selectors
from prizes.forms import RulesForm, cents, group_forms, units
from prizes.services.lists import (
    prize_group_delete,
    prize_group_move,
    prize_group_save,
    prize_list_update,
    women_eligibility_set,
)
from tournaments.models import Participant, Tournament
from tournaments.permissions import ORGANISE, VIEW, can_change, staff_tournament


def _page(
    request: HttpRequest,
    tournament: Tournament,
    *,
    failed: tuple[int | None, object, object] | None = None,
    rules_form: RulesForm | None = None,
) -> HttpResponse:
    found = selectors.prize_list_of(tournament)
    view = selectors.list_view(tournament, found)
    groups = []
    for group_view in view.groups if view else []:
        if failed and failed[0] == group_view.group.pk:
            forms_ = failed[1:]
        else:
            forms_ = group_forms(group_view.group)
        groups.append((group_view, *forms_))
    new_forms = failed[1:] if failed and failed[0] is None else group_forms(None)
    if rules_form is None:
        rules_form = RulesForm(
            initial={
                "sharing": found.sharing if found else "hort",
                "one_prize_per_player": found.one_prize_per_player if found else True,
                "precedence": found.precedence if found else "value",
                "unit": units(found.unit_cents) if found else 1,
                "currency": found.currency if found else "EUR",
                "public": found.public if found else True,
                "notes": found.notes if found else "",
            }
        )
    women = selectors.women_ids(tournament)
    context = {
        "tournament": tournament,
        "tab": "prizes",
        "view": view,
        "groups": groups,
        "new_form": new_forms[0],
        "new_rows": new_forms[1],
        "rules_form": rules_form,
        "problems": selectors.problems_before_start(tournament, found),
        "may_organise": can_change(request.user, tournament, ORGANISE),
        "players": [
            (p, p.pk in women)
            for p in Participant.objects.filter(tournament=tournament).order_by("name", "pk")
        ],
        "has_women_group": bool(view and any(g.group.kind == "women" for g in view.groups)),
    }
    return render(request, "prizes/manage.html", context)


@require_GET
@staff_tournament(VIEW)
def manage(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return _page(request, tournament)


@require_POST
@staff_tournament(ORGANISE)
def rules_save(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = RulesForm(request.POST)
    try:
        if not form.is_valid():
            raise ValidationFailed(_("Check the list's rules."))
        data = form.cleaned_data
        prize_list_update(
            tournament=tournament,
            user=request.user,
            sharing=data["sharing"],
            precedence=data["precedence"],
            one_prize_per_player=data["one_prize_per_player"],
            unit_cents=cents(data["unit"]),
            currency=data["currency"],
            public=data["public"],
            notes=data["notes"],
        )
    except ServiceError as exc:
        report(request, exc, form)
        return _page(request, tournament, rules_form=form)
    messages.success(request, _("The prize list's rules are saved."))
    return redirect("prizes:manage", tournament_id=tournament.pk)


def _group_save(request: HttpRequest, tournament: Tournament, group_id: int | None) -> HttpResponse:
    group = None
    if group_id is not None:
        found = selectors.prize_list_of(tournament)
        group = next((g for g in found.groups.all() if g.pk == group_id), None) if found else None
        if group is None:
            messages.error(request, _("This group is no longer in the list."))
            return redirect("prizes:manage", tournament_id=tournament.pk)
    form, rows = group_forms(group, request.POST)
    try:
        if not (form.is_valid() and rows.is_valid()):
            raise ValidationFailed(_("Check the group and its prizes."))
        prizes = [row for row in (f.row() for f in rows.forms) if row is not None]
        prize_group_save(
            tournament=tournament,
            user=request.user,
            group_id=group_id,
            name=form.cleaned_data["name"],
            kind=form.cleaned_data["kind"],
            prizes=prizes,
            **form.group_fields(),
        )
    except ServiceError as exc:
        report(request, exc, form)
        return _page(request, tournament, failed=(group_id, form, rows))
    messages.success(request, _("The group is saved."))
    return redirect("prizes:manage", tournament_id=tournament.pk)


@require_POST
@staff_tournament(ORGANISE)
def group_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return _group_save(request, tournament, None)


@require_POST
@staff_tournament(ORGANISE)
def group_save(request: HttpRequest, tournament: Tournament, group_id: int) -> HttpResponse:
    return _group_save(request, tournament, group_id)


@require_POST
@staff_tournament(ORGANISE)
def group_move(request: HttpRequest, tournament: Tournament, group_id: int) -> HttpResponse:
    try:
        prize_group_move(
            tournament=tournament, user=request.user, group_id=group_id, up=request.POST.get("up") == "1"
        )
    except ServiceError as exc:
        report(request, exc)
    return redirect("prizes:manage", tournament_id=tournament.pk)


@require_POST
@staff_tournament(ORGANISE)
def group_delete(request: HttpRequest, tournament: Tournament, group_id: int) -> HttpResponse:
    try:
        prize_group_delete(tournament=tournament, user=request.user, group_id=group_id)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(request, _("The group is removed."))
    return redirect("prizes:manage", tournament_id=tournament.pk)


@require_POST
@staff_tournament(ORGANISE)
def women_save(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    try:
        ids = {int(v) for v in request.POST.getlist("women") if v.isdigit()}
        count = women_eligibility_set(tournament=tournament, user=request.user, participant_ids=ids)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(request, _("%(count)s players may enter the women's prizes.") % {"count": count})
    return redirect("prizes:manage", tournament_id=tournament.pk)


@require_GET
@staff_tournament(VIEW)
def winners(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    context = {"tournament": tournament, "tab": "prizes", "result": selectors.winners(tournament)}
    return render(request, "prizes/winners.html", context)


@require_GET
@staff_tournament(VIEW)
def winners_csv(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The treasurer's CSV: who gets how much, and the total (the sum of the rows, to the cent)."""
    result = selectors.winners(tournament)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="prizes-{tournament.pk}.csv"'
    response.write("\ufeff")  # spreadsheets then read the names' accents right
    writer = csv.writer(response)
    if result is not None:
        writer.writerows(selectors.treasurer_rows(result))
    return response


@require_GET
@staff_tournament(VIEW)
def winners_pdf(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    with pdf.in_language(tournament):
        result = selectors.winners(tournament)
        found = result.prize_list if result is not None else None
        body = pdf.winners_pdf(tournament, result, found=found)
    response = HttpResponse(body, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="prizes-{tournament.pk}.pdf"'
    return response
