"""Work that must grow linearly with the field, counted rather than timed
(benchmarks/bench_big_field.py reports the times at 5,000 participants).

Each test runs a step at two field sizes with a counter inside and asserts that doubling the field
at most doubles the count (plus a constant): a per-row scan of something as large as the field
would quadruple it.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from pairing import standings as read_model
from pairing.engine.standings import StandingRow, Standings
from tournaments.exchange import trf_export as exchange_trf
from tournaments.exchange.records import TournamentRecords
from tournaments.models import Tournament


def _linear(count, small: int = 50) -> bool:
    return count(2 * small) <= 2 * count(small) + 10


class CountingIds(tuple):
    """A tuple of ids that counts how many ids were read through it."""

    reads = 0

    def __iter__(self):
        for pid in super().__iter__():
            CountingIds.reads += 1
            yield pid


def _all_level(players: int) -> Standings:
    """``players`` level on everything after round 1: one drawing of lots holds the whole field
    (what the circle-method field of the benchmark looks like)."""
    drawn = CountingIds(range(1, players + 1))
    rows = tuple(
        StandingRow(
            rank=rank,
            id=pid,
            tpn=pid,
            name=f"Player {pid}",
            points=Fraction(1),
            points_display="1",
            tiebreaks=(),
            by_lot=True,
            lot_group=drawn,
            decided_by="LOT",
        )
        for rank, pid in enumerate(drawn, start=1)
    )
    return Standings(rows, (), "virtual-opponent", 1, 0, lots=(drawn,))


def _reads(step) -> int:
    def count(players: int) -> int:
        table = _all_level(players)
        CountingIds.reads = 0
        step(table)
        return CountingIds.reads

    return count


def test_the_staff_standings_share_places_in_one_pass_over_a_lot():
    tournament = Tournament(rounds_planned=9)
    assert _linear(_reads(lambda table: read_model.placings(tournament, table)))


@pytest.mark.django_db
def test_the_public_ranking_shares_places_in_one_pass_over_a_lot(monkeypatch):
    tournament = Tournament.objects.create(name="Level", rounds_planned=9)

    def step(table):
        monkeypatch.setattr(read_model, "standings_for_tournament", lambda t, breakdowns=True: table)
        ranking = read_model._compute(tournament)
        assert {row.rank for row in ranking.rows} == {1}

    assert _linear(_reads(step))


def test_the_trf_export_shares_ranks_in_one_pass_over_a_lot(monkeypatch):
    def step(table):
        monkeypatch.setattr(
            exchange_trf,
            "standings_for_tournament",
            lambda t, through_round, breakdowns=True, loaded=None: table,
        )
        data = TournamentRecords(participants=[], rounds=1, records={}, later_byes=[])
        assert set(exchange_trf._ranks(Tournament(), data).values()) == {1}

    assert _linear(_reads(step))


def test_the_cached_ranking_pickles_without_asking_for_its_fields_per_row(monkeypatch):
    import dataclasses
    import pickle

    asked = []
    original = dataclasses.fields
    monkeypatch.setattr(dataclasses, "fields", lambda obj: asked.append(1) or original(obj))
    cell = read_model.TiebreakCell("BH", "Buchholz", "3", "3 = 1 + 2", ("a note",))
    rows = tuple(
        read_model.RankedRow(pid, pid, False, "1", ("3",), pid, f"P{pid}", "1.0", False)
        for pid in range(1, 101)
    )
    ranking = read_model.Ranking(rows, 1, "", ("BH",), "virtual-opponent")
    breakdown = read_model.Breakdown("P1", 1, "1", (cell,))
    assert pickle.loads(pickle.dumps((ranking, breakdown))) == (ranking, breakdown)
    assert asked == []
