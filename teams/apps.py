"""The teams app: team competitions attached to an event."""

from __future__ import annotations

from django.apps import AppConfig


class TeamsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "teams"
    verbose_name = "Team competitions"

    def ready(self) -> None:
        # The event page (a lower layer) never imports this app: it shows our links through its hook.
        from teams.selectors import event_links
        from tournaments.views.hooks import event_links_register

        event_links_register(event_links)
