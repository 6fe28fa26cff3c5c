"""What PostgreSQL's backends serving a database are doing, sampled: run it beside a load (for
instance ``bench_load.py --only c``) to see where the server's time goes without
``pg_stat_statements`` (not loaded on this machine's server).

    .venv/bin/python benchmarks/pg_activity_sample.py [--seconds 20] [--database chess_h21]

Every 10 ms it reads ``pg_stat_activity`` for the database's other backends that are not idle and
counts (state, wait event, the statement's first 90 characters); it prints the most frequent.
A backend "active" with a ``Lock:`` wait is queued on a lock; "idle in transaction" with
``Client:ClientRead`` holds its transaction (and its locks) while waiting for the web process to
send the next statement.
"""

from __future__ import annotations

import argparse
import collections
import re
import time

import psycopg


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--database", default="chess_h21")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    conn = psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True)
    seen: collections.Counter[tuple[str, str, str]] = collections.Counter()
    samples = 0
    end = time.monotonic() + args.seconds
    while time.monotonic() < end:
        rows = conn.execute(
            "SELECT state, coalesce(wait_event_type, '') || ':' || coalesce(wait_event, ''), query"
            " FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid() AND state <> 'idle'",
            (args.database,),
        )
        for state, wait, query in rows:
            seen[state, wait, re.sub(r"\s+", " ", query)[:90]] += 1
        samples += 1
        time.sleep(0.01)
    print(f"{samples} samples of {args.database}'s busy backends (count, state, wait event, statement)")
    for (state, wait, query), count in seen.most_common(args.top):
        print(f"{count:>6}  {state:<20} {wait:<24} {query}")


if __name__ == "__main__":
    main()
