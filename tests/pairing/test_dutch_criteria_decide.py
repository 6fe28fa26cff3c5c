"""One small hand-built case per quality criterion (C5-C21, Art. 2 of C.04.3) in which that
criterion decides the pairing.

Each case is a round given directly as player states (scores in half-points, played colours, float
history, meetings), so that only the criterion under test separates the candidates. Where the
plain candidate (S1 against S2 in order) keeps C1-C4, the test also checks that the explanation
names the criterion that made the engine depart from it: every earlier criterion is equal there.
"""

from __future__ import annotations

from dataclasses import replace

from pairing.engine.dutch.completion import RoundField, scoregroups
from pairing.engine.dutch.explain import departure
from pairing.engine.dutch.failures import FailureCosts
from pairing.engine.dutch.search import BracketSearch, SearchLimits
from pairing.engine.players import Float, PlayerState, colour_preference
from pairing.engine.types import Colour

W, B = Colour.WHITE, Colour.BLACK
DOWN, UP, NO = Float.DOWN, Float.UP, Float.NONE


def player(
    tpn: int,
    score: int,
    colours: str = "",
    floats: tuple[Float, Float] = (NO, NO),
    met: tuple[int, ...] = (),
    unplayed: int = 0,
    topscorer: bool = False,
    bye_ok: bool = True,
) -> PlayerState:
    """A player (id = TPN) with ``score`` half-points and played ``colours`` such as ``"WBW"``."""
    played = tuple(W if c == "W" else B for c in colours)
    preference, strength, difference = colour_preference(played)
    return PlayerState(
        id=tpn,
        tpn=tpn,
        name=f"P{tpn}",
        score=score,
        colours=played,
        colour_difference=difference,
        preference=preference,
        strength=strength,
        met=dict.fromkeys(met, 1),
        forbidden=frozenset(),
        bye_rounds=() if bye_ok else (1,),
        floats=floats,
        unplayed=unplayed,
        topscorer=topscorer,
        entry_number=tpn,
    )


def meet(players: list[PlayerState], *pairs: tuple[int, int]) -> list[PlayerState]:
    """``players`` with each of ``pairs`` recorded as having met (on both sides)."""
    met: dict[int, set[int]] = {p.id: set(p.met) for p in players}
    for a, b in pairs:
        met[a].add(b)
        met[b].add(a)
    return [replace(p, met=dict.fromkeys(met[p.id], 1)) for p in players]


def pair(players: list[PlayerState]) -> tuple[set[frozenset[int]], int | None, list[str]]:
    """Pair the round bracket by bracket from the top, as the engine does: (pairs as sets of ids,
    the bye, each bracket's reason for leaving the plain order)."""
    pairs, bye, searches = pair_brackets(players)
    return pairs, bye, [departure(search) for search in searches]


def pair_brackets(players: list[PlayerState]) -> tuple[set[frozenset[int]], int | None, list[BracketSearch]]:
    """:func:`pair`, with each bracket's search."""
    players = sorted(players, key=lambda p: (-p.score, p.tpn))
    field = RoundField(players, W)
    groups = scoregroups(players)
    field.prepare(groups)
    costs = FailureCosts(field)
    pairs: set[frozenset[int]] = set()
    searches: list[BracketSearch] = []
    mdps: list[int] = []
    for g, group in enumerate(groups):
        next_group = groups[g + 1] if g + 1 < len(groups) else []
        search = BracketSearch(field, costs, g, mdps, group, next_group, SearchLimits())
        search.run()
        assert search.best is not None
        searches.append(search)
        pairs |= {frozenset((players[x].id, players[y].id)) for x, y in search.best_pairs}
        mdps = sorted(search.best_floaters, key=lambda x: (-players[x].score, players[x].tpn))
    bye = players[mdps[0]].id if mdps else None
    return pairs, bye, searches


def first_difference(search: BracketSearch, chosen: list[int], other: list[int]) -> str:
    """The criterion at the first position where two failure vectors differ."""
    k = next(k for k, (x, y) in enumerate(zip(chosen, other, strict=True)) if x != y)
    return search.layout.criterion_at(k).code


def index_of(search: BracketSearch, pid: int) -> int:
    return next(i for i, p in enumerate(search.field.players) if p.id == pid)


def pairs_of(*pairs: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(p) for p in pairs}


def test_c5_the_bye_goes_to_the_lowest_score_even_if_the_top_bracket_must_split() -> None:
    # rules.md's worked example (bbpPairings fixture dutch_2025_C5), 4 absent: 1 and 3 lead on 2
    # points, 2 and 5 have 1 (and met), 6 has 0. Pairing 1-3 in the top bracket is legal, but then
    # 2 and 5 float to 6 and 5 gets the bye with 1 point. 6 can take the bye only if the top
    # bracket splits: 1-5 and 3-2.
    players = meet(
        [player(1, 4), player(2, 2), player(3, 4), player(5, 2), player(6, 0)],
        (1, 2),
        (2, 5),
        (3, 6),
        (5, 6),
    )
    pairs, bye, _ = pair(players)
    assert (pairs, bye) == (pairs_of((1, 5), (3, 2)), 6)


def test_c6_the_bracket_pairs_as_many_players_as_it_can() -> None:
    # 1 and 2 both want White; floating both down to 3 and 4 (who want Black) would grant every
    # colour preference (C12), but C6 comes first: 1-2 are paired
    players = [player(1, 4, "B"), player(2, 4, "B"), player(3, 0, "W"), player(4, 0, "W")]
    pairs, _, searches = pair_brackets(players)
    assert pairs == pairs_of((1, 2), (3, 4))
    top = searches[0]
    one, two = index_of(top, 1), index_of(top, 2)
    both_float = top.vector([], [one, two])
    assert top.best is not None and top.best < both_float
    assert first_difference(top, top.best, both_float) == "C6"
    assert both_float[top.layout.c12] < top.best[top.layout.c12]


def test_c7_a_resident_floats_rather_than_a_higher_moved_down_player() -> None:
    # 1 (3 points) comes down alone to 2 and 3 (2 points), who both floated down last round; 4 is
    # below. Floating 1 on would repeat nobody's downfloat (C14), but C7 comes first: the one who
    # floats has the lowest score possible, so 1 plays 2 and 3 floats.
    players = [player(1, 6), player(2, 4, floats=(DOWN, NO)), player(3, 4, floats=(DOWN, NO)), player(4, 0)]
    pairs, _, searches = pair_brackets(players)
    assert pairs == pairs_of((1, 2), (3, 4))
    bracket = searches[1]
    one, two, three = (index_of(bracket, k) for k in (1, 2, 3))
    one_floats = bracket.vector([(two, three)], [one])
    assert bracket.best is not None and bracket.best < one_floats
    assert first_difference(bracket, bracket.best, one_floats) == "C7"
    assert one_floats[bracket.layout.c14] < bracket.best[bracket.layout.c14]


def test_c8_the_downfloater_is_the_one_the_next_bracket_can_pair() -> None:
    # 1, 2, 3 on 2 points: one floats to 4 and 5 (1 point); 6 is below. 3 has met 4 and 5, so
    # floating 3 (the plain 1-2) would leave 3 unpaired in the next bracket; floating 2 does not.
    players = meet(
        [player(k, 4) for k in (1, 2, 3)] + [player(4, 2), player(5, 2), player(6, 0)], (3, 4), (3, 5)
    )
    pairs, _, reasons = pair(players)
    assert frozenset((1, 3)) in pairs
    assert "C8" in reasons[0]


def test_c9_the_bye_goes_to_the_player_with_fewer_unplayed_rounds() -> None:
    players = [player(1, 0), player(2, 0), player(3, 0, unplayed=1)]
    pairs, bye, reasons = pair(players)
    assert (pairs, bye) == (pairs_of((1, 3)), 2)
    assert "C9" in reasons[0]


def test_c10_topscorers_do_not_end_up_more_than_two_games_apart() -> None:
    # final round, all topscorers: 1 and 3 absolutely want Black (two Whites more), 2 and 4 White
    players = [
        player(1, 8, "WWBW", topscorer=True),
        player(2, 8, "BBWB", topscorer=True),
        player(3, 8, "WWBW", topscorer=True),
        player(4, 8, "BBWB", topscorer=True),
    ]
    pairs, _, reasons = pair(players)
    assert pairs == pairs_of((1, 4), (2, 3))
    assert "C10" in reasons[0]


def test_c11_topscorers_do_not_get_the_same_colour_three_times_running() -> None:
    # final round, all topscorers: 1 and 3 had White twice (absolute Black, one game apart only)
    players = [
        player(1, 6, "BWW", topscorer=True),
        player(2, 6, "WBB", topscorer=True),
        player(3, 6, "BWW", topscorer=True),
        player(4, 6, "WBB", topscorer=True),
    ]
    pairs, _, reasons = pair(players)
    assert pairs == pairs_of((1, 4), (2, 3))
    assert "C11" in reasons[0]


def test_c12_colour_preferences_are_granted() -> None:
    players = [player(1, 2, "B"), player(2, 2, "W"), player(3, 2, "B"), player(4, 2, "W")]
    pairs, _, reasons = pair(players)  # plain 1-3 and 2-4 would both want the same colour
    assert pairs == pairs_of((1, 4), (2, 3))
    assert "C12" in reasons[0]


def test_c13_strong_colour_preferences_are_granted_first() -> None:
    # everybody wants White; 1 and 3 strongly (one Black more), 2 and 4 mildly
    players = [player(1, 4, "BWB"), player(2, 4, "WB"), player(3, 4, "BWB"), player(4, 4, "WB")]
    pairs, _, reasons = pair(players)
    assert pairs == pairs_of((1, 4), (2, 3))
    assert "C13" in reasons[0]


def test_c14_a_downfloater_of_the_previous_round_does_not_float_again() -> None:
    players = [player(1, 4), player(2, 4), player(3, 4, floats=(DOWN, NO)), player(4, 2)]
    pairs, _, reasons = pair(players)
    assert pairs == pairs_of((1, 3), (2, 4))
    assert "C14" in reasons[0]


def test_c15_an_upfloater_of_the_previous_round_does_not_float_up_again() -> None:
    # 1 comes down alone to 2, 3, 4; the plain 1-2 would float 2 up a second time running
    players = [player(1, 6), player(2, 4, floats=(UP, NO)), player(3, 4), player(4, 4)]
    pairs, _, reasons = pair(players)
    assert frozenset((1, 3)) in pairs
    assert "C15" in reasons[1]


def test_c16_a_downfloater_of_two_rounds_before_does_not_float_again() -> None:
    players = [player(1, 4), player(2, 4), player(3, 4, floats=(NO, DOWN)), player(4, 2)]
    pairs, _, reasons = pair(players)
    assert pairs == pairs_of((1, 3), (2, 4))
    assert "C16" in reasons[0]


def test_c17_an_upfloater_of_two_rounds_before_does_not_float_up_again() -> None:
    players = [player(1, 6), player(2, 4, floats=(NO, UP)), player(3, 4), player(4, 4)]
    pairs, _, reasons = pair(players)
    assert frozenset((1, 3)) in pairs
    assert "C17" in reasons[1]


def test_c18_a_repeated_downfloater_left_unpaired_has_the_lowest_score_possible() -> None:
    # 1 and 2 (3 points, met each other) come down to 3 (2 points); one of them floats on to 4.
    # Either way one downfloat repeats (C14: 2 floats again, or 2 is paired down again), but
    # the plain 1-3 leaves 2 unpaired with its 3 points (C18); 2-3 leaves nobody so.
    players = meet([player(1, 6), player(2, 6, floats=(DOWN, NO)), player(3, 4), player(4, 0)], (1, 2))
    pairs, _, reasons = pair(players)
    assert pairs == pairs_of((2, 3), (1, 4))
    assert "C18" in reasons[1]


def test_c19_a_repeated_upfloater_meets_the_lowest_score_possible() -> None:
    # 1 (3 points) and 2 (2.5) met each other and come down to 3 and 4 (2 points); 3 floated up
    # last round. Either way 3 floats up again (C15); against 2 it is the smaller score (C19).
    players = meet([player(1, 6), player(2, 5), player(3, 4, floats=(UP, NO)), player(4, 4)], (1, 2))
    pairs, _, reasons = pair(players)
    assert pairs == pairs_of((1, 4), (2, 3))
    assert "C19" in reasons[-1]


def test_c20_a_downfloater_of_two_rounds_before_left_unpaired_has_the_lowest_score_possible() -> None:
    players = meet([player(1, 6), player(2, 6, floats=(NO, DOWN)), player(3, 4), player(4, 0)], (1, 2))
    pairs, _, reasons = pair(players)
    assert pairs == pairs_of((2, 3), (1, 4))
    assert "C20" in reasons[1]


def test_c21_an_upfloater_of_two_rounds_before_meets_the_lowest_score_possible() -> None:
    players = meet([player(1, 6), player(2, 5), player(3, 4, floats=(NO, UP)), player(4, 4)], (1, 2))
    pairs, _, reasons = pair(players)
    assert pairs == pairs_of((1, 4), (2, 3))
    assert "C21" in reasons[-1]
