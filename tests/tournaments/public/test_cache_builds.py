"""Issue 20: a big field's cold public reads (ranking, snapshot, the API's full standings) spent up
to a third of their time in the cyclic garbage collector, walking the hundreds of thousands of
objects each build keeps alive. ``single_flight`` runs every build with it paused."""

from __future__ import annotations

import gc

import pytest
from django.core.cache import cache

from core.cache import single_flight

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()


def test_a_build_runs_with_the_collector_paused_and_it_is_back_on_after():
    assert gc.isenabled()
    seen = []
    assert single_flight("k1", lambda: seen.append(gc.isenabled()) or "v", lock_seconds=5) == "v"
    assert seen == [False]
    assert gc.isenabled()


def test_a_failing_build_turns_the_collector_back_on():
    def fail():
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        single_flight("k2", fail, lock_seconds=5)
    assert gc.isenabled()
    assert single_flight("k2", lambda: "v", lock_seconds=5) == "v"  # and the lock was let go
