from __future__ import annotations

from django.apps import AppConfig


class ReportsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "reports"
    verbose_name = "Result reports from players"

    def ready(self) -> None:
        # The round page (a lower layer) shows the reports through the hook it offers: it never
        # imports this app.
        from reports.selectors import open_reports_by_section, reports_stamp, round_overview
        from tournaments.views.hooks import RoundPanel, event_section_notes_register, round_panel_register

        round_panel_register(RoundPanel(overview=round_overview, stamp=reports_stamp))
        event_section_notes_register(open_reports_by_section)
