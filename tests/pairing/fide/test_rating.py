"""FIDE rating changes (B.02 effective 1 March 2024, 8.3.1 as amended from 1 October 2025) against FIDE's
own published per-game calculations and FIDE's calculator, and on worked examples whose arithmetic is
written out next to each assertion (the regulations themselves print no numeric example)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pairing.engine.fide import (
    B02_2024,
    B02_2025,
    RatedGame,
    expected_hundredths,
    initial_rating,
    k_factor,
    rating_change,
    round_change,
)
from pairing.engine.fide.tables import DP_BY_P, PD_STEPS

WIN, DRAW, LOSS = 2, 1, 0


def test_the_tables_are_the_regulations_mirror_images():
    # 8.1: "the two tables are effectively mirror-images"; 101 entries in 8.1.1, 51 rows in 8.1.2.
    assert len(DP_BY_P) == 101 and len(PD_STEPS) == 50
    assert all(DP_BY_P[p] == -DP_BY_P[100 - p] for p in range(101))
    assert (DP_BY_P[100], DP_BY_P[78], DP_BY_P[50], DP_BY_P[35], DP_BY_P[0]) == (800, 220, 0, -110, -800)
    assert [expected_hundredths(d) for d in (0, 3, 4, 400, 735, 736)] == [50, 50, 51, 92, 99, 100]
    assert [expected_hundredths(-d) for d in (0, 3, 4, 400, 735, 736)] == [50, 50, 49, 8, 1, 0]


def test_it_matches_fides_calculator_on_a_single_game():
    # FIDE's rating calculator as quoted in 2008 (chesschess.blogspot.com, "Topalov back at No.1"):
    # Rtg 2812, Rc 2786, W = 1, K = 10 gives +4.6. D = 26 -> row 26-32 of 8.1.2, PD = .54;
    # delta R = 1 - .54 = .46; x 10 = 4.6.
    change = rating_change(2812, [RatedGame(2786, WIN)], k=10)
    assert change.games[0].expected == Fraction("0.54")
    assert change.change == Fraction("4.6")


def test_it_matches_fides_published_calculation_for_a_2053_player():
    # FIDE's published individual calculation (ratings.fide.com, "calculations", December 2025 list),
    # event 435715, 1st Annual Washington Dulles Open, 7-9 Nov 2025: Ro 2053, K 20, per game
    # (opponent as FIDE used it, score, chg, K*chg): 1675 1 +0.09 +1.80; 2310 0 -0.18 -3.60;
    # 1653* (capped) 1 +0.08 +1.60; 1884 1 +0.28 +5.60; 2218 0 -0.28 -5.60; total chg -0.01, K*chg -0.20.
    games = [
        RatedGame(1675, WIN),
        RatedGame(2310, LOSS),
        RatedGame(1653, WIN),
        RatedGame(1884, WIN),
        RatedGame(2218, LOSS),
    ]
    change = rating_change(2053, games, k=20)
    assert [g.delta for g in change.games] == [
        Fraction(x) for x in ("0.09", "-0.18", "0.08", "0.28", "-0.28")
    ]
    assert [g.change for g in change.games] == [Fraction(x) for x in ("1.8", "-3.6", "1.6", "5.6", "-5.6")]
    assert change.games[2].difference == 400  # 2053 - 1653 = 400: exactly the cap
    assert change.delta == Fraction("-0.01") and change.change == Fraction("-0.2")


def test_it_matches_fides_published_calculation_for_a_2650_plus_player():
    # The same event for a player rated 2813 (K 10), after the 1 October 2025 amendment of 8.3.1:
    # 1787 1 0.00; 2025 1 0.00 (D > 735: PD 1.00, no cap); 2310 1 +0.04; 2400 1 +0.07; 2505 = -0.36;
    # total chg -0.25, K*chg -2.50, which 8.3.4 rounds to -3 (FIDE's list went 2813 -> 2810 with
    # another event in the period).
    games = [
        RatedGame(1787, WIN),
        RatedGame(2025, WIN),
        RatedGame(2310, WIN),
        RatedGame(2400, WIN),
        RatedGame(2505, DRAW),
    ]
    change = rating_change(2813, games, k=10)
    assert [g.delta for g in change.games] == [Fraction(x) for x in ("0", "0", "0.04", "0.07", "-0.36")]
    assert change.change == Fraction("-2.5") and change.rounded == -3
    # Under the 2024 text everybody was capped at 400 (PD .92): each of the four wins +0.08;
    # 4 x 0.08 - 0.36 = -0.04.
    assert rating_change(2813, games, k=10, rules=B02_2024).delta == Fraction("-0.04")


def test_k_times_n_at_most_700_as_fide_applied_it():
    # FIDE's published calculation for the October 2026 list of a 2054 player with 39 games in the
    # period: K 17 (20 x 39 = 780 > 700; 700 // 39 = 17). First game: 2406, lost: D = -352, row 345-357,
    # PD(L) = .11, chg -0.11, K*chg -1.87.
    k, reason = k_factor(2054, games_before=200, birth_year=2003, year=2026, games_in_period=39)
    assert k == 17 and "700" in reason
    assert rating_change(2054, [RatedGame(2406, LOSS)], k=k).change == Fraction("-1.87")


def test_a_club_swiss_worked_by_hand_following_8_3():
    # Player rated 1850 with K = 20 (30+ games, adult, never 2400).
    games = [
        RatedGame(2010, WIN, round=1),  # D = -160 -> row 154-162, PD(L) = .29; 1 - .29 = +.71
        RatedGame(1790, DRAW, round=2),  # D = +60 -> row 54-61, PD(H) = .58; .5 - .58 = -.08
        RatedGame(1500, WIN, round=3),  # D = +350 -> row 345-357, PD(H) = .89; 1 - .89 = +.11
        RatedGame(2300, LOSS, round=4),  # D = -450 counts as -400 (8.3.1) -> row 392-411, PD(L) = .08; -.08
        RatedGame(0, WIN, round=5),  # unrated opponent: not rated (8.3.1)
        RatedGame(1900, WIN, played=False, round=6),  # forfeit: not rated (5.1)
    ]
    change = rating_change(1850, games, games_before=120, birth_year=1980, year=2026)
    assert change.k == 20 and "under 2400" in change.k_reason
    assert [g.expected for g in change.games[:4]] == [Fraction(x) for x in ("0.29", "0.58", "0.89", "0.08")]
    assert [g.delta for g in change.games[:4]] == [Fraction(x) for x in ("0.71", "-0.08", "0.11", "-0.08")]
    assert change.games[3].difference == -400
    assert [g.rated for g in change.games] == [True, True, True, True, False, False]
    assert change.games[4].why_not.startswith("8.3.1") and change.games[5].why_not.startswith("5.1")
    # Sum of PD = 1.84, score 2.5 against rated opponents, sum of delta R = .66, x 20 = 13.2 -> 13.
    assert (change.rated_games, change.score, change.expected) == (4, Fraction(5, 2), Fraction("1.84"))
    assert change.delta == Fraction("0.66")
    assert change.change == Fraction("13.2") and change.rounded == 13
    assert [g.change for g in change.games[:4]] == [Fraction(x) for x in ("14.2", "-1.6", "2.2", "-1.6")]


def test_players_rated_2650_or_more_use_the_real_difference_from_october_2025():
    # A 2700 beats a 2200: D = 500. Capped (before 1 October 2025): 400 -> PD .92, +0.08 x 10 = 0.8
    # (the "0.8 per win" of ChessBase's report on the change). Uncapped: row 485-517, PD .96 -> 0.4.
    game = [RatedGame(2200, WIN)]
    assert rating_change(2700, game, k=10, rules=B02_2024).change == Fraction("0.8")
    assert rating_change(2700, game, k=10, rules=B02_2025).change == Fraction("0.4")
    # Below 2650 the cap stays: a 2600 beating a 2100 counts D = 400.
    assert rating_change(2600, game[:0] + [RatedGame(2100, WIN)], k=10).games[0].difference == 400
    # The weaker player is capped whatever the other's rating: 2200 losing to 2700 counts D = -400.
    assert rating_change(2200, [RatedGame(2700, LOSS)], k=20).change == Fraction("-1.6")


@pytest.mark.parametrize(
    ("rating", "kwargs", "k"),
    [
        (1600, {"games_before": 12}, 40),  # new to the list, under 30 games
        (2450, {"games_before": 12}, 40),  # still new, whatever the rating
        (2100, {"games_before": 200, "birth_year": 2008, "year": 2026}, 40),  # 18 this year, under 2300
        (2100, {"games_before": 200, "birth_year": 2007, "year": 2026}, 20),  # 19 this year
        (2350, {"games_before": 200, "birth_year": 2010, "year": 2026}, 20),  # junior but 2300+
        (2380, {"games_before": 200, "reached_2400": True}, 10),  # once 2400, stays 10
        (2400, {"games_before": 200}, 10),
        (2399, {"games_before": 200}, 20),
        (1800, {"games_before": 12, "games_in_period": 20}, 35),  # 40 x 20 > 700 -> 35
        (1800, {"games_before": 200, "games_in_period": 36}, 19),  # 20 x 36 > 700 -> 19
    ],
)
def test_k_follows_8_3_3(rating, kwargs, k):
    assert k_factor(rating, **kwargs)[0] == k


def test_the_change_is_rounded_half_away_from_zero():
    assert [round_change(Fraction(x)) for x in ("13.2", "0.5", "-0.5", "-2.5", "-2.49", "0")] == [
        13,
        1,
        -1,
        -3,
        -2,
        0,
    ]


def test_an_unrated_player_gets_an_initial_rating_not_a_change():
    with pytest.raises(ValueError):
        rating_change(0, [RatedGame(1600, WIN)])
    # 8.2: five games against 1600s scoring 3, plus two hypothetical 1800 draws:
    # Ra = (5 x 1600 + 2 x 1800) / 7 = 1657.14..; p = 4 / 7 = 57 % -> dp 50; Ru = 1707.
    first = initial_rating([RatedGame(1600, s) for s in (WIN, WIN, DRAW, DRAW, LOSS)])
    assert first.average == Fraction(11600, 7) and first.dp == 50 and first.rating == 1707
    assert first.publishable
    # Four rated games are not enough to publish (7.1.4); 2200 is the most an initial rating gives.
    assert not initial_rating([RatedGame(1600, WIN)] * 4).publishable
    assert initial_rating([RatedGame(2400, WIN)] * 9).rating == 2200
