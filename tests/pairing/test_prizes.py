"""Prize allocation: the Hort system among three tied players, equal shares, one prize per player by
value and by priority, rounding by the largest remainder, and the prize list's check."""

from __future__ import annotations

from fractions import Fraction

from pairing.engine.prizes import (
    Criterion,
    Entrant,
    Precedence,
    Prize,
    PrizeGroup,
    PrizeRules,
    Sharing,
    allocate_prizes,
    check_prize_rules,
    club_standings,
    format_cents,
)


def euros(*amounts: int) -> tuple[Prize, ...]:
    return tuple(Prize(cents=a * 100) for a in amounts)


# The example of the German Wikipedia article "Hort-System": prizes 100, 80, 60, 40, 20, 10 euros;
# A and B tied on 8 points, C alone on 7½, D, E and F tied on 7 (Buchholz puts them in this order).
HORT_FIELD = [
    Entrant(1, rank=1, points=16),  # A
    Entrant(2, rank=2, points=16),  # B
    Entrant(3, rank=3, points=15),  # C
    Entrant(4, rank=4, points=14),  # D
    Entrant(5, rank=5, points=14),  # E
    Entrant(6, rank=6, points=14),  # F
    Entrant(7, rank=7, points=13),
]
OVERALL = PrizeGroup("overall", "Overall", euros(100, 80, 60, 40, 20, 10))


def paid(prizes):
    return {a.entrant: a.cents for a in prizes.awards}


def test_hort_among_three_tied_players():
    result = allocate_prizes(PrizeRules((OVERALL,), sharing=Sharing.HORT, unit=100), HORT_FIELD)
    # Places 4-6 (D, E, F on 7 points): prizes 40 + 20 + 10 = 70.
    # Each keeps half of their own place's prize: D 20, E 10, F 5 (35 in all).
    # The other half, 35, is shared by 3: 11.666.. each.
    # Exact: D 20 + 11.67 = 31.67, E 10 + 11.67 = 21.67, F 5 + 11.67 = 16.67.
    # Whole euros by the largest remainder: floors 31 + 21 + 16 = 68, 2 euros left; the remainders are
    # equal (.67), so the better places get them: D 32, E 22, F 16 = 70, the places' money exactly.
    # (The article pays 32, 22 and 17: 71 euros, one more than the prizes.)
    exact = {a.entrant: a.exact for a in result.awards}
    assert exact[4] == Fraction(2000) + Fraction(3500, 3)
    assert exact[5] == Fraction(1000) + Fraction(3500, 3)
    assert exact[6] == Fraction(500) + Fraction(3500, 3)
    assert paid(result) == {1: 9500, 2: 8500, 3: 6000, 4: 3200, 5: 2200, 6: 1600}
    # A and B on 8: 100 + 80 = 180; each keeps 50 / 40, the other 90 shared: 45 each -> 95 and 85.
    assert result.total_cents == 31000
    d_e_f = result.steps[1]
    assert d_e_f.startswith("Overall, places 4-6: #4, #5, #6 tied on 7 points share 70.00")
    assert "Hort: each keeps half of their place's money (#4 20.00, #5 10.00, #6 5.00)" in d_e_f
    assert "the other half, 35.00, / 3 = 11.67 each" in d_e_f
    assert "exact #4 31.67, #5 21.67, #6 16.67" in d_e_f
    assert d_e_f.endswith(
        "rounded to 1.00 by the largest remainder: #4 32.00, #5 22.00, #6 16.00 (total 70.00)"
    )
    assert {a.entrant: a.shared_with for a in result.awards}[4] == (5, 6)


def test_equal_shares_and_tiebreak_order():
    equal = allocate_prizes(PrizeRules((OVERALL,), sharing=Sharing.EQUAL, unit=100), HORT_FIELD)
    # 70 / 3 = 23.33 each; 23 + 23 + 23 = 69, the last euro to the best remainder (all equal: D).
    assert paid(equal) == {1: 9000, 2: 9000, 3: 6000, 4: 2400, 5: 2300, 6: 2300}
    by_tiebreak = allocate_prizes(PrizeRules((OVERALL,), sharing=Sharing.TIEBREAK), HORT_FIELD)
    assert paid(by_tiebreak) == {1: 10000, 2: 8000, 3: 6000, 4: 4000, 5: 2000, 6: 1000}
    assert by_tiebreak.steps == ()


def test_no_cent_is_lost_when_the_money_is_not_a_multiple_of_the_unit():
    group = PrizeGroup("g", "G", (Prize(cents=1001), Prize(cents=500)))
    field = [Entrant(1, rank=1, points=10), Entrant(2, rank=2, points=10)]
    result = allocate_prizes(PrizeRules((group,), sharing=Sharing.EQUAL, unit=100), field)
    # 15.01 / 2 = 7.505 each: 7.00 + 7.00, one euro to the first (equal remainders), the cent too.
    assert paid(result) == {1: 801, 2: 700} and result.total_cents == 1501


# One prize per player: Overall 300, 200, 100 and Under 1800 150, 50.
FIELD = [
    Entrant(1, rank=1, points=14, rating=2200),
    Entrant(2, rank=2, points=13, rating=1750),
    Entrant(3, rank=3, points=12, rating=2000),
    Entrant(4, rank=4, points=11, rating=1700),
    Entrant(5, rank=5, points=10, rating=1600),
    Entrant(6, rank=6, points=9, rating=2100),
]
U1800 = PrizeGroup("u1800", "Under 1800", euros(150, 50), (Criterion.rating_below(1800), Criterion.rated()))
OVERALL_3 = PrizeGroup("overall", "Overall", euros(300, 200, 100))


def winners(result):
    return {(a.group, a.place): a.entrant for a in result.awards}


def test_one_prize_per_player_by_value():
    # Handed out from the most valuable: Overall 1st 300 -> #1, Overall 2nd 200 -> #2 (worth more than
    # the U1800 1st he could also have), U1800 1st 150 -> #4, Overall 3rd 100 -> #3, U1800 2nd 50 -> #5.
    result = allocate_prizes(PrizeRules((U1800, OVERALL_3), precedence=Precedence.VALUE), FIELD)
    assert winners(result) == {
        ("u1800", 1): 4,
        ("u1800", 2): 5,
        ("overall", 1): 1,
        ("overall", 2): 2,
        ("overall", 3): 3,
    }


def test_one_prize_per_player_by_priority():
    # The Under 1800 group is listed first and wins: #2 takes its 1st (150), #4 its 2nd; the overall
    # prizes then go to #1, #3 and #5 (#6 is below #5 in the standings).
    result = allocate_prizes(PrizeRules((U1800, OVERALL_3), precedence=Precedence.PRIORITY), FIELD)
    assert winners(result) == {
        ("u1800", 1): 2,
        ("u1800", 2): 4,
        ("overall", 1): 1,
        ("overall", 2): 3,
        ("overall", 3): 5,
    }
    # Without the one-prize rule #2 takes both.
    both = allocate_prizes(PrizeRules((U1800, OVERALL_3), one_prize_per_player=False), FIELD)
    assert [a.group for a in both.for_entrant(2)] == ["u1800", "overall"]


def test_groups_by_age_sex_club_and_a_custom_attribute():
    year = 2026
    field = [
        Entrant(1, rank=1, birth_year=2015, sex="m", club="Riverside"),
        Entrant(2, rank=2, birth_year=2014, sex="w", club="Hilltop", extra=(("school", "St Mary"),)),
        Entrant(3, rank=3, birth_year=1960, sex="F", club="riverside"),
        Entrant(4, rank=4, rating=0),
    ]
    assert Criterion.under(12, year).holds(field[0]) and not Criterion.under(12, year).holds(field[1])
    assert Criterion.seniors(65, year).holds(field[2]) and not Criterion.seniors(65, year).holds(field[3])
    assert [Criterion.women().holds(e) for e in field] == [False, True, True, False]
    assert [Criterion.club("Riverside").holds(e) for e in field] == [True, False, True, False]
    assert Criterion("extra:school", "eq", "st mary").holds(field[1])
    assert Criterion.unrated().holds(field[3])


def test_the_check_names_the_group_no_one_can_enter():
    field = [
        Entrant(1, rank=1, rating=1900, birth_year=1990),
        Entrant(2, rank=2, rating=1500, birth_year=2000),
    ]
    rules = PrizeRules(
        (
            PrizeGroup("overall", "Overall", euros(100, 50)),
            PrizeGroup("u12", "Under 12", euros(30), (Criterion.under(12, 2026),)),
            PrizeGroup("u1600", "Under 1600", euros(40, 20), (Criterion.rating_below(1600),)),
            PrizeGroup("odd", "Odd", euros(10, 20), (Criterion("shoe_size", "gt", 40),)),
        )
    )
    problems = check_prize_rules(rules, field)
    messages = [(p.group, p.message, p.blocking) for p in problems]
    assert ("u12", "no one can enter Under 12", False) in messages
    assert ("u1600", "Under 1600 has 2 prizes but 1 players can enter it", False) in messages
    assert ("odd", "Odd: cannot read the condition shoe_size gt", True) in messages
    assert not any(p.group == "overall" for p in problems)


def test_a_prize_nobody_can_take_is_vacant_and_objects_are_not_shared():
    group = PrizeGroup(
        "w", "Best woman", (Prize(item="Trophy", item_cents=5000), Prize(cents=2000)), (Criterion.women(),)
    )
    field = [Entrant(1, rank=1, points=10, sex="w"), Entrant(2, rank=2, points=8, sex="m")]
    result = allocate_prizes(PrizeRules((group,), sharing=Sharing.HORT), field)
    assert [(a.entrant, a.prize.item, a.cents) for a in result.awards] == [(1, "Trophy", 0)]
    assert result.vacant == (("w", 2),)


def test_format_cents():
    assert [format_cents(x) for x in (7000, Fraction(9500, 3), 5, -150, 0)] == [
        "70.00",
        "31.67",
        "0.05",
        "-1.50",
        "0.00",
    ]


def test_the_best_club_counts_its_best_members():
    field = [
        Entrant(1, rank=1, points=12, club="Riverside"),
        Entrant(2, rank=2, points=11, club="Hilltop"),
        Entrant(3, rank=3, points=10, club="Hilltop"),
        Entrant(4, rank=4, points=9, club="Riverside"),
        Entrant(5, rank=5, points=8, club="Lakeside"),
        Entrant(6, rank=6, points=2, club="Riverside"),
        Entrant(7, rank=7, points=1),
    ]
    # Two best each: Hilltop 11 + 10 = 21 (places 2 + 3), Riverside 12 + 9 = 21 (places 1 + 4):
    # equal points and equal place sums, so the name decides; Lakeside has one player only.
    standings = club_standings(field, counted=2)
    assert [(c.club, c.points, c.members) for c in standings] == [
        ("Hilltop", 21, (2, 3)),
        ("Riverside", 21, (1, 4)),
    ]
    assert [c.club for c in club_standings(field, counted=2, complete_only=False)][-1] == "Lakeside"
