"""The teams app: team competitions attached to an event."""

from __future__ import annotations

from django.apps import AppConfig


class TeamsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "teams"
    verbose_name = "Team competitions"

    def ready(self) -> None:
        # The event's pages (a lower layer) never import this app: they list our competitions through
        # their hooks (the staff page's table, the public page's entries among the sections).
        from teams.links import event_listing, public_event_rows
        from tournaments.views.hooks import event_listing_register, public_event_rows_register

        event_listing_register(event_listing)
        public_event_rows_register(public_event_rows)
