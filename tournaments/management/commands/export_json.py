"""``manage.py export_json <id> [-o file]``: a complete backup of one tournament as JSON."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand

from tournaments.exchange.json_backup import json_export
from tournaments.management.commands._exchange import tournament_by_id, write_output


class Command(BaseCommand):
    help = "Export a whole tournament as a versioned JSON backup (restore it with import_json)."

    def add_arguments(self, parser):
        parser.add_argument("tournament_id")
        parser.add_argument("-o", "--output", help="File to write (default: standard output).")

    def handle(self, *args, **options):
        tournament = tournament_by_id(options["tournament_id"])
        text = json.dumps(json_export(tournament=tournament), indent=2, ensure_ascii=False) + "\n"
        write_output(self, text, options["output"])
