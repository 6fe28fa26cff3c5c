"""Per-round view of each participant derived from its history (Dutch 2026 Art. 1, GHR 3.4-3.5).

Everything here is computed once per :func:`pairing.engine.dutch.pair_round` call: pairing
scores, colour preferences, float history by tournament round, PAB eligibility, meetings.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import InvalidRequestError
from .types import Colour, PairingRequest, Participant, ResultCode

__all__ = ["ABSOLUTE", "MILD", "NONE", "STRONG", "PlayerState", "build_states"]

NONE, MILD, STRONG, ABSOLUTE = 0, 1, 2, 3
DOWN, UP = 1, 2


@dataclass(slots=True)
class PlayerState:
    """What the Dutch criteria need to know about one available participant."""

    id: int
    tpn: int
    name: str
    score: int
    """Pairing score in half-points: points plus this round's virtual points (Dutch 1.2, C.04.7)."""
    colours: list[Colour]
    """Colours of played games only, oldest first (GHR 3.4)."""
    cd: int
    pref: Colour | None
    strength: int
    met: set[int]
    bye_ok: bool
    floats: tuple[int, int]
    """Float in rounds r-1 and r-2: 0 none, DOWN or UP (Dutch 1.4)."""
    unplayed: int
    topscorer: bool
    index: int = 0
    forbidden: set[int] = field(default_factory=set)
    rank: int = 0
    """1-based position by TPN among the participants who have entered the event (paired this round
    or in an earlier one): the parity Art. 5.2.5 applies, as the reference implementation does; it
    equals the TPN when nobody is missing."""

    @property
    def label(self) -> str:
        return self.name or f"No. {self.tpn}"


def _preference(colours: list[Colour]) -> tuple[Colour | None, int, int]:
    """Colour preference (Dutch 1.7), computed on played games only."""
    cd = sum(1 if c is Colour.WHITE else -1 for c in colours)
    if cd > 1:
        return Colour.BLACK, ABSOLUTE, cd
    if cd < -1:
        return Colour.WHITE, ABSOLUTE, cd
    if len(colours) >= 2 and colours[-1] is colours[-2]:
        return colours[-1].opposite, ABSOLUTE, cd
    if cd == 1:
        return Colour.BLACK, STRONG, cd
    if cd == -1:
        return Colour.WHITE, STRONG, cd
    if colours:
        return colours[-1].opposite, MILD, cd
    return None, NONE, cd


def build_states(request: PairingRequest) -> tuple[list[PlayerState], dict[int, Participant]]:
    """Validate the request and return the available participants' states (unsorted)."""
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
    scoring = request.scoring
    # Score before each round (index k = before round k+1), including that round's virtual points.
    before: dict[int, list[int]] = {}
    for p in request.participants:
        acc = p.accelerations
        run = 0
        seq = []
        for k in range(rnd):
            seq.append(run + (acc[k] if k < len(acc) else 0))
            if k < rnd - 1:
                run += scoring.points(p.history[k].result)
        before[p.id] = seq
    for p in request.participants:
        for k, rec in enumerate(p.history):
            if rec.result.paired:
                if rec.opponent is None or rec.opponent not in by_id:
                    raise InvalidRequestError(
                        f"participant {p.name or p.id}, round {k + 1}: unknown opponent {rec.opponent}"
                    )
                if rec.opponent == p.id:
                    raise InvalidRequestError(f"participant {p.name or p.id} is paired with itself")
    top_threshold = (rnd - 1) * max(scoring.win, scoring.draw)
    final_round = rnd >= request.total_rounds
    states: list[PlayerState] = []
    for p in request.participants:
        if not p.available:
            continue
        colours = [rec.colour for rec in p.history if rec.result.played and rec.colour is not None]
        pref, strength, cd = _preference(colours)
        met = {rec.opponent for rec in p.history if rec.result.played and rec.opponent is not None}
        bye_ok = True
        for rec in p.history:
            if rec.result is ResultCode.PAB or (
                not rec.result.played and scoring.points(rec.result) >= scoring.win
            ):
                bye_ok = False
        fl = []
        for back in (1, 2):
            k = rnd - 1 - back
            if k < 0:
                fl.append(0)
                continue
            rec = p.history[k]
            if not rec.result.played:
                fl.append(DOWN if scoring.points(rec.result) > scoring.loss else 0)
                continue
            mine = before[p.id][k]
            theirs = before[rec.opponent][k]  # type: ignore[index]
            fl.append(DOWN if mine > theirs else UP if mine < theirs else 0)
        score = before[p.id][rnd - 1]
        states.append(
            PlayerState(
                id=p.id,
                tpn=p.tpn,
                name=p.name,
                score=score,
                colours=colours,
                cd=cd,
                pref=pref,
                strength=strength,
                met=met,
                bye_ok=bye_ok,
                floats=(fl[0], fl[1]),
                unplayed=sum(1 for rec in p.history if not rec.result.played),
                topscorer=final_round and 2 * score > top_threshold,
            )
        )
    # Art. 5.2.5 parity: position by TPN among the participants who have entered the event, i.e.
    # are paired now or were paired in an earlier round (what the reference engine numbers).
    entered = sorted(
        (
            p
            for p in request.participants
            if p.available or any(rec.result.paired or rec.result is ResultCode.PAB for rec in p.history)
        ),
        key=lambda p: p.tpn,
    )
    position = {p.id: k for k, p in enumerate(entered, start=1)}
    for s in states:
        s.rank = position[s.id]
    for pair in request.forbidden_pairs:
        ids = list(pair)
        if len(ids) != 2:
            continue
        a, b = ids
        for s in states:
            if s.id == a:
                s.forbidden.add(b)
            elif s.id == b:
                s.forbidden.add(a)
    return states, by_id
