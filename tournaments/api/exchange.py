"""File exchange over the API: TRF, JSON backup and CSV exports; TRF and JSON imports.

Exports need a staff role in the tournament (the files carry e-mail addresses and drafts). Imports
create a new tournament owned by the caller, like creating one by hand.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response

from tournaments.api import serializers as s
from tournaments.api.base import ERRORS, IDEMPOTENCY_KEY, IMPORT_BODY_LIMIT, TEXT, ApiView, created_once
from tournaments.exchange.csv_export import csv_export
from tournaments.exchange.json_backup import json_export, json_import
from tournaments.exchange.trf_export import trf_export
from tournaments.exchange.trf_import import Imported, trf_import
from tournaments.selectors.api import tournament_counts


def _file(content: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _imported(request, run: Callable[[], Imported]) -> Response:
    """``run()`` (an import) at most once per ``Idempotency-Key``, answered with the new tournament's
    counts and the import's warnings; a replay answers the tournament made the first time, without
    warnings (the first answer had them)."""
    made: list[Imported] = []

    def make():
        made.append(run())
        return made[-1].tournament

    tournament, headers = created_once(request, make)
    participants, rounds = tournament_counts(tournament)
    data = {
        "id": tournament.pk,
        "name": tournament.name,
        "participants": participants,
        "rounds": rounds,
        "warnings": next((list(m.warnings) for m in made if m.tournament is tournament), []),
    }
    return Response(s.ImportedOutput(data).data, status=status.HTTP_201_CREATED, headers=headers)


class TrfExportView(ApiView):
    @extend_schema(
        parameters=[s.TrfExportQuery],
        responses={(200, "text/plain"): TEXT, **ERRORS},
        summary="TRF file for the FIDE rating report (TRF-2026, or TRF-2016 for older programs)",
    )
    def get(self, request, tournament_id: int):
        tournament = self.tournament(tournament_id)
        query = s.TrfExportQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        version = query.validated_data["version"]
        text = trf_export(tournament=tournament, version=version)
        return _file(text, "text/plain; charset=utf-8", f"tournament-{tournament.pk}-trf{version[2:]}.txt")


class JsonExportView(ApiView):
    @extend_schema(
        responses={200: OpenApiResponse(description="The backup document."), **ERRORS}, summary="JSON backup"
    )
    def get(self, request, tournament_id: int):
        return Response(json_export(tournament=self.tournament(tournament_id)))


class CsvExportView(ApiView):
    @extend_schema(
        parameters=[s.CsvExportQuery],
        responses={(200, "text/csv"): TEXT, **ERRORS},
        summary="Participants or standings as CSV",
    )
    def get(self, request, tournament_id: int):
        tournament = self.tournament(tournament_id)
        query = s.CsvExportQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        what = query.validated_data["what"]
        text = csv_export(tournament=tournament, what=what)
        return _file(text, "text/csv; charset=utf-8", f"tournament-{tournament.pk}-{what}.csv")


class TrfImportView(ApiView):
    body_limit = IMPORT_BODY_LIMIT

    @extend_schema(
        request=s.TrfImportInput,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: s.ImportedOutput, **ERRORS},
        summary="Create a tournament from a TRF file (errors name the line and column; at most 5 MB)",
    )
    def post(self, request):
        data = s.TrfImportInput(data=request.data)
        data.is_valid(raise_exception=True)
        return _imported(
            request,
            lambda: trf_import(
                text=data.validated_data["trf"], owner=request.user, name=data.validated_data.get("name", "")
            ),
        )


class JsonImportView(ApiView):
    body_limit = IMPORT_BODY_LIMIT

    @extend_schema(
        request=s.JsonImportInput,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: s.ImportedOutput, **ERRORS},
        summary="Restore a JSON backup as a new tournament (all or nothing; at most 5 MB)",
    )
    def post(self, request):
        data = s.JsonImportInput(data=request.data)
        data.is_valid(raise_exception=True)
        return _imported(
            request,
            lambda: json_import(
                data=data.validated_data["backup"],
                owner=request.user,
                name=data.validated_data.get("name", ""),
            ),
        )
