"""The least-bad pairing: what the engine does when no pairing keeps every absolute rule.

Late in a long event with few players, C1-C3 (with the bye rule C2) can leave no complete pairing
(Dutch Art. 1.9.3 hands the case to the Chief Arbiter). The product promises to pair the round anyway,
breaking as little as possible and saying what it broke. :func:`pair_least_bad` relaxes the rules in a
fixed order, each minimised before the next is considered:

1. the colour limits (BR 6-7): fewest participants who get a third same colour in a row or end up
   more than two games apart (C3 clashes are counted through them: the loser of a clash always
   breaks a limit);
2. bye eligibility (BR 4, C2): a bye for someone who already had one (or a win without playing);
3. rematches (BR 2, C1): fewest rematches;
4. forbidden pairs, as a very last resort, so that the arbiter is never left without a pairing.

When these counts tie, a second bye goes to whoever had the fewest earlier byes, and rematches between
pairs that met longest ago are preferred (the sum of the rounds of the earlier meetings is minimised),
before any quality term.

"Relaxed first" means "least bad": a broken colour limit is preferred to a second bye, which is
preferred to a rematch. Among pairings that break equally little, Dutch-like preferences decide: lowest
score for the bye (C5), fewest and smallest score differences (C6-C7), colour preferences granted
(C12-C13), no repeated floats (C14-C17), and S1 against S2 within a score group (Art. 3.3).

Method: one maximum-weight perfect matching over the available participants (plus a "bye" vertex when
their number is odd) with lexicographically packed integer edge weights, then colours by Dutch Art. 5.2.
The matching is Edmonds' blossom algorithm with dual variables (:mod:`pairing.engine.matching.weighted`).
Player state (:mod:`pairing.engine.players`) and colour allocation (:mod:`pairing.engine.colours`) are
the ones the Dutch engine uses, so both read a history and give colours the same way; nothing else is
shared with the Dutch engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .colours import allocate, board_order, colour_name
from .matching import max_weight_matching
from .players import Float, PlayerState, Strength, build_states
from .types import (
    Board,
    BoardNote,
    Colour,
    Explanation,
    FloatNote,
    PairingRequest,
    PairingResult,
    Violation,
)

__all__ = ["pair_least_bad"]


# ---------------------------------------------------------------------------------------------------
# The least-bad pairing.
# ---------------------------------------------------------------------------------------------------

_RELAXATIONS = (
    "forbidden",
    "rematches",
    "bye_ineligible",
    "colour_limits",
    "bye_earlier",
    "rematch_recency",
)
"""Relaxations, worst first; each count is minimised before the next. ``bye_earlier`` (fewest earlier
byes for a second bye) and ``rematch_recency`` only break ties between equal counts: ranking them
above the colour count would trade a broken colour limit for a tie-break."""

_BRACKET_TERMS = (
    "floats",
    "float_scores",
    "bye_unplayed",
    "preference_missed",
    "strong_missed",
    "float_repeat_1",
    "float_repeat_2",
    "mdp_order",
    "exchanges",
    "order",
)
"""Dutch-like quality terms, compared bracket by bracket from the top score group down."""

_Level = str | tuple[str, int]
_Costs = dict[int, int]
"""Sparse cost vector: level index -> value (missing levels are zero)."""


class _Levels:
    """The lexicographic cost levels of one request.

    Order: the relaxations, then the bye receiver's score (C5), then for every score group from the
    top down the criteria of the bracket that group heads (C6 floats out of it, C7 their scores, C9 the
    bye receiver's unplayed rounds, C12-C13 colour preferences, C14-C17 repeated floats, and finally
    how far the pairs are from S1 against S2 in order, Art. 3.3: moved-down players against the
    highest residents first, then residents paired across the halves of their group), and last the
    bye receiver's rank.
    Comparing bracket by bracket mirrors the Dutch system's top-down pairing (Art. 1.9.2), where a
    bracket's own criteria outrank everything in the brackets below it.
    """

    def __init__(self, group_count: int) -> None:
        names: list[_Level] = [*_RELAXATIONS, "bye_score"]
        for group in range(group_count):
            names.extend((term, group) for term in _BRACKET_TERMS)
        names.append("bye_rank")
        self.index: dict[_Level, int] = {name: i for i, name in enumerate(names)}
        self.size = len(names)
        self.last_group = group_count - 1

    def add(self, costs: _Costs, level: _Level, value: int) -> None:
        if value:
            i = self.index[level]
            costs[i] = costs.get(i, 0) + value


@dataclass(frozen=True, slots=True)
class _Pair:
    high: PlayerState
    """The higher-ranked participant (Dutch Art. 1.2)."""
    low: PlayerState
    high_colour: Colour
    colour_rule: str
    colour_reason: str
    costs: _Costs


@dataclass(frozen=True, slots=True)
class _Groups:
    """Score groups of the available participants, top group first."""

    scores: list[int]
    """Pairing score of each group, descending."""
    of: dict[int, int]
    """Participant id -> group index."""
    position: dict[int, int]
    """Participant id -> position inside the group (pairing order)."""
    size: list[int]

    @classmethod
    def of_states(cls, states: Sequence[PlayerState]) -> _Groups:
        scores: list[int] = []
        of: dict[int, int] = {}
        position: dict[int, int] = {}
        size: list[int] = []
        for s in states:  # already in pairing order
            if not scores or scores[-1] != s.score:
                scores.append(s.score)
                size.append(0)
            of[s.id] = len(scores) - 1
            position[s.id] = size[-1]
            size[-1] += 1
        return cls(scores, of, position, size)


def _float_out(levels: _Levels, costs: _Costs, groups: _Groups, state: PlayerState, until: int) -> None:
    """``state`` leaves every bracket from its own group down to (not including) group ``until``."""
    home = groups.of[state.id]
    for group in range(home, until):
        levels.add(costs, ("floats", group), 1)
        levels.add(costs, ("float_scores", group), state.score - groups.scores[group])
    if until > home:
        levels.add(costs, ("float_repeat_1", home), int(state.floats[0] == Float.DOWN))
        levels.add(costs, ("float_repeat_2", home), int(state.floats[1] == Float.DOWN))


def _pair_costs(
    a: PlayerState, b: PlayerState, request: PairingRequest, levels: _Levels, groups: _Groups
) -> _Pair:
    """Costs of pairing ``a`` (higher-ranked) with ``b``; ``b``'s group is the bracket that pairs them."""
    allocation = allocate(a, b, request.initial_colour)
    colour = Colour.WHITE if allocation.white is a else Colour.BLACK
    rule, reason = allocation.rule, allocation.reason
    costs: _Costs = {}
    levels.add(costs, "forbidden", int(frozenset((a.id, b.id)) in request.forbidden_pairs))
    last_met = max(a.met.get(b.id, 0), b.met.get(a.id, 0))
    if last_met:
        levels.add(costs, "rematches", 1)
        levels.add(costs, "rematch_recency", last_met)
    if not (a.topscorer or b.topscorer):
        broken = int(bool(a.limits_broken(colour))) + int(bool(b.limits_broken(colour.opposite)))
        levels.add(costs, "colour_limits", broken)
    bracket = groups.of[b.id]
    for state, got in ((a, colour), (b, colour.opposite)):
        if state.preference is not None and state.preference is not got:
            levels.add(costs, ("preference_missed", bracket), 1)
            levels.add(costs, ("strong_missed", bracket), int(state.strength >= Strength.STRONG))
    _float_out(levels, costs, groups, a, bracket)
    if a.score != b.score:
        levels.add(costs, ("float_repeat_1", bracket), int(b.floats[0] == Float.UP))
        levels.add(costs, ("float_repeat_2", bracket), int(b.floats[1] == Float.UP))
        levels.add(costs, ("mdp_order", bracket), groups.position[b.id])  # MDPs meet the top residents
    else:
        i, j = groups.position[a.id], groups.position[b.id]
        half = groups.size[bracket] // 2
        levels.add(costs, ("exchanges", bracket), int(not i < half <= j))
        levels.add(costs, ("order", bracket), abs(j - i - half))
    return _Pair(a, b, colour, rule, reason, costs)


def _bye_costs(state: PlayerState, rank: int, levels: _Levels, groups: _Groups, count: int) -> _Costs:
    """Costs of giving ``state`` (``rank``: its position in pairing order, 0 = top) the bye."""
    costs: _Costs = {}
    if state.bye_rounds:
        levels.add(costs, "bye_ineligible", 1)
        levels.add(costs, "bye_earlier", len(state.bye_rounds))
    levels.add(costs, "bye_score", state.score - groups.scores[-1])
    _float_out(levels, costs, groups, state, len(groups.scores))
    levels.add(costs, ("bye_unplayed", levels.last_group), state.unplayed)
    levels.add(costs, "bye_rank", count - 1 - rank)
    return costs


def _pack(levels: _Levels, all_costs: Sequence[_Costs], edges_in_matching: int) -> tuple[list[int], int]:
    """Multipliers that make a weighted sum compare cost vectors lexicographically, and the total bound.

    Each level gets room for ``edges_in_matching`` times its largest per-edge value, so no sum of lower
    levels can outweigh one unit of a higher level.
    """
    largest = [0] * levels.size
    for costs in all_costs:
        for level, value in costs.items():
            largest[level] = max(largest[level], value)
    multipliers = [0] * levels.size
    scale = 1
    for level in reversed(range(levels.size)):
        multipliers[level] = scale
        scale *= largest[level] * edges_in_matching + 1
    return multipliers, scale


def pair_least_bad(request: PairingRequest) -> PairingResult:
    """Pair a round even when no pairing keeps every absolute rule, breaking as little as possible.

    Parameters
    ----------
    request:
        The round to pair. ``request.least_bad`` need not be set: the Dutch engine calls this when
        it is set and no pairing satisfies C1-C3 (Dutch Art. 1.9.3).

    Returns
    -------
    PairingResult
        Boards in GHR 3.6 order with colours by Dutch Art. 5.2, the bye (if the number of available
        participants is odd), one :class:`Violation` per broken rule worded for players and prefixed
        with the round, and an explanation whose notes say why this path was taken.

    Raises
    ------
    InvalidRequestError
        Duplicate ids or pairing numbers, a history of the wrong length, an unknown opponent.

    Notes
    -----
    Relaxation order (each minimised before the next): colour limits (BR 6-7, counted in
    participants; C3 clashes always show up there), bye eligibility (BR 4 / C2: whether the bye
    goes to someone barred, then how many byes they already had), rematches (BR 2 / C1: how many),
    and forbidden pairs last of all; equal counts prefer rematches of pairs that met longest ago.
    Pairings that break equally little are then compared by Dutch-like quality terms (C5, C6-C7, C9, C12-C17, S1/S2
    order). It is one maximum-weight perfect matching on ``n`` (+1) vertices with packed integer
    weights: ``O(n^3)`` time and ``O(n^2)`` memory.
    """
    states = build_states(request)
    count = len(states)
    groups = _Groups.of_states(states)
    levels = _Levels(len(groups.scores))
    pairs = {
        (i, j): _pair_costs(states[i], states[j], request, levels, groups)
        for i in range(count)
        for j in range(i + 1, count)
    }
    needs_bye = count % 2 == 1
    byes = {i: _bye_costs(states[i], i, levels, groups, count) for i in range(count)} if needs_bye else {}
    vertices = count + (1 if needs_bye else 0)
    all_costs = [p.costs for p in pairs.values()] + list(byes.values())
    multipliers, bound = _pack(levels, all_costs, vertices // 2)

    def weight(costs: _Costs) -> int:
        return bound - sum(multipliers[level] * value for level, value in costs.items())

    matrix: list[list[int | None]] = [[None] * vertices for _ in range(vertices)]
    for (i, j), pair in pairs.items():
        matrix[i][j] = matrix[j][i] = weight(pair.costs)
    for i, costs in byes.items():
        matrix[i][count] = matrix[count][i] = weight(costs)
    mate = max_weight_matching(matrix) if vertices >= 2 else [-1] * vertices

    chosen = [pairs[(i, mate[i])] for i in range(count) if mate[i] > i and mate[i] < count]
    bye_state = next((states[i] for i in range(count) if mate[i] == count), None)
    if needs_bye and bye_state is None:  # a single available participant
        bye_state = states[0]
    return _result(request, states, chosen, bye_state)


def _result(
    request: PairingRequest, states: list[PlayerState], chosen: list[_Pair], bye: PlayerState | None
) -> PairingResult:
    """Boards in GHR 3.6 order, the violations the chosen pairing breaks, and the explanation."""
    chosen = sorted(chosen, key=lambda p: board_order(p.high, p.low))
    boards: list[Board] = []
    notes: list[BoardNote] = []
    floats: list[FloatNote] = []
    for number, pair in enumerate(chosen, start=1):
        white, black = (pair.high, pair.low) if pair.high_colour is Colour.WHITE else (pair.low, pair.high)
        boards.append(Board(number, white.id, black.id))
        notes.append(
            BoardNote(
                number,
                pair.colour_rule,
                f"Board {number}: {white.label} has White and {black.label} Black: {pair.colour_reason} "
                f"(Dutch Art. 5.2).",
            )
        )
        if pair.high.score != pair.low.score:
            high, low = pair.high, pair.low
            floats.append(
                FloatNote(
                    high.id,
                    "down",
                    high.score,
                    low.score,
                    f"{high.label} paired down to a lower score in the least-bad pairing",
                )
            )
            floats.append(
                FloatNote(
                    low.id,
                    "up",
                    low.score,
                    high.score,
                    f"{low.label} paired up against a higher score in the least-bad pairing",
                )
            )
    if bye is not None:
        floats.append(
            FloatNote(bye.id, "down", bye.score, 0, f"{bye.label} receives the pairing-allocated bye")
        )

    violations = _violations(request, chosen, bye)
    prefix = f"Round {request.round_number}: no pairing keeps every rule. "
    violations = [Violation(v.rule, v.participants, prefix + v.message) for v in violations]
    if violations:
        summary = (
            f"Round {request.round_number}: no pairing keeps every absolute rule (no rematch, bye "
            "eligibility, colour limits), so instead of refusing to pair the round the least bad pairing "
            "was chosen. Rules are relaxed in a fixed order, each as little as possible before the "
            "next: colour limits, then bye eligibility, then rematches, then forbidden pairs. "
            f"Broken here: {_summary(violations)}."
        )
    else:
        summary = (
            f"Round {request.round_number}: the least-bad search was used and found a pairing that keeps "
            "every absolute rule."
        )
    groups: dict[int, list[int]] = {}
    for s in states:
        groups.setdefault(s.score, []).append(s.id)
    explanation = Explanation(
        scoregroups=tuple((score, tuple(ids)) for score, ids in groups.items()),
        floats=tuple(floats),
        boards=tuple(notes),
        notes=(summary,),
    )
    return PairingResult(
        boards=tuple(boards),
        bye=None if bye is None else bye.id,
        violations=tuple(violations),
        explanation=explanation,
    )


_RULE_ORDER = [
    "colour-clash",
    "colour-three-in-row",
    "colour-difference",
    "second-bye",
    "rematch",
    "forbidden-pair",
]
_RULE_WORDS = {
    "colour-clash": (
        "pair who both had to have the same colour",
        "pairs who both had to have the same colour",
    ),
    "colour-three-in-row": ("same colour three times running", "same colour three times running (x{n})"),
    "colour-difference": ("colours more than two games apart", "colours more than two games apart (x{n})"),
    "second-bye": ("a bye for someone who already had one", "byes for players who already had one"),
    "rematch": ("a rematch", "{n} rematches"),
    "forbidden-pair": ("a forbidden pairing", "{n} forbidden pairings"),
}


def _summary(violations: Sequence[Violation]) -> str:
    """``a rematch, same colour three times running (x2)``: each kind once, counted, in rule order."""
    counts = {rule: sum(1 for v in violations if v.rule == rule) for rule in _RULE_ORDER}
    parts = []
    for rule, n in counts.items():
        if n:
            one, many = _RULE_WORDS[rule]
            parts.append(one if n == 1 else many.format(n=n))
    return ", ".join(parts)


def _violations(request: PairingRequest, chosen: Sequence[_Pair], bye: PlayerState | None) -> list[Violation]:
    """What the chosen pairing breaks, from the search's own bookkeeping (not from the checker)."""
    out: list[Violation] = []
    if bye is not None and bye.bye_rounds:
        rounds = ", ".join(str(r) for r in bye.bye_rounds)
        plural = "s" if len(bye.bye_rounds) > 1 else ""
        out.append(
            Violation(
                "second-bye",
                (bye.id,),
                f"{bye.label} gets the bye again, after a bye or a win without playing in round{plural} "
                f"{rounds} (rule: nobody gets the bye twice, nor after a forfeit win).",
            )
        )
    for pair in chosen:
        a, b = pair.high, pair.low
        first, second = sorted((a, b), key=lambda s: s.tpn)
        ids = (first.id, second.id)
        last_met = max(a.met.get(b.id, 0), b.met.get(a.id, 0))
        if last_met:
            out.append(
                Violation(
                    "rematch",
                    ids,
                    f"{first.label} and {second.label} play each other again; they already met in round "
                    f"{last_met} (rule: no two players meet twice).",
                )
            )
        if frozenset((a.id, b.id)) in request.forbidden_pairs:
            out.append(
                Violation(
                    "forbidden-pair",
                    ids,
                    f"{first.label} and {second.label} are paired although the organiser ruled they must "
                    "not meet (rule: forbidden pairings).",
                )
            )
        if a.topscorer or b.topscorer:
            continue  # final-round topscorer exception (Dutch C3, C10-C11)
        if (
            a.strength == Strength.ABSOLUTE
            and b.strength == Strength.ABSOLUTE
            and a.preference is b.preference
        ):
            assert a.preference is not None
            out.append(
                Violation(
                    "colour-clash",
                    ids,
                    f"{first.label} and {second.label} both had to have {colour_name(a.preference)} "
                    "(rule: two players who must both have the same colour are not paired together).",
                )
            )
        for state, colour in ((a, pair.high_colour), (b, pair.high_colour.opposite)):
            for rule in state.limits_broken(colour):
                if rule == "colour-three-in-row":
                    text = (
                        f"{state.label} gets {colour_name(colour)} three times in a row "
                        "(rule: never the same colour three times running)."
                    )
                else:
                    after = state.colour_difference + (1 if colour is Colour.WHITE else -1)
                    more = "White" if after > 0 else "Black"
                    text = (
                        f"{state.label} will have played {abs(after)} more games with {more} than with the "
                        "other colour (rule: never more than two games apart)."
                    )
                out.append(Violation(rule, (state.id,), text))
    return out
