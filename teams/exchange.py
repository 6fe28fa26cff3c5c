"""Files out of a team competition: the TRF-2026 team file (the engine's records 310-362, with the
players' names, ratings and FIDE ids written into its 001 lines) and the JSON backup (export only)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pairing.engine.teams import Lineup, write_team_trf

from . import adapters
from .models import TeamCompetition, TeamPlayer


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
    lines = []
    for line in write_team_trf(event).splitlines():
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
    settings = {
        f: getattr(competition, f)
        for f in (
            "name",
            "format",
            "boards",
            "rounds",
            "scoring",
            "primary",
            "colour_type",
            "tiebreaks",
            "max_jump",
        )
    }
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
            "lineup_deadline": r.lineup_deadline.isoformat() if r.lineup_deadline else None,
            "lineups": [{"team": lu.team_id, "players": lu.player_ids} for lu in r.lineups.all()],
            "matches": [
                {
                    "number": m.number,
                    "home": m.home_id,
                    "away": m.away_id,
                    "forfeit": m.forfeit,
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
