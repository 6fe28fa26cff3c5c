"""The entries app: players enter an event online, pay their fees, and check in before rounds."""

from __future__ import annotations

from django.apps import AppConfig


class EntriesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "entries"
    verbose_name = "Online entries, fees and check-in"

    def ready(self) -> None:
        # The staff pages (a lower layer) never import this app: the pairing button runs the
        # check-in step through the hook it offers, and the rounds and event pages show our notes.
        from entries.selectors import event_links, rounds_note
        from entries.services.checkin import absences_before_pairing
        from tournaments.services.prepair import pre_pair_register
        from tournaments.views.hooks import event_links_register, rounds_note_register

        pre_pair_register(absences_before_pairing)
        rounds_note_register(rounds_note)
        event_links_register(event_links)
