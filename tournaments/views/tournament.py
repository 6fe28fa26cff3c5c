"""Creating a tournament, its settings, tie-breaks, starting a round robin, staff standings."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.selectors import club_get
from core.errors import ServiceError
from core.views import render_page, report
from pairing import standings as read_model
from pairing.services.round_robin import tournament_start
from tournaments import selectors
from tournaments.converters import BadNumber, parse_bounded_int
from tournaments.forms import MAX_EXPECTED_PLAYERS, SectionBandForm, StaffForm, TiebreaksForm, TournamentForm
from tournaments.models import Tournament
from tournaments.permissions import (
    ARBITRATE,
    ORGANISE,
    VIEW,
    can_change,
    can_organise,
    event_for_user,
    staff_tournament,
)
from tournaments.selectors.tournaments import long_tournament_rating_tiebreaks
from tournaments.services.submissions import once
from tournaments.services.tournaments import (
    DESCRIPTIVE_FIELDS,
    role_grant,
    role_revoke,
    suggest_format,
    tiebreaks_change,
    tournament_create,
    tournament_update,
)
from tournaments.tiebreak_words import tiebreak_name


def suggestion_context(request: HttpRequest) -> dict[str, object]:
    players = request.GET.get("expected_players") or request.POST.get("expected_players") or ""
    fmt = request.GET.get("format") or request.POST.get("format") or Tournament.Format.SWISS
    codes = request.GET.get("tiebreaks", request.POST.get("tiebreaks", ""))
    context: dict[str, object] = {}
    try:
        count = parse_bounded_int(players, minimum=2, maximum=MAX_EXPECTED_PLAYERS, label="Players")
    except BadNumber:
        count = None  # the form says what is wrong with it; the advice panel stays empty
    if count is not None:
        context["suggested_format"], context["suggested_rounds"] = suggest_format(count)
        context["suggested_format_label"] = Tournament.Format(context["suggested_format"]).label
        context["expected_players"] = count
    context["tiebreak_names"], context["tiebreak_error"] = selectors.tiebreak_preview(codes, fmt)
    return context


@login_required
@require_http_methods(["GET", "POST"])
def tournament_new(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None, initial={"format": "swiss", "rounds_planned": 5})
    slug = request.POST.get("club") or request.GET.get("club")
    club = club_get(slug=slug) if slug else None
    event_id = request.POST.get("event") or request.GET.get("event")
    # A section of an event: the event's organisers only (404 to others, as for its pages).
    event = None
    if event_id:
        try:
            event = event_for_user(
                request.user, parse_bounded_int(event_id, minimum=1, maximum=2**31, label="Event"), ORGANISE
            )
        except BadNumber:
            raise Http404(gettext("No such event")) from None
    band_form = SectionBandForm(request.POST or None)
    # A fresh key per form shown; a double click sends the same one twice and makes one tournament.
    key = request.POST.get("submission_key") or uuid.uuid4().hex
    if request.method == "POST" and form.is_valid() and band_form.is_valid():
        section = band_form.cleaned_data if event else {}
        try:
            tournament, created = once(
                user=request.user,
                key=key,
                make=lambda: tournament_create(
                    user=request.user, club=club, event=event, **form.service_fields(), **section
                ),
            )
        except ServiceError as exc:
            report(request, exc, form)
        else:
            if created:
                messages.success(
                    request,
                    gettext("%(name)s is ready. Add the participants next.") % {"name": tournament.name},
                )
            if event is not None:
                return redirect("tournaments:event", event_id=event.pk)
            return redirect("tournaments:participants", tournament_id=tournament.pk)
    if event is not None:
        club = event.club
    context = {
        "form": form,
        "band_form": band_form,
        "event": event,
        "submission_key": key,
        "club": club,
        **suggestion_context(request),
    }
    return render_page(request, "tournaments/tournament_form.html", context)


@login_required
@require_GET
def format_suggestion(request: HttpRequest) -> HttpResponse:
    """The create form's advice panel (htmx swaps it in as the field size and tie-breaks change).
    Without JavaScript the "Suggest" button lands here and gets the whole form, filled in."""
    context = suggestion_context(request)
    if request.htmx:
        return render_page(request, "tournaments/tournament_form.html", context, partial="format-suggestion")
    initial = {k: v for k, v in request.GET.items() if k in TournamentForm.base_fields}
    if "suggested_format" in context:
        initial.update(format=context["suggested_format"], rounds_planned=context["suggested_rounds"])
    slug = request.GET.get("club")
    club = club_get(slug=slug) if slug else None
    context["submission_key"] = uuid.uuid4().hex
    return render_page(
        request,
        "tournaments/tournament_form.html",
        {"form": TournamentForm(initial=initial), "club": club, **context},
    )


@require_http_methods(["GET", "POST"])
@staff_tournament(ORGANISE)
def tournament_settings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    started = selectors.round_one_paired(tournament)
    form = TournamentForm(request.POST or None, initial=TournamentForm.initial_from(tournament))
    if started:
        for name, field in form.fields.items():
            field.disabled = name not in DESCRIPTIVE_FIELDS
    if request.method == "POST" and form.is_valid():
        try:
            # Frozen fields are disabled, so they come back unchanged; the service refuses a change.
            tournament_update(tournament=tournament, user=request.user, **form.service_fields())
        except ServiceError as exc:
            report(request, exc, form)
        else:
            messages.success(request, gettext("Settings saved."))
            return redirect("tournaments:settings", tournament_id=tournament.pk)
    context = {
        "tournament": tournament,
        "form": form,
        "started": started,
        "tiebreaks_form": TiebreaksForm(initial={"codes": tournament.tiebreaks}),
        "tiebreak_names": selectors.tiebreak_preview(tournament.tiebreaks, tournament.format)[0],
        "long_rating_tiebreaks": long_tournament_rating_tiebreaks(tournament),
        "staff": selectors.tournament_staff(tournament),
        "staff_form": StaffForm(),
        "editable": can_change(request.user, tournament, ORGANISE),
    }
    return render_page(request, "tournaments/settings.html", context)


@require_POST
@staff_tournament(ARBITRATE)
def tiebreaks_update(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = TiebreaksForm(request.POST)
    if form.is_valid():
        try:
            tiebreaks_change(
                tournament=tournament,
                user=request.user,
                codes=form.cleaned_data["codes"],
                reason=form.cleaned_data["reason"],
            )
        except ServiceError as exc:
            report(request, exc)
        else:
            messages.success(
                request, gettext("Tie-break order saved; it is published on the public rules page.")
            )
    else:
        messages.error(request, gettext("Give the tie-breaks as comma-separated codes."))
    target = "tournaments:settings" if can_organise(request.user, tournament) else "tournaments:standings"
    return redirect(target, tournament_id=tournament.pk)


@require_POST
@staff_tournament(ORGANISE)
def start(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    try:
        rounds = tournament_start(tournament=tournament, user=request.user)
    except ServiceError as exc:
        report(request, exc)
        return redirect("tournaments:participants", tournament_id=tournament.pk)
    messages.success(
        request,
        gettext("The round robin is drawn up: %(count)s rounds, all published.") % {"count": len(rounds)},
    )
    return redirect("tournaments:rounds", tournament_id=tournament.pk)


@require_GET
@staff_tournament(VIEW)
def standings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    last = selectors.last_round_number(tournament)
    try:
        through = parse_bounded_int(
            request.GET.get("round"), minimum=1, maximum=max(last, 1), label="The round"
        )
    except BadNumber as exc:
        return HttpResponseBadRequest(
            ngettext(
                "%(exc)s This tournament has %(last)s round so far.",
                "%(exc)s This tournament has %(last)s rounds so far.",
                last,
            )
            % {"exc": exc, "last": last},
            content_type="text/plain",
        )
    table = read_model.staff_standings(tournament, through)
    context = {
        "tournament": tournament,
        "standings": table,
        "rows": table.rows,
        "columns": [
            (code, tiebreak_name(code, selectors.TIEBREAK_NAMES.get(code, code))) for code in table.tiebreaks
        ],
        "can_arbitrate": can_change(request.user, tournament),
        "started": selectors.round_one_paired(tournament),
        "tiebreaks_form": TiebreaksForm(initial={"codes": tournament.tiebreaks}),
    }
    return render_page(request, "tournaments/standings.html", context, partial="standings-table")


@require_POST
@staff_tournament(ORGANISE)
def staff_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = StaffForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Give a username and a role."))
    else:
        try:
            grant = role_grant(tournament=tournament, user=request.user, **form.cleaned_data)
        except ServiceError as exc:
            report(request, exc)
        else:
            messages.success(
                request,
                gettext("%(username)s is now %(lower)s.")
                % {"username": grant.user.get_username(), "lower": grant.get_role_display().lower()},
            )
    return redirect(reverse("tournaments:settings", kwargs={"tournament_id": tournament.pk}) + "#staff")


@require_POST
@staff_tournament(ORGANISE)
def staff_remove(request: HttpRequest, tournament: Tournament, role_id: int) -> HttpResponse:
    try:
        role_revoke(tournament=tournament, user=request.user, role_id=role_id)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(request, gettext("Removed from the staff."))
    return redirect(reverse("tournaments:settings", kwargs={"tournament_id": tournament.pk}) + "#staff")
