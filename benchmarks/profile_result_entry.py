"""What one result entry costs the web process, on both paths, and where the time goes.

Runs in-process (Django's test client, no server) against the database ``bench_load.py`` built
(``--database``, default chess_h21) with the Redis cache (``--cache-db``) and ``DEBUG=0``, as the
load benchmark's gunicorn runs: the round page's htmx form post (``POST /t/<id>/boards/<pk>/result/``
with a session) and the REST API's ``PUT /api/tournaments/<id>/rounds/<n>/boards/<b>/`` with a
token and the version. Each path enters ``--entries`` results after a warm-up; prints the queries
one entry runs, the process CPU per entry (Django and psycopg), the CPU of the PostgreSQL backend
serving it per entry
and, with ``--profile``, the Python calls per entry, the CPU by layer (the ORM and its driver, the
templates, DRF, the app's own code...) and cProfile's top functions by cumulative time.

    .venv/bin/python benchmarks/bench_load.py ...        # builds the database first
    .venv/bin/python benchmarks/profile_result_entry.py [--entries 400] [--profile]

It changes round 9's results of that database (as the load benchmark does), nothing else.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import secrets
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).parent))

from _machine import cpu_probe  # noqa: E402

LAYERS = (
    ("psycopg (driver)", ("/psycopg/", "/psycopg_binary/", "/psycopg_c/")),
    ("Django ORM", ("/django/db/",)),
    ("Django templates", ("/django/template/", "/template_partials/", "/django/templatetags/")),
    ("Django i18n", ("/django/utils/translation/",)),
    ("Django URLs", ("/django/urls/",)),
    ("DRF", ("/rest_framework/",)),
    ("Redis client", ("/redis/",)),
    (
        "Django request / middleware / auth / sessions",
        (
            "/django/core/handlers/",
            "/django/middleware/",
            "/django/contrib/",
            "/django/http/",
        ),
    ),
    ("Django's test client (not in production)", ("/django/test/",)),
    ("Django other", ("/django/",)),
)


def by_layer(stats: pstats.Stats, entries: int) -> str:
    """Own CPU (cProfile's tottime) per entry, summed by layer, largest first."""
    totals: dict[str, float] = {}
    for (filename, _, _), (_, _, tottime, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        layer = next((name for name, marks in LAYERS if any(mark in filename for mark in marks)), None)
        if layer is None:
            if filename.startswith(str(ROOT)) and "/.venv/" not in filename:
                layer = "the app (tournaments, accounts, core, config...)"
            elif filename.startswith(("~", "<")) or (
                "/lib/python" in filename and "-packages/" not in filename
            ):
                layer = "Python built-ins and stdlib"
            else:
                layer = "other libraries"
        totals[layer] = totals.get(layer, 0.0) + tottime
    whole = sum(totals.values()) or 1.0
    return "\n".join(
        f"    {name:48} {seconds / entries * 1000:6.2f} ms  {seconds / whole:5.1%}"
        for name, seconds in sorted(totals.items(), key=lambda item: -item[1])
    )


def _backend_cpu(connection) -> float:  # noqa: ANN001
    """CPU seconds the PostgreSQL backend serving ``connection`` has used (it runs on this machine:
    its /proc entry), so the server's side of an entry is counted too."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default="chess_h21")
    parser.add_argument("--cache-db", type=int, default=12)
    parser.add_argument("--entries", type=int, default=400)
    parser.add_argument("--profile", action="store_true", help="print cProfile's top functions")
    parser.add_argument("--top", type=int, default=35)
    parser.add_argument("--dump", help="with --profile: write the stats to DUMP-form.prof and DUMP-api.prof")
    args = parser.parse_args()
    os.environ.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DEBUG="0",
        SECRET_KEY=os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50),
        ALLOWED_HOSTS="testserver,127.0.0.1",
        SECURE_SSL_REDIRECT="0",
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
        SECURE_HSTS_SECONDS="0",
        DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{args.database}",
        CACHE_URL=f"redis://127.0.0.1:6379/{args.cache_db}",
        EMAIL_URL="console://",
        LOG_LEVEL="WARNING",
    )
    import django

    django.setup()
    from django.db import connection
    from django.db.models import F
    from django.test import Client

    from accounts.services import api_token_create
    from tournaments.models import Board, Round, Tournament, TournamentRole

    role = TournamentRole.objects.select_related("tournament", "user").filter(role="arbiter").first()
    if role is None:
        raise SystemExit(f"no arbiter in {args.database}: run benchmarks/bench_load.py first")
    tournament, user = role.tournament, role.user
    rnd = Round.objects.filter(tournament=tournament).order_by("-number").first()
    # The round back to "published, no result in" (as the load benchmark's scenarios start).
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    Board.objects.filter(round=rnd).update(result="", version=0, changed_version=0)
    Tournament.objects.filter(pk=tournament.pk).update(
        status=Tournament.Status.RUNNING, version=F("version") + 1
    )
    boards = list(Board.objects.filter(round=rnd).order_by("number").values_list("pk", "number", "version"))
    key = api_token_create(user=user, name=f"profile {secrets.token_hex(4)}", days=1)[1]

    form = Client(enforce_csrf_checks=False)
    form.force_login(user)
    api = Client(headers={"authorization": f"Token {key}"})
    versions = {pk: version for pk, _, version in boards}
    shown = dict.fromkeys(versions, "")

    def changed(pk: int) -> str:
        """Another result than the board shows: every entry is a change (none is the quiet
        "already so" answer, which writes nothing)."""
        shown[pk] = "0-1" if shown[pk] == "1-0" else "1-0"
        return shown[pk]

    def by_form(turn: int):
        pk, _, _ = boards[turn % len(boards)]
        # confirm=1: a change to a result the board shows is asked first (issue 33); the arbiter
        # says yes, as the load benchmark's do.
        response = form.post(
            f"/t/{tournament.pk}/boards/{pk}/result/",
            {"result": changed(pk), "version": versions[pk], "confirm": "1"},
            headers={"hx-request": "true"},
        )
        assert response.status_code == 200 and response["X-Result-Status"] == "200", response.content[:300]
        versions[pk] += 1

    def by_api(turn: int):
        pk, number, _ = boards[turn % len(boards)]
        response = api.put(
            f"/api/tournaments/{tournament.pk}/rounds/{rnd.number}/boards/{number}/",
            {"result": changed(pk), "version": versions[pk]},
            content_type="application/json",
        )
        assert response.status_code == 200, response.content[:300]
        versions[pk] += 1

    print(
        f"CPU probe (sum of 30 million integers): {cpu_probe():.2f} s; load average {os.getloadavg()[0]:.1f}"
    )
    turn = 0
    for name, enter in (("form (htmx post)", by_form), ("API (PUT with version)", by_api)):
        label = "form" if enter is by_form else "api"
        for _ in range(20):  # warm: templates, serializers, connections
            enter(turn)
            turn += 1
        queries: list[str] = []

        def counted(execute, sql, *rest, seen=queries):  # noqa: ANN001, ANN202
            seen.append(sql)
            return execute(sql, *rest)

        with connection.execute_wrapper(counted):
            enter(turn)
            turn += 1
        profiler = cProfile.Profile(time.process_time) if args.profile else None  # CPU, not wall
        backend_cpu = _backend_cpu(connection)
        started_cpu, started = time.process_time(), time.perf_counter()
        if profiler:
            profiler.enable()
        for _ in range(args.entries):
            enter(turn)
            turn += 1
        if profiler:
            profiler.disable()
        cpu = (time.process_time() - started_cpu) / args.entries * 1000
        wall = (time.perf_counter() - started) / args.entries * 1000
        server = (_backend_cpu(connection) - backend_cpu) / args.entries * 1000
        print(
            f"\n{name}: {len(queries)} queries; {cpu:.2f} ms CPU and {wall:.2f} ms wall per entry;"
            f" PostgreSQL's backend {server:.2f} ms CPU per entry"
        )
        for sql in queries:
            print("   ", sql[:200])
        if profiler and args.dump:
            profiler.dump_stats(f"{args.dump}-{label}.prof")
        if profiler:
            out = io.StringIO()
            stats = pstats.Stats(profiler, stream=out)
            calls = stats.total_calls / args.entries  # type: ignore[attr-defined]
            print(f"  {calls:,.0f} Python calls per entry; own CPU by layer (profiled, so inflated):")
            print(by_layer(stats, args.entries))
            stats.sort_stats("cumulative").print_stats(args.top)
            print(out.getvalue())


if __name__ == "__main__":
    main()
