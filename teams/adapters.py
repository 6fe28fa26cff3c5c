"""The database as the team engine sees it: a competition as a ``TeamEvent`` (teams by pairing
number, players by primary key in board order, finished matches with their board results), and the
requests built from it. The engine stays Django-free; this is the only module that translates."""

from __future__ import annotations

from django.utils.translation import gettext as _

from pairing.engine.teams import (
    BoardResult,
    ColourType,
    LineupRules,
    MatchRecord,
    MatchScoring,
    PrimaryScore,
    TeamEntry,
    TeamEvent,
)
from pairing.engine.teams import (
    Lineup as EngineLineup,
)
from pairing.engine.teams.baku import baku_problem

from .models import BoardGame, Match, Team, TeamCompetition, TeamRound

# Half-points of the White player on a board, from the result written from White's side.
WHITE_POINTS = {"1-0": 2, "1/2": 1, "0-1": 0, "+-": 2, "-+": 0, "--": 0}
FORFEITS = {"+-", "-+", "--"}
EMPTY_BOARD = -1
"""The player id of a board a team left empty (too few players): the engine needs one id per board."""


def scoring_of(competition: TeamCompetition) -> MatchScoring:
    win = 3 if competition.scoring == TeamCompetition.Scoring.THREE else 2
    return MatchScoring(win=win, draw=1, loss=0)


def acceleration_problem(scoring: str, primary: str) -> str | None:
    """Why the Baku acceleration cannot go with these settings (the model's ``scoring`` and
    ``primary`` values), in the reader's language; ``None`` when it can. The rule is the engine's
    (C.04.7 Art. 1.1 and 1.4.4), the words are the app's."""
    win = 3 if scoring == TeamCompetition.Scoring.THREE else 2
    problem = baku_problem(MatchScoring(win=win, draw=1, loss=0), PrimaryScore(primary))
    if problem is None:
        return None
    if primary == TeamCompetition.Primary.GAME:
        return _(
            "Baku acceleration cannot be used when game points are the primary score (FIDE C.04.7 "
            "Art. 1.4.4). Rank on match points, or choose no acceleration."
        )
    return _(
        "Baku acceleration needs a won match worth exactly two drawn ones and a lost match worth "
        "nothing (FIDE C.04.7 Art. 1.1): 2 / 1 / 0 match points, not 3 / 1 / 0. Choose 2 / 1 / 0 or no "
        "acceleration."
    )


def lineup_rules(competition: TeamCompetition) -> LineupRules:
    return LineupRules(boards=competition.boards, max_jump=competition.max_jump)


def team_entry(team: Team) -> TeamEntry:
    """The team with its players' primary keys in board order (``players`` prefetched or not)."""
    return TeamEntry(tpn=team.tpn, name=team.name, players=tuple(p.pk for p in team.players.all()))


def home_points(game: BoardGame) -> int:
    """Half-points of the home team's player on this board."""
    white = WHITE_POINTS[game.result]
    if game.result == "--":
        return 0
    return white if game.home_white else 2 - white


def match_complete(match: Match, games: list[BoardGame]) -> bool:
    """A match is complete when it was forfeited as a whole or every board has a result."""
    return bool(match.forfeit) or (bool(games) and all(g.result for g in games))


def match_record(match: Match, games: list[BoardGame], round_number: int) -> MatchRecord:
    boards = (
        ()
        if match.forfeit
        else tuple(
            BoardResult(
                white_points=home_points(g),
                forfeit=g.result in FORFEITS,
                black_points=0 if g.result == "--" else None,
            )
            for g in games
        )
    )
    return MatchRecord(
        round=round_number,
        white=match.home.tpn,
        black=match.away.tpn,
        boards=boards,
        forfeit=match.forfeit,
        white_lineup=EngineLineup(tuple(g.home_player_id or EMPTY_BOARD for g in games)),
        black_lineup=EngineLineup(tuple(g.away_player_id or EMPTY_BOARD for g in games)),
    )


def complete_rounds(competition: TeamCompetition) -> list[TeamRound]:
    """The published rounds, in order, up to the first one with a match still open."""
    done = []
    for rnd in _rounds(competition):
        if rnd.status != TeamRound.Status.PUBLISHED:
            break
        if not all(match_complete(m, list(m.boards.all())) for m in rnd.matches.all()):
            break
        done.append(rnd)
    return done


def _rounds(competition: TeamCompetition):
    return (
        competition.team_rounds.order_by("number")
        .select_related("bye_team")
        .prefetch_related("matches__home", "matches__away", "matches__boards")
    )


def team_event(competition: TeamCompetition, *, upto: int | None = None) -> TeamEvent:
    """The competition as the engine's ``TeamEvent``, with the complete rounds up to ``upto``."""
    teams = competition.teams.prefetch_related("players").order_by("tpn")
    matches: list[MatchRecord] = []
    byes: list[tuple[int, int]] = []
    for rnd in complete_rounds(competition):
        if upto is not None and rnd.number > upto:
            break
        for m in rnd.matches.all():
            matches.append(match_record(m, sorted(m.boards.all(), key=lambda g: g.board), rnd.number))
        if rnd.bye_team is not None:
            byes.append((rnd.number, rnd.bye_team.tpn))
    return TeamEvent(
        name=competition.name,
        total_rounds=competition.rounds,
        boards=competition.boards,
        teams=tuple(team_entry(t) for t in teams),
        matches=tuple(matches),
        byes=tuple(byes),
        scoring=scoring_of(competition),
        colour_type=ColourType(competition.colour_type),
        primary=PrimaryScore(competition.primary),
        baku=competition.format == TeamCompetition.Format.SWISS
        and competition.acceleration == TeamCompetition.Acceleration.BAKU,
    )
