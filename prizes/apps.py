"""The prizes app: a section's prize list (groups, prizes, the sharing rule), checked before the
event, shown to players, and handed out from the final standings (pages, PDF, treasurer's CSV)."""

from __future__ import annotations

from django.apps import AppConfig


class PrizesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "prizes"
    verbose_name = "Prizes"
