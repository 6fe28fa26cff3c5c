"""Reads of a team competition, ready to display: its rounds, a round's matches board by board, the
team standings through the engine, each team's players with their board scores."""

from __future__ import annotations

from dataclasses import dataclass, field

from pairing.engine.teams import board_rankings, default_lineup, team_standings
from tournaments.scores import format_points

from . import adapters
from .models import BoardGame, Lineup, Match, Team, TeamCompetition, TeamPlayer, TeamRound

RESULT_TEXT = {"1-0": "1-0", "1/2": "½-½", "0-1": "0-1", "+-": "+ -", "-+": "- +", "--": "- -", "": ""}


@dataclass
class BoardRow:
    game: BoardGame
    board: int
    white: str
    black: str
    home_white: bool
    result: str
    result_text: str
    home_text: str = ""
    """The result as home – away, the way the match card reads left to right."""


@dataclass
class MatchView:
    match: Match
    home: Team
    away: Team
    boards: list[BoardRow] = field(default_factory=list)
    home_points: str = ""
    away_points: str = ""
    complete: bool = False
    forfeit: str = ""


def _home_text(game: BoardGame) -> str:
    if not game.result:
        return ""
    if game.result == "--":
        return "- -"
    home = adapters.home_points(game)
    if game.result in adapters.FORFEITS:
        return "+ -" if home else "- +"
    return f"{format_points(home) or '0'}-{format_points(2 - home) or '0'}"


def match_view(match: Match) -> MatchView:
    games = sorted(match.boards.all(), key=lambda g: g.board)
    view = MatchView(match=match, home=match.home, away=match.away, forfeit=match.forfeit)
    for g in games:
        home_name = g.home_player.name if g.home_player else "—"
        away_name = g.away_player.name if g.away_player else "—"
        view.boards.append(
            BoardRow(
                game=g,
                board=g.board,
                white=home_name if g.home_white else away_name,
                black=away_name if g.home_white else home_name,
                home_white=g.home_white,
                result=g.result,
                result_text=RESULT_TEXT.get(g.result, g.result),
                home_text=_home_text(g),
            )
        )
    view.complete = adapters.match_complete(match, games)
    if match.forfeit:
        full = 2 * len(games)
        hp, ap = {"+-": (full, 0), "-+": (0, full), "--": (0, 0)}[match.forfeit]
        view.home_points, view.away_points = format_points(hp), format_points(ap)
    elif any(g.result for g in games):
        done = [g for g in games if g.result]
        hp = sum(adapters.home_points(g) for g in done)
        ap = sum(0 if g.result == "--" else 2 - adapters.home_points(g) for g in done)
        view.home_points, view.away_points = format_points(hp), format_points(ap)
    return view


def round_matches(team_round: TeamRound) -> list[MatchView]:
    matches = (
        team_round.matches.select_related("home", "away")
        .prefetch_related("boards__home_player", "boards__away_player")
        .order_by("number")
    )
    return [match_view(m) for m in matches]


def rounds_of(competition: TeamCompetition, *, published_only: bool = False) -> list[TeamRound]:
    rounds = competition.team_rounds.select_related("bye_team").order_by("number")
    if published_only:
        rounds = rounds.filter(status=TeamRound.Status.PUBLISHED)
    return list(rounds)


@dataclass
class StandingRow:
    rank: int
    team: Team
    match_points: str
    game_points: str
    values: list[str]


def standings(competition: TeamCompetition) -> tuple[list[str], list[StandingRow], int]:
    """(tie-break codes, rows, rounds counted): the complete rounds only."""
    event = adapters.team_event(competition)
    codes = [c for c in competition.tiebreaks.split(",") if c]
    teams = {t.tpn: t for t in competition.teams.all()}
    rows = []
    for r in team_standings(event, codes):
        values = [" ".join(map(str, v)) if isinstance(v, tuple) else str(v) for v in r.values]
        rows.append(
            StandingRow(r.rank, teams[r.tpn], str(r.match_points), format_points(r.game_points), values)
        )
    return codes, rows, event.rounds_played


@dataclass
class PlayerScore:
    name: str
    rating: int
    fide_id: str
    order: int
    reserve: bool
    games: int = 0
    points: int = 0
    boards: list[int] = field(default_factory=list)
    results: list[str] = field(default_factory=list)

    @property
    def boards_text(self) -> str:
        """The boards played on, each once ("1, 2")."""
        return ", ".join(str(b) for b in sorted(set(self.boards)))

    @property
    def points_text(self) -> str:
        return format_points(self.points)


def team_page(team: Team) -> list[PlayerScore]:
    """The team's players in board order with their scores in published rounds (per game played)."""
    competition = team.competition
    players = {
        p.pk: PlayerScore(p.name, p.rating, p.fide_id, p.order, p.order > competition.boards)
        for p in team.players.all()
    }
    games = (
        BoardGame.objects.filter(match__round__competition=competition, match__round__status="published")
        .exclude(result="")
        .select_related("match")
        .order_by("match__round__number", "board")
    )
    for g in games:
        for pid, is_home in ((g.home_player_id, True), (g.away_player_id, False)):
            if pid in players and (g.match.home_id if is_home else g.match.away_id) == team.pk:
                home_pts = adapters.home_points(g)
                pts = home_pts if is_home else (0 if g.result == "--" else 2 - home_pts)
                ps = players[pid]
                ps.games += 1
                ps.points += pts
                ps.boards.append(g.board)
                ps.results.append(format_points(pts))
    return sorted(players.values(), key=lambda p: p.order)


def lineup_of(team: Team, rnd: TeamRound, boards: int) -> list[int]:
    """Who plays for ``team`` in ``rnd``: the lineup set for it, else the first boards in board order."""
    saved = Lineup.objects.filter(team=team, round=rnd).values_list("player_ids", flat=True).first()
    if saved is not None:
        return list(saved)
    return list(default_lineup(adapters.team_entry(team), boards))


def match_of(team: Team, rnd: TeamRound) -> Match | None:
    return rnd.matches.filter(home=team).first() or rnd.matches.filter(away=team).first()


def captain_round(team: Team) -> TeamRound | None:
    """The round whose lineup the captain may still set: the last one, while its match has no result."""
    rnd = team.competition.team_rounds.order_by("-number").first()
    if rnd is None:
        return None
    match = match_of(team, rnd)
    if match is not None and (match.forfeit or match.boards.exclude(result="").exists()):
        return None
    return rnd


@dataclass
class BoardRankRow:
    rank: int
    name: str
    team: str
    points: str
    games: int
    performance: int | None


def board_tables(competition: TeamCompetition) -> list[tuple[int, list[BoardRankRow]]]:
    """Each board's players, best score first (the engine's board rankings, for board prizes)."""
    event = adapters.team_event(competition)
    players = {
        p.pk: p for p in TeamPlayer.objects.filter(team__competition=competition).select_related("team")
    }
    ratings = {pk: p.rating for pk, p in players.items() if p.rating}
    tables = []
    for board, rows in sorted(board_rankings(event, ratings=ratings).items()):
        tables.append(
            (
                board,
                [
                    BoardRankRow(
                        i,
                        players[r.player].name,
                        players[r.player].team.name,
                        format_points(r.points) or "0",
                        r.games,
                        r.performance,
                    )
                    for i, r in enumerate((r for r in rows if r.player in players), start=1)
                ],
            )
        )
    return tables


@dataclass
class CrossRow:
    rank: int
    team: Team
    cells: list[str]
    match_points: str
    game_points: str


def crosstable(competition: TeamCompetition) -> list[CrossRow]:
    """Teams in standings order; each cell the game points scored against the team of that column
    (several when they met more than once), the diagonal empty."""
    event = adapters.team_event(competition)
    _codes, rows, _played = standings(competition)
    order = [r.team.tpn for r in rows]
    scored: dict[tuple[int, int], list[str]] = {}
    for m in event.matches:
        gw, gb = m.game_points(event.boards)
        mark = "+" if m.forfeit else ""
        scored.setdefault((m.white, m.black), []).append(format_points(gw) + mark)
        scored.setdefault((m.black, m.white), []).append(format_points(gb) + mark)
    return [
        CrossRow(
            r.rank,
            r.team,
            ["×" if tpn == r.team.tpn else " ".join(scored.get((r.team.tpn, tpn), [])) for tpn in order],
            r.match_points,
            r.game_points,
        )
        for r in rows
    ]
