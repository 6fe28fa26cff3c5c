"""Import a synthetic million-player FIDE list, then a newer one, and print the figures.

Uses the database ``DATABASE_URL`` names (use a throwaway PostgreSQL database: the rating table
is emptied first) and runs the import service in this process, exactly as the Celery task does.
Prints, for the first import and for the re-import of a list in which ``--changed`` of the
players have a new rating: wall time, rows per second, the counts, and the peak resident memory
of the process; then the time of a name search on the full table.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/chess_bench \\
        .venv/bin/python benchmarks/bench_rating_import.py [--rows 1000000] [--changed 0.05]
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--changed", type=float, default=0.05)
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL"):
        sys.exit("Set DATABASE_URL to a throwaway database (its rating table is emptied).")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

    import django

    django.setup()
    import make_fide_list
    from django.contrib.auth import get_user_model
    from django.core.files import File
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import override_settings

    from ratings.models import RatedPlayer, RatingImport
    from ratings.selectors import rated_player_search
    from ratings.services import rating_import_run
    from ratings.uploads import rating_import_create

    call_command("migrate", verbosity=0)
    RatedPlayer.objects.all().delete()
    user, _ = get_user_model().objects.get_or_create(username="bench-staff", defaults={"is_staff": True})
    print(f"database: {connection.vendor} {connection.settings_dict['NAME']}; rows: {args.rows}")

    with tempfile.TemporaryDirectory() as tmp, override_settings(RATING_LIST_DIR=Path(tmp) / "uploads"):
        base, newer = Path(tmp) / "players_list_foa.txt", Path(tmp) / "newer.txt"
        t = time.perf_counter()
        make_fide_list.write(base, args.rows)
        make_fide_list.write(newer, args.rows, changed=args.changed)
        print(f"generated 2 files of {base.stat().st_size / 1e6:.0f} MB in {time.perf_counter() - t:.0f} s")
        print(f"peak RSS before importing: {peak_rss_mb():.0f} MB")
        for label, path in (("first import", base), (f"re-import, {args.changed:.0%} changed", newer)):
            with path.open("rb") as fh:
                t = time.perf_counter()
                job = rating_import_create(uploaded=File(fh, name=path.name), user=user)
                rating_import_run(import_id=job.pk)
                wall = time.perf_counter() - t
            job = RatingImport.objects.get(pk=job.pk)
            print(
                f"{label}: {job.status} in {wall:.1f} s, {job.rows_read / wall:,.0f} rows/s; "
                f"added {job.added}, updated {job.updated}, unchanged {job.unchanged}, bad {job.bad}; "
                f"peak RSS so far {peak_rss_mb():.0f} MB"
            )
            if job.error:
                print("  error:", job.error)

    for query in ("ólafsson zoë", "müller", str(1_000_000 + args.rows // 2)):
        t = time.perf_counter()
        found = rated_player_search(query=query)
        print(f"search {query!r}: {len(found)} players in {(time.perf_counter() - t) * 1000:.0f} ms")
    plan = RatedPlayer.objects.filter(search_key__startswith="muller").order_by()[:100].explain()
    print("plan of the name search:", " | ".join(line.strip() for line in plan.splitlines()[:3]))


if __name__ == "__main__":
    main()
