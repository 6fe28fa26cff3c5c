"""The round page's hook: what a feature on top of the staff pages adds to a round's page.

The players' phone reports (the ``reports`` app) stand above the staff pages: the round page may
not import them. Instead the page offers this hook and ``ReportsConfig.ready()`` registers its
panel: the panel's data for the round's boards (the counts and each board's report, which the
round template shows through the reports' own partials) and a stamp that changes whenever the
panel does without any board changing (the live poll compares it). With no panel registered the
page shows none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tournaments.models import Board, Round, Tournament


@dataclass(frozen=True)
class RoundPanel:
    overview: Callable[[Round, list[Board]], Any]
    """The panel's data for the round and its boards (the round page's ``reports_overview``)."""
    stamp: Callable[[int, int], str]
    """A value that changes whenever the panel changes, for the tournament id and round number."""


_panel: RoundPanel | None = None


def round_panel_register(panel: RoundPanel) -> None:
    """Register the round page's panel (one: a second registration replaces the first)."""
    global _panel
    _panel = panel


def round_panel(rnd: Round, boards: list[Board]) -> Any:
    """The registered panel's data for the round's boards, or ``None`` without a panel."""
    return _panel.overview(rnd, boards) if _panel is not None else None


def round_panel_stamp(tournament_id: int, number: int) -> str:
    """The registered panel's stamp ("" without a panel)."""
    return _panel.stamp(tournament_id, number) if _panel is not None else ""


# The event page's hook: a feature above the staff pages adds a note to each section's row (the
# phone reports: how many wait for an arbiter, with a link to that section's reports).
SectionNotes = Callable[[list[int]], dict[int, tuple[str, str]]]
"""Section ids -> {section id: (text, url)} for the sections that have something to show."""

_section_notes: SectionNotes | None = None


def event_section_notes_register(notes: SectionNotes) -> None:
    global _section_notes
    _section_notes = notes


def event_section_notes(section_ids: list[int]) -> dict[int, tuple[str, str]]:
    return _section_notes(section_ids) if _section_notes is not None else {}


# Notes on the rounds page (what pairing the next round will take into account: the check-in, whose
# step before pairing is ``tournaments.services.prepair``) and links on the event page (a feature's
# own pages for the event): (text, url) pairs.
RoundsNote = Callable[[Tournament], "tuple[str, str] | None"]
EventLinks = Callable[[Any], list[tuple[str, str]]]

_rounds_notes: list[RoundsNote] = []
_event_links: list[EventLinks] = []


def rounds_note_register(note: RoundsNote) -> None:
    if note not in _rounds_notes:
        _rounds_notes.append(note)


def rounds_notes(tournament: Tournament) -> list[tuple[str, str]]:
    return [found for note in _rounds_notes if (found := note(tournament)) is not None]


def event_links_register(links: EventLinks) -> None:
    if links not in _event_links:
        _event_links.append(links)


def event_links(event: Any) -> list[tuple[str, str]]:
    return [link for links in _event_links for link in links(event)]


# The event page's listings: a feature with things of its own in the event (the team competitions)
# lists them in a table under the sections, with a button to add one (shown to organisers).
@dataclass(frozen=True)
class EventListingRow:
    name: str
    url: str
    cells: tuple[str, ...] = ()
    """The row's other columns, in the order of the listing's ``columns``."""


@dataclass(frozen=True)
class EventListing:
    key: str
    """The table's HTML id."""
    title: str
    columns: tuple[str, ...]
    """Every column's heading, the name's first."""
    rows: tuple[EventListingRow, ...]
    empty: str = ""
    """What the page says when there is no row."""
    add: tuple[str, str] | None = None
    """(text, url) of the button that adds one, for the event's organisers."""


EventListings = Callable[[Any], "EventListing | None"]

_event_listings: list[EventListings] = []


def event_listing_register(listing: EventListings) -> None:
    if listing not in _event_listings:
        _event_listings.append(listing)


def event_listings(event: Any) -> list[EventListing]:
    return [found for listing in _event_listings if (found := listing(event)) is not None]


# The event's public page (``tournaments.public.events``): a feature's own public pages for the event
# (each team competition's), listed with the sections: the name, its public page and a line about it.
PublicEventRows = Callable[[Any], list[EventListingRow]]

_public_event_rows: list[PublicEventRows] = []


def public_event_rows_register(rows: PublicEventRows) -> None:
    if rows not in _public_event_rows:
        _public_event_rows.append(rows)


def public_event_rows(event: Any) -> list[EventListingRow]:
    return [row for rows in _public_event_rows for row in rows(event)]
