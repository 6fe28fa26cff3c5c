"""Demo data for `make run`: a club with a roster of 30 players and three staff logins (owner,
organiser, arbiter), a finished Swiss paired by our engine, a round robin and a Swiss in progress,
all three the club's. Idempotent: tournaments that already exist are left alone.

Everything goes through the services, exactly as the pages would do it, so the demo also shows that
the engine pairs real rounds. With a Celery broker configured the pairing task may run in a worker as
well; ``round_pair_execute`` is idempotent, so whoever gets there first pairs the round.
"""

from __future__ import annotations

import random

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from clubs.models import Club, Membership, RosterPlayer
from clubs.services.roster import roster_player_create
from pairing.services.execute import round_pair_execute
from pairing.services.round_robin import tournament_start
from pairing.services.swiss import round_pair, round_publish
from tournaments.models import Board, Event, Round, Tournament, TournamentRole
from tournaments.services.events import event_create, event_register, section_add
from tournaments.services.participants.byes import bye_request
from tournaments.services.participants.registration import participant_register
from tournaments.services.participants.withdrawals import participant_withdraw
from tournaments.services.results import result_record
from tournaments.services.tournaments import tournament_create

DEMO_USERNAME = "arbiter"
DEMO_PASSWORD = "demo-arbiter-2026"
"""For the demo only. The command refuses to create this login when DEBUG is off (unless --force)."""
CLUB_STAFF = (
    (DEMO_USERNAME, Membership.Role.OWNER),
    ("club-organiser", Membership.Role.ORGANISER),
    ("club-arbiter", Membership.Role.ARBITER),
)
"""The club's staff logins, all with ``DEMO_PASSWORD``: the first one also creates the tournaments."""
ROSTER_EXTRA = ["Zoë Ólafsdóttir", "José Muñoz", "Łukasz Wróbel", "Søren Ødegård", "Anaïs Lefèvre",
                "Çağan Öztürk"]  # fmt: skip

FIRST = ["Alice", "Bruno", "Chen", "Dana", "Emil", "Fatima", "Georg", "Hana", "Ivan", "Julia", "Kofi", "Lena",
         "Marek", "Nora", "Oskar", "Priya", "Quentin", "Rosa", "Sven", "Tara", "Umar", "Vera", "Wim", "Xenia"]  # fmt: skip
LAST = ["Archer", "Berger", "Castro", "Dvorak", "Eriksen", "Fischer", "Gupta", "Horvat", "Ivanova", "Jansen",
        "Kowalski", "Larsen", "Moreau", "Novak", "Okafor", "Petrov", "Quinn", "Rossi", "Silva", "Tanaka",
        "Ueda", "Varga", "Weber", "Young"]  # fmt: skip


def demo_players(count: int, seed: int) -> list[dict[str, object]]:
    rng = random.Random(seed)
    titles = ["FM", "CM", "", "", "", "", "", ""]
    players = []
    for i in range(count):
        rating = rng.randint(1300, 2300) if i else 2350
        players.append(
            {
                "name": f"{FIRST[(i + seed) % len(FIRST)]} {LAST[(i * 7 + seed) % len(LAST)]}",
                "rating": rating,
                "title": titles[i] if rating > 2000 and i < len(titles) else "",
                "federation": rng.choice(["ENG", "SCO", "WLS", "IRL", "FRA", "GER", ""]),
                "club_name": rng.choice(["Riverside", "Hilltop", "Old Mill", ""]),
            }
        )
    return players


def game_result(rng: random.Random, white_rating: int, black_rating: int) -> str:
    expected = 1 / (1 + 10 ** ((black_rating - white_rating) / 400))
    draw = 0.25
    roll = rng.random()
    if roll < expected - draw / 2:
        return Board.Result.WHITE_WINS
    if roll < expected + draw / 2:
        return Board.Result.DRAW
    return Board.Result.BLACK_WINS


class Command(BaseCommand):
    help = "Create demo data (a club, a demo login, three tournaments). Safe to run again."

    def add_arguments(self, parser):  # noqa: ANN001
        parser.add_argument(
            "--force", action="store_true", help="Create the demo login even when DEBUG is off."
        )

    def handle(self, *args: object, **options: object) -> None:
        if not settings.DEBUG and not options["force"]:
            raise CommandError(
                "DEBUG is off: refusing to create a demo login with a published password (use --force)."
            )
        club = Club.objects.filter(name="Riverside Chess Club").order_by("pk").first()
        if club is None:  # a database migrated from before issue 23 already has it, under its own slug
            club = Club.objects.create(name="Riverside Chess Club", slug="riverside")
        staff = [self.demo_user(username) for username, _ in CLUB_STAFF]
        for member, (_, role) in zip(staff, CLUB_STAFF, strict=True):
            Membership.objects.get_or_create(club=club, user=member, defaults={"role": role})
        self.roster(club)
        user = staff[0]
        self.finished_swiss(user, club)
        self.round_robin(user, club)
        self.swiss_in_progress(user, club)
        self.weekend_open(user, club)
        if apps.is_installed("prizes"):
            # The prizes app stands above the commands: reached by its command's name, not imported.
            call_command("seed_demo_prizes", stdout=self.stdout)
        if apps.is_installed("entries"):
            call_command("seed_demo_entries", stdout=self.stdout)
        logins = "\n".join(
            f"  {username} / {DEMO_PASSWORD}  ({role.label.lower()} of {club.name})"
            for username, role in CLUB_STAFF
        )
        self.stdout.write(
            self.style.WARNING(
                f"\nDemo logins (FOR THE DEMO ONLY, never on a real server):\n{logins}\n"
                f"Log in at /accounts/login/; the club's dashboard is /clubs/{club.slug}/dashboard/\n"
            )
        )

    def roster(self, club: Club) -> None:
        if RosterPlayer.objects.filter(club=club).exists():
            return
        players = demo_players(24, 3) + [
            {"name": name, "rating": 1400 + 50 * i} for i, name in enumerate(ROSTER_EXTRA)
        ]
        for fields in players:
            roster_player_create(club=club, **fields)
        self.stdout.write(self.style.SUCCESS(f"{club.name}: a roster of {len(players)} players"))

    def demo_user(self, username: str = DEMO_USERNAME):  # noqa: ANN201
        user, created = get_user_model().objects.get_or_create(username=username)
        if created or not user.check_password(DEMO_PASSWORD):
            user.set_password(DEMO_PASSWORD)
            user.save()
        return user

    def existing(self, name: str, user) -> bool:  # noqa: ANN001
        tournament = Tournament.objects.filter(name=name).first()
        if tournament is None:
            return False
        TournamentRole.objects.get_or_create(tournament=tournament, user=user, defaults={"role": "organiser"})
        self.stdout.write(f"{name}: already there")
        return True

    def pair(self, tournament: Tournament, user) -> Round:  # noqa: ANN001
        rnd = round_pair(tournament=tournament, user=user)
        round_pair_execute(round_id=rnd.pk)  # a no-op when the eager task already paired it
        rnd.refresh_from_db()
        if rnd.status != Round.Status.DRAFT:
            raise CommandError(
                f"Round {rnd.number} of {tournament.name} did not pair: {rnd.error or rnd.status}"
            )
        return round_publish(round=rnd, user=user)

    def play(self, rnd: Round, user, rng: random.Random, *, limit: int | None = None) -> None:  # noqa: ANN001
        boards = (
            Board.objects.filter(round=rnd, result="").select_related("white", "black").order_by("number")
        )
        for board in list(boards)[:limit]:
            result = game_result(rng, board.white.rating, board.black.rating)
            result_record(board=board, user=user, result=result, expected_version=board.version)

    def finished_swiss(self, user, club: Club) -> None:  # noqa: ANN001
        name = "Riverside Autumn Swiss (demo)"
        if self.existing(name, user):
            return
        t = tournament_create(
            user=user, club=club, name=name, place="Riverside library", rounds_planned=5, lots_seed=2025
        )
        for fields in demo_players(20, 1):
            participant_register(tournament=t, user=user, **fields)
        rng = random.Random(2025)
        people = list(t.participants.order_by("pairing_number"))
        bye_request(participant=people[5], round_number=3, kind="half", user=user)
        for number in range(1, 6):
            if number == 4:
                participant_withdraw(participant=people[-1], user=user)
            self.play(self.pair(t, user), user, rng)
        self.stdout.write(self.style.SUCCESS(f"{name}: 20 players, 5 rounds, finished"))

    def round_robin(self, user, club: Club) -> None:  # noqa: ANN001
        name = "Riverside Closed (demo round robin)"
        if self.existing(name, user):
            return
        t = tournament_create(
            user=user,
            club=club,
            name=name,
            format="round_robin",
            pairing_numbers="lot",
            lots_seed=7,
            rounds_planned=5,
        )
        for fields in demo_players(6, 11):
            participant_register(tournament=t, user=user, **fields)
        tournament_start(tournament=t, user=user)
        rng = random.Random(7)
        for rnd in Round.objects.filter(tournament=t, number__lte=3).order_by("number"):
            self.play(rnd, user, rng)
        self.stdout.write(self.style.SUCCESS(f"{name}: 6 players, 5 rounds, 3 played"))

    def weekend_open(self, user, club: Club) -> None:  # noqa: ANN001
        """An event of three sections (rating bands and a junior age limit), round 1 in play."""
        name = "Riverside Weekend Open (demo event)"
        if Event.objects.filter(name=name).exists():
            self.stdout.write(f"{name}: already there")
            return
        event = event_create(user=user, club=club, name=name, place="Riverside town hall")
        sections = [
            section_add(
                event=event, user=user, name="Open A", band_min_rating=1800, rounds_planned=5, lots_seed=11
            ),
            section_add(
                event=event, user=user, name="Open B", band_max_rating=1800, rounds_planned=5, lots_seed=12
            ),
            section_add(event=event, user=user, name="Juniors", max_age=14, rounds_planned=5, lots_seed=13),
        ]
        for i, fields in enumerate(demo_players(36, 21)):
            birth_year = 2014 if i % 6 == 0 else None
            event_register(
                event=event, user=user, **{**fields, "name": f"{fields['name']} {i}"}, birth_year=birth_year
            )
        rng = random.Random(21)
        for section in sections:
            if section.participants.count() >= 2:
                self.play(self.pair(section, user), user, rng, limit=3)
        self.stdout.write(self.style.SUCCESS(f"{name}: 3 sections, 36 players, round 1 in play"))

    def swiss_in_progress(self, user, club: Club) -> None:  # noqa: ANN001
        name = "Thursday Rapid (demo, in progress)"
        if self.existing(name, user):
            return
        t = tournament_create(user=user, club=club, name=name, rounds_planned=6, lots_seed=4)
        for fields in demo_players(15, 5):
            participant_register(tournament=t, user=user, **fields)
        rng = random.Random(4)
        self.play(self.pair(t, user), user, rng)
        self.play(self.pair(t, user), user, rng, limit=4)
        self.stdout.write(self.style.SUCCESS(f"{name}: 15 players, round 2 published with 4 results in"))
