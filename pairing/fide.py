"""The app's tournaments through FIDE's rating and title arithmetic (``pairing.engine.fide``):
estimated rating changes (B.02) and title norm checks (B.01). (The rating report's readiness reads
the TRF export: ``tournaments.exchange.rating_report``.)

Each function reads the complete rounds (as the standings and the TRF export do) and hands the
engine plain numbers; the engine module names the regulations' edition and articles.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.fide import (
    NormCheck,
    NormGame,
    RatedGame,
    RatingChange,
    check_norms,
    rating_change,
)
from pairing.engine.fide.norms import GameKind
from pairing.engine.types import ResultCode
from tournaments.models import Participant, Tournament
from tournaments.records import histories_for_tournament, last_complete_round

_SCORE = {
    ResultCode.WIN: 2,
    ResultCode.DRAW: 1,
    ResultCode.LOSS: 0,
    ResultCode.FORFEIT_WIN: 2,
    ResultCode.FORFEIT_LOSS: 0,
    ResultCode.UNRATED_WIN: 2,
    ResultCode.UNRATED_DRAW: 1,
    ResultCode.UNRATED_LOSS: 0,
    ResultCode.FULL_BYE: 2,
    ResultCode.PAB: 2,
    ResultCode.HALF_BYE: 1,
    ResultCode.ZERO_BYE: 0,
}
_RATED = {ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS}


@dataclass(frozen=True, slots=True)
class PlayerRating:
    participant: Participant
    change: RatingChange | None
    """``None`` for an unrated player (no change to estimate: an initial rating needs 5 games)."""


def _histories(tournament: Tournament) -> tuple[int, list[Participant], dict[int, tuple]]:
    rounds = last_complete_round(tournament)
    people = list(Participant.objects.filter(tournament=tournament).order_by("pairing_number", "pk"))
    return rounds, people, histories_for_tournament(tournament, rounds, participants=people)


def rating_changes(tournament: Tournament) -> list[PlayerRating]:
    """Every participant's estimated rating change over the complete rounds (K from the rating
    alone: the app does not know each player's games before the event or birth date, so a junior's
    or a newcomer's K of 40 is not applied; the pages say "estimate")."""
    rounds, people, histories = _histories(tournament)
    by_id = {p.pk: p for p in people}
    year = tournament.start_date.year if tournament.start_date else None
    out = []
    for p in people:
        if not p.rating:
            out.append(PlayerRating(p, None))
            continue
        games = [
            RatedGame(
                opponent_rating=by_id[r.opponent].rating if r.opponent in by_id else 0,
                score=_SCORE.get(r.result, 0),
                played=r.result in _RATED and r.opponent is not None,
                round=number,
            )
            for number, r in enumerate(histories.get(p.pk, ()), start=1)
        ]
        out.append(PlayerRating(p, rating_change(p.rating, games, birth_year=p.birth_year, year=year)))
    return out


def _norm_game(r, by_id: dict[int, Participant]) -> NormGame:  # noqa: ANN001
    opponent = by_id.get(r.opponent) if r.opponent is not None else None
    if r.result in _RATED and opponent is not None:
        kind = GameKind.PLAYED
    elif r.result is ResultCode.FORFEIT_WIN:
        kind = GameKind.FORFEIT_WIN
    elif r.result is ResultCode.FORFEIT_LOSS:
        kind = GameKind.FORFEIT_LOSS
    elif r.result is ResultCode.PAB:
        kind = GameKind.PAIRING_BYE
    else:
        kind = GameKind.ABSENT
    return NormGame(
        score=_SCORE.get(r.result, 0),
        kind=kind,
        opponent_rating=opponent.rating if opponent else 0,
        opponent_federation=opponent.federation if opponent else "",
        opponent_title=opponent.title if opponent else "",
        opponent_id=opponent.pairing_number if opponent else None,
    )


def norm_checks(tournament: Tournament) -> list[tuple[Participant, tuple[NormCheck, ...]]]:
    """For every player with a federation, the GM, IM, WGM and WIM norm checks over the complete
    rounds, as B.01 1.4 asks (the arbiter reads them; a certificate needs the full event)."""
    rounds, people, histories = _histories(tournament)
    by_id = {p.pk: p for p in people}
    checks = []
    for p in people:
        if not p.federation or not rounds:
            continue
        games = [_norm_game(r, by_id) for r in histories.get(p.pk, ())]
        checks.append(
            (p, check_norms(games, federation=p.federation, total_rounds=tournament.rounds_planned))
        )
    return checks


def rating_change_from(
    tournament: Tournament, rating: int, games: list[tuple[int, int, bool]], *, birth_year: int | None = None
) -> RatingChange | None:
    """A player's estimated change from games the caller already holds (the public player page
    reads them from its snapshot): (opponent's rating, half-points scored, played over the board)."""
    if not rating or not games:
        return None
    year = tournament.start_date.year if tournament.start_date else None
    rated = [RatedGame(opponent_rating=r, score=s, played=p) for r, s, p in games]
    return rating_change(rating, rated, birth_year=birth_year, year=year)
