"""``manage.py export_trf <id> [--version 2016] [-o file]``: the tournament as a FIDE TRF file."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from core.errors import ServiceError
from tournaments.exchange.trf_export import TRF_VERSIONS, trf_export
from tournaments.management.commands._exchange import tournament_by_id, write_output


class Command(BaseCommand):
    help = "Export a tournament as a TRF file (TRF-2026 by default, or TRF-2016 with the XX records)."

    def create_parser(self, prog_name, subcommand, **kwargs):
        # --version means the TRF edition here, not Django's version: let ours replace the built-in.
        return super().create_parser(prog_name, subcommand, conflict_handler="resolve", **kwargs)

    def add_arguments(self, parser):
        parser.add_argument("tournament_id")
        parser.add_argument(
            "--version", "--trf-version", dest="trf_version", choices=TRF_VERSIONS, default="2026"
        )
        parser.add_argument("-o", "--output", help="File to write (default: standard output).")

    def handle(self, *args, **options):
        tournament = tournament_by_id(options["tournament_id"])
        try:
            text = trf_export(tournament=tournament, version=options["trf_version"])
        except ServiceError as exc:
            raise CommandError(exc.message) from None
        write_output(self, text, options["output"])
