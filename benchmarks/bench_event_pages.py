"""Server time of an event's pages: 3 sections x 400 participants x 9 rounds (issue 30).

Builds the event in a scratch SQLite database (or, with ``--configured-db``, in the database
``DATABASE_URL`` names: use a throwaway one), then asks each page through Django's test client
with an empty cache (cold) and again (cached). Prints milliseconds and SQL queries per page.

    .venv/bin/python benchmarks/bench_event_pages.py [--sections 3] [--players 400] [--rounds 9]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _scratch_django import django_setup  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sections", type=int, default=3)
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--configured-db", action="store_true", help="use DATABASE_URL instead of a scratch file"
    )
    args = parser.parse_args()

    scratch = django_setup(configured_db=args.configured_db)
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from tests.tournaments.public.builders import build_tournament
    from tournaments.models import Board, Event, EventRole, Tournament

    started = time.perf_counter()
    organiser = get_user_model().objects.create_user("bench-organiser", password="x" * 12)
    event = Event.objects.create(name="Benchmark Weekend", created_by=organiser)
    EventRole.objects.create(event=event, user=organiser, role="organiser")
    sections = []
    for i in range(args.sections):
        section = Tournament.objects.create(
            name=f"Section {chr(65 + i)}", event=event, section_order=i + 1, rounds_planned=args.rounds
        )
        build_tournament(section, players=args.players, rounds=args.rounds)
        sections.append(section)
    built = time.perf_counter() - started
    boards = Board.objects.filter(round__tournament__event=event).count()
    print(
        f"{args.sections} sections x {args.players} participants x {args.rounds} rounds, {boards} boards "
        f"({connection.vendor}, built in {built:.1f} s)"
    )
    etoken, first = event.public_token, sections[0]
    someone = first.participants.order_by("pk")[args.players // 2]
    public = [
        ("event page", f"/p/e/{etoken}/", {}),
        ("find across sections", f"/p/e/{etoken}/find/?q=0200", {}),
        ("find (htmx)", f"/p/e/{etoken}/find/?q=0200", {"HX-Request": "true"}),
        ("projector (section 2)", f"/p/e/{etoken}/display/?i=1", {}),
        ("section pairings", f"/p/{first.public_token}/", {}),
        ("section standings", f"/p/{first.public_token}/standings/", {}),
        ("section crosstable", f"/p/{first.public_token}/crosstable/", {}),
        ("section participant", f"/p/{first.public_token}/players/{someone.pk}/", {}),
    ]
    staff = [("staff event page", f"/e/{event.pk}/", {}), ("staff API event", f"/api/events/{event.pk}/", {})]
    anonymous, signed_in = Client(), Client()
    signed_in.force_login(organiser)
    print(f"{'page':28} {'cold ms':>9} {'cached ms':>9} {'queries':>8} {'KiB':>7}")
    worst = 0.0
    for client, pages in ((anonymous, public), (signed_in, staff)):
        for label, url, headers in pages:
            cold, warm = [], []
            queries = size = 0
            for _ in range(args.repeat):
                cache.clear()
                with CaptureQueriesContext(connection) as captured:
                    t0 = time.perf_counter()
                    response = client.get(url, headers=headers)
                    cold.append((time.perf_counter() - t0) * 1000)
                assert response.status_code == 200, (url, response.status_code)
                queries, size = len(captured), len(response.content)
                t0 = time.perf_counter()
                client.get(url, headers=headers)
                warm.append((time.perf_counter() - t0) * 1000)
            worst = max(worst, statistics.median(cold))
            print(
                f"{label:28} {statistics.median(cold):9.1f} {statistics.median(warm):9.1f} "
                f"{queries:8d} {size / 1024:7.0f}"
            )
    print(f"slowest cold answer: {worst:.0f} ms ({'under' if worst < 1000 else 'OVER'} a second)")
    if scratch is not None:
        connection.close()
        Path(scratch).unlink(missing_ok=True)


if __name__ == "__main__":
    main()
