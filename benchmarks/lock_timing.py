"""Where a result entry's time under the tournament lock goes, measured inside gunicorn's workers.

A gunicorn configuration file (``bench_load.py --lock-timing`` passes it with ``-c``): each worker
times every SQL statement its threads run and, from the ``SELECT ... FROM tournaments_tournament
... FOR UPDATE`` that takes the tournament's row lock to the COMMIT (or ROLLBACK) that releases
it, writes one JSON line per locked section to ``LOCK_TIMING_DIR/<pid>.jsonl``: the wait for the
lock, each statement under it (by kind and table), the COMMIT, the wall time the lock was held
and the thread's own CPU in it (when the board's read is sent with the lock's in one round trip,
the wait includes that read and the hold starts when both answers are back: it leaves out the
read's own time on the server and this thread's wait to run again after it) (the rest of the hold is the thread waiting: for PostgreSQL, for
the GIL another thread of its worker holds, for a core). Nothing of the app is changed; the
benchmark's own statements are timed by the same wrapper, the app's code does not know.

``summary(lines)`` turns such lines into the table ``bench_load.py`` prints.
"""

from __future__ import annotations

import json
import os
import re
import statistics
import sys
import threading
import time

_state = threading.local()
_TABLE = re.compile(r'(?:FROM|UPDATE|INTO)\s+"(\w+)"', re.I)


def _kind(sql: str) -> str:
    verb = sql.lstrip().split(None, 1)[0].upper()
    table = _TABLE.search(sql)
    name = table.group(1).removeprefix("tournaments_") if table else "?"
    lock = " FOR UPDATE" if "FOR UPDATE" in sql else ""
    return f"{verb} {name}{lock}"


def _write(record: dict) -> None:
    out = getattr(_state, "out", None)
    if out is None:
        return
    with _lock:
        out.write(json.dumps(record) + "\n")
        out.flush()


_lock = threading.Lock()


def _timed(execute, sql, params, many, context):  # noqa: ANN001, ANN202
    started = time.perf_counter()
    try:
        return execute(sql, params, many, context)
    finally:
        ended = time.perf_counter()
        held = getattr(_state, "held", None)
        if held is not None:
            held["statements"].append([_kind(sql), ended - started])
        elif "FOR UPDATE" in sql and 'FROM "tournaments_tournament"' in sql:
            pipelined = getattr(context["connection"].connection, "_pipeline", None) is not None
            _state.held = {
                "wait": ended - started,
                "since": ended,
                "cpu_since": time.thread_time(),
                "statements": [],
                # Sent in a pipeline with the board's read: the answers come when the caller
                # fetches them; the hold is counted from the return of ``tournament_lock``.
                "pending": started if pipelined else None,
            }


def _end(how: str, call, *args):  # noqa: ANN001, ANN202
    started = time.perf_counter()
    try:
        return call(*args)
    finally:
        held = getattr(_state, "held", None)
        if held is not None:
            _state.held = None
            ended = time.perf_counter()
            _write(
                {
                    "end": how,
                    "wait": held["wait"],
                    "statements": held["statements"],
                    "close": ended - started,
                    "hold": ended - held["since"],
                    "cpu": time.thread_time() - held["cpu_since"],
                }
            )


def post_worker_init(worker) -> None:  # noqa: ANN001 (gunicorn's hook)
    from django.db.backends.postgresql.base import DatabaseWrapper
    from django.db.backends.signals import connection_created

    directory = os.environ["LOCK_TIMING_DIR"]
    if os.environ.get("LOCK_TIMING_SERVER_BINDING"):
        # An experiment (``bench_load.py --server-binding``): psycopg's server-side binding, which
        # prepares a statement run five times (PostgreSQL then parses and plans it once).
        from django.db import connections

        connections.settings["default"].setdefault("OPTIONS", {})["server_side_binding"] = True
    if os.environ.get("LOCK_TIMING_SWITCH_INTERVAL"):
        # An experiment (``bench_load.py --switch-interval``): how long a thread that has the
        # lock and an answer from PostgreSQL waits for the GIL held by its worker's other threads.
        sys.setswitchinterval(float(os.environ["LOCK_TIMING_SWITCH_INTERVAL"]))
    out = open(os.path.join(directory, f"{os.getpid()}.jsonl"), "a")  # noqa: SIM115 (the worker's life)
    commit, rollback = DatabaseWrapper._commit, DatabaseWrapper._rollback

    def _commit(self):  # noqa: ANN001, ANN202
        _state.out = out
        return _end("commit", commit, self)

    def _rollback(self):  # noqa: ANN001, ANN202
        _state.out = out
        return _end("rollback", rollback, self)

    DatabaseWrapper._commit = _commit
    DatabaseWrapper._rollback = _rollback

    from tournaments.services import results

    lock = results.tournament_lock

    def tournament_lock(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        try:
            return lock(*args, **kwargs)
        finally:
            held = getattr(_state, "held", None)
            if held is not None and held["pending"] is not None:
                now = time.perf_counter()
                held.update(wait=now - held["pending"], since=now, cpu_since=time.thread_time(), pending=None)

    results.tournament_lock = tournament_lock

    def created(sender, connection, **kwargs):  # noqa: ANN001, ANN202
        _state.out = out
        connection.execute_wrappers.append(_timed)

    connection_created.connect(created, weak=False)


def summary(lines: list[str]) -> str:
    """Per locked section, mean ms: the wait for the lock, each statement kind under it, the
    COMMIT, Python between them, the hold, and the thread's own CPU in the hold."""
    records = [json.loads(line) for line in lines if line.strip()]
    records = [r for r in records if r["end"] == "commit" and r["statements"]]
    if not records:
        return "no locked section recorded"
    n = len(records)
    by_kind: dict[str, float] = {}
    counts: dict[str, int] = {}
    for r in records:
        for kind, seconds in r["statements"]:
            by_kind[kind] = by_kind.get(kind, 0.0) + seconds
            counts[kind] = counts.get(kind, 0) + 1
    statements = sum(by_kind.values()) / n
    close = sum(r["close"] for r in records) / n
    hold = [r["hold"] for r in records]
    cpu = sum(r["cpu"] for r in records) / n
    mean_hold = sum(hold) / n
    rows = [
        f"  {n} locked sections that committed; mean ms per section (statements: time each took, as the thread saw it)",
        f"    wait for the tournament lock (and read) {sum(r['wait'] for r in records) / n * 1000:7.2f}",
    ]
    for kind, seconds in sorted(by_kind.items(), key=lambda x: -x[1]):
        rows.append(f"    {kind[:38]:38} {seconds / n * 1000:7.2f}  ({counts[kind] / n:.2f} a section)")
    rows += [
        f"    COMMIT                                  {close * 1000:7.2f}",
        f"    between statements (Python, GIL, core)  {(mean_hold - statements - close) * 1000:7.2f}",
        f"    held: mean {mean_hold * 1000:.2f}, p50 {statistics.median(hold) * 1000:.2f}, "
        f"p95 {sorted(hold)[int(0.95 * (n - 1))] * 1000:.2f}; the thread's own CPU in it {cpu * 1000:.2f}",
    ]
    return "\n".join(rows)
