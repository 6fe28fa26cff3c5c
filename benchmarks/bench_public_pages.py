"""Server time of every public page for a 1000-participant, 9-round Swiss.

Builds the tournament in a scratch SQLite database (or, with ``--configured-db``, in the database
``DATABASE_URL`` names: use a throwaway one), then asks each page through Django's test client:
once with an empty cache (what the first visitor after a result waits for) and once more (what
everyone else gets until the next change). Prints milliseconds and SQL queries per page.

    .venv/bin/python benchmarks/bench_public_pages.py [--players 1000] [--rounds 9] [--repeat 3]
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


def _add_explanations(tournament, people) -> None:
    """Round explanations the size the engine writes: every name, the score groups, a note per board."""
    from tournaments.models import Round

    names = {str(p.id): p.name for p in people}
    for rnd in Round.objects.filter(tournament=tournament):
        boards = rnd.boards.values_list("number", flat=True)
        rnd.explanation = {
            "scoregroups": [[2 * g, [p.id for p in people[g::10]]] for g in range(10)],
            "floats": [],
            "boards": [
                {
                    "board": n,
                    "colour_rule": "alternation",
                    "message": f"White: colours alternate on board {n}",
                }
                for n in boards
            ],
            "notes": [],
            "names": names,
        }
        rnd.save(update_fields=["explanation"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--configured-db", action="store_true", help="use DATABASE_URL instead of a scratch file"
    )
    args = parser.parse_args()

    scratch = django_setup(configured_db=args.configured_db)
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from tests.tournaments.public.builders import build_tournament
    from tournaments.models import Board, Tournament

    started = time.perf_counter()
    tournament = Tournament.objects.create(name="Benchmark Open", rounds_planned=args.rounds)
    people = build_tournament(tournament, players=args.players, rounds=args.rounds)
    _add_explanations(tournament, people)
    built = time.perf_counter() - started
    boards = Board.objects.filter(round__tournament=tournament).count()
    print(
        f"{args.players} participants, {args.rounds} rounds, {boards} boards "
        f"({connection.vendor}, built in {built:.1f} s)"
    )

    token = tournament.public_token
    middle = people[len(people) // 2].id
    pages = [
        ("pairings (current round)", f"/p/{token}/", {}),
        ("pairings partial (htmx)", f"/p/{token}/", {"HX-Request": "true"}),
        ("poll, nothing changed", f"/p/{token}/?v={tournament.version}", {"HX-Request": "true"}),
        ("round 1 pairings", f"/p/{token}/rounds/1/", {}),
        ("rounds", f"/p/{token}/rounds/", {}),
        ("standings", f"/p/{token}/standings/", {}),
        ("crosstable", f"/p/{token}/crosstable/", {}),
        ("participant", f"/p/{token}/players/{middle}/", {}),
        ("find my board", f"/p/{token}/find/?q=0500", {"HX-Request": "true"}),
        ("rules", f"/p/{token}/rules/", {}),
        ("projector view", f"/p/{token}/display/", {}),
        ("result sheets (HTML)", f"/p/{token}/rounds/{args.rounds}/sheets/", {}),
        ("pairings PDF", f"/p/{token}/rounds/{args.rounds}/pairings.pdf", {}),
        ("result sheets PDF", f"/p/{token}/rounds/{args.rounds}/sheets.pdf", {}),
        ("standings PDF", f"/p/{token}/standings.pdf", {}),
    ]
    client = Client()
    print(f"{'page':28} {'cold ms':>9} {'warm ms':>9} {'queries':>8} {'KiB':>7}")
    for label, url, headers in pages:
        cold, warm = [], []
        queries = size = 0
        for _ in range(args.repeat):
            cache.clear()
            with CaptureQueriesContext(connection) as captured:
                t0 = time.perf_counter()
                response = client.get(url, headers=headers)
                cold.append((time.perf_counter() - t0) * 1000)
            assert response.status_code in (200, 204), (url, response.status_code)
            queries, size = len(captured), len(response.content)
            t0 = time.perf_counter()
            client.get(url, headers=headers)
            warm.append((time.perf_counter() - t0) * 1000)
        print(
            f"{label:28} {statistics.median(cold):9.1f} {statistics.median(warm):9.1f} "
            f"{queries:8d} {size / 1024:7.0f}"
        )
    if scratch is not None:
        connection.close()
        Path(scratch).unlink(missing_ok=True)


if __name__ == "__main__":
    main()
