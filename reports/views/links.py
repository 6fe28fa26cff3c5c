"""The organiser's reporting links: who has one, issue (prints a slip with a QR code), revoke,
e-mail; and the auto-accept switch.

A token exists in clear only in the answer to the post that issued it, so issuing answers the
printable slips page directly (``no-store``) instead of redirecting to a page that could show it.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from core.errors import ServiceError
from core.site import absolute_url
from reports import selectors
from reports.qr import qr_svg_inline
from reports.services.links import (
    IssuedLink,
    reporting_link_issue,
    reporting_link_revoke,
    reporting_links_email,
    reporting_links_issue_missing,
)
from tournaments.models import Participant, Tournament
from tournaments.permissions import ORGANISE, staff_tournament


def _link_url(request: HttpRequest):
    """A player's link as players reach the site: ``SITE_URL`` when set (slips, QR codes, mails)."""
    return lambda token: absolute_url(request, reverse("reports:player", kwargs={"token": token}))


@require_GET
@staff_tournament(ORGANISE)
def links(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    rows = selectors.link_rows(tournament)
    context = {
        "tournament": tournament,
        "rows": rows,
        "missing": sum(1 for r in rows if r.link is None and r.participant.status == "active"),
        "missing_with_email": sum(
            1 for r in rows if r.link is None and r.participant.email and r.participant.status == "active"
        ),
        "settings": selectors.settings_get(tournament),
    }
    return render(request, "reports/links.html", context)


def _slips(request: HttpRequest, tournament: Tournament, issued: list[IssuedLink]) -> HttpResponse:
    url = _link_url(request)
    slips = [{"item": item, "url": url(item.token), "qr": qr_svg_inline(url(item.token))} for item in issued]
    response = render(request, "reports/slips.html", {"tournament": tournament, "slips": slips})
    response["Cache-Control"] = "no-store"
    return response


@require_POST
@staff_tournament(ORGANISE)
def issue_missing(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    try:
        issued = reporting_links_issue_missing(tournament=tournament, user=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("reports:links", tournament_id=tournament.pk)
    if not issued:
        messages.info(
            request, gettext("Every active player already has a link: re-issue one per player if needed.")
        )
        return redirect("reports:links", tournament_id=tournament.pk)
    return _slips(request, tournament, issued)


@require_POST
@staff_tournament(ORGANISE)
def issue(request: HttpRequest, tournament: Tournament, participant_id: int) -> HttpResponse:
    participant = selectors.link_participant(tournament, participant_id)
    try:
        item = reporting_link_issue(participant=participant, user=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("reports:links", tournament_id=tournament.pk)
    return _slips(request, tournament, [item])


@require_POST
@staff_tournament(ORGANISE)
def revoke(request: HttpRequest, tournament: Tournament, participant_id: int) -> HttpResponse:
    participant = selectors.link_participant(tournament, participant_id)
    try:
        reporting_link_revoke(participant=participant, user=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request, gettext("%(name)s's reporting link no longer works.") % {"name": participant.name}
        )
    return redirect("reports:links", tournament_id=tournament.pk)


def _email(request: HttpRequest, tournament: Tournament, people: list[Participant]) -> HttpResponse:
    try:
        outcome = reporting_links_email(
            tournament=tournament, user=request.user, participants=people, link_url=_link_url(request)
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        if outcome.sent:
            messages.success(
                request, gettext("Link e-mailed to %(items)s.") % {"items": ", ".join(outcome.sent)}
            )
        if outcome.skipped:
            messages.warning(
                request,
                gettext("No e-mail address for %(items)s: print a slip instead.")
                % {"items": ", ".join(outcome.skipped)},
            )
        if outcome.failed:
            messages.error(
                request,
                gettext("The mail to %(items)s could not be sent: print a slip instead.")
                % {"items": ", ".join(outcome.failed)},
            )
        if not (outcome.sent or outcome.skipped or outcome.failed):
            messages.info(request, gettext("Nobody without a link has an e-mail address."))
    return redirect("reports:links", tournament_id=tournament.pk)


@require_POST
@staff_tournament(ORGANISE)
def email_one(request: HttpRequest, tournament: Tournament, participant_id: int) -> HttpResponse:
    return _email(request, tournament, [selectors.link_participant(tournament, participant_id)])


@require_POST
@staff_tournament(ORGANISE)
def email_missing(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return _email(request, tournament, selectors.without_link(tournament, with_email=True))
