"""Tie-breaks on the opponents' ratings: the average rating of opponents and the performance rating."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from pairing.engine.types import ResultCode, RoundRecord

from . import values as tv
from .values import TiebreakValue, format_points, half_up

if TYPE_CHECKING:
    from .context import TournamentTiebreaks
    from .table import TiebreakInfo

# FIDE Rating Regulations table 8.1a: percentage score (p, in hundredths, 50..100) -> rating difference dp.
# Values below 50 % mirror these with a minus sign.
_DP_TABLE: tuple[int, ...] = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)  # fmt: skip

_RATED_GAME_SCORE = {
    ResultCode.WIN: Fraction(1),
    ResultCode.DRAW: Fraction(1, 2),
    ResultCode.LOSS: Fraction(0),
}


def _rated_games(
    t: TournamentTiebreaks, pid: int, explain: bool
) -> tuple[list[tuple[int, RoundRecord, int]], list[str]]:
    """(round, record, opponent rating) for the games played over the board that ARO and TPR count, and
    what was left out or given a rating (only with ``explain``).

    An unrated opponent (rating 0) counts with ``t.unrated_rating`` when the tournament gives unrated
    players a rating (C.07 Art. 10, its opening paragraph: rating tie-breaks with unrated participants
    need the way they count to be announced beforehand; FIDE's endorsement checklist, Q208-209, names
    "an estimated rating" and "0"). Without one (``None``) the game is left out, the product's behaviour
    before the setting existed: that is not one of the article's ways (C.07 would not use the rating
    tie-breaks at all), it is what tournaments already running were ranked with.

    The independent references: Gacrux's tie-break checker does the same with ``-u RATING``, and without
    it reports no ARO/TPR for anyone once one participant is unrated; tiebreak-core (1.2.0) has no setting
    and always leaves unrated opponents out, like ``None`` here."""
    games: list[tuple[int, RoundRecord, int]] = []
    notes: list[str] = []
    for rnd, rec in enumerate(t.records[pid], start=1):
        if rec.result not in _RATED_GAME_SCORE:
            if rec.result.played and explain:
                notes.append(f"round {rnd}: game of less than one move, not rated, not counted")
            continue
        assert rec.opponent is not None
        rating, later = t.tiebreak_rating(rec.opponent, rnd)
        if later and explain:
            notes.append(f"round {rnd}: {t.label(rec.opponent)} counted at {later}")
        if rating <= 0:
            if t.unrated_rating is None:
                if explain:
                    notes.append(f"round {rnd}: {t.label(rec.opponent)} is unrated, not counted")
                continue
            rating = t.unrated_rating
            if explain:
                notes.append(
                    f"round {rnd}: {t.label(rec.opponent)} is unrated, counted at {rating} "
                    "(the tournament's rating for unrated players, C.07 10)"
                )
        games.append((rnd, rec, rating))
    return games, notes


def average_rating(t: TournamentTiebreaks, pid: int, row: TiebreakInfo, explain: bool) -> TiebreakValue:
    """ARO (C.07 10.1): average rating of the opponents played over the board, rounded 0.5 up; a cut
    (ARO-C1, 14.1) drops the lowest rating. Unrated opponents count with the tournament's rating for
    unrated players, or are left out without one, and the breakdown says which (:func:`_rated_games`)."""
    games, notes = _rated_games(t, pid, explain)
    cut: set[int] = set()
    for _ in range(row.cut.low):
        alive = [i for i in range(len(games)) if i not in cut]
        if not alive:
            break
        cut.add(min(alive, key=lambda i: (games[i][2], -games[i][0])))
    if not explain:
        ratings = [r for i, (_, _, r) in enumerate(games) if i not in cut]
        kept_value = half_up(Fraction(sum(ratings), len(ratings))) if ratings else 0
        return row.make(Fraction(kept_value), str(kept_value))
    parts = [
        tv.Contribution(rnd, Fraction(r), str(r), t.label(rec.opponent or 0), "game", rec.opponent, i in cut)
        for i, (rnd, rec, r) in enumerate(games)
    ]
    kept = [p.value for p in parts if not p.cut]
    value = half_up(sum(kept, Fraction(0)) / len(kept)) if kept else 0
    if not kept:
        notes.append("no rated game over the board counted")
    return row.make(Fraction(value), str(value), parts, notes)


def performance_rating(t: TournamentTiebreaks, pid: int, row: TiebreakInfo, explain: bool) -> TiebreakValue:
    """TPR (C.07 10.2): ARO + dp(p), p = score / games rounded to two decimals (half up), dp from FIDE
    Rating Regulations table 8.1a. The games, and the rating an unrated opponent counts with, are ARO's
    (:func:`_rated_games`); a game left out there is left out of p too. Exact arithmetic throughout: the sum
    of the ratings over the games, rounded half up once (ARO), then the table."""
    games, notes = _rated_games(t, pid, explain)
    if not games:
        return row.make(Fraction(0), "0", (), [*notes, "no rated game over the board"] if explain else ())
    aro = half_up(Fraction(sum(r for _, _, r in games), len(games)))
    score = sum((_RATED_GAME_SCORE[rec.result] for _, rec, _ in games), Fraction(0))
    p100 = half_up(score * 100 / len(games))
    dp = _DP_TABLE[p100 - 50] if p100 >= 50 else -_DP_TABLE[50 - p100]
    if not explain:
        return row.make(Fraction(aro + dp), str(aro + dp))
    parts = [
        tv.Contribution(
            rnd,
            _RATED_GAME_SCORE[rec.result],
            format_points(_RATED_GAME_SCORE[rec.result]),
            f"{t.label(rec.opponent or 0)} ({r})",
            "game",
            rec.opponent,
        )
        for rnd, rec, r in games
    ]
    notes.append(
        f"average rating {aro} + dp({p100 / 100:.2f}) {dp:+d} for {format_points(score)} / {len(games)}"
    )
    return row.make(Fraction(aro + dp), str(aro + dp), parts, notes)
