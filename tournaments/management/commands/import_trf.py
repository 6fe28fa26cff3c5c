"""``manage.py import_trf <file> --owner <username> [--name NAME]``: a new tournament from a TRF file."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from core.errors import ServiceError
from pairing.engine.trf import decode_trf
from tournaments.exchange.trf_import import trf_import
from tournaments.management.commands._exchange import read_text, user_by_name
from tournaments.selectors.api import tournament_counts


class Command(BaseCommand):
    help = "Create a tournament from a TRF file (players, rounds, results, byes). Nothing is saved on error."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--owner", required=True, help="Username who becomes the tournament's organiser.")
        parser.add_argument("--name", default="", help="Tournament name (default: the file's 012 record).")

    def handle(self, *args, **options):
        owner = user_by_name(options["owner"])
        text = decode_trf(read_text(options["file"]))
        try:
            imported = trf_import(text=text, owner=owner, name=options["name"])
        except ServiceError as exc:
            raise CommandError(f"{options['file']}: {exc.message}") from None
        tournament = imported.tournament
        participants, rounds = tournament_counts(tournament)
        self.stdout.write(
            f"Imported tournament {tournament.pk} ({tournament.name}): "
            f"{participants} participants, {rounds} rounds."
        )
        for warning in imported.warnings:
            self.stderr.write(f"Warning: {warning}")
