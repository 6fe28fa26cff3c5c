"""The engine's ranking behind the public pages: computed once per change, shared by every page."""

from __future__ import annotations

import gzip

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from core import cache as public_cache
from pairing import standings as read_model
from pairing.standings import _key
from tests.tournaments.public.conftest import bump, public_url
from tournaments.models import Board

pytestmark = pytest.mark.django_db


def _count_engine_runs(monkeypatch) -> list[bool]:
    """Whether each engine run built the breakdowns."""
    runs: list[bool] = []
    real = read_model.standings_for_tournament

    def counted(tournament, breakdowns=True, explained=None, through_round=None):
        runs.append(breakdowns)
        return real(tournament, breakdowns=breakdowns, explained=explained, through_round=through_round)

    monkeypatch.setattr(read_model, "standings_for_tournament", counted)
    return runs


def test_the_engine_runs_once_per_change_for_the_ranking_and_once_per_bucket_of_breakdowns(
    running, monkeypatch
):
    runs = _count_engine_runs(monkeypatch)
    pid = running.participants.first().id
    first = read_model.ranking_cached(running)
    assert runs == [False]  # the ranking alone builds no breakdown
    assert read_model.breakdown_cached(running, pid).cell("BH") is not None
    assert read_model.breakdown_cached(running, pid).cell("SB") is not None
    assert read_model.ranking_cached(running) == first
    assert runs == [False, True]
    assert read_model.breakdown_cached(running, pid + 1) is not None  # another bucket
    assert read_model.breakdown_cached(running, pid + 1) is not None
    assert runs == [False, True, True]
    bump(running)
    read_model.breakdown_cached(running, pid)
    assert runs == [False, True, True, True]


def test_a_bucket_explains_only_its_own_participants(running, monkeypatch):
    from pairing.engine import tiebreaks

    explained = set()
    real = tiebreaks.TournamentTiebreaks.value

    def value(self, pid, code, *, explain=True):
        if explain:
            explained.add(pid)
        return real(self, pid, code, explain=explain)

    monkeypatch.setattr(tiebreaks.TournamentTiebreaks, "value", value)
    pid = running.participants.first().id
    read_model.breakdown_cached(running, pid)
    assert pid in explained
    assert {p % read_model.BUCKETS for p in explained} == {pid % read_model.BUCKETS}


def test_the_breakdowns_agree_with_the_ranking(running):
    ranking = read_model.ranking_cached(running)
    for row in ranking.rows:
        cells = read_model.breakdown_cached(running, row.participant_id).cells
        assert [c.value for c in cells if c.code != "DE"] == [
            v for v, code in zip(row.values, ranking.tiebreaks, strict=True) if code != "DE"
        ]


def test_an_unknown_participant_does_not_rerun_the_engine(running, monkeypatch):
    assert read_model.breakdown_cached(running, 10**6) is None  # its bucket, stored empty
    monkeypatch.setattr(read_model, "_compute_breakdowns", lambda *a: pytest.fail("engine rerun"))
    assert read_model.breakdown_cached(running, 10**6) is None


def test_a_request_that_finds_the_engine_running_waits_for_its_answer(running, monkeypatch):
    answer = read_model.ranking_cached(running)
    cache.clear()
    cache.add(_key(running, "computing"), 1, 60)  # someone else is computing

    def other_request_finishes(seconds):
        cache.set(_key(running, "ranking"), answer)

    monkeypatch.setattr(public_cache.time, "sleep", other_request_finishes)
    monkeypatch.setattr(read_model, "_compute", lambda t: pytest.fail("computed twice"))
    assert read_model.ranking_cached(running) == answer


def test_if_the_other_request_gives_up_the_waiter_computes_it(running, monkeypatch):
    cache.add(_key(running, "computing"), 1, 60)
    monkeypatch.setattr(public_cache.time, "sleep", lambda seconds: cache.delete(_key(running, "computing")))
    ranking = read_model.ranking_cached(running)
    assert ranking.through_round == 2
    assert len(ranking.rows) == 9
    assert cache.get(_key(running, "computing")) is None


def _api_points(tournament) -> dict[int, str]:
    body = APIClient().get(f"/api/public/{tournament.public_token}/standings/").json()
    return {row["participant"]: row["points"] for row in body["rows"]}


def test_the_public_api_reads_the_same_cached_standings_as_the_pages(running, client):
    """One read path: the API answers from the ranking the pages cached, not a fresh engine run each time.

    A change that bypasses the services (so no version bump) shows the difference: the cached
    answer stands until the next bump. Before this change the API recomputed on every request.
    """
    assert client.get(public_url(running, "standings")).status_code == 200
    before = _api_points(running)
    board = Board.objects.filter(
        round__tournament=running, round__number=1, result=Board.Result.WHITE_WINS
    ).first()
    Board.objects.filter(pk=board.pk).update(result=Board.Result.BLACK_WINS)
    assert _api_points(running) == before
    bump(running)
    after = _api_points(running)
    assert after[board.white_id] != before[board.white_id]
    assert after[board.black_id] != before[board.black_id]


def _refresh(tournament):
    tournament.refresh_from_db()
    return tournament


def test_results_of_the_round_in_play_do_not_rerun_the_engine_and_its_last_one_does(
    running, arbiter, monkeypatch
):
    """Before: every result moved the key, so the engine reran (230-365 ms for 1000 players) for
    the same answer: the standings shown are those after the last complete round."""
    from pairing.standings import standings_for_tournament
    from tournaments.services.results import result_record

    calls = _count_engine_runs(monkeypatch)
    boards = list(Board.objects.filter(round__tournament=running, round__number=3).order_by("number"))
    result_record(board=boards[0], user=arbiter, result="1-0", expected_version=boards[0].version)
    assert read_model.ranking_cached(_refresh(running)).through_round == 2
    for board in boards[1:-1]:
        result_record(board=board, user=arbiter, result="1/2-1/2", expected_version=board.version)
        assert read_model.ranking_cached(_refresh(running)).through_round == 2
    assert len(calls) == 1

    result_record(board=boards[-1], user=arbiter, result="0-1", expected_version=boards[-1].version)
    ranking = read_model.ranking_cached(_refresh(running))
    assert len(calls) == 2
    # Exact: the same as the engine run afresh on the database after round 3.
    fresh = standings_for_tournament(running)
    assert ranking.through_round == fresh.rounds == 3
    # As the tables show it (issue 22): players level on everything share a place (listed by number)
    # until the final round, and DE shows a value only where it decided the order.
    rank_of = {r.id: r.rank for r in fresh.rows}
    shown = sorted(
        (
            (r.id, min((rank_of[i] for i in r.lot_group), default=r.rank) if r.by_lot else r.rank, r.tpn, r)
            for r in fresh.rows
        ),
        key=lambda t: (t[1], t[2]),
    )
    assert [(r.participant_id, r.rank, r.decimal_points, r.values) for r in ranking.rows] == [
        (pid, rank, r.points_display, tuple(read_model.shown_value(r, v) for v in r.tiebreaks))
        for pid, rank, _, r in shown
    ]


def test_a_new_standings_algorithm_shows_at_once_in_tournaments_already_cached(running, monkeypatch):
    calls = _count_engine_runs(monkeypatch)
    read_model.ranking_cached(running)
    read_model.ranking_cached(running)
    monkeypatch.setattr(read_model, "STANDINGS_ALGORITHM", read_model.STANDINGS_ALGORITHM + 1)
    read_model.ranking_cached(running)
    assert len(calls) == 2


def test_the_public_api_standings_json_is_built_once_per_standings_version(running, monkeypatch):
    from tournaments.public import api as public_api

    built = []
    real = public_api.standings_for_api
    monkeypatch.setattr(public_api, "standings_for_api", lambda t: built.append(t) or real(t))
    api = APIClient()
    path = f"/api/public/{running.public_token}/standings/"
    first = api.get(path)
    assert first["Content-Type"] == "application/json"
    again = api.get(path, HTTP_ACCEPT_ENCODING="gzip")
    assert again["Content-Encoding"] == "gzip"
    assert gzip.decompress(again.content) == first.content
    assert api.get(path, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    assert len(built) == 1
    assert first.json()["through_round"] == 2 and len(first.json()["rows"]) == 9
    bump(running)
    assert api.get(path).json() == first.json()
    assert len(built) == 2


def test_the_public_api_standings_take_one_engine_run_and_agree_with_the_pages(running, monkeypatch):
    """Issue 20: the API's standings went through every bucket of breakdowns (built, pickled,
    stored, read back, converted again): 1.4 s for 5,000 players. Now one run gives the API its
    rows and the pages their ranking."""
    runs = _count_engine_runs(monkeypatch)
    api = APIClient().get(f"/api/public/{running.public_token}/standings/").json()
    assert runs == [True]  # one run, with the breakdowns
    ranking = read_model.ranking_cached(running)
    assert runs == [True]  # the pages' ranking came from the same run
    assert [(r["participant"], r["rank"]) for r in api["rows"]] == [
        (row.participant_id, row.rank) for row in ranking.rows
    ]
    for row in api["rows"]:
        cells = read_model.breakdown_cached(running, row["participant"]).cells
        assert [(t["code"], t["value"], t["summary"]) for t in row["tiebreaks"]] == [
            (c.code, c.value, c.breakdown) for c in cells
        ]
