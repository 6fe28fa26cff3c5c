"""Server time of every staff page, public page and API endpoint for a big Swiss (default 5,000
participants, 11 rounds; the goal is under a second each).

Builds the tournament with bulk-created boards (tests/tournaments/public/builders.py) and round
explanations the size the engine writes (every name, a note per board), plus one more round as a
draft, in a scratch SQLite database or, with ``--configured-db``, in the database ``DATABASE_URL``
names (use a throwaway one). Then asks each URL through Django's test client with an empty cache
and prints milliseconds, SQL queries and response size; last, it publishes the draft through the
API. Building 5,000 x 11 takes a few minutes: ``--keep FILE`` keeps the SQLite file and, when it
already holds the tournament, reuses it (the publish then runs in a transaction rolled back, so
the file stays reusable); ``--only staff`` (or public, api) asks only those URLs. The times are
the process's CPU time (the machine may be shared: wall time says little) next to wall time.

    .venv/bin/python benchmarks/bench_big_field.py [--players 5000] [--rounds 11] [--configured-db]
        [--keep /tmp/big-field.sqlite3] [--only staff]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from _scratch_django import django_setup  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument(
        "--configured-db", action="store_true", help="use DATABASE_URL instead of a scratch file"
    )
    parser.add_argument("--keep", metavar="FILE", help="SQLite file to build into once and reuse")
    parser.add_argument("--only", choices=("staff", "public", "api"), action="append")
    args = parser.parse_args()

    reuse = bool(args.keep) and Path(args.keep).exists() and Path(args.keep).stat().st_size > 0
    if args.keep:
        os.environ["DATABASE_URL"] = f"sqlite:///{Path(args.keep).resolve()}"
    scratch = django_setup(configured_db=args.configured_db or bool(args.keep))
    from bench_public_pages import _add_explanations
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.db import connection, transaction
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from rest_framework.authtoken.models import Token

    from tests.reliability.test_big_field_queries import api_reads, public_pages, staff_pages
    from tests.tournaments.public.builders import add_round, build_tournament
    from tournaments.models import Board, Participant, Round, Tournament, TournamentRole

    started = time.perf_counter()
    user, _ = get_user_model().objects.get_or_create(username="bench-organiser")
    tournament = Tournament.objects.filter(name="Big Field Open").first() if reuse else None
    if tournament is None:
        tournament = Tournament.objects.create(name="Big Field Open", rounds_planned=args.rounds + 1)
        TournamentRole.objects.create(tournament=tournament, user=user, role=TournamentRole.Role.ORGANISER)
        people = build_tournament(tournament, players=args.players, rounds=args.rounds)
        add_round(tournament, args.rounds + 1, people, status=Round.Status.DRAFT, results=False)
        _add_explanations(tournament, people)
    else:
        people = list(Participant.objects.filter(tournament=tournament).order_by("pairing_number"))
    built = time.perf_counter() - started
    boards = Board.objects.filter(round__tournament=tournament).count()
    print(
        f"{args.players} participants, {args.rounds} rounds + a draft, {boards} boards "
        f"({connection.vendor}, built in {built:.1f} s)"
    )

    import tests.reliability.test_big_field_queries as pages

    pages.ROUNDS = args.rounds  # the URLs name the last played round
    web = Client()
    web.force_login(user)
    api = Client(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    someone = people[len(people) // 2]
    slow = 0

    def staff_and_draft(t: Tournament, someone: Participant) -> list[str]:
        return [*staff_pages(t, someone), f"/t/{t.pk}/rounds/{args.rounds + 1}/"]

    web.get(f"/t/{tournament.pk}/settings/")  # warm up (imports, URL and template loading): not timed
    print(f"{'kind':7} {'url':58} {'cpu ms':>8} {'wall ms':>8} {'queries':>8} {'KiB':>7}")
    for kind, client, urls in (
        ("staff", web, staff_and_draft),
        ("public", Client(), public_pages),
        ("api", api, api_reads),
    ):
        if args.only and kind not in args.only:
            continue
        for url in urls(tournament, someone):
            cache.clear()
            with CaptureQueriesContext(connection) as captured:
                t0, c0 = time.perf_counter(), time.process_time()
                response = client.get(url)
                cpu = (time.process_time() - c0) * 1000
                ms = (time.perf_counter() - t0) * 1000
            slow += cpu >= 1000
            shown = url.replace(tournament.public_token, "<token>")
            print(
                f"{kind:7} {shown:58} {cpu:8.0f} {ms:8.0f} {len(captured):8d} {len(response.content) / 1024:7.0f}"
                + ("" if response.status_code == 200 else f"  HTTP {response.status_code}")
            )
    if args.only and "api" not in args.only:
        print(f"{slow} of them took a second or more of CPU")
        return
    cache.clear()
    with transaction.atomic():
        t0, c0 = time.perf_counter(), time.process_time()
        response = api.post(f"/api/tournaments/{tournament.pk}/rounds/{args.rounds + 1}/publish/")
        ms = (time.process_time() - c0) * 1000
        slow += ms >= 1000
        transaction.set_rollback(bool(args.keep))
    print(
        f"{'api':7} {'POST …/rounds/' + str(args.rounds + 1) + '/publish/':58} {ms:8.0f} {'':>8} {'':>7}  HTTP {response.status_code}"
    )
    print(f"{slow} of them took a second or more of CPU")
    if scratch is not None:
        connection.close()
        Path(scratch).unlink(missing_ok=True)


if __name__ == "__main__":
    main()
