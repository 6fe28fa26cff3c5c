"""``manage.py import_json <file> --owner <username> [--name NAME]``: restore a JSON backup as a new tournament."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from core.errors import ServiceError
from tournaments.exchange.json_backup import json_import
from tournaments.management.commands._exchange import read_text, user_by_name


class Command(BaseCommand):
    help = "Restore a tournament from a JSON backup (made by export_json). All or nothing."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--owner", required=True, help="Username who becomes the tournament's organiser.")
        parser.add_argument("--name", default="", help="A new name for the restored tournament.")

    def handle(self, *args, **options):
        owner = user_by_name(options["owner"])
        raw = read_text(options["file"])
        try:
            data = json.loads(raw)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise CommandError(f"{options['file']} is not valid JSON: {exc}") from None
        try:
            tournament = json_import(data=data, owner=owner, name=options["name"]).tournament
        except ServiceError as exc:
            raise CommandError(f"{options['file']}: {exc.message}") from None
        self.stdout.write(f"Restored tournament {tournament.pk} ({tournament.name}).")
