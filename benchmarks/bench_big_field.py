"""Server time of every staff page, public page and API endpoint for a big Swiss (default 5,000
participants, 11 rounds; the goal is under a second each).

Builds the tournament with bulk-created boards (tests/tournaments/public/builders.py) and round
explanations the size the engine writes (every name, a note per board), plus one more round as a
draft, in a scratch SQLite database or, with ``--configured-db``, in the database ``DATABASE_URL``
names (use a throwaway one). Then asks each URL through Django's test client with an empty cache
and prints milliseconds, SQL queries and response size; last, it publishes the draft through the
API. Building 5,000 x 11 takes a few minutes.

    .venv/bin/python benchmarks/bench_big_field.py [--players 5000] [--rounds 11] [--configured-db]
"""

from __future__ import annotations

import argparse
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
    args = parser.parse_args()

    scratch = django_setup(configured_db=args.configured_db)
    from bench_public_pages import _add_explanations
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from rest_framework.authtoken.models import Token

    from tests.reliability.test_big_field_queries import api_reads, public_pages, staff_pages
    from tests.tournaments.public.builders import add_round, build_tournament
    from tournaments.models import Board, Round, Tournament, TournamentRole

    started = time.perf_counter()
    user, _ = get_user_model().objects.get_or_create(username="bench-organiser")
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

    import tests.reliability.test_big_field_queries as pages

    pages.ROUNDS = args.rounds  # the URLs name the last played round
    web = Client()
    web.force_login(user)
    api = Client(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    someone = people[len(people) // 2]
    slow = 0
    print(f"{'kind':7} {'url':58} {'ms':>8} {'queries':>8} {'KiB':>7}")
    for kind, client, urls in (
        ("staff", web, staff_pages),
        ("public", Client(), public_pages),
        ("api", api, api_reads),
    ):
        for url in urls(tournament, someone):
            cache.clear()
            with CaptureQueriesContext(connection) as captured:
                t0 = time.perf_counter()
                response = client.get(url)
                ms = (time.perf_counter() - t0) * 1000
            slow += ms >= 1000
            shown = url.replace(tournament.public_token, "<token>")
            print(
                f"{kind:7} {shown:58} {ms:8.0f} {len(captured):8d} {len(response.content) / 1024:7.0f}"
                + ("" if response.status_code == 200 else f"  HTTP {response.status_code}")
            )
    cache.clear()
    t0 = time.perf_counter()
    response = api.post(f"/api/tournaments/{tournament.pk}/rounds/{args.rounds + 1}/publish/")
    ms = (time.perf_counter() - t0) * 1000
    slow += ms >= 1000
    print(
        f"{'api':7} {'POST …/rounds/' + str(args.rounds + 1) + '/publish/':58} {ms:8.0f} {'':>8} {'':>7}  HTTP {response.status_code}"
    )
    print(f"{slow} of them took a second or more")
    if scratch is not None:
        connection.close()
        Path(scratch).unlink(missing_ok=True)


if __name__ == "__main__":
    main()
