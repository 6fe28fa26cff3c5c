"""The prizes app: a section's prize list (groups, prizes, the sharing rule), checked before the
event, shown to players, and handed out from the final standings (pages, PDF, treasurer's CSV)."""

from __future__ import annotations

from django.apps import AppConfig


class PrizesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "prizes"
    verbose_name = "Prizes"

    def ready(self) -> None:
        # The event page (a lower layer) lists the features' own pages through the hook it offers.
        from prizes.selectors import event_links
        from tournaments.views.hooks import event_links_register

        event_links_register(event_links)
