"""The registration desk: quick add, CSV import, late entries, withdrawals, byes and absences."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.permissions import MANAGE, can
from core.errors import ServiceError
from core.views import render_page, report
from tournaments import selectors
from tournaments.forms import (
    ByeForm,
    CsvImportForm,
    ExpelForm,
    ForbiddenPairForm,
    ParticipantEditForm,
    ParticipantForm,
    WithdrawForm,
)
from tournaments.models import Participant, Tournament
from tournaments.permissions import ARBITRATE, ORGANISE, VIEW, can_change, staff_tournament
from tournaments.services.participants.byes import bye_cancel, bye_record
from tournaments.services.participants.csv_import import participants_import_csv
from tournaments.services.participants.edits import participant_delete, participant_update
from tournaments.services.participants.expulsions import participant_expel
from tournaments.services.participants.forbidden_pairs import forbidden_pair_add, forbidden_pair_remove
from tournaments.services.participants.registration import Registered, participant_register
from tournaments.services.participants.roster import (
    participant_register_from_rating_list,
    participant_register_from_roster,
    participant_register_with_roster,
    ratings_refresh_from_roster,
)
from tournaments.services.participants.withdrawals import participant_withdraw, withdrawal_undo

PAGE = "tournaments/participants.html"


def _context(request: HttpRequest, tournament: Tournament, **extra: object) -> dict[str, object]:
    find = request.GET.get("find", "")[:100]
    listing = selectors.participant_page(tournament, page=request.GET.get("page", 1), find=find)
    everyone = listing.everyone  # the bye and keep-apart forms choose among them all, not the page
    # More players than a page of the list: they are picked by pairing number, not in selects of
    # thousands of names (megabytes, and seconds to render); the list's search finds the number.
    by_number = listing.page.paginator.num_pages > 1 or len(everyone) > settings.PARTICIPANTS_PAGE_SIZE
    choices = [] if by_number else everyone
    started = selectors.round_one_paired(tournament)
    next_round = selectors.next_round_number(tournament)
    return {
        "tournament": tournament,
        "rows": listing.rows,
        "page": listing.page,
        "find": find,
        "started": started,
        "next_round": next_round,
        "round_robin": tournament.format == Tournament.Format.ROUND_ROBIN,
        "can_arbitrate": can_change(request.user, tournament),
        "can_organise": can_change(request.user, tournament, ORGANISE),
        "form": ParticipantForm(),
        "may_add_to_roster": tournament.club is not None and can(request.user, tournament.club, MANAGE),
        "pick_by_number": by_number,
        "bye_form": ByeForm(
            participants=[p for p in choices if p.status == Participant.Status.ACTIVE],
            initial={"round_number": next_round},
        ),
        "upcoming_byes": selectors.upcoming_byes(tournament),
        "forbidden_pairs": selectors.forbidden_pair_list(tournament),
        # The second select starts on the second player, so an untouched form is not "A and A".
        "pair_form": ForbiddenPairForm(
            participants=choices, initial={"second": choices[1].pk} if len(choices) > 1 else {}
        ),
        **extra,
    }


def _registry_context(tournament: Tournament, query: str) -> dict[str, object]:
    source, hits = selectors.registry_search(tournament, query)
    return {"registry_query": query, "registry_source": source, "registry_hits": hits}


@require_GET
@staff_tournament(VIEW)
def participants(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The list, a page at a time (``?page=``), or those ``?find=`` matches in the whole field;
    ``?q=`` also shows the registration search's hits (the page without JavaScript)."""
    extra = _registry_context(tournament, request.GET.get("q", "")[:100])
    return render_page(request, PAGE, _context(request, tournament, **extra), partial="participant-list")


@require_GET
@staff_tournament(ARBITRATE)
def registry_search(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Search-as-you-type for registration: the club roster, or the FIDE list with no club."""
    extra = _registry_context(tournament, request.GET.get("q", "")[:100])
    if request.htmx:
        return render_page(request, PAGE, {"tournament": tournament, **extra}, partial="registry-results")
    return render_page(request, PAGE, _context(request, tournament, **extra))


def _registered(request: HttpRequest, registered: Registered) -> None:
    p, moves = registered.participant, registered.numbers_moved
    late = (
        gettext(" (late entry: joins in round %(number)s)") % {"number": p.joined_round}
        if p.joined_round > 1
        else ""
    )
    moved = f" {moves[:1].upper()}{moves[1:]}." if moves else ""
    messages.success(
        request,
        gettext("%(name)s registered as no. %(pairing_number)s%(late)s.%(moved)s")
        % {"name": p.name, "pairing_number": p.pairing_number, "late": late, "moved": moved},
    )


def _panel(request: HttpRequest, tournament: Tournament, status: int, **extra: object) -> HttpResponse:
    """After a registration desk action: htmx gets the panel (always 200: htmx swaps 2xx only) and,
    out of band, the bye and keep-apart selects that list the players, so they are never stale; a
    plain form post gets the page again on refusal, or a redirect on success."""
    if not request.htmx:
        if status != 200:
            return render_page(request, PAGE, _context(request, tournament, **extra), status=status)
        return redirect("tournaments:participants", tournament_id=tournament.pk)
    return render_page(request, PAGE, _context(request, tournament, **extra), partial="quick-add-answer")


@require_POST
@staff_tournament(ARBITRATE)
def participant_add_listed(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Register a player picked in the search: a roster player, or a FIDE id from the rating list."""
    try:
        if "roster_player" in request.POST:
            registered = participant_register_from_roster(
                tournament=tournament, user=request.user, roster_player_id=request.POST["roster_player"]
            )
        else:
            registered = participant_register_from_rating_list(
                tournament=tournament, user=request.user, fide_id=request.POST.get("fide_id", "")
            )
    except ServiceError as exc:
        report(request, exc)
        return _panel(request, tournament, 400)
    _registered(request, registered)
    return _panel(request, tournament, 200)


@require_POST
@staff_tournament(ARBITRATE)
def ratings_refresh(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    try:
        changed = ratings_refresh_from_roster(tournament=tournament, user=request.user)
    except ServiceError as exc:
        report(request, exc)
        return _panel(request, tournament, 400)
    messages.success(
        request,
        ngettext(
            "Ratings refreshed from the roster: %(changed)s participant changed.",
            "Ratings refreshed from the roster: %(changed)s participants changed.",
            changed,
        )
        % {"changed": changed},
    )
    return _panel(request, tournament, 200)


@require_POST
@staff_tournament(ARBITRATE)
def participant_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Quick add (a late entry once round 1 is paired), to the club's roster too when ticked.
    htmx gets the panel back, form cleared on success."""
    form = ParticipantForm(request.POST)
    status = 200
    if form.is_valid():
        register = (
            participant_register_with_roster if form.cleaned_data["add_to_roster"] else participant_register
        )
        try:
            registered = register(tournament=tournament, user=request.user, **form.service_fields())
        except ServiceError as exc:
            report(request, exc, form)
            status = 400
        else:
            _registered(request, registered)
            form = ParticipantForm()
    else:
        status = 400
    return _panel(request, tournament, status, form=form)


@require_http_methods(["GET", "POST"])
@staff_tournament(ARBITRATE)
def participants_import(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = CsvImportForm(request.POST or None, request.FILES or None)
    preview = None
    if request.method == "POST" and form.is_valid():
        text = form.csv_text()
        commit = "commit" in request.POST
        try:
            preview = participants_import_csv(
                tournament=tournament, user=request.user, text=text, commit=commit
            )
        except ServiceError as exc:
            report(request, exc)
        else:
            if preview.saved:
                messages.success(
                    request, gettext("Imported %(count)s players.") % {"count": len(preview.rows)}
                )
                return redirect("tournaments:participants", tournament_id=tournament.pk)
            if commit:
                messages.error(
                    request, gettext("Nothing was imported: correct the rows marked below and try again.")
                )
            form = CsvImportForm(initial={"text": text})
    context = {"tournament": tournament, "form": form, "preview": preview}
    return render_page(request, "tournaments/participants_import.html", context, partial="import-preview")


@require_POST
@staff_tournament(ARBITRATE)
def withdraw(request: HttpRequest, tournament: Tournament, participant_id: int) -> HttpResponse:
    participant = selectors.participant_get(tournament, participant_id)
    form = WithdrawForm(request.POST)
    if not form.is_valid():
        messages.error(
            request,
            gettext("Nothing changed: the round to withdraw from must be a whole number from 1 to 99."),
        )
        return redirect("tournaments:participants", tournament_id=tournament.pk)
    from_round = form.cleaned_data.get("from_round")
    try:
        p = participant_withdraw(participant=participant, user=request.user, from_round=from_round)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(
            request,
            gettext(
                "%(name)s has withdrawn; their games stand. Not paired from round %(withdrawn_from_round)s."
            )
            % {"name": p.name, "withdrawn_from_round": p.withdrawn_from_round},
        )
    return redirect("tournaments:participants", tournament_id=tournament.pk)


@require_POST
@staff_tournament(ARBITRATE)
def expel(request: HttpRequest, tournament: Tournament, participant_id: int) -> HttpResponse:
    """Expel a participant from a Swiss, with the reason the form asks for (the page confirms first)."""
    participant = selectors.participant_get(tournament, participant_id)
    form = ExpelForm(request.POST)
    if not form.is_valid():
        messages.error(
            request,
            gettext(
                "Nothing changed: say why the player is expelled, and the round must be a whole number from 1 to 99."
            ),
        )
        return redirect("tournaments:participants", tournament_id=tournament.pk)
    try:
        p = participant_expel(
            participant=participant,
            user=request.user,
            reason=form.cleaned_data["reason"],
            from_round=form.cleaned_data.get("from_round"),
        )
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(
            request,
            gettext(
                "%(name)s is expelled: not paired from round %(round)s and not ranked; their games stand for their opponents."
            )
            % {"name": p.name, "round": p.withdrawn_from_round},
        )
    return redirect("tournaments:participants", tournament_id=tournament.pk)


@require_http_methods(["GET", "POST"])
@staff_tournament(ARBITRATE)
def participant_edit(request: HttpRequest, tournament: Tournament, participant_id: int) -> HttpResponse:
    """Correct a participant's entry; delete a wrong entry or undo a withdrawal from the same page."""
    participant = selectors.participant_get(tournament, participant_id)
    current = {f: getattr(participant, f) for f in Participant.EDITABLE_FIELDS}
    form = ParticipantEditForm(request.POST or None, initial=current)
    if request.method == "POST" and form.is_valid():
        try:
            updated = participant_update(participant=participant, user=request.user, **form.service_fields())
        except ServiceError as exc:
            report(request, exc, form)
        else:
            p, moves = updated.participant, updated.numbers_moved
            moved = f" {moves.capitalize()}." if moves else ""
            messages.success(
                request,
                gettext("Saved %(name)s (no. %(pairing_number)s).%(moved)s")
                % {"name": p.name, "pairing_number": p.pairing_number, "moved": moved},
            )
            return redirect("tournaments:participants", tournament_id=tournament.pk)
    context = {
        "tournament": tournament,
        "participant": participant,
        "form": form,
        "deletable": selectors.participant_deletable(participant),
        "editable": can_change(request.user, tournament),
    }
    status = 400 if request.method == "POST" else 200
    return render_page(request, "tournaments/participant_edit.html", context, status=status)


@require_POST
@staff_tournament(ARBITRATE)
def participant_remove(request: HttpRequest, tournament: Tournament, participant_id: int) -> HttpResponse:
    participant = selectors.participant_get(tournament, participant_id)
    try:
        moved = participant_delete(participant=participant, user=request.user)
    except ServiceError as exc:
        report(request, exc)
        if not selectors.participant_exists(participant.pk):  # deleted by a double click
            return redirect("tournaments:participants", tournament_id=tournament.pk)
        return redirect(
            "tournaments:participant_edit", tournament_id=tournament.pk, participant_id=participant.pk
        )
    deleted = gettext("Deleted %(name)s.") % {"name": participant.name}
    messages.success(request, deleted + (f" {capfirst(moved)}." if moved else ""))
    return redirect("tournaments:participants", tournament_id=tournament.pk)


@require_POST
@staff_tournament(ARBITRATE)
def withdraw_undo(request: HttpRequest, tournament: Tournament, participant_id: int) -> HttpResponse:
    participant = selectors.participant_get(tournament, participant_id)
    try:
        undone = withdrawal_undo(participant=participant, user=request.user)
    except ServiceError as exc:
        report(request, exc)
    else:
        p, absent_in = undone.participant, undone.absent_in
        absent = ", ".join(str(n) for n in absent_in)
        missed = (
            " "
            + ngettext(
                "Counted absent in round %(rounds)s.", "Counted absent in rounds %(rounds)s.", len(absent_in)
            )
            % {"rounds": absent}
            if absent
            else ""
        )
        messages.success(
            request,
            gettext("%(name)s is back and will be paired again.%(missed)s")
            % {"name": p.name, "missed": missed},
        )
    return redirect("tournaments:participants", tournament_id=tournament.pk)


@require_POST
@staff_tournament(ARBITRATE)
def bye_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    people = selectors.participant_list(tournament)
    form = ByeForm(request.POST, participants=people)
    if not form.is_valid():
        messages.error(request, gettext("Choose a participant, a round and the kind of bye."))
        return redirect("tournaments:participants", tournament_id=tournament.pk)
    participant = next(p for p in people if p.pk == form.cleaned_data["participant"])
    number, kind = form.cleaned_data["round_number"], form.cleaned_data["kind"]
    try:
        recorded = bye_record(participant=participant, round_number=number, kind=kind, user=request.user)
    except ServiceError as exc:
        report(request, exc)
    else:
        kind_name = recorded.bye.get_kind_display().lower()
        messages.success(
            request,
            gettext("%(name)s: %(kind_name)s in round %(number)s.")
            % {"name": participant.name, "kind_name": kind_name, "number": number},
        )
        if recorded.half_byes_before:
            messages.warning(
                request,
                ngettext(
                    "%(name)s had %(count)s half-point bye already: this is one more. Check it is what the regulations allow.",
                    "%(name)s had %(count)s half-point byes already: this is one more. Check it is what the regulations allow.",
                    recorded.half_byes_before,
                )
                % {"name": participant.name, "count": recorded.half_byes_before},
            )
        if recorded.draft_needs_repair:
            messages.warning(
                request,
                gettext(
                    "Round %(number)s is already a draft: pair it again so the bye is taken into account."
                )
                % {"number": number},
            )
    return redirect("tournaments:participants", tournament_id=tournament.pk)


@require_POST
@staff_tournament(ARBITRATE)
def bye_remove(request: HttpRequest, tournament: Tournament, bye_id: int) -> HttpResponse:
    bye = selectors.bye_to_cancel(tournament, bye_id)
    try:
        bye_cancel(bye=bye, user=request.user)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(
            request,
            gettext("Cancelled %(name)s's %(lower)s in round %(round_number)s.")
            % {
                "name": bye.participant.name,
                "lower": bye.get_kind_display().lower(),
                "round_number": bye.round_number,
            },
        )
    return redirect("tournaments:participants", tournament_id=tournament.pk)


@require_POST
@staff_tournament(ARBITRATE)
def pair_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Keep two participants apart ("Keep apart" on the participants page)."""
    people = selectors.participant_list(tournament)
    form = ForbiddenPairForm(request.POST, participants=people)
    if not form.is_valid():
        messages.error(request, gettext("Choose two participants; rounds, if given, are numbers from 1."))
        return redirect("tournaments:participants", tournament_id=tournament.pk)
    by_pk = {p.pk: p for p in people}
    data = form.cleaned_data
    try:
        pair = forbidden_pair_add(
            tournament=tournament,
            user=request.user,
            first=by_pk[data["first"]],
            second=by_pk[data["second"]],
            first_round=data["first_round"],
            last_round=data["last_round"],
            reason=data["reason"],
        )
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(
            request,
            gettext("%(name)s and %(name2)s are kept apart in %(rounds)s.")
            % {"name": pair.first.name, "name2": pair.second.name, "rounds": pair.rounds_display},
        )
    return redirect("tournaments:participants", tournament_id=tournament.pk)


@require_POST
@staff_tournament(ARBITRATE)
def pair_remove(request: HttpRequest, tournament: Tournament, pair_id: int) -> HttpResponse:
    pair = selectors.forbidden_pair_to_remove(tournament, pair_id)
    try:
        forbidden_pair_remove(pair=pair, user=request.user)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(
            request,
            gettext("%(name)s and %(name2)s may meet again.")
            % {"name": pair.first.name, "name2": pair.second.name},
        )
    return redirect("tournaments:participants", tournament_id=tournament.pk)
