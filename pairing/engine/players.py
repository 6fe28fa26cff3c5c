"""What the pairing rules know about one available participant in the round being paired.

Shared by the Dutch engine (:mod:`pairing.engine.dutch`) and the least-bad pairing
(:mod:`pairing.engine.least_bad`), so the two read a history the same way: pairing scores (Dutch
Art. 1.2, C.04.7), colour difference and preference on played games only (Art. 1.6-1.7, GHR 3.4),
the opponents actually met (C1; forfeits are not meetings, GHR 3.5), PAB eligibility (C2, C.04.1
Art. 4), float history (Art. 1.4), unplayed rounds (C9), topscorers (Art. 1.8) and the entry
number whose parity Art. 5.2.5 uses. The independent checker (:mod:`pairing.engine.checks`) reads
the history on its own on purpose: it is the verifier.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from .errors import InvalidRequestError
from .types import Colour, PairingRequest, Participant, ResultCode

__all__ = ["Float", "PlayerState", "Strength", "build_states", "colour_preference"]


class Strength(IntEnum):
    """Strength of a colour preference (Dutch Art. 1.7), ordered weakest first."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


class Float(IntEnum):
    """The float a participant received in one round (Dutch Art. 1.4)."""

    NONE = 0
    DOWN = 1
    UP = 2


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One available participant as the pairing rules see them before this round."""

    id: int
    """The caller's id (``Participant.id``)."""
    tpn: int
    """Tournament pairing number (Art. 1.2 breaks score ties by it)."""
    name: str
    score: int
    """Pairing score in half-points: points plus this round's virtual points (Art. 1.2, C.04.7)."""
    colours: tuple[Colour, ...]
    """Colours of played games only, oldest first (GHR 3.4)."""
    colour_difference: int
    """Games with White minus games with Black (Art. 1.6)."""
    preference: Colour | None
    """The colour wanted this round (Art. 1.7); None before the first played game."""
    strength: Strength
    met: dict[int, int]
    """Opponent id -> the latest round in which a game against them was played (C1). A meeting
    counts even when only the opponent's record mentions it; forfeits are not meetings."""
    forbidden: frozenset[int]
    """Ids this participant must not be paired with (the request's forbidden pairs)."""
    bye_rounds: tuple[int, ...]
    """Rounds with a PAB, or a win's points without playing: each one bars the PAB (C2)."""
    floats: tuple[Float, Float]
    """Float received in rounds r-1 and r-2 (Art. 1.4)."""
    unplayed: int
    """Rounds without a played game (C9)."""
    topscorer: bool
    """Final round only: more than half the maximum possible score (Art. 1.8)."""
    entry_number: int
    """1-based position by TPN among the participants who have entered the event (paired this round
    or in an earlier one): the parity Art. 5.2.5 applies, as the reference implementation does. It
    equals the TPN when nobody is missing, and a never-seen absentee does not shift everyone below."""

    @property
    def label(self) -> str:
        """The name players read in explanations."""
        return self.name.strip() or f"No. {self.tpn}"

    @property
    def bye_ok(self) -> bool:
        """May receive the pairing-allocated bye (C2)."""
        return not self.bye_rounds

    def limits_broken(self, colour: Colour) -> tuple[str, ...]:
        """Colour limits (BR 6-7) this participant would break by getting ``colour``."""
        broken: list[str] = []
        if len(self.colours) >= 2 and self.colours[-1] is colour and self.colours[-2] is colour:
            broken.append("colour-three-in-row")
        if abs(self.colour_difference + (1 if colour is Colour.WHITE else -1)) > 2:
            broken.append("colour-difference")
        return tuple(broken)


def colour_preference(colours: tuple[Colour, ...]) -> tuple[Colour | None, Strength, int]:
    """(preference, strength, colour difference) from the played colours (Art. 1.6-1.7)."""
    difference = sum(1 if c is Colour.WHITE else -1 for c in colours)
    if difference > 1:
        return Colour.BLACK, Strength.ABSOLUTE, difference
    if difference < -1:
        return Colour.WHITE, Strength.ABSOLUTE, difference
    if len(colours) >= 2 and colours[-1] is colours[-2]:
        return colours[-1].opposite, Strength.ABSOLUTE, difference
    if difference == 1:
        return Colour.BLACK, Strength.STRONG, difference
    if difference == -1:
        return Colour.WHITE, Strength.STRONG, difference
    if colours:
        return colours[-1].opposite, Strength.MILD, difference
    return None, Strength.NONE, difference


def _validate(request: PairingRequest) -> None:
    """Raise InvalidRequestError for a request no pairing can be built from."""
    rnd = request.round_number
    if rnd < 1:
        raise InvalidRequestError(f"round_number must be at least 1, got {rnd}")
    if request.total_rounds < rnd:
        raise InvalidRequestError(
            f"round {rnd} cannot be paired in a tournament of {request.total_rounds} rounds"
        )
    by_id: dict[int, Participant] = {}
    tpns: set[int] = set()
    for p in request.participants:
        if p.id in by_id:
            raise InvalidRequestError(f"participant id {p.id} appears twice")
        if p.tpn in tpns:
            raise InvalidRequestError(f"pairing number {p.tpn} is used twice")
        if len(p.history) != rnd - 1:
            raise InvalidRequestError(
                f"participant {p.name or p.id} has {len(p.history)} round records, expected {rnd - 1}"
            )
        by_id[p.id] = p
        tpns.add(p.tpn)
    for p in request.participants:
        for k, rec in enumerate(p.history):
            if rec.result.paired:
                if rec.opponent is None or rec.opponent not in by_id:
                    raise InvalidRequestError(
                        f"participant {p.name or p.id}, round {k + 1}: unknown opponent {rec.opponent}"
                    )
                if rec.opponent == p.id:
                    raise InvalidRequestError(f"participant {p.name or p.id} is paired with itself")


def build_states(request: PairingRequest) -> list[PlayerState]:
    """Validate the request and return the available participants' states in pairing order
    (pairing score descending, then TPN: Art. 1.2).

    Raises
    ------
    InvalidRequestError
        Duplicate ids or pairing numbers, a history of the wrong length, an unknown opponent.
    """
    _validate(request)
    rnd = request.round_number
    scoring = request.scoring
    # Pairing score before each round (index k = before round k+1), with that round's virtual points.
    before: dict[int, list[int]] = {}
    for p in request.participants:
        running = 0
        seq = []
        for k in range(rnd):
            seq.append(running + (p.accelerations[k] if k < len(p.accelerations) else 0))
            if k < rnd - 1:
                running += scoring.points(p.history[k].result)
        before[p.id] = seq
    met_by: dict[int, dict[int, int]] = {p.id: {} for p in request.participants}
    for p in request.participants:
        for number, rec in enumerate(p.history, start=1):
            if rec.result.played and rec.opponent is not None:
                for one, other in ((p.id, rec.opponent), (rec.opponent, p.id)):
                    met_by[one][other] = max(met_by[one].get(other, 0), number)
    forbidden: dict[int, set[int]] = {p.id: set() for p in request.participants}
    for pair in request.forbidden_pairs:
        ids = list(pair)
        if len(ids) == 2 and ids[0] in forbidden and ids[1] in forbidden:
            forbidden[ids[0]].add(ids[1])
            forbidden[ids[1]].add(ids[0])
    entered = sorted(
        (
            p
            for p in request.participants
            if p.available or any(rec.result.paired or rec.result is ResultCode.PAB for rec in p.history)
        ),
        key=lambda p: p.tpn,
    )
    entry_number = {p.id: k for k, p in enumerate(entered, start=1)}
    top_threshold = (rnd - 1) * max(scoring.win, scoring.draw)
    final_round = rnd >= request.total_rounds

    def float_in(p: Participant, k: int) -> Float:
        """The float ``p`` received in round ``k + 1`` (Art. 1.4.2-1.4.4)."""
        if k < 0:
            return Float.NONE
        rec = p.history[k]
        if not rec.result.played:
            down = rec.result is ResultCode.PAB or scoring.points(rec.result) > scoring.loss
            return Float.DOWN if down else Float.NONE
        assert rec.opponent is not None
        mine, theirs = before[p.id][k], before[rec.opponent][k]
        return Float.DOWN if mine > theirs else Float.UP if mine < theirs else Float.NONE

    states: list[PlayerState] = []
    for p in request.participants:
        if not p.available:
            continue
        colours = tuple(rec.colour for rec in p.history if rec.result.played and rec.colour is not None)
        preference, strength, difference = colour_preference(colours)
        score = before[p.id][rnd - 1]
        states.append(
            PlayerState(
                id=p.id,
                tpn=p.tpn,
                name=p.name,
                score=score,
                colours=colours,
                colour_difference=difference,
                preference=preference,
                strength=strength,
                met=met_by[p.id],
                forbidden=frozenset(forbidden[p.id]),
                bye_rounds=tuple(
                    number
                    for number, rec in enumerate(p.history, start=1)
                    if rec.result is ResultCode.PAB
                    or (not rec.result.played and scoring.points(rec.result) >= scoring.win)
                ),
                floats=(float_in(p, rnd - 2), float_in(p, rnd - 3)),
                unplayed=sum(1 for rec in p.history if not rec.result.played),
                topscorer=final_round and 2 * score > top_threshold,
                entry_number=entry_number[p.id],
            )
        )
    states.sort(key=lambda s: (-s.score, s.tpn))
    return states
