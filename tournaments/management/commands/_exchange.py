"""Helpers shared by the export/import commands: look up the tournament and the owner, write output."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError

from tournaments.models import Tournament


def tournament_by_id(value: str) -> Tournament:
    try:
        return Tournament.objects.get(pk=int(value))
    except (ValueError, Tournament.DoesNotExist):
        raise CommandError(f"No tournament with id {value!r}.") from None


def user_by_name(username: str):
    try:
        return get_user_model().objects.get(username=username)
    except get_user_model().DoesNotExist:
        raise CommandError(f"No user called {username!r}: --owner must name an existing account.") from None


def read_text(path: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise CommandError(f"Cannot read {path}: {exc.strerror or exc}") from None


def write_output(command, text: str, output: str | None, *, newline: str = "") -> None:
    """Write to ``output`` (exact bytes, UTF-8) or to standard output."""
    if output:
        try:
            Path(output).write_text(text, encoding="utf-8", newline=newline)
        except OSError as exc:
            raise CommandError(f"Cannot write {output}: {exc.strerror or exc}") from None
    else:
        command.stdout.write(text, ending="")
