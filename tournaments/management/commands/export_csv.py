"""``manage.py export_csv <id> --what participants|standings [-o file]``."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from core.errors import ServiceError
from tournaments.exchange.csv_export import WHAT, csv_export
from tournaments.management.commands._exchange import tournament_by_id, write_output


class Command(BaseCommand):
    help = "Export a tournament's participants or standings as CSV."

    def add_arguments(self, parser):
        parser.add_argument("tournament_id")
        parser.add_argument("--what", choices=WHAT, required=True)
        parser.add_argument("-o", "--output", help="File to write (default: standard output).")

    def handle(self, *args, **options):
        tournament = tournament_by_id(options["tournament_id"])
        try:
            text = csv_export(tournament=tournament, what=options["what"])
        except ServiceError as exc:
            raise CommandError(exc.message) from None
        write_output(self, text, options["output"])
