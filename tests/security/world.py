"""A small Swiss tournament in the state an endpoint needs, built straight from the models (no
engine, no services) so the access tests stay fast. The cast comes from ``tests/conftest.py``:
``organiser`` and ``arbiter`` have roles here, ``stranger`` organises another tournament."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests import factories
from tournaments.models import (
    Board,
    ForbiddenPair,
    Participant,
    ParticipantRating,
    Round,
    RoundBye,
    Tournament,
)

# Round 1 of eight players, by pairing number: 1-5, 6-2, 3-7, 8-4.
ROUND_ONE = [(1, 5), (6, 2), (3, 7), (8, 4)]

REGISTRATION = "registration"
"""No round yet: participants may be imported, settings changed."""
DRAFT = "draft"
"""Round 1 is a draft: it can be published, deleted, paired again or changed by hand."""
PUBLISHED = "published"
"""Round 1 is published with no results; a requested bye waits in round 3; players 1 and 2 are
kept apart (a forbidden pair)."""
FINISHED = "finished"
"""Round 1 has every result: round 2 can be paired."""
ROUND_ROBIN = "round_robin"
"""A round robin in registration: it can be started."""
WITHDRAWN = "withdrawn"
"""As ``published``, and player 1 has withdrawn from round 2 (the withdrawal can be undone)."""
TEAMS = "teams"
"""As ``registration``, and the event holds a team competition (2 boards, two teams of three) whose
round 1 is published with no result. The section's organiser and arbiter are the event's organiser
and chief arbiter here: team competitions take event roles (and club roles), never section roles."""
STATES = (REGISTRATION, DRAFT, PUBLISHED, FINISHED, ROUND_ROBIN, WITHDRAWN, TEAMS)


@dataclass
class World:
    tournament: Tournament
    people: list[Participant]
    round: Round | None = None
    boards: list[Board] = field(default_factory=list)
    bye: RoundBye | None = None
    pair: ForbiddenPair | None = None
    competition: Any = None
    """The team competition (state ``teams``)."""
    team_players: list[Any] = field(default_factory=list)
    """The first team's players in board order (state ``teams``)."""

    def url_kwargs(self) -> dict[str, object]:
        """A value for every URL argument name the project uses."""
        return {
            "tournament_id": self.tournament.pk,
            "event_id": self.tournament.event_id,
            "number": 1,
            "board_id": self.boards[0].pk if self.boards else 1,
            "board": 1,
            "participant_id": self.people[0].pk,
            "bye_id": self.bye.pk if self.bye else 1,
            "pair_id": self.pair.pk if self.pair else 1,
            "token": self.tournament.public_token,
            "code": "BH",
            "kind": "trf",
            "role_id": self.tournament.roles.filter(role="arbiter").values_list("pk", flat=True).first() or 1,
            "uidb64": "MQ",
            "content_type_id": 1,
            "object_id": 1,
            # Team competitions: the pages' matrix is tests/teams/test_authorization.py; the API's
            # rows (state ``teams``) are in test_authorization_matrix.py. ``match`` is a number.
            "competition_id": self.competition.pk if self.competition else 1,
            "match_id": 1,
            "match": 1,
            "team_id": self.team_players[0].team_id if self.team_players else 1,
        }


def build(tournament: Tournament, state: str) -> World:
    """Put ``tournament`` (which already has its roles) into ``state``."""
    if state == TEAMS:
        return _teams(build(tournament, REGISTRATION))
    if state == ROUND_ROBIN:
        tournament.format = Tournament.Format.ROUND_ROBIN
        tournament.tiebreaks = "DE,SB,WIN"
        tournament.save()
        people = [factories.ParticipantFactory(tournament=tournament) for _ in range(5)]
        return World(tournament, people)
    people = [
        factories.ParticipantFactory(
            tournament=tournament,
            pairing_number=n if state != REGISTRATION else None,
            rating=2400 - 20 * n,
            email=f"player{n}@example.org",
        )
        for n in range(1, 9)
    ]
    world = World(tournament, people)
    if state == REGISTRATION:
        return world
    tournament.status = Tournament.Status.RUNNING
    tournament.save()
    status = {
        DRAFT: Round.Status.DRAFT,
        PUBLISHED: Round.Status.PUBLISHED,
        FINISHED: Round.Status.FINISHED,
        WITHDRAWN: Round.Status.PUBLISHED,
    }
    world.round = Round.objects.create(tournament=tournament, number=1, status=status[state])
    by_number = {p.pairing_number: p for p in people}
    world.boards = [
        Board.objects.create(
            round=world.round,
            number=i,
            white=by_number[w],
            black=by_number[b],
            result="1-0" if state == FINISHED else "",
            version=1 if state == FINISHED else 0,
        )
        for i, (w, b) in enumerate(ROUND_ONE, start=1)
    ]
    if state in (PUBLISHED, WITHDRAWN):
        world.bye = RoundBye.objects.create(
            tournament=tournament,
            participant=people[-1],
            round_number=3,
            kind=RoundBye.Kind.HALF_POINT,
            points=1,
        )
        low, high = sorted(people[:2], key=lambda p: p.pk)
        world.pair = ForbiddenPair.objects.create(tournament=tournament, first=low, second=high)
    if state == WITHDRAWN:
        people[0].status, people[0].withdrawn_from_round = Participant.Status.WITHDRAWN, 2
        people[0].save(update_fields=["status", "withdrawn_from_round"])
    return world


def _teams(world: World) -> World:
    """The ``teams`` state: a team competition of the tournament's event, round 1 published."""
    from teams.models import BoardGame, Match, Team, TeamCompetition, TeamPlayer, TeamRound
    from tournaments.models import EventRole

    tournament = world.tournament
    for role in tournament.roles.all():
        EventRole.objects.get_or_create(
            event_id=tournament.event_id, user=role.user, defaults={"role": role.role}
        )
    competition = TeamCompetition.objects.create(
        event_id=tournament.event_id, name="Team Cup", boards=2, rounds=3
    )
    teams = []
    for tpn in (1, 2):
        team = Team.objects.create(competition=competition, tpn=tpn, name=f"Team {tpn}")
        teams.append([TeamPlayer.objects.create(team=team, order=o, name=f"T{tpn} P{o}") for o in (1, 2, 3)])
    rnd = TeamRound.objects.create(competition=competition, number=1, status=TeamRound.Status.PUBLISHED)
    match = Match.objects.create(round=rnd, number=1, home=teams[0][0].team, away=teams[1][0].team)
    for board in (1, 2):
        BoardGame.objects.create(
            match=match,
            board=board,
            home_white=board == 1,
            home_player=teams[0][board - 1],
            away_player=teams[1][board - 1],
        )
    world.competition, world.team_players = competition, teams[0]
    return world


def fingerprint() -> tuple:
    """Everything a write could change, in one comparable value."""
    from clubs.models import Club, Membership, RosterPlayer
    from teams.models import BoardGame, Lineup, Team, TeamCompetition
    from tournaments.models import AuditLog, TournamentRole

    return (
        AuditLog.objects.count(),
        Club.objects.count(),
        tuple(Membership.objects.order_by("pk").values_list("pk", "role")),
        tuple(RosterPlayer.objects.order_by("pk").values_list()),
        TournamentRole.objects.count(),
        tuple(Tournament.objects.order_by("pk").values_list()),
        tuple(Participant.objects.order_by("pk").values_list()),
        tuple(Round.objects.order_by("pk").values_list("pk", "number", "status", "error")),
        tuple(Board.objects.order_by("pk").values_list("pk", "white", "black", "result", "version")),
        tuple(RoundBye.objects.order_by("pk").values_list()),
        tuple(ParticipantRating.objects.order_by("pk").values_list()),
        tuple(ForbiddenPair.objects.order_by("pk").values_list()),
        tuple(TeamCompetition.objects.order_by("pk").values_list("pk", "name", "rounds")),
        tuple(Team.objects.order_by("pk").values_list("pk", "name", "withdrawn", "captain_token_hash")),
        tuple(
            BoardGame.objects.order_by("pk").values_list(
                "pk", "result", "version", "home_player", "away_player"
            )
        ),
        tuple(Lineup.objects.order_by("pk").values_list("pk", "player_ids")),
    )
