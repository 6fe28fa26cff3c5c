"""The organiser's prize page (the list edited with forms, the check against the registered
field), the staff winners page, its PDF and the treasurer's CSV: a section's (under
``prizes/sections/<id>/``) or a whole event's (``prizes/events/<id>/``, its sections pooled).
Anyone on the staff reads them; organisers (the section's, or the event's) change the list."""

from __future__ import annotations

import csv
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
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
from tournaments.models import Event, Tournament
from tournaments.permissions import (
    ORGANISE,
    VIEW,
    can_change,
    can_organise_event,
    staff_event,
    staff_tournament,
)

Owner = Tournament | Event


def _owner(owner: Owner) -> dict[str, Owner]:
    """The services' keyword for the list's owner."""
    return {"event": owner} if isinstance(owner, Event) else {"tournament": owner}


def _url(owner: Owner, name: str, **kwargs: Any) -> str:
    if isinstance(owner, Event):
        return reverse(f"prizes:event_{name}", kwargs={"event_id": owner.pk, **kwargs})
    return reverse(f"prizes:{name}", kwargs={"tournament_id": owner.pk, **kwargs})


def _urls(owner: Owner) -> dict[str, str]:
    urls = {name: _url(owner, name) for name in ("manage", "rules", "group_add", "women", "winners")}
    urls |= {name: _url(owner, name) for name in ("winners_csv", "winners_pdf")}
    if isinstance(owner, Event):
        urls["public"] = reverse("prizes:event", args=[owner.public_token])
    else:
        urls["public"] = reverse("prizes:public", args=[owner.public_token])
    return urls


def _may_organise(request: HttpRequest, owner: Owner) -> bool:
    if isinstance(owner, Event):
        return can_organise_event(request.user, owner)
    return can_change(request.user, owner, ORGANISE)


def _base(owner: Owner) -> dict[str, Any]:
    if isinstance(owner, Event):
        return {"event": owner, "owner_name": owner.name, "urls": _urls(owner), "pooled": True}
    return {"tournament": owner, "tab": "prizes", "owner_name": owner.name, "urls": _urls(owner)}


def _page(
    request: HttpRequest,
    owner: Owner,
    *,
    failed: tuple[int | None, Any, Any] | None = None,
    rules_form: RulesForm | None = None,
) -> HttpResponse:
    found = selectors.prize_list_of(owner)
    view = selectors.list_view(owner, found)
    groups = []
    for group_view in view.groups if view else []:
        pk = group_view.group.pk
        forms_ = failed[1:] if failed and failed[0] == pk else group_forms(group_view.group)
        urls = {name: _url(owner, f"group_{name}", group_id=pk) for name in ("save", "move", "delete")}
        groups.append((group_view, *forms_, urls))
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
    women = selectors.women_ids(owner)
    players = selectors._players(owner).select_related("tournament").order_by("name", "pk")
    context = {
        **_base(owner),
        "view": view,
        "groups": groups,
        "new_form": new_forms[0],
        "new_rows": new_forms[1],
        "rules_form": rules_form,
        "problems": selectors.problems_before_start(owner, found),
        "may_organise": _may_organise(request, owner),
        "players": [(p, p.pk in women) for p in players],
        "has_women_group": bool(view and any(g.group.kind == "women" for g in view.groups)),
    }
    return render(request, "prizes/manage.html", context)


def _back(owner: Owner) -> HttpResponse:
    return redirect(_url(owner, "manage"))


def _rules_save(request: HttpRequest, owner: Owner) -> HttpResponse:
    form = RulesForm(request.POST)
    try:
        if not form.is_valid():
            raise ValidationFailed(_("Check the list's rules."))
        data = form.cleaned_data
        prize_list_update(
            **_owner(owner),
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
        return _page(request, owner, rules_form=form)
    messages.success(request, _("The prize list's rules are saved."))
    return _back(owner)


def _group_save(request: HttpRequest, owner: Owner, group_id: int | None) -> HttpResponse:
    group = None
    if group_id is not None:
        found = selectors.prize_list_of(owner)
        group = next((g for g in found.groups.all() if g.pk == group_id), None) if found else None
        if group is None:
            messages.error(request, _("This group is no longer in the list."))
            return _back(owner)
    form, rows = group_forms(group, request.POST)
    try:
        if not (form.is_valid() and rows.is_valid()):
            raise ValidationFailed(_("Check the group and its prizes."))
        prizes = [row for row in (f.row() for f in rows.forms) if row is not None]
        prize_group_save(
            **_owner(owner),
            user=request.user,
            group_id=group_id,
            name=form.cleaned_data["name"],
            kind=form.cleaned_data["kind"],
            prizes=prizes,
            **form.group_fields(),
        )
    except ServiceError as exc:
        report(request, exc, form)
        return _page(request, owner, failed=(group_id, form, rows))
    messages.success(request, _("The group is saved."))
    return _back(owner)


def _group_move(request: HttpRequest, owner: Owner, group_id: int) -> HttpResponse:
    try:
        prize_group_move(
            **_owner(owner), user=request.user, group_id=group_id, up=request.POST.get("up") == "1"
        )
    except ServiceError as exc:
        report(request, exc)
    return _back(owner)


def _group_delete(request: HttpRequest, owner: Owner, group_id: int) -> HttpResponse:
    try:
        prize_group_delete(**_owner(owner), user=request.user, group_id=group_id)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(request, _("The group is removed."))
    return _back(owner)


def _women_save(request: HttpRequest, owner: Owner) -> HttpResponse:
    try:
        ids = {int(v) for v in request.POST.getlist("women") if v.isdigit()}
        count = women_eligibility_set(**_owner(owner), user=request.user, participant_ids=ids)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(request, _("%(count)s players may enter the women's prizes.") % {"count": count})
    return _back(owner)


def _winners(request: HttpRequest, owner: Owner) -> HttpResponse:
    context = {**_base(owner), "result": selectors.winners(owner)}
    return render(request, "prizes/winners.html", context)


def _winners_csv(request: HttpRequest, owner: Owner) -> HttpResponse:
    """The treasurer's CSV: who gets how much, and the total (the sum of the rows, to the cent)."""
    result = selectors.winners(owner)
    name = f"prizes-event-{owner.pk}" if isinstance(owner, Event) else f"prizes-{owner.pk}"
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    response.write("\ufeff")  # spreadsheets then read the names' accents right
    writer = csv.writer(response)
    if result is not None:
        writer.writerows(selectors.treasurer_rows(result))
    return response


def _winners_pdf(request: HttpRequest, owner: Owner) -> HttpResponse:
    with pdf.in_language(owner):
        result = selectors.winners(owner)
        found = result.prize_list if result is not None else None
        body = pdf.winners_pdf(owner, result, found=found)
    response = HttpResponse(body, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="prizes-{owner.pk}.pdf"'
    return response


# The section's door (staff_tournament) and the event's (staff_event) to each page above.


def _group_add(request: HttpRequest, owner: Owner) -> HttpResponse:
    return _group_save(request, owner, None)


manage = require_GET(staff_tournament(VIEW)(_page))
rules_save = require_POST(staff_tournament(ORGANISE)(_rules_save))
group_add = require_POST(staff_tournament(ORGANISE)(_group_add))
group_save = require_POST(staff_tournament(ORGANISE)(_group_save))
group_move = require_POST(staff_tournament(ORGANISE)(_group_move))
group_delete = require_POST(staff_tournament(ORGANISE)(_group_delete))
women_save = require_POST(staff_tournament(ORGANISE)(_women_save))
winners = require_GET(staff_tournament(VIEW)(_winners))
winners_csv = require_GET(staff_tournament(VIEW)(_winners_csv))
winners_pdf = require_GET(staff_tournament(VIEW)(_winners_pdf))

event_manage = require_GET(staff_event(VIEW)(_page))
event_rules_save = require_POST(staff_event(ORGANISE)(_rules_save))
event_group_add = require_POST(staff_event(ORGANISE)(_group_add))
event_group_save = require_POST(staff_event(ORGANISE)(_group_save))
event_group_move = require_POST(staff_event(ORGANISE)(_group_move))
event_group_delete = require_POST(staff_event(ORGANISE)(_group_delete))
event_women_save = require_POST(staff_event(ORGANISE)(_women_save))
event_winners = require_GET(staff_event(VIEW)(_winners))
event_winners_csv = require_GET(staff_event(VIEW)(_winners_csv))
event_winners_pdf = require_GET(staff_event(VIEW)(_winners_pdf))
