"""The teams app: team competitions attached to an event."""

from __future__ import annotations

from django.apps import AppConfig


class TeamsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "teams"
    verbose_name = "Team competitions"
