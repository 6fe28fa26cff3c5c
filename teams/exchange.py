"""Files out of a team competition, and back in: the TRF-2026 team file (the engine's records, with
the players' names, ratings and FIDE ids written into its 001 lines), the JSON backup and its
restore (``competition_restore``: a new competition of an event, all of it or nothing)."""

from __future__ import annotations

import datetime
from dataclasses import replace
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from core.errors import ValidationFailed
from pairing.engine.teams import Lineup, team_standings, write_team_trf
from tournaments.models import Event
from tournaments.services.audit import audit_record

from . import adapters
from .forms import CompetitionForm
from .models import BoardGame, Match, Team, TeamCompetition, TeamPlayer, TeamRound
from .models import Lineup as SavedLineup
from .services import tiebreaks_clean


def team_trf(competition: TeamCompetition) -> str:
    """The competition's finished rounds as TRF-2026; players numbered 1..N team by team, board order."""
    event = adapters.team_event(competition)
    players = list(TeamPlayer.objects.filter(team__competition=competition).order_by("team__tpn", "order"))
    rank = {p.pk: i for i, p in enumerate(players, start=1)}
    rank[adapters.EMPTY_BOARD] = 0  # an empty board: no opponent (TRF 0000)

    def ranks(ids: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(rank[i] for i in ids)

    def lineup(line: Lineup | None) -> Lineup | None:
        return Lineup(ranks(line.players)) if line is not None else None

    event = replace(
        event,
        teams=tuple(replace(t, players=ranks(t.players)) for t in event.teams),
        matches=tuple(
            replace(m, white_lineup=lineup(m.white_lineup), black_lineup=lineup(m.black_lineup))
            for m in event.matches
        ),
    )
    by_rank = {i: p for p, i in rank.items() if i}
    people = {p.pk: p for p in players}
    codes = [c for c in competition.tiebreaks.split(",") if c]
    standing = {row.tpn: row.rank for row in team_standings(event, codes)}  # record 310's rank
    lines = []
    for line in write_team_trf(event, ranks=standing).splitlines():
        if line.startswith("001 "):
            p = people[by_rank[int(line[4:8])]]
            line = line.ljust(91)
            # TRF-2026 001 columns: name 15-47, rating 49-52, FIDE id 58-68.
            line = (
                line[:14] + f"{p.name:<33.33} {p.rating:4d}" + line[52:57] + f"{p.fide_id:>11.11}" + line[68:]
            ).rstrip()
        lines.append(line)
    return "\n".join(lines) + "\n"


def competition_backup(competition: TeamCompetition) -> dict[str, Any]:
    """The whole competition as plain data (settings, teams and players, rounds, matches, boards,
    lineups); ids are the database's, so a reader can follow the references. No captain's link."""
    settings = {f: getattr(competition, f) for f in SETTINGS}
    teams = [
        {
            "id": t.pk,
            "tpn": t.tpn,
            "name": t.name,
            "club": t.club,
            "withdrawn": t.withdrawn,
            "players": [
                {"id": p.pk, "order": p.order, "name": p.name, "rating": p.rating, "fide_id": p.fide_id}
                for p in t.players.all()
            ],
        }
        for t in competition.teams.prefetch_related("players").order_by("tpn")
    ]
    rounds = [
        {
            "number": r.number,
            "status": r.status,
            "bye_team": r.bye_team_id,
            "explanation": r.explanation,
            "lineup_deadline": r.lineup_deadline.isoformat() if r.lineup_deadline else None,
            "lineups": [{"team": lu.team_id, "players": lu.player_ids} for lu in r.lineups.all()],
            "matches": [
                {
                    "number": m.number,
                    "home": m.home_id,
                    "away": m.away_id,
                    "forfeit": m.forfeit,
                    "colour_rule": m.colour_rule,
                    "boards": [
                        {
                            "board": g.board,
                            "home_white": g.home_white,
                            "home_player": g.home_player_id,
                            "away_player": g.away_player_id,
                            "result": g.result,
                        }
                        for g in m.boards.all()
                    ],
                }
                for m in r.matches.all()
            ],
        }
        for r in competition.team_rounds.prefetch_related("lineups", "matches__boards").order_by("number")
    ]
    return {
        "format": "chessclub-team-competition",
        "version": 1,
        "competition": settings,
        "teams": teams,
        "rounds": rounds,
    }


# --- restore -----------------------------------------------------------------------------------

BACKUP_FORMAT = "chessclub-team-competition"
BACKUP_VERSION = 1
MAX_BACKUP_BYTES = 5_000_000
"""The largest backup file the restore reads (as the tournaments' imports)."""
MAX_TEAMS = 500
MAX_PLAYERS = 40
"""Per team: the boards (at most 20) and their reserves."""


def _bad(where: str, what: str) -> ValidationFailed:
    message = _("%(where)s: %(what)s Nothing was restored.") % {"where": where, "what": what}
    return ValidationFailed(message, errors={"backup": [message]})


def _list(value: Any, where: str, *, most: int) -> list[Any]:
    if not isinstance(value, list):
        raise _bad(where, _("a list was expected."))
    if len(value) > most:
        raise _bad(where, _("more than %(most)s entries.") % {"most": most})
    return value


def _object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _bad(where, _("an object was expected."))
    return value


def _int(data: dict[str, Any], key: str, where: str, *, low: int, high: int, null: bool = False) -> Any:
    value = data.get(key)
    if value is None and null:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _bad(
            where,
            _("%(key)s must be a whole number from %(low)s to %(high)s.")
            % {"key": key, "low": low, "high": high},
        )
    return value


def _text(data: dict[str, Any], key: str, where: str, *, most: int, required: bool = False) -> str:
    value = data.get(key, "")
    if value is None:
        value = ""
    if not isinstance(value, str) or len(value) > most or (required and not value.strip()):
        raise _bad(
            where,
            _("%(key)s must be a text of at most %(most)s characters%(required)s.")
            % {"key": key, "most": most, "required": _(", not empty") if required else ""},
        )
    return value.strip()


def _lookup(mapping: dict[int, Any], key: Any) -> Any:
    """``mapping[key]`` for an id the file gives, ``None`` for anything else (a list is no id)."""
    return mapping.get(key) if isinstance(key, int) and not isinstance(key, bool) else None


def _choice(data: dict[str, Any], key: str, where: str, choices: list[str]) -> str:
    value = data.get(key, "")
    if value not in choices:
        raise _bad(
            where,
            _("%(key)s %(value)r is not one of %(choices)s.")
            % {"key": key, "value": value, "choices": ", ".join(repr(c) for c in choices)},
        )
    return value


def competition_restore(*, data: Any, event: Event, user: Any) -> TeamCompetition:
    """A JSON backup (``competition_backup``) as a new competition of ``event``, with a new public
    link and no captain's link: every team, player, round, lineup, match and board, or nothing.

    A file that is not such a backup, or refers to a team, player or round it does not hold, is
    refused with a message naming the place (``ValidationFailed``) and nothing is written.
    """
    if (
        not isinstance(data, dict)
        or data.get("format") != BACKUP_FORMAT
        or data.get("version") != BACKUP_VERSION
    ):
        raise _bad(
            _("The file"),
            _("this is not a team competition backup of version %(version)s.") % {"version": BACKUP_VERSION},
        )
    head = _object(data.get("competition"), _("The competition"))
    settings = {name: head.get(name) for name in SETTINGS}
    form = CompetitionForm(data=settings)
    if not form.is_valid():
        problems = "; ".join(f"{name}: {' '.join(errs)}" for name, errs in form.errors.items())
        raise _bad(_("The competition's settings"), problems + ".")
    settings = dict(form.cleaned_data)
    try:
        settings["tiebreaks"] = tiebreaks_clean(settings["tiebreaks"])
    except ValidationFailed as exc:
        raise _bad(_("The competition's settings"), exc.message) from None
    boards = settings["boards"]
    if not 1 <= boards <= 20 or not 1 <= settings["rounds"] <= 999:
        raise _bad(
            _("The competition's settings"), _("A match has 1 to 20 boards, a competition 1 to 999 rounds.")
        )
    teams = _list(data.get("teams"), _("The teams"), most=MAX_TEAMS)
    rounds = _list(data.get("rounds"), _("The rounds"), most=settings["rounds"])
    try:
        with transaction.atomic():
            competition = TeamCompetition.objects.create(event=event, created_by=user, **settings)
            team_of, player_of = _restore_teams(competition, teams, boards)
            _restore_rounds(competition, rounds, team_of, player_of)
            audit_record(
                tournament=None,
                user=user,
                action="team_competition_restore",
                obj=competition,
                after={"name": competition.name, "teams": len(team_of), "rounds": len(rounds)},
            )
    except IntegrityError:
        raise _bad(_("The file"), _("it holds the same team, board or round twice.")) from None
    return competition


SETTINGS = TeamCompetition.SETTING_FIELDS
"""The settings a backup holds and its restore reads back: the settings form's, checked by it."""


def _restore_teams(
    competition: TeamCompetition, teams: list[Any], boards: int
) -> tuple[dict[int, Team], dict[int, TeamPlayer]]:
    """The teams and their players; returns the backup's team and player ids mapped to the new rows."""
    team_of: dict[int, Team] = {}
    player_of: dict[int, TeamPlayer] = {}
    names: set[str] = set()
    tpns: list[int] = []
    for i, raw in enumerate(teams, start=1):
        where = _("Team %(number)s") % {"number": i}
        entry = _object(raw, where)
        old_id = _int(entry, "id", where, low=1, high=2**31 - 1)
        tpn = _int(entry, "tpn", where, low=1, high=MAX_TEAMS)
        name = _text(entry, "name", where, most=100, required=True)
        if old_id in team_of or name in names or tpn in tpns:
            raise _bad(where, _("the same team (id, name or pairing number) is listed twice."))
        names.add(name)
        tpns.append(tpn)
        team = Team.objects.create(
            competition=competition,
            tpn=tpn,
            name=name,
            club=_text(entry, "club", where, most=100),
            withdrawn=bool(entry.get("withdrawn", False)),
        )
        team_of[old_id] = team
        orders: set[int] = set()
        for raw_player in _list(entry.get("players", []), where, most=MAX_PLAYERS):
            player = _object(raw_player, where)
            pid = _int(player, "id", where, low=1, high=2**31 - 1)
            order = _int(player, "order", where, low=1, high=MAX_PLAYERS)
            if pid in player_of or order in orders:
                raise _bad(where, _("a player (id or board order) is listed twice."))
            orders.add(order)
            player_of[pid] = TeamPlayer(
                team=team,
                order=order,
                name=_text(player, "name", where, most=100, required=True),
                rating=_int(player, "rating", where, low=0, high=4000) if player.get("rating") else 0,
                fide_id=_text(player, "fide_id", where, most=12),
            )
    if sorted(tpns) != list(range(1, len(tpns) + 1)):
        raise _bad(
            _("The teams"), _("the team pairing numbers must be 1 to %(count)s.") % {"count": len(tpns)}
        )
    created = TeamPlayer.objects.bulk_create(player_of.values())
    return team_of, dict(zip(player_of, created, strict=True))


def _restore_rounds(
    competition: TeamCompetition,
    rounds: list[Any],
    team_of: dict[int, Team],
    player_of: dict[int, TeamPlayer],
) -> None:
    boards = competition.boards
    games: list[BoardGame] = []
    for n, raw in enumerate(rounds, start=1):
        where = _("Round %(number)s") % {"number": n}
        entry = _object(raw, where)
        if entry.get("number") != n:
            raise _bad(where, _("the rounds must be numbered 1, 2, 3... in order."))
        bye = entry.get("bye_team")
        if bye is not None and _lookup(team_of, bye) is None:
            raise _bad(where, _("the bye goes to a team the file does not hold."))
        deadline = entry.get("lineup_deadline")
        try:
            deadline = datetime.datetime.fromisoformat(deadline) if deadline else None
        except (TypeError, ValueError):
            raise _bad(where, _("the lineup deadline is not a date and time.")) from None
        rnd = TeamRound.objects.create(
            competition=competition,
            number=n,
            status=_choice(entry, "status", where, TeamRound.Status.values),
            bye_team=team_of[bye] if bye is not None else None,
            lineup_deadline=deadline,
            explanation=_text(entry, "explanation", where, most=100_000),
        )
        lineups = []
        for raw_lineup in _list(entry.get("lineups", []), where, most=len(team_of)):
            lineup = _object(raw_lineup, where)
            team = _lookup(team_of, lineup.get("team"))
            ids = _list(lineup.get("players"), where, most=boards)
            if team is None or any(getattr(_lookup(player_of, i), "team_id", None) != team.pk for i in ids):
                raise _bad(where, _("a lineup names a team or player the file does not hold."))
            lineups.append(SavedLineup(team=team, round=rnd, player_ids=[player_of[i].pk for i in ids]))
        SavedLineup.objects.bulk_create(lineups)
        seen: set[int] = set()
        for raw_match in _list(entry.get("matches", []), where, most=len(team_of)):
            match_entry = _object(raw_match, where)
            number = _int(match_entry, "number", where, low=1, high=MAX_TEAMS)
            mwhere = _("Round %(round)s, match %(match)s") % {"round": n, "match": number}
            home, away = _lookup(team_of, match_entry.get("home")), _lookup(team_of, match_entry.get("away"))
            if home is None or away is None or home.pk == away.pk or number in seen:
                raise _bad(
                    mwhere, _("the match's teams are missing, the same, or the match is listed twice.")
                )
            seen.add(number)
            match = Match.objects.create(
                round=rnd,
                number=number,
                home=home,
                away=away,
                forfeit=_choice(match_entry, "forfeit", mwhere, Match.Forfeit.values),
                colour_rule=_text(match_entry, "colour_rule", mwhere, most=60),
            )
            numbers: set[int] = set()
            for raw_board in _list(match_entry.get("boards", []), mwhere, most=boards):
                game = _object(raw_board, mwhere)
                board = _int(game, "board", mwhere, low=1, high=boards)
                bwhere = _("Round %(round)s, match %(match)s, board %(board)s") % {
                    "round": n,
                    "match": number,
                    "board": board,
                }
                if board in numbers:
                    raise _bad(bwhere, _("the board is listed twice."))
                numbers.add(board)
                sides = []
                for key, team in (("home_player", home), ("away_player", away)):
                    pid = game.get(key)
                    if pid is not None and getattr(_lookup(player_of, pid), "team_id", None) != team.pk:
                        raise _bad(bwhere, _("%(key)s is not a player of that team.") % {"key": key})
                    sides.append(player_of[pid] if pid is not None else None)
                games.append(
                    BoardGame(
                        match=match,
                        board=board,
                        home_white=bool(game.get("home_white", board % 2 == 1)),
                        home_player=sides[0],
                        away_player=sides[1],
                        result=_choice(game, "result", bwhere, BoardGame.Result.values),
                    )
                )
            if numbers and numbers != set(range(1, boards + 1)):
                raise _bad(
                    mwhere, _("a match has every board 1 to %(boards)s, or none.") % {"boards": boards}
                )
    BoardGame.objects.bulk_create(games)
