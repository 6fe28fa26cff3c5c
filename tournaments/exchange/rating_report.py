"""The rating report: the TRF-2026 export checked for what a rating officer needs (header fields,
FIDE ids, federations, birth years, titles, unplayed games coded right), by the engine's
``rating_report_items``."""

from __future__ import annotations

from pairing.engine.fide import ReportItem, rating_report_items
from tournaments.exchange.trf_export import tournament_to_trf
from tournaments.models import Tournament


def rating_report_problems(tournament: Tournament) -> list[ReportItem]:
    """What to fix before the file goes to the rating officer (empty: ready)."""
    return rating_report_items(tournament_to_trf(tournament))
