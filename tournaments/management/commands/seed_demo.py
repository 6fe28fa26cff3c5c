"""Demo data for `make run`: a club, a demo login, a finished Swiss paired by our engine, a round robin
and a Swiss in progress. Idempotent: tournaments that already exist are left alone.

Everything goes through the services, exactly as the pages would do it, so the demo also shows that
the engine pairs real rounds. With a Celery broker configured the pairing task may run in a worker as
well; ``round_pair_execute`` is idempotent, so whoever gets there first pairs the round.
"""

from __future__ import annotations

import random

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from pairing.services.round_robin import tournament_start
from pairing.services.swiss import round_pair, round_pair_execute, round_publish
from tournaments.models import Board, Club, Round, Tournament, TournamentRole
from tournaments.services.byes import bye_request
from tournaments.services.registration import participant_register
from tournaments.services.results import result_record
from tournaments.services.tournaments import tournament_create
from tournaments.services.withdrawals import participant_withdraw

DEMO_USERNAME = "arbiter"
DEMO_PASSWORD = "demo-arbiter-2026"
"""For the demo only. The command refuses to create this login when DEBUG is off (unless --force)."""

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
        user = self.demo_user()
        club, _ = Club.objects.get_or_create(name="Riverside Chess Club")
        club.members.add(user)
        self.finished_swiss(user, club)
        self.round_robin(user, club)
        self.swiss_in_progress(user, club)
        self.stdout.write(
            self.style.WARNING(
                f"\nDemo login (FOR THE DEMO ONLY, never on a real server): {DEMO_USERNAME} / {DEMO_PASSWORD}\n"
                "Log in at /accounts/login/\n"
            )
        )

    def demo_user(self):  # noqa: ANN201
        user, created = get_user_model().objects.get_or_create(username=DEMO_USERNAME)
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
