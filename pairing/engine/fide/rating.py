"""FIDE rating changes per game and per event, and a new player's initial rating, under the FIDE
Rating Regulations (B.02) effective from 1 March 2024 with the amendment of 8.3.1 effective from
1 October 2025 (https://handbook.fide.com/chapter/B022024).

What each article says, as implemented here:

- 5.1: unplayed games (forfeits, byes) are not rated.
- 8.3.1: only games against rated opponents count; D is the rating difference, and a difference of
  more than 400 points counts as 400 for players rated below 2650. From 1 October 2025 a player rated
  2650 or more uses the real difference (:data:`B02_2025`); before, everybody was capped (:data:`B02_2024`).
- 8.3.2: PD from table 8.1.2; delta R = score - PD per game; the event's change is K x the sum.
- 8.3.3: K is 40 for a player new to the list until they have completed 30 games, 40 until the end of
  the year of the 18th birthday while rated under 2300, 10 once a published rating has reached 2400,
  20 otherwise; K x n (games in the rating period) may not exceed 700.
- 8.3.4: the change for a rating period is rounded to the nearest whole number, 0.5 away from zero.
- 8.2: the initial rating of an unrated player: Ra over the rated opponents plus two hypothetical
  1800 opponents drawn, Ru = Ra + dp, at most 2200, published only from 5 games (7.1.4) and 1400 (7.1.4).

The results are exact (:class:`~fractions.Fraction`); what a page shows is an estimate, since the
official figure is computed by FIDE over the whole rating period.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from .tables import dp_for_score, expected_hundredths

__all__ = [
    "B02_2024",
    "B02_2025",
    "GameChange",
    "InitialRating",
    "RatedGame",
    "RatingChange",
    "RatingRules",
    "game_change",
    "initial_rating",
    "k_factor",
    "rating_change",
    "round_change",
]


@dataclass(frozen=True, slots=True)
class RatingRules:
    """The edition of B.02 in force for the event (which parts of 8.3.1 apply)."""

    name: str
    cap: int = 400
    """8.3.1: a larger difference counts as this many points."""
    uncapped_from: int | None = 2650
    """8.3.1 from 1 October 2025: players rated this much or more use the real difference."""


B02_2024 = RatingRules("FIDE Rating Regulations effective from 1 March 2024", uncapped_from=None)
B02_2025 = RatingRules(
    "FIDE Rating Regulations effective from 1 March 2024, 8.3.1 as amended from 1 October 2025"
)


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One game of the player, as the rating officer sees it."""

    opponent_rating: int
    """The opponent's rating on the list in force at the start of the event; 0 when unrated."""
    score: int
    """In half-points: 2 win, 1 draw, 0 loss."""
    played: bool = True
    """False for a forfeit or a bye: never rated (5.1)."""
    round: int | None = None
    """For display only."""


@dataclass(frozen=True, slots=True)
class GameChange:
    """What one game does to the player's rating (8.3.1-8.3.2)."""

    game: RatedGame
    rated: bool
    why_not: str
    """Empty when rated, else the article that leaves the game out."""
    difference: int = 0
    """D as counted: own rating minus the opponent's, after the 400-point rule."""
    expected: Fraction = Fraction(0)
    """PD from table 8.1.2."""
    delta: Fraction = Fraction(0)
    """score - PD."""
    change: Fraction = Fraction(0)
    """K x delta, unrounded: this game's share of the event's change."""


@dataclass(frozen=True, slots=True)
class RatingChange:
    """The event's change for one rated player (8.3.2 d)."""

    rating: int
    k: int
    k_reason: str
    """Which sentence of 8.3.3 gave K."""
    games: tuple[GameChange, ...]
    rated_games: int
    score: Fraction
    """Points against rated opponents."""
    expected: Fraction
    """Sum of PD."""
    delta: Fraction
    """Sum of delta R."""
    change: Fraction
    """K x sum of delta R, exact."""
    rounded: int
    """8.3.4 applied to :attr:`change` (the figure would be final if this event were the whole period)."""


def round_change(value: Fraction) -> int:
    """8.3.4: the nearest whole number, 0.5 rounded away from zero."""
    magnitude = int(abs(value) + Fraction(1, 2))
    return magnitude if value >= 0 else -magnitude


def k_factor(
    rating: int,
    *,
    games_before: int,
    birth_year: int | None = None,
    year: int | None = None,
    reached_2400: bool = False,
    games_in_period: int = 0,
) -> tuple[int, str]:
    """K for a rated player (8.3.3) and the sentence that gives it.

    Parameters
    ----------
    rating:
        The published rating the event is rated with.
    games_before:
        Rated games the player had completed before the event (FIDE's count).
    birth_year, year:
        The player's year of birth and the year the event is rated in: K is 40 "until the end of the
        year of their 18th birthday", i.e. while ``year - birth_year <= 18``, as long as the rating is
        under 2300.
    reached_2400:
        A published rating of 2400 or more at some time: K stays 10 even if the rating drops.
    games_in_period:
        Games rated for the player in the rating period (this event's included); K x n may not
        exceed 700, so K becomes the largest whole number with K x n <= 700.

    Notes
    -----
    8.3.3 does not rank its sentences. The order here: a new player's 40, then a junior's 40, then
    10 from 2400, then 20, which is how FIDE's published K values read (a player under 30 games
    keeps 40 whatever the rating; a junior who once reached 2400 but is rated under 2300 keeps 40).
    """
    if games_before < 30:
        k, reason = 40, "8.3.3: new to the rating list, fewer than 30 games completed"
    elif birth_year is not None and year is not None and year - birth_year <= 18 and rating < 2300:
        k, reason = 40, "8.3.3: until the end of the year of the 18th birthday, rated under 2300"
    elif reached_2400 or rating >= 2400:
        k, reason = 10, "8.3.3: a published rating has reached 2400"
    else:
        k, reason = 20, "8.3.3: rated under 2400"
    if games_in_period and k * games_in_period > 700:
        k = 700 // games_in_period
        reason += f"; K x n may not exceed 700 with n = {games_in_period}, so K = {k}"
    return k, reason


def game_change(rating: int, game: RatedGame, k: int, rules: RatingRules = B02_2025) -> GameChange:
    """One game under 8.3.1-8.3.2 for a player rated ``rating`` with development coefficient ``k``."""
    if not game.played:
        return GameChange(game, False, "5.1: unplayed games are not rated")
    if game.opponent_rating <= 0:
        return GameChange(game, False, "8.3.1: only games against rated opponents are rated")
    difference = rating - game.opponent_rating
    if rules.uncapped_from is None or rating < rules.uncapped_from:
        difference = max(-rules.cap, min(rules.cap, difference))
    expected = Fraction(expected_hundredths(difference), 100)
    delta = Fraction(game.score, 2) - expected
    return GameChange(game, True, "", difference, expected, delta, k * delta)


def rating_change(
    rating: int,
    games: Iterable[RatedGame],
    *,
    k: int | None = None,
    games_before: int = 30,
    birth_year: int | None = None,
    year: int | None = None,
    reached_2400: bool = False,
    games_in_period: int | None = None,
    rules: RatingRules = B02_2025,
) -> RatingChange:
    """The rating change of a rated player over one event (8.3), per game and in total.

    Parameters
    ----------
    rating:
        The player's published rating (0 is refused: an unrated player gets :func:`initial_rating`).
    games:
        The player's games of the event, unplayed ones included (they are listed as not rated).
    k:
        K when the caller knows it (FIDE publishes it on the list); otherwise :func:`k_factor` decides
        from the other keywords, with ``games_in_period`` defaulting to this event's rated games.
    rules:
        The edition of 8.3.1 (:data:`B02_2025` by default, the one in force since 1 October 2025).

    Raises
    ------
    ValueError
        When ``rating`` is not positive.
    """
    if rating <= 0:
        raise ValueError("an unrated player has no rating change; see initial_rating (B.02 8.2)")
    listed = tuple(games)
    counted = sum(1 for g in listed if g.played and g.opponent_rating > 0)
    if k is None:
        k, reason = k_factor(
            rating,
            games_before=games_before,
            birth_year=birth_year,
            year=year,
            reached_2400=reached_2400,
            games_in_period=counted if games_in_period is None else games_in_period,
        )
    else:
        reason = "K as given (8.3.3)"
    changes = tuple(game_change(rating, g, k, rules) for g in listed)
    rated = [c for c in changes if c.rated]
    delta = sum((c.delta for c in rated), Fraction(0))
    return RatingChange(
        rating=rating,
        k=k,
        k_reason=reason,
        games=changes,
        rated_games=len(rated),
        score=sum((Fraction(c.game.score, 2) for c in rated), Fraction(0)),
        expected=sum((c.expected for c in rated), Fraction(0)),
        delta=delta,
        change=k * delta,
        rounded=round_change(k * delta),
    )


@dataclass(frozen=True, slots=True)
class InitialRating:
    """An unrated player's first rating (8.2) from the games given."""

    rated_games: int
    """Games against rated opponents (5 are needed for publication, 7.1.4)."""
    average: Fraction
    """Ra: the rated opponents and the two hypothetical 1800 opponents (8.2.2)."""
    score: Fraction
    """Points against the rated opponents plus the two hypothetical draws."""
    dp: int
    rating: int
    """Ru = Ra + dp rounded to the nearest whole number, at most 2200 (8.2.3)."""
    publishable: bool
    """At least 5 games against rated opponents and Ru at least 1400 (7.1.4); a zero score in the
    player's first event is disregarded (8.2.1), which makes it not publishable here."""


def initial_rating(games: Iterable[RatedGame]) -> InitialRating:
    """The initial rating 8.2 would give on these games alone (7.1.4 pools several events; pass them all).

    Notes
    -----
    8.2 does not say how Ra or p are rounded before the table; Ra is kept exact and p is rounded as
    1.4.9 of the Title Regulations says (0.5 % up), then Ru is rounded half up.
    """
    rated = [g for g in games if g.played and g.opponent_rating > 0]
    hypothetical = 2
    total_games = len(rated) + hypothetical
    average = Fraction(sum(g.opponent_rating for g in rated) + 1800 * hypothetical, total_games)
    score = Fraction(sum(g.score for g in rated), 2) + 1
    dp = dp_for_score(score, total_games)
    rating = min(2200, int(average + dp + Fraction(1, 2)))
    scored = any(g.score > 0 for g in rated)
    return InitialRating(
        rated_games=len(rated),
        average=average,
        score=score,
        dp=dp,
        rating=rating,
        publishable=len(rated) >= 5 and rating >= 1400 and scored,
    )
