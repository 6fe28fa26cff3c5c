"""The criteria's functions (``pairing.engine.dutch.criteria.c6`` ... ``c21``) against the parts of
the engine that use them in a specialised form.

- The search's fast path (``FailureCosts.pair`` / ``floater``) must give, for any players, exactly
  the failures ``evaluate`` gets by applying each criterion's function to each player with the
  colours of Art. 5.2: its shortcut for colours (only who is refused a preference, outside a
  topscorer's game) must never change a count.
- The colour count bounds (``BracketBounds.colour_bound`` / ``colour_bound_any``, which choose the
  preferences they count with ``c12`` and ``c13``) must never promise more C12 or C13 failures
  than a pairing allowed by C1-C3 really has.
- The float criteria read the float of Art. 1.4 the same way for a pair and for a floater.
- The functions read of a player and of its opponent no more than the fast path keys its reuse of
  their results on.
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine.colours import allocate
from pairing.engine.dutch.bounds import BracketBounds
from pairing.engine.dutch.completion import RoundField
from pairing.engine.dutch.criteria import QUALITY, Candidate, c12, c13, c14, c15, evaluate, float_now
from pairing.engine.dutch.failures import FailureCosts, add
from pairing.engine.dutch.floaters import FloaterCosts
from pairing.engine.players import Float, PlayerState
from pairing.engine.types import Colour

from .test_dutch_criteria_decide import player

W = Colour.WHITE
FLOATS = st.sampled_from([Float.NONE, Float.DOWN, Float.UP])


@st.composite
def players(
    draw: st.DrawFn, least: int = 2, most: int = 8, topscorers: bool = True, alike: bool = False
) -> list[PlayerState]:
    """Players in pairing order with random scores, played colours, float histories and (when
    ``topscorers``, in half of the fields: a final round) topscorer flags; ``alike``: from fewer
    scores and shorter histories, so that many look the same to some criteria."""
    count = draw(st.integers(least, most))
    topscorers = topscorers and draw(st.booleans())
    out = []
    for tpn in range(1, count + 1):
        out.append(
            player(
                tpn,
                draw(st.integers(0, 2 if alike else 6)),
                draw(st.text("WB", max_size=3 if alike else 5)),
                floats=(draw(FLOATS), draw(FLOATS)),
                topscorer=topscorers and draw(st.booleans()),
            )
        )
    return sorted(out, key=lambda p: (-p.score, p.tpn))


@settings(max_examples=500, deadline=None)
@given(st.one_of(players(), players(most=16, alike=True)), st.randoms(use_true_random=False))
def test_the_fast_path_gives_the_failures_of_the_criteria_functions(
    field_players: list[PlayerState], rng: random.Random
) -> None:
    field = RoundField(field_players, W)
    costs = FailureCosts(field)
    order = list(range(len(field_players)))
    rng.shuffle(order)
    pair_count = rng.randint(0, len(order) // 2)
    pairs = [(order[2 * k], order[2 * k + 1]) for k in range(pair_count)]
    floaters = order[2 * pair_count :]
    fast = [0] * costs.layout.size
    for a, b in pairs:
        fast = add(fast, costs.pair(a, b))
    for x in floaters:
        fast = add(fast, costs.floater(x))
    plain = evaluate(Candidate(field, pairs, floaters, [0] * costs.layout.size), costs.layout)
    assert fast == plain, [
        costs.layout.label(k) for k, (f, p) in enumerate(zip(fast, plain, strict=True)) if f != p
    ]


def colour_failures(field: RoundField, pairs: list[tuple[int, int]]) -> tuple[int, int]:
    """C12 and C13 failures of ``pairs`` coloured by Art. 5.2, from the criteria's functions."""
    c12_count = c13_count = 0
    for i, j in pairs:
        a, b = field.players[min(i, j)], field.players[max(i, j)]
        white = allocate(a, b, W).white
        for p, opponent in ((a, b), (b, a)):
            got = W if p is white else W.opposite
            c12_count += c12(p, opponent, got)
            c13_count += c13(p, opponent, got)
    return c12_count, c13_count


def bounds_of(field_players: list[PlayerState]) -> tuple[RoundField, BracketBounds]:
    field = RoundField(field_players, W)
    costs = FailureCosts(field)
    everyone = list(range(len(field_players)))
    return field, BracketBounds(field, costs, FloaterCosts(field, costs, 0, []), [], everyone)


@settings(max_examples=300, deadline=None)
@given(players(least=2, most=8), st.data())
def test_the_colour_bound_of_s1_into_s2_never_exceeds_a_legal_pairing(
    field_players: list[PlayerState], data: st.DataObject
) -> None:
    field, bounds = bounds_of(field_players)
    everyone = list(range(len(field_players)))
    split = data.draw(st.integers(1, len(everyone) // 2))
    s1, s2 = everyone[:split], everyone[split:]
    c12_bound, c13_bound = bounds.colour_bound(s1, s2)
    for chosen in permutations(s2, len(s1)):
        pairs = list(zip(s1, chosen, strict=True))
        if all(field.compatible(x, y) for x, y in pairs):
            c12_count, c13_count = colour_failures(field, pairs)
            assert c12_count >= c12_bound and c13_count >= c13_bound, (pairs, c12_count, c13_count)


def matchings(players_left: list[int], unpaired: int, field: RoundField) -> list[list[tuple[int, int]]]:
    """Every set of pairs allowed by C1-C3 that leaves exactly ``unpaired`` of ``players_left``."""
    if len(players_left) == unpaired:
        return [[]]
    if len(players_left) < unpaired + 2:
        return []
    first, rest = players_left[0], players_left[1:]
    out = []
    if unpaired:
        out.extend(matchings(rest, unpaired - 1, field))
    for k, y in enumerate(rest):
        if field.compatible(first, y):
            for tail in matchings(rest[:k] + rest[k + 1 :], unpaired, field):
                out.append([(first, y), *tail])
    return out


@settings(max_examples=300, deadline=None)
@given(players(least=2, most=7), st.integers(0, 3))
def test_the_colour_bound_of_any_pairing_never_exceeds_a_legal_pairing(
    field_players: list[PlayerState], unpaired: int
) -> None:
    field, bounds = bounds_of(field_players)
    everyone = list(range(len(field_players)))
    if unpaired > len(everyone) or (len(everyone) - unpaired) % 2:
        return
    c12_bound, c13_bound = bounds.colour_bound_any(everyone, unpaired)
    for pairs in matchings(everyone, unpaired, field):
        c12_count, c13_count = colour_failures(field, pairs)
        assert c12_count >= c12_bound and c13_count >= c13_bound, (pairs, c12_count, c13_count)


@given(players(least=2, most=2, topscorers=False))
def test_a_pair_of_different_scores_floats_its_players_as_article_1_4_says(pair: list[PlayerState]) -> None:
    high, low = pair
    if high.score == low.score:
        assert float_now(high, low) is float_now(low, high) is Float.NONE
    else:
        assert (float_now(high, low), float_now(low, high)) == (Float.DOWN, Float.UP)
    # a floater gets a downfloat: C14 reads it as it reads a pair down, C15 never
    assert c14(high, None, None) is (high.floats[0] is Float.DOWN)
    assert c15(high, None, None) is False


@given(players(least=3, most=3), st.sampled_from([W, W.opposite, None]), st.sampled_from(["WB", "BW"]))
def test_a_function_reads_only_what_the_fast_path_keys_its_reuse_on(
    three: list[PlayerState], got: Colour | None, prefix: str
) -> None:
    # The fast path reuses a player's failures for players and opponents who agree on what the
    # functions read (criteria module docstring): anything else may differ without changing one.
    p, opponent, other = three
    played = tuple(W if c == "W" else W.opposite for c in prefix)
    twin = replace(
        p,
        id=99,
        tpn=99,
        name="twin",
        # an earlier balanced pair of games keeps the colour difference and the last two colours
        colours=played + p.colours if len(p.colours) >= 2 else p.colours,
        met={other.id: 1},
        forbidden=frozenset({other.id}),
        bye_rounds=(1,),
        unplayed=p.unplayed + 1,
        entry_number=99,
    )
    rival = replace(other, score=opponent.score, topscorer=opponent.topscorer)
    seat = opponent if got is not None else None
    seat_rival = rival if got is not None else None
    for criterion in QUALITY:
        rule = criterion.player or criterion.score
        if rule is not None:
            assert rule(p, seat, got) == rule(twin, seat, got) == rule(p, seat_rival, got), criterion.code
