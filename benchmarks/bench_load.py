"""A full hall under load: public pages and result entry through the production front.

Runs what production runs, on 127.0.0.1 only: gunicorn (DEBUG=0) on PostgreSQL with the Redis
cache, behind Debian's nginx with ``deploy/nginx/default.conf.template`` (the file
docker-compose.yml mounts). It builds a 1000-player, 9-round Swiss (rounds 1-8 finished,
round 9 published without results) and measures three scenarios, each for a bounded time:

(a) 100 viewers, 5 s between a viewer's requests, one result entered per second;
(b) 100 viewers with no pause (and still one result a second);
(c) eight arbiters entering results flat out on the tournament, through the round page's form;
(d) the same through the REST API (``PUT .../boards/N/`` with the version, a token each).

Viewers are ``wrk`` connections (``apt-get install wrk``) running ``bench_load.lua``: a mix of
the current pairings, the standings and participant pages, gzip accepted like a phone's browser.
Arbiters are threads posting the round page's htmx form with a logged-in session. Prints one
table; the goals are p95 < 100 ms for pages and results in (a), >= 1000 requests/s at p95 < 100 ms
in (b), >= 150 results/s at p95 < 100 ms in (c).

    .venv/bin/python benchmarks/bench_load.py [--players 1000] [--rounds 9] [--seconds 20] [--only c,d]

``--lock-timing``: gunicorn runs with ``benchmarks/lock_timing.py`` as its configuration, and (c)
and (d) print where each entry's time under the tournament's row lock went (the wait for it, each
statement, the COMMIT, Python in between, the thread's own CPU).

It drops and recreates the database named by --database (default chess_h21) and flushes the Redis
databases --cache-db and --broker-db. Ports: gunicorn --app-port, nginx --web-port.
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import os
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).parent))

from _machine import cpu_probe  # noqa: E402

HOST = "127.0.0.1"
LUA = Path(__file__).with_name("bench_load.lua")


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


# --- the server side: database, gunicorn, nginx ------------------------------------------------


def environment(args: argparse.Namespace, static_root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS=f"{HOST},localhost",
        SITE_URL=f"http://{HOST}:{args.web_port}",
        CSRF_TRUSTED_ORIGINS=f"http://{HOST}:{args.web_port}",
        SECURE_SSL_REDIRECT="0",
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
        SECURE_HSTS_SECONDS="0",
        TRUSTED_PROXY_COUNT="1",
        DATABASE_URL=f"postgres://postgres@{HOST}:5432/{args.database}",
        CACHE_URL=f"redis://{HOST}:6379/{args.cache_db}",
        CELERY_BROKER_URL=f"redis://{HOST}:6379/{args.broker_db}",
        EMAIL_URL="console://",
        STATIC_ROOT=str(static_root),
        LOG_LEVEL="WARNING",
    )
    return env


def build_event(args: argparse.Namespace) -> dict[str, object]:
    """Create the database, migrate, build the tournament; return what the clients need."""
    subprocess.run(
        [
            "psql",
            "-q",
            "-h",
            HOST,
            "-U",
            "postgres",
            "-c",
            f"DROP DATABASE IF EXISTS {args.database}",
            "-c",
            f"CREATE DATABASE {args.database}",
        ],
        check=True,
    )
    for db in (args.cache_db, args.broker_db):
        subprocess.run(["redis-cli", "-h", HOST, "-n", str(db), "flushdb"], check=True, capture_output=True)
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    call_command("createcachetable", verbosity=0)
    call_command("collectstatic", verbosity=0, interactive=False)

    sys.path.insert(0, str(Path(__file__).parent))
    from bench_public_pages import _add_explanations

    from accounts.services import api_token_create
    from tests.tournaments.public.builders import build_tournament
    from tournaments.models import Board, Tournament, TournamentRole

    started = time.perf_counter()
    tournament = Tournament.objects.create(
        name="Load Open", rounds_planned=args.rounds, status=Tournament.Status.RUNNING
    )
    size = args.players // args.sections if args.sections > 1 else args.players
    people = build_tournament(tournament, players=size, rounds=args.rounds, last_round_results=False)
    _add_explanations(tournament, people)
    # --sections N (issue 30): the tournament is the first section of an event of N, the others
    # built alike; viewers spread over every section's pages and the event's page.
    sections = [(tournament.public_token, [p.pk for p in people])]
    for number in range(2, args.sections + 1):
        other = Tournament.objects.create(
            name=f"Load Open section {number}",
            event=tournament.event,
            section_order=number,
            rounds_planned=args.rounds,
            status=Tournament.Status.RUNNING,
        )
        others = build_tournament(other, players=size, rounds=args.rounds, last_round_results=False)
        _add_explanations(other, others)
        sections.append((other.public_token, [p.pk for p in others]))
    sessions, tokens = [], []
    for index in range(8):
        user = get_user_model().objects.create_user(f"arbiter{index}", password=secrets.token_urlsafe(12))
        TournamentRole.objects.create(tournament=tournament, user=user, role=TournamentRole.Role.ARBITER)
        session = SessionStore()
        session["_auth_user_id"] = str(user.pk)
        session["_auth_user_backend"] = settings.AUTHENTICATION_BACKENDS[0]  # as a login would
        session["_auth_user_hash"] = user.get_session_auth_hash()
        session.create()
        sessions.append(session.session_key)
        tokens.append(api_token_create(user=user, name="load benchmark", days=1)[1])
    boards = list(
        Board.objects.filter(round__tournament=tournament, round__number=args.rounds)
        .order_by("number")
        .values_list("pk", flat=True)
    )
    print(
        f"built {args.players} players, {args.rounds} rounds, "
        f"{Board.objects.filter(round__tournament=tournament).count()} boards "
        f"in {time.perf_counter() - started:.0f} s",
        flush=True,
    )
    return {
        "tournament": tournament.pk,
        "token": tournament.public_token,
        "sections": sections,
        "event_token": tournament.event.public_token if args.sections > 1 else "",
        "people": [p.pk for p in people],
        "boards": boards,
        "sessions": sessions,
        "tokens": tokens,
        "round": args.rounds,
        "numbers": dict(Board.objects.filter(pk__in=boards).values_list("pk", "number")),
    }


def reset_round(args: argparse.Namespace, tournament_id: int) -> None:
    """The last round back to "published, no result in" before each scenario. As the app would,
    the standings move on only if the round had been finished (until then they are those after
    the round before, which clearing its results does not change)."""
    from django.db.models import F

    from tournaments.models import Board, Round, Tournament

    finished = Round.objects.filter(
        tournament_id=tournament_id, number=args.rounds, status=Round.Status.FINISHED
    ).update(status=Round.Status.PUBLISHED)
    Board.objects.filter(round__tournament_id=tournament_id, round__number=args.rounds).update(
        result="", version=0, changed_version=0
    )
    Tournament.objects.filter(pk=tournament_id).update(
        status=Tournament.Status.RUNNING,
        version=F("version") + 1,
        **({"standings_version": F("version") + 1} if finished else {}),
    )


class Servers:
    """gunicorn and nginx, started and stopped by this script (by their own process ids)."""

    def __init__(self, args: argparse.Namespace, env: dict[str, str], work: Path) -> None:
        self.args, self.env, self.work = args, env, work
        self.gunicorn: subprocess.Popen[bytes] | None = None
        self.nginx_conf = work / "nginx" / "nginx.conf"

    def start(self) -> None:
        args, work = self.args, self.work
        log = open(work / "gunicorn.log", "wb")  # noqa: SIM115 (closed with the process)
        if args.lock_timing:
            (work / "lock").mkdir()
            self.env["LOCK_TIMING_DIR"] = str(work / "lock")
            if args.switch_interval:
                self.env["LOCK_TIMING_SWITCH_INTERVAL"] = str(args.switch_interval)
            if args.server_binding:
                self.env["LOCK_TIMING_SERVER_BINDING"] = "1"
        self.gunicorn = subprocess.Popen(
            [
                str(ROOT / ".venv/bin/gunicorn"),
                "config.wsgi:application",
                "--bind",
                f"{HOST}:{args.app_port}",
                "--workers",
                str(args.workers),
                *(["--worker-class", "gthread", "--threads", str(args.threads)] if args.threads > 1 else []),
                "--keep-alive",
                "5",
                *(["-c", str(Path(__file__).with_name("lock_timing.py"))] if args.lock_timing else []),
            ],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        nginx = work / "nginx"
        (nginx / "cache").mkdir(parents=True)
        (nginx / "tmp").mkdir()
        os.chmod(nginx / "cache", 0o777)
        os.chmod(nginx / "tmp", 0o777)
        values = {
            "NGINX_PORT": f"{HOST}:{args.web_port}",
            "APP_UPSTREAM": f"{HOST}:{args.app_port}",
            "STATIC_ROOT": self.env["STATIC_ROOT"],
            "NGINX_CACHE_DIR": str(nginx / "cache"),
        }
        template = (ROOT / "deploy/nginx/default.conf.template").read_text()
        for name, value in values.items():
            template = template.replace("${" + name + "}", value)
        (nginx / "app.conf").write_text(template)
        self.nginx_conf.write_text(
            f"""worker_processes auto;  # as the nginx image runs it: one per core
pid {nginx}/nginx.pid;
error_log {nginx}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    # What each answer was (the micro-cache's status, the time taken): the tail's make-up.
    log_format tail '$upstream_cache_status $request_time $status $uri';
    access_log {nginx}/access.log tail buffer=256k flush=1s;
    client_body_temp_path {nginx}/tmp/body;
    proxy_temp_path {nginx}/tmp/proxy;
    fastcgi_temp_path {nginx}/tmp/fastcgi;
    uwsgi_temp_path {nginx}/tmp/uwsgi;
    scgi_temp_path {nginx}/tmp/scgi;
    sendfile on;
    include {nginx}/app.conf;
}}
"""
        )
        subprocess.run(["/usr/sbin/nginx", "-p", str(nginx), "-c", str(self.nginx_conf), "-q"], check=True)
        for _ in range(120):
            try:
                if get(args.web_port, "/accounts/login/")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.5)
        raise SystemExit("gunicorn behind nginx did not answer; see " + str(work / "gunicorn.log"))

    def stop(self) -> None:
        if self.nginx_conf.exists() and (self.nginx_conf.parent / "nginx.pid").exists():
            subprocess.run(
                [
                    "/usr/sbin/nginx",
                    "-p",
                    str(self.nginx_conf.parent),
                    "-c",
                    str(self.nginx_conf),
                    "-s",
                    "stop",
                ],
                check=False,
            )
        if self.gunicorn is not None:
            self.gunicorn.terminate()
            try:
                self.gunicorn.wait(10)
            except subprocess.TimeoutExpired:
                self.gunicorn.kill()


def get(port: int, path: str, language: str = "") -> tuple[int, bytes]:
    conn = http.client.HTTPConnection(HOST, port, timeout=10)
    try:
        conn.request("GET", path, headers={"Accept-Language": language} if language else {})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


# --- where the CPU went --------------------------------------------------------------------------

TICK = os.sysconf("SC_CLK_TCK")


DATABASE = ""
"""The benchmark's database: only PostgreSQL's backends serving it are counted (others on a
shared machine are other people's work)."""


def cpu_seconds() -> collections.Counter[tuple[str, int]]:
    """CPU seconds used so far by each process of each party: gunicorn, PostgreSQL (the backends
    serving the benchmark's database), nginx, wrk and this script (its arbiter threads). Read from
    /proc; a process that exited meanwhile is not counted."""
    used: collections.Counter[tuple[str, int]] = collections.Counter()
    me = os.getpid()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        comm = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2 :].split()
        seconds = (int(fields[11]) + int(fields[12])) / TICK  # utime + stime
        pid = int(entry.name)
        if pid == me:
            used["this script", pid] += seconds
        elif b"gunicorn" in cmdline:
            used["gunicorn", pid] += seconds
        elif comm == "postgres" and f" {DATABASE} ".encode() in cmdline:
            used["PostgreSQL", pid] += seconds
        elif comm == "nginx":
            used["nginx", pid] += seconds
        elif comm == "wrk":
            used["wrk", pid] += seconds
        elif comm == "redis-server":
            used["Redis", pid] += seconds
    return used


def cpu_used(before: collections.Counter[tuple[str, int]], after: collections.Counter[tuple[str, int]]):
    """CPU seconds each party used between two readings, from the processes alive at the second."""
    used: collections.Counter[str] = collections.Counter()
    for (name, pid), seconds in after.items():
        used[name] += seconds - before.get((name, pid), 0.0)
    return used


def cpu_split(before, after, seconds: float) -> str:
    """Each party's share of the machine's cores over the scenario, busiest first."""
    cores = os.cpu_count() or 1
    shares = {name: used / seconds for name, used in cpu_used(before, after).items()}
    return (
        ", ".join(
            f"{name} {share:.2f}"
            for name, share in sorted(shares.items(), key=lambda x: -x[1])
            if share >= 0.01
        )
        + f" (of {cores} cores)"
    )


# --- the clients -------------------------------------------------------------------------------


class Arbiter(threading.Thread):
    """Posts results for its boards through the front, as the round page's htmx form does.

    ``interval`` seconds between entries (0: flat out) until ``stop`` is set. Each entry flips the
    board's result (1-0, 0-1, ...) with the version it last saw, so none is refused as stale.
    """

    def __init__(
        self,
        port: int,
        tournament_id: int,
        session: str,
        boards: list[int],
        interval: float,
        stop: threading.Event,
        api: tuple[str, int, dict[int, int]] | None = None,
    ) -> None:
        super().__init__(daemon=True)
        self.port, self.tournament_id, self.session = port, tournament_id, session
        self.boards, self.interval, self.stop = boards, interval, stop
        self.api = api
        """``(token, round number, board number by id)``: enter through the REST API's PUT instead."""
        self.latencies: list[float] = []
        self.errors: list[str] = []

    def run(self) -> None:
        csrf = secrets.token_hex(16)
        headers = {
            "Cookie": f"sessionid={self.session}; csrftoken={csrf}",
            "X-CSRFToken": csrf,
            "HX-Request": "true",
            "Content-Type": "application/x-www-form-urlencoded",
        }
        versions = dict.fromkeys(self.boards, 0)
        conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
        turn = 0
        next_at = time.monotonic()
        while not self.stop.is_set():
            board = self.boards[turn % len(self.boards)]
            result = "1-0" if (turn // len(self.boards)) % 2 == 0 else "0-1"
            started = time.perf_counter()
            try:
                if self.api:
                    token, number, numbers = self.api
                    conn.request(
                        "PUT",
                        f"/api/tournaments/{self.tournament_id}/rounds/{number}/boards/{numbers[board]}/",
                        json.dumps({"result": result, "version": versions[board]}),
                        {"Authorization": f"Token {token}", "Content-Type": "application/json"},
                    )
                else:
                    # confirm=1: from the second pass on each entry changes a result the board
                    # shows, which the round page asks about first (issue 33); the arbiter says yes.
                    body = f"result={result}&version={versions[board]}&confirm=1"
                    conn.request("POST", f"/t/{self.tournament_id}/boards/{board}/result/", body, headers)
                response = conn.getresponse()
                response.read()
            except (OSError, http.client.HTTPException) as exc:
                self.errors.append(repr(exc))
                conn.close()
                conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
                continue
            elapsed = time.perf_counter() - started
            if response.status == 200 and (self.api or response.getheader("X-Result-Status") == "200"):
                self.latencies.append(elapsed)
                versions[board] += 1
            else:
                self.errors.append(f"{response.status} {response.getheader('X-Result-Status')}")
            turn += 1
            if self.interval:
                next_at += self.interval
                time.sleep(max(0.0, next_at - time.monotonic()))
        conn.close()


class Phone(threading.Thread):
    """One phone beside wrk's viewers, timed by this script, not by wrk: it asks the viewers' pages
    one after another through nginx (keep-alive, gzip, 100 ms between asks) and keeps each answer's
    time. A second clock on what a person in the hall waits, whatever wrk's own figures say."""

    def __init__(self, port: int, event: dict[str, object], stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.port, self.stop = port, stop
        token, people = event["token"], event["people"]
        assert isinstance(people, list)
        self.paths = [f"/p/{token}/", f"/p/{token}/standings/"] + [
            f"/p/{token}/players/{p}/" for p in people[::50]
        ]
        self.latencies: list[float] = []

    def run(self) -> None:
        conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
        turn = 0
        while not self.stop.is_set():
            path = self.paths[turn % len(self.paths)] if turn % 2 else self.paths[turn % 2]
            turn += 1
            started = time.perf_counter()
            try:
                conn.request("GET", path, headers={"Accept-Encoding": "gzip"})
                conn.getresponse().read()
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
                continue
            self.latencies.append(time.perf_counter() - started)
            time.sleep(0.1)
        conn.close()


def _viewer_targets(event: dict[str, object]) -> list[str]:
    """wrk's first two arguments: the sections' tokens and the players each may open (``i:id``,
    ``i`` the section's index), and the event's token (empty for a lone tournament)."""
    sections = event["sections"]
    assert isinstance(sections, list)
    tokens = ",".join(token for token, _ in sections)
    per_section = max(1, 200 // len(sections))
    ids = ",".join(
        f"{index + 1}:{pk}"
        for index, (_, people) in enumerate(sections)
        for pk in people[:: max(1, len(people) // per_section)]
    )
    return [f"{tokens}|{event['event_token']}", ids]


def run_wrk(
    args: argparse.Namespace, event: dict[str, object], pause_ms: int, seconds: int
) -> dict[str, float]:
    command = [
        "wrk",
        "-t2",
        f"-c{args.viewers}",
        f"-d{seconds}s",
        "--timeout",
        "10s",
        "-s",
        str(LUA),
        f"http://{HOST}:{args.web_port}",
        "--",
        *_viewer_targets(event),
        str(pause_ms),
        args.languages,
    ]
    output = subprocess.run(command, check=True, capture_output=True, text=True, timeout=seconds + 60).stdout
    line = next(line for line in output.splitlines() if line.startswith("JSON "))
    return json.loads(line[5:])


def language_check(args: argparse.Namespace, event: dict[str, object]) -> list[str]:
    """Each viewers' language through nginx, twice: the page's language and the micro-cache's
    answer (a second ask within 2 s is a HIT, and each language is a copy of its own)."""
    lines = []
    for language in args.languages.split(",") if args.languages else []:
        seen = []
        for _ in range(2):
            conn = http.client.HTTPConnection(HOST, args.web_port, timeout=10)
            try:
                conn.request("GET", f"/p/{event['token']}/", headers={"Accept-Language": language})
                response = conn.getresponse()
                response.read()
                seen.append(
                    f"{response.getheader('Content-Language')} {response.getheader('X-Cache-Status')}"
                )
            finally:
                conn.close()
        lines.append(f"Accept-Language {language}: " + ", then ".join(seen))
    return lines


def warm_up(args: argparse.Namespace, event: dict[str, object]) -> None:
    """A server that has been up for a while: every gunicorn worker has imported the app, built
    its templates and entered a result, and the pages viewers ask for have been built once.
    Requests go to gunicorn directly, several at once, so each worker gets some."""
    token, people = event["token"], event["people"]
    assert isinstance(people, list)
    paths = [f"/p/{token}/", f"/p/{token}/standings/"] + [f"/p/{token}/players/{p}/" for p in people[::5]]
    # Each page in each language the viewers ask for (the caches hold one copy per language).
    asks = [
        (p, language) for language in (args.languages.split(",") if args.languages else [""]) for p in paths
    ]
    threads = [
        threading.Thread(target=lambda chunk=asks[i::8]: [get(args.app_port, p, lang) for p, lang in chunk])
        for i in range(8)
    ]
    stop = threading.Event()
    sessions = event["sessions"]
    assert isinstance(sessions, list)
    arbiters = [
        Arbiter(args.app_port, event["tournament"], sessions[i], event["boards"][i::8][:5], 0.0, stop)
        for i in range(len(sessions))
    ]
    for thread in [*threads, *arbiters]:
        thread.start()
    for thread in threads:
        thread.join()
    time.sleep(1)
    stop.set()
    for arbiter in arbiters:
        arbiter.join(30)


def access_log_mark(work: Path) -> int:
    log = work / "nginx" / "access.log"
    return log.stat().st_size if log.exists() else 0


def tail_make_up(work: Path, since: int, slow: float = 0.1) -> str:
    """Which public answers took longer than ``slow`` seconds at nginx: by the micro-cache's
    status (HIT, STALE, UPDATING, EXPIRED, MISS, REVALIDATED, BYPASS; "-": not cached) and page."""
    time.sleep(1.5)  # the log's buffer is flushed every second
    log = work / "nginx" / "access.log"
    if not log.exists():
        return "no access log"
    with log.open("rb") as f:
        f.seek(since)
        lines = f.read().decode(errors="replace").splitlines()
    counts: collections.Counter[str] = collections.Counter()
    slow_by: collections.Counter[str] = collections.Counter()
    total = 0
    for line in lines:
        parts = line.split()
        if len(parts) != 4 or not parts[3].startswith("/p/"):
            continue
        status, seconds, _, uri = parts
        page = "player" if "/players/" in uri else "standings" if "/standings/" in uri else "pairings"
        total += 1
        counts[status] += 1
        if float(seconds) > slow:
            slow_by[f"{page} {status}"] += 1
    shares = ", ".join(f"{k} {v / max(1, total):.1%}" for k, v in counts.most_common())
    tail = ", ".join(f"{k} {v}" for k, v in slow_by.most_common(8)) or "none"
    return f"answers by cache status: {shares}; slower than {slow * 1000:.0f} ms at nginx: {tail}"


def scenario_viewers(args, event, pause_ms: int) -> tuple[dict[str, float], list[float], int, str]:
    reset_round(args, event["tournament"])
    stop = threading.Event()
    arbiter = Arbiter(args.web_port, event["tournament"], event["sessions"][0], event["boards"], 1.0, stop)
    phone = Phone(args.web_port, event, stop)
    before, started = cpu_seconds(), time.perf_counter()
    arbiter.start()
    phone.start()
    try:
        figures = run_wrk(args, event, pause_ms, args.seconds)
    finally:
        stop.set()
        arbiter.join(30)
        phone.join(30)
    figures["phone"] = phone.latencies  # type: ignore[assignment]
    cpu = cpu_split(before, cpu_seconds(), time.perf_counter() - started)
    return figures, arbiter.latencies, len(arbiter.errors), cpu


def lock_marks(work: Path) -> dict[Path, int]:
    """Where each worker's lock-timing file ends now (``--lock-timing``)."""
    return {f: f.stat().st_size for f in (work / "lock").glob("*.jsonl")} if (work / "lock").exists() else {}


def lock_report(work: Path, marks: dict[Path, int]) -> str:
    """The locked sections recorded since ``marks``, summed up (``--lock-timing``)."""
    from lock_timing import summary

    lines: list[str] = []
    for f in (work / "lock").glob("*.jsonl"):
        with f.open() as stream:
            stream.seek(marks.get(f, 0))
            lines += stream.read().splitlines()
    return summary(lines)


def scenario_arbiters(
    args, event, api: bool = False, work: Path | None = None
) -> tuple[float, list[float], int, str]:
    reset_round(args, event["tournament"])
    marks = lock_marks(work) if work is not None and args.lock_timing else None
    stop = threading.Event()
    boards = event["boards"]
    arbiters = [
        Arbiter(
            args.web_port,
            event["tournament"],
            event["sessions"][i],
            boards[i::8],
            0.0,
            stop,
            api=(event["tokens"][i], event["round"], event["numbers"]) if api else None,
        )
        for i in range(8)
    ]
    before, started = cpu_seconds(), time.perf_counter()
    for arbiter in arbiters:
        arbiter.start()
    time.sleep(args.seconds)
    stop.set()
    for arbiter in arbiters:
        arbiter.join(30)
    elapsed = time.perf_counter() - started
    after = cpu_seconds()
    latencies = [x for a in arbiters for x in a.latencies]
    errors = [e for a in arbiters for e in a.errors]
    if errors:
        print("refused entries, by answer:", dict(collections.Counter(errors).most_common(5)), flush=True)
    used = cpu_used(before, after)
    per_result = ", ".join(
        f"{name} {used[name] / max(1, len(latencies)) * 1000:.1f}"
        for name in ("gunicorn", "PostgreSQL", "nginx", "this script")
    )
    cpu = f"{cpu_split(before, after, elapsed)}; CPU ms per result: {per_result}"
    if marks is not None:
        time.sleep(0.5)
        cpu += "\n" + lock_report(work, marks)
    return len(latencies) / elapsed, latencies, len(errors), cpu


def ms(value: float) -> str:
    return f"{value * 1000:.0f} ms" if value == value else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seconds", type=int, default=20, help="length of each scenario (at most 120)")
    parser.add_argument("--viewers", type=int, default=100)
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers (docker-compose.yml's: 3)")
    parser.add_argument(
        "--threads",
        type=int,
        default=4,
        help="threads a worker (docker-compose.yml's gthread: 4; 1: sync workers)",
    )
    parser.add_argument(
        "--sections",
        type=int,
        default=1,
        help="an event of this many sections sharing --players (issue 30's event scenario: viewers spread over them)",
    )
    parser.add_argument("--database", default="chess_h21")
    parser.add_argument("--cache-db", type=int, default=12)
    parser.add_argument("--broker-db", type=int, default=13)
    parser.add_argument("--app-port", type=int, default=8271)
    parser.add_argument("--web-port", type=int, default=8280)
    parser.add_argument(
        "--only",
        default="a,b,c,d",
        help="the scenarios to run, e.g. c,d (the arbiters only: no wrk viewers)",
    )
    parser.add_argument(
        "--lock-timing",
        action="store_true",
        help="time each result entry's statements under the tournament lock (benchmarks/lock_timing.py)",
    )
    parser.add_argument(
        "--switch-interval",
        type=float,
        default=0.0,
        help="with --lock-timing: the workers' sys.setswitchinterval in seconds (Python's default 0.005)",
    )
    parser.add_argument(
        "--server-binding",
        action="store_true",
        help="with --lock-timing: the workers use psycopg's server-side binding (prepared statements)",
    )
    parser.add_argument(
        "--languages",
        default="",
        help="viewers' Accept-Language, one picked per request (e.g. en,fr,de); empty: no header",
    )
    args = parser.parse_args()
    args.seconds = max(5, min(args.seconds, 120))
    only = {name.strip() for name in args.only.split(",") if name.strip()}
    if not only or only - set("abcd"):
        raise SystemExit(f"--only takes scenarios among a,b,c,d, not {args.only!r}")
    viewers = bool(only & {"a", "b"})
    if (viewers and shutil.which("wrk") is None) or not Path("/usr/sbin/nginx").exists():
        raise SystemExit("needs wrk and nginx (apt-get install wrk nginx)")

    global DATABASE
    DATABASE = args.database
    work = Path(tempfile.mkdtemp(prefix="chessclub-load."))
    os.chmod(work, 0o755)
    env = environment(args, work / "static")
    os.environ.update(env)
    load_before = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    probe_before = cpu_probe()
    event = build_event(args)
    from django.db import connection

    connection.close()
    servers = Servers(args, env, work)
    # A scenario left out by --only keeps these (and is left out of the table).
    a_pages = b_pages = a_cpu = b_cpu = c_cpu = d_cpu = b_tail = None
    a_results, a_errors, b_results, b_errors, c_rate, c_results, c_errors = [], 0, [], 0, 0.0, [], 0
    d_rate, d_results, d_errors = 0.0, [], 0
    try:
        servers.start()
        warm_up(args, event)
        languages = language_check(args, event) if viewers else []
        if "a" in only:
            a_pages, a_results, a_errors, a_cpu = scenario_viewers(args, event, 5000)
        if "b" in only:
            mark = access_log_mark(work)
            b_pages, b_results, b_errors, b_cpu = scenario_viewers(args, event, 0)
            b_tail = tail_make_up(work, mark)
        if "c" in only:
            c_rate, c_results, c_errors, c_cpu = scenario_arbiters(args, event, work=work)
        if "d" in only:
            d_rate, d_results, d_errors, d_cpu = scenario_arbiters(args, event, api=True, work=work)
    finally:
        servers.stop()
        connection.close()
        shutil.rmtree(work, ignore_errors=True)

    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    print()
    print(f"CPU probe (sum of 30 million integers): {probe_before:.2f} s before, {cpu_probe():.2f} s after")
    print(
        f"load average (1 / 5 / 15 min) before: {load_before}, when done: {load}, on {os.cpu_count()} cores"
    )
    print(
        f"{args.players} players"
        + (
            f" in an event of {args.sections} sections (viewers spread over them and the event page)"
            if args.sections > 1
            else ""
        )
        + f", {args.rounds} rounds, {args.viewers} viewers, {args.seconds} s a scenario, "
        f"gunicorn {args.workers} "
        + (f"gthread workers x {args.threads} threads" if args.threads > 1 else "sync workers")
        + " behind nginx (deploy/nginx/default.conf.template)"
        + (f", viewers' languages {args.languages}" if args.languages else "")
    )
    print("| scenario | requests/s | public p50 / p95 / p99 | results entered | result p50 / p95 | goal |")
    print("|---|---|---|---|---|---|")
    for label, pages, results, errors, goal in (
        row
        for row in (
            (
                "(a) 100 viewers, 5 s pause, 1 result/s",
                a_pages,
                a_results,
                a_errors,
                "pages p95 < 100 ms, results p95 < 100 ms",
            ),
            (
                "(b) 100 viewers, no pause, 1 result/s",
                b_pages,
                b_results,
                b_errors,
                ">= 1000 req/s, p95 < 100 ms",
            ),
        )
        if row[1] is not None
    ):
        print(
            f"| {label} | {pages['rps']:.0f} | {pages['p50']:.0f} / {pages['p95']:.0f} / {pages['p99']:.0f} ms "
            f"({pages['errors']:.0f} errors) | {len(results)} ({errors} refused) | "
            f"{ms(statistics.median(results) if results else float('nan'))} / {ms(percentile(results, 95))} | {goal} |"
        )
    for label, rate, results, errors, _ in (
        row
        for row in (
            ("(c) 8 arbiters flat out, the round page's form", c_rate, c_results, c_errors, c_cpu),
            ("(d) 8 arbiters flat out, the API's PUT", d_rate, d_results, d_errors, d_cpu),
        )
        if row[4] is not None
    ):
        print(
            f"| {label} | - | - | {len(results)} = {rate:.0f}/s ({errors} refused) | "
            f"{ms(statistics.median(results) if results else float('nan'))} / {ms(percentile(results, 95))} | "
            ">= 150 results/s, p95 < 100 ms |"
        )
    for line in languages:
        print(line)
    print()
    print("Busy cores by party during each scenario:")
    for label, cpu in (("(a)", a_cpu), ("(b)", b_cpu), ("(c)", c_cpu), ("(d)", d_cpu)):
        if cpu is not None:
            print(f"- {label} {cpu}")
    for label, pages in (("(a)", a_pages), ("(b)", b_pages)):
        phone = (pages or {}).get("phone") or []
        if phone:
            print(
                f"- {label} one phone timed by this script beside the viewers: {len(phone)} pages, "
                f"p50 / p95 / max {ms(statistics.median(phone))} / {ms(percentile(phone, 95))} / {ms(max(phone))}"
            )
    if b_pages is not None:
        print(f"- (b) {b_tail}")
        print(
            f"- (b) wrk's own latency: mean {b_pages.get('mean', float('nan')):.1f} ms, max "
            f"{b_pages.get('max', float('nan')):.0f} ms over {b_pages.get('requests', 0):.0f} requests"
        )
    print(
        "Idle machine? Only if the load average before the run was near 0 and the CPU probe near "
        "0.34 s; otherwise these are figures beside other work (upper bounds on latency)."
    )


if __name__ == "__main__":
    main()
