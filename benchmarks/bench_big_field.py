"""Server time of every staff page, public page and API endpoint for a big Swiss (default 5,000
participants, 11 rounds; the goal is under a second each).

Builds the tournament with bulk-created boards (tests/tournaments/public/builders.py) and round
explanations the size the engine writes (every name, a note per board), plus one more round as a
draft, in a scratch SQLite database or, with ``--configured-db``, in the database ``DATABASE_URL``
names (use a throwaway one). Then asks each URL through Django's test client with an empty cache
and prints wall and CPU milliseconds (CPU is steadier on a busy machine), SQL queries and response
size, then the CPU of a second, cached read; last, it publishes the draft through the API.
Building 5,000 x 11 takes a few minutes.

    .venv/bin/python benchmarks/bench_big_field.py [--players 5000] [--rounds 11] [--configured-db]

``--keep FILE`` builds into that SQLite file once and reuses it on later runs (the draft's publish
then runs in a transaction rolled back, so the file stays reusable); ``--only TEXT`` asks only the
URLs of that kind (staff, public, api) or containing TEXT;
``--profile N`` prints the N most expensive functions (cumulative) of each cold request.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from _machine import cpu_probe  # noqa: E402
from _scratch_django import django_setup  # noqa: E402


def _build(args):
    from bench_public_pages import _add_explanations
    from django.contrib.auth import get_user_model
    from django.db import connection

    from tests.tournaments.public.builders import add_round, build_tournament
    from tournaments.models import Board, Round, Tournament, TournamentRole

    user, _ = get_user_model().objects.get_or_create(username="bench-organiser")
    tournament = Tournament.objects.filter(name="Big Field Open").first()
    if tournament is not None:
        people = list(tournament.participants.order_by("pairing_number"))
        return user, tournament, people
    started = time.perf_counter()
    tournament = Tournament.objects.create(name="Big Field Open", rounds_planned=args.rounds + 1)
    TournamentRole.objects.create(tournament=tournament, user=user, role=TournamentRole.Role.ORGANISER)
    people = build_tournament(tournament, players=args.players, rounds=args.rounds)
    add_round(tournament, args.rounds + 1, people, status=Round.Status.DRAFT, results=False)
    _add_explanations(tournament, people)
    built = time.perf_counter() - started
    boards = Board.objects.filter(round__tournament=tournament).count()
    print(
        f"{args.players} participants, {args.rounds} rounds + a draft, {boards} boards "
        f"({connection.vendor}, built in {built:.1f} s)"
    )
    return user, tournament, people


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument(
        "--configured-db", action="store_true", help="use DATABASE_URL instead of a scratch file"
    )
    parser.add_argument("--keep", metavar="FILE", help="SQLite file to build once and reuse")
    parser.add_argument("--only", metavar="TEXT", help="ask only the URLs of that kind or containing TEXT")
    parser.add_argument("--profile", metavar="N", type=int, default=0, help="print the N costliest functions")
    args = parser.parse_args()
    probe = cpu_probe()

    if args.keep:
        os.environ["DATABASE_URL"] = f"sqlite:///{Path(args.keep).resolve()}"
    scratch = django_setup(configured_db=args.configured_db or bool(args.keep))
    from django.core.cache import cache
    from django.db import connection, transaction
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from rest_framework.authtoken.models import Token

    from core import cache as core_cache
    from tests.reliability.test_big_field_queries import api_reads, public_pages, staff_pages

    user, tournament, people = _build(args)
    rounds = tournament.rounds.exclude(status="draft").count()

    import tests.reliability.test_big_field_queries as pages

    pages.ROUNDS = rounds  # the URLs name the last played round
    web = Client()
    web.force_login(user)
    api = Client(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    someone = people[len(people) // 2]
    web.get("/")  # imports and URL loading are not any page's cost
    slow = 0
    print(f"{'kind':7} {'url':58} {'ms':>8} {'cpu ms':>8} {'cached':>8} {'queries':>8} {'KiB':>7}")

    def staff_and_draft(t, someone):
        return [*staff_pages(t, someone), f"/t/{t.pk}/rounds/{rounds + 1}/"]

    for kind, client, urls in (
        ("staff", web, staff_and_draft),
        ("public", Client(), public_pages),
        ("api", api, api_reads),
    ):
        for url in urls(tournament, someone):
            if args.only and args.only != kind and args.only not in url:
                continue
            cache.clear()
            core_cache._KEPT.clear()  # the per-process copies too: every figure is cold
            profiler = cProfile.Profile() if args.profile else None
            with CaptureQueriesContext(connection) as captured:
                t0, c0 = time.perf_counter(), time.process_time()
                if profiler:
                    profiler.enable()
                response = client.get(url)
                if profiler:
                    profiler.disable()
                ms = (time.perf_counter() - t0) * 1000
                cpu = (time.process_time() - c0) * 1000
            c0 = time.process_time()
            client.get(url)
            cached = (time.process_time() - c0) * 1000
            slow += cpu >= 1000
            shown = url.replace(tournament.public_token, "<token>")
            print(
                f"{kind:7} {shown:58} {ms:8.0f} {cpu:8.0f} {cached:8.0f} {len(captured):8d} "
                f"{len(response.content) / 1024:7.0f}"
                + ("" if response.status_code == 200 else f"  HTTP {response.status_code}")
            )
            if profiler:
                pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.profile)
    if not args.only or args.only == "api":
        cache.clear()
        with transaction.atomic():
            c0 = time.process_time()
            response = api.post(f"/api/tournaments/{tournament.pk}/rounds/{rounds + 1}/publish/")
            cpu = (time.process_time() - c0) * 1000
            transaction.set_rollback(bool(args.keep))
        slow += cpu >= 1000
        print(
            f"{'api':7} {'POST …/rounds/' + str(rounds + 1) + '/publish/':58} {'':>8} {cpu:8.0f}"
            f"  HTTP {response.status_code}"
        )
    print(f"{slow} of them took a second or more of CPU")
    print(f"CPU probe (sum of 30 million integers): {probe:.2f} s before, {cpu_probe():.2f} s after")
    if scratch is not None:
        connection.close()
        Path(scratch).unlink(missing_ok=True)


if __name__ == "__main__":
    main()
