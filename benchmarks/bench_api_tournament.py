"""A whole Swiss played through the REST API by concurrent clients, against a real server.

Starts gunicorn on 127.0.0.1 (a free port) over a scratch database: a temporary SQLite file, or
with ``--configured-db`` the database ``DATABASE_URL`` names (use a throwaway one). Pairing runs
in the server process (no broker: Celery's eager mode). Then, through the API only:

1. the organiser gets a token with username and password and creates the tournament;
2. ``--clients`` threads register the participants at once;
3. each round: pair, wait for the draft, publish, then the arbiters (one thread each, each with
   its own token) enter the results of their share of the boards concurrently, a few of them
   twice like a double-click (the second must be refused with 409: stale version);
4. the final standings from the API are compared with standings computed offline by the engine
   from the results the clients recorded (not read back from the database).

Prints requests per second, latency percentiles per kind of request and the error count; exits
non-zero if anything failed or the standings differ. Traffic goes only to 127.0.0.1, and every
loop is bounded (``--deadline`` seconds overall).

    .venv/bin/python benchmarks/bench_api_tournament.py [--players 500] [--rounds 9] [--clients 8]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
HOST = "127.0.0.1"
RESULTS = ["1-0"] * 38 + ["1/2-1/2"] * 30 + ["0-1"] * 28 + ["+/-", "-/+", "-/-", "0-0"]


class Failed(Exception):
    pass


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latency: dict[str, list[float]] = defaultdict(list)
        self.errors: list[str] = []
        self.conflicts = 0

    def add(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.latency[kind].append(seconds)

    def error(self, message: str) -> None:
        with self.lock:
            self.errors.append(message)


class Api:
    """One client: a keep-alive connection to the server and an optional token."""

    def __init__(self, port: int, stats: Stats, token: str = "") -> None:
        self.port, self.stats, self.token = port, stats, token
        self.conn = http.client.HTTPConnection(HOST, port, timeout=120)

    def call(self, method: str, path: str, body=None, *, kind: str, expect=(200,)) -> tuple[int, object]:
        headers = {"Accept": "application/json"}
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        for attempt in range(2):
            start = time.perf_counter()
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                raw = response.read()
                break
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = http.client.HTTPConnection(HOST, self.port, timeout=120)
                if attempt:
                    raise
        self.stats.add(kind, time.perf_counter() - start)
        payload = (
            json.loads(raw)
            if raw and response.getheader("Content-Type", "").startswith("application/json")
            else raw
        )
        if response.status not in expect:
            self.stats.error(f"{method} {path} -> {response.status}: {str(payload)[:200]}")
            raise Failed(f"{method} {path} -> {response.status}")
        return response.status, payload


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def parallel(n: int, work, deadline: float) -> None:
    errors: list[BaseException] = []

    def body(i: int) -> None:
        try:
            work(i)
        except BaseException as exc:  # noqa: BLE001 - re-raised below
            errors.append(exc)

    threads = [threading.Thread(target=body, args=(i,), daemon=True) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(max(1.0, deadline - time.monotonic()))
    if any(t.is_alive() for t in threads):
        raise Failed("deadline passed with clients still running")
    if errors:
        raise errors[0]


def offline_standings(tournament: dict, people: dict[int, dict], rounds: list[dict]):
    """The engine's standings from what the clients recorded: their boards, results and byes."""
    from pairing.engine.standings import StandingsRequest, compute_standings
    from pairing.engine.types import Colour, ResultCode, RoundRecord, Scoring
    from pairing.engine.types import Participant as EngineParticipant

    board_codes = {
        "1-0": (ResultCode.WIN, ResultCode.LOSS),
        "1/2-1/2": (ResultCode.DRAW, ResultCode.DRAW),
        "0-1": (ResultCode.LOSS, ResultCode.WIN),
        "+/-": (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
        "-/+": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
        "-/-": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS),
    }
    bye_codes = {"pab": ResultCode.PAB, "half": ResultCode.HALF_BYE, "full": ResultCode.FULL_BYE}
    history = {pid: [RoundRecord(ResultCode.ZERO_BYE)] * len(rounds) for pid in people}
    for i, rnd in enumerate(rounds):
        for white, black, result in rnd["games"]:
            if result in board_codes:
                w, b = board_codes[result]
                history[white][i] = RoundRecord(w, black, Colour.WHITE)
                history[black][i] = RoundRecord(b, white, Colour.BLACK)
        for pid, kind in rnd["byes"]:
            history[pid][i] = RoundRecord(bye_codes.get(kind, ResultCode.ZERO_BYE))
    participants = tuple(
        EngineParticipant(
            id=pid,
            tpn=p["pairing_number"],
            rating=p["rating"],
            name=p["name"],
            title=p["title"],
            history=tuple(history[pid]),
        )
        for pid, p in sorted(people.items(), key=lambda item: item[1]["pairing_number"])
    )
    return compute_standings(
        StandingsRequest(
            participants=participants,
            rounds=len(rounds),
            tiebreaks=tuple(c for c in tournament["tiebreaks"].split(",") if c),
            unplayed=tournament["unplayed_rule"],
            scoring=Scoring(
                win=tournament["win_points"],
                draw=tournament["draw_points"],
                loss=tournament["loss_points"],
                pab=tournament["bye_points"],
            ),
            seed=tournament["lots_seed"],
        )
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--clients", type=int, default=8, help="concurrent arbiters / registration clients")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker")
    parser.add_argument("--deadline", type=float, default=1200, help="give up after this many seconds")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--configured-db", action="store_true", help="use DATABASE_URL, not a scratch file")
    args = parser.parse_args()
    deadline = time.monotonic() + args.deadline
    rng = random.Random(args.seed)

    env = {k: v for k, v in os.environ.items() if k not in ("CELERY_BROKER_URL", "DJANGO_SETTINGS_MODULE")}
    scratch = None
    if not args.configured_db:
        env.pop("DATABASE_URL", None)
        scratch = Path(tempfile.mkdtemp()) / "bench.sqlite3"
        env["SQLITE_NAME"] = str(scratch)  # keeps the settings' IMMEDIATE transactions and busy timeout
    env.update(DJANGO_SETTINGS_MODULE="config.settings", DEBUG="1", LOG_LEVEL="WARNING", CACHE_URL="")
    os.environ.update(env)
    for key in ("CELERY_BROKER_URL", "DATABASE_URL"):
        if key not in env:
            os.environ.pop(key, None)

    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    print(
        f"database: {settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]} {settings.DATABASES['default']['NAME']}"
    )
    call_command("migrate", verbosity=0, interactive=False)
    users = get_user_model().objects
    password = f"bench-{rng.getrandbits(64):x}"
    organiser_name = f"bench-organiser-{rng.getrandbits(32):x}"
    users.create_user(organiser_name, password=password)
    arbiters = [
        users.create_user(f"bench-arbiter-{rng.getrandbits(32):x}-{i}", password=password)
        for i in range(args.clients)
    ]
    arbiter_tokens = [Token.objects.create(user=u).key for u in arbiters]

    port = free_port()
    log = open(Path(tempfile.gettempdir()) / f"bench-api-{port}.log", "wb")  # noqa: SIM115 - closed below
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi",
            "-b",
            f"{HOST}:{port}",
            "--workers",
            str(args.workers),
            "--threads",
            str(args.threads),
            "--timeout",
            "300",
            "--graceful-timeout",
            "5",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    stats = Stats()
    started = time.perf_counter()
    ok = False
    try:
        for _ in range(300):
            try:
                socket.create_connection((HOST, port), timeout=1).close()
                break
            except OSError:
                if server.poll() is not None:
                    raise Failed("the server did not start") from None
                time.sleep(0.1)
        anon = Api(port, stats)
        _, body = anon.call(
            "POST", "/api/auth/token/", {"username": organiser_name, "password": password}, kind="token"
        )
        org = Api(port, stats, body["token"])
        _, t = org.call(
            "POST",
            "/api/tournaments/",
            {"name": "API Open", "rounds_planned": args.rounds, "lots_seed": args.seed},
            kind="create",
            expect=(201,),
        )
        base = f"/api/tournaments/{t['id']}"
        from tournaments.models import TournamentRole

        for user in arbiters:  # roles have no API: the organiser would grant them on the settings page
            TournamentRole.objects.create(tournament_id=t["id"], user=user, role=TournamentRole.Role.ARBITER)

        people: dict[int, dict] = {}
        lock = threading.Lock()

        def register(i: int) -> None:
            api = Api(port, stats, arbiter_tokens[i])
            for n in range(i, args.players, args.clients):
                rating = 1000 + (n * 7919) % 1500
                _, p = api.call(
                    "POST",
                    f"{base}/participants/",
                    {"name": f"Player {n:04d}", "rating": rating},
                    kind="register",
                    expect=(201,),
                )
                with lock:
                    people[p["id"]] = p

        t0 = time.perf_counter()
        parallel(args.clients, register, deadline)
        print(f"registered {len(people)} participants in {time.perf_counter() - t0:.1f}s")
        _, listed = org.call("GET", f"{base}/participants/", kind="read")
        people = {p["id"]: p for p in (listed["results"] if isinstance(listed, dict) else listed)}
        if len(people) != args.players:
            raise Failed(f"{len(people)} participants listed, {args.players} registered")

        played: list[dict] = []
        for number in range(1, args.rounds + 1):
            t0 = time.perf_counter()
            org.call("POST", f"{base}/rounds/pair/", kind="pair", expect=(202,))
            while True:
                _, rnd = org.call("GET", f"{base}/rounds/{number}/", kind="read")
                if rnd["status"] != "pairing" or time.monotonic() > deadline:
                    break
                time.sleep(0.2)
            if rnd["status"] != "draft":
                raise Failed(f"round {number} is {rnd['status']}: {rnd['error']}")
            paired = time.perf_counter() - t0
            _, rnd = org.call("POST", f"{base}/rounds/{number}/publish/", kind="publish")
            boards = rnd["boards"]
            record = {"games": [], "byes": [(b["participant"]["id"], b["kind"]) for b in rnd["byes"]]}

            def enter(i: int, boards=boards, record=record, number=number) -> None:
                api = Api(port, stats, arbiter_tokens[i])
                mine = random.Random(f"{args.seed}:{number}:{i}")
                for board in boards[i :: args.clients]:
                    result = mine.choice(RESULTS)
                    url = f"{base}/rounds/{number}/boards/{board['number']}/"
                    api.call("PUT", url, {"result": result, "version": board["version"]}, kind="result")
                    with lock:
                        record["games"].append((board["white"]["id"], board["black"]["id"], result))
                    if mine.random() < 0.03:  # a double-click: same entry, now stale
                        api.call(
                            "PUT",
                            url,
                            {"result": result, "version": board["version"]},
                            kind="result",
                            expect=(409,),
                        )
                        with lock:
                            stats.conflicts += 1

            t1 = time.perf_counter()
            parallel(args.clients, enter, deadline)
            _, rnd = org.call("GET", f"{base}/rounds/{number}/", kind="read")
            if rnd["status"] != "finished":
                raise Failed(f"round {number} is {rnd['status']} after every result was entered")
            played.append(record)
            print(
                f"round {number}: paired in {paired:.1f}s, {len(boards)} results in {time.perf_counter() - t1:.1f}s"
            )
            if time.monotonic() > deadline:
                raise Failed("deadline passed")

        _, table = org.call("GET", f"{base}/standings/", kind="standings")
        _, tournament = org.call("GET", f"{base}/", kind="read")
        tournament.setdefault("lots_seed", args.seed)  # we chose it; the API does not echo it
        expected = offline_standings(tournament, people, played)
        got = [
            (r["rank"], r["participant"], r["points"], [tb["value"] for tb in r["tiebreaks"]])
            for r in table["rows"]
        ]
        want = [(r.rank, r.id, r.points_display, [tb.display for tb in r.tiebreaks]) for r in expected.rows]
        points = defaultdict(Fraction)
        for rnd in played:  # and the points once more by hand, without the engine
            for white, black, result in rnd["games"]:
                w, b = {
                    "1-0": (1, 0),
                    "1/2-1/2": (Fraction(1, 2),) * 2,
                    "0-1": (0, 1),
                    "+/-": (1, 0),
                    "-/+": (0, 1),
                }.get(result, (0, 0))
                points[white] += w
                points[black] += b
            for pid, kind in rnd["byes"]:
                points[pid] += {"pab": 1, "half": Fraction(1, 2), "full": 1}.get(kind, 0)
        by_hand = all(Fraction(r["points"]) == points[r["participant"]] for r in table["rows"])
        if got != want or table["through_round"] != args.rounds or not by_hand:
            diff = next((g, e) for g, e in zip(got, want, strict=False) if g != e) if got != want else None
            raise Failed(
                f"standings differ from the offline computation (first difference: {diff}; points by hand ok: {by_hand})"
            )
        print(
            f"final standings ({len(got)} rows) equal the offline computation; leader {table['rows'][0]['name']} "
            f"on {table['rows'][0]['points']}"
        )
        ok = not stats.errors
    except Failed as exc:
        print(f"FAILED: {exc}")
    finally:
        elapsed = time.perf_counter() - started
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
        if scratch is not None:
            scratch.unlink(missing_ok=True)

    total = sum(len(v) for v in stats.latency.values())
    print(
        f"\n{total} requests in {elapsed:.1f}s: {total / elapsed:.0f} requests/s overall "
        f"({args.clients} clients, gunicorn {args.workers}x{args.threads})"
    )
    print(f"{'kind':<10} {'count':>6} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for kind, values in sorted(stats.latency.items()):
        values = sorted(values)
        q = statistics.quantiles(values, n=100, method="inclusive") if len(values) > 1 else values * 99
        print(
            f"{kind:<10} {len(values):>6} {q[49] * 1000:>8.1f} {q[94] * 1000:>8.1f} {q[98] * 1000:>8.1f} {values[-1] * 1000:>8.1f}"
        )
    print(f"errors: {len(stats.errors)}; double-clicks refused as stale (expected): {stats.conflicts}")
    for message in stats.errors[:10]:
        print(f"  {message}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
