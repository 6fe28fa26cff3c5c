"""The organiser's data page: file exports, imports and backups, the audit log, archive and delete."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.errors import ServiceError
from core.views import render_page, report
from tournaments import selectors
from tournaments.exchange.csv_export import csv_export
from tournaments.exchange.event_backup import event_import, is_event_backup
from tournaments.exchange.json_backup import json_export, json_import
from tournaments.exchange.trf_export import trf_export
from tournaments.exchange.trf_import import trf_import, trf_text
from tournaments.forms import AuditFilterForm, DeleteTournamentForm, TournamentImportForm
from tournaments.models import Tournament
from tournaments.permissions import ORGANISE, staff_tournament
from tournaments.services.lifecycle import published_rounds, tournament_archive, tournament_delete

MAX_UPLOAD = 5_000_000
"""Bytes read from an uploaded file; a 500-player tournament's backup is well under 1 MB."""

EXPORTS = {
    "trf": (gettext_lazy("TRF-2026 (FIDE rating report)"), "text/plain; charset=utf-8", "trf26.txt"),
    "trf2016": (gettext_lazy("TRF-2016 (for older programs)"), "text/plain; charset=utf-8", "trf16.txt"),
    "json": (gettext_lazy("JSON backup (everything, restorable)"), "application/json", "backup.json"),
    "participants": (gettext_lazy("Participants (CSV)"), "text/csv; charset=utf-8", "participants.csv"),
    "standings": (gettext_lazy("Standings (CSV)"), "text/csv; charset=utf-8", "standings.csv"),
}


def _export_text(tournament: Tournament, kind: str) -> str:
    if kind in ("trf", "trf2016"):
        return trf_export(tournament=tournament, version="2016" if kind == "trf2016" else "2026")
    if kind == "json":
        return json.dumps(json_export(tournament=tournament), ensure_ascii=False, indent=1)
    return csv_export(tournament=tournament, what=kind)


@require_GET
@staff_tournament(ORGANISE)
def data(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    filters = AuditFilterForm(request.GET or None)
    values = filters.cleaned_data if filters.is_valid() else {}
    log = selectors.audit_page(
        tournament, round_number=values.get("round"), board=values.get("board"), page=values.get("page") or 1
    )
    query = "&".join(f"{k}={values[k]}" for k in ("round", "board") if values.get(k))
    context = {
        "tournament": tournament,
        "exports": [(kind, label) for kind, (label, _, _) in EXPORTS.items()],
        "filters": filters,
        "page": log.page,
        "rows": log.rows,
        "query": query,
        "published": published_rounds(tournament),
        "delete_form": DeleteTournamentForm(),
    }
    return render_page(request, "tournaments/data.html", context, partial="audit-log")


@require_GET
@staff_tournament(ORGANISE)
def export(request: HttpRequest, tournament: Tournament, kind: str) -> HttpResponse:
    if kind not in EXPORTS:
        raise Http404(gettext("No such export"))
    try:
        text = _export_text(tournament, kind)
    except ServiceError as exc:
        report(request, exc)
        return redirect("tournaments:data", tournament_id=tournament.pk)
    _, content_type, suffix = EXPORTS[kind]
    response = HttpResponse(text, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="tournament-{tournament.pk}-{suffix}"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def tournament_import(request: HttpRequest) -> HttpResponse:
    """A TRF file or a JSON backup in, a new tournament (organised by the uploader) out."""
    form = TournamentImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        raw = form.cleaned_data["file"].read(MAX_UPLOAD)
        name = form.cleaned_data["name"]
        try:
            if form.cleaned_data["kind"] == "trf":
                imported = trf_import(text=trf_text(raw), owner=request.user, name=name)
            else:
                try:
                    backup = json.loads(raw.decode("utf-8-sig"))
                except (UnicodeDecodeError, ValueError) as exc:
                    messages.error(
                        request, gettext("This file is not a JSON backup: %(exc)s.") % {"exc": exc}
                    )
                    return render_page(
                        request, "tournaments/tournament_import.html", {"form": form}, status=400
                    )
                if is_event_backup(backup):
                    event = event_import(data=backup, owner=request.user)
                    messages.success(request, gettext("Restored the event %(name)s.") % {"name": event.name})
                    return redirect("tournaments:event", event_id=event.pk)
                imported = json_import(data=backup, owner=request.user, name=name)
        except ServiceError as exc:
            report(request, exc)
        else:
            for warning in imported.warnings:
                messages.warning(request, warning)
            messages.success(request, gettext("Imported %(name)s.") % {"name": imported.tournament.name})
            return redirect("tournaments:rounds", tournament_id=imported.tournament.pk)
    status = 400 if request.method == "POST" else 200
    return render_page(request, "tournaments/tournament_import.html", {"form": form}, status=status)


@require_POST
@staff_tournament(ORGANISE)
def archive(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    archived = request.POST.get("archived", "1") == "1"
    try:
        tournament_archive(tournament=tournament, user=request.user, archived=archived)
    except ServiceError as exc:
        report(request, exc)
        return redirect("tournaments:data", tournament_id=tournament.pk)
    if archived:
        messages.success(
            request,
            gettext("Archived %(name)s: it is listed under Archived; its public link still works.")
            % {"name": tournament.name},
        )
        return redirect("tournaments:home")
    messages.success(
        request,
        gettext("%(name)s is restored: back on the list, and it can be changed again.")
        % {"name": tournament.name},
    )
    return redirect("tournaments:data", tournament_id=tournament.pk)


@require_POST
@staff_tournament(ORGANISE)
def delete(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = DeleteTournamentForm(request.POST)
    confirm = form.cleaned_data["confirm"] if form.is_valid() else ""
    try:
        tournament_delete(tournament=tournament, user=request.user, confirm=confirm)
    except ServiceError as exc:
        report(request, exc)
        if selectors.tournament_exists(tournament.pk):
            return redirect("tournaments:data", tournament_id=tournament.pk)
        return redirect("tournaments:home")
    messages.success(request, gettext("Deleted %(name)s.") % {"name": tournament.name})
    return redirect("tournaments:home")
