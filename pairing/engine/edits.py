"""What a hand-made change to a pairing gives up, compared with the engine's own pairing.

The independent checker (:mod:`pairing.engine.checks`) says which absolute rules a pairing breaks.
A hand edit can also keep every absolute rule and still be worse by the Dutch system's relative
criteria and colour rules. :func:`edit_costs` compares the edited pairing with the engine's, on
the same request and with the engine's own reading of each player (pairing score, colour
preference and its strength, float history: :func:`pairing.engine.players.build_states`), and
lists each criterion the edit does worse on:

* ``C12``: more players who do not get their colour preference (a colour swap that gives both
  players the colour they did not want costs two);
* ``C13``: more players who do not get a strong or absolute colour preference;
* ``C14``/``C16``: more players who floated down in the last round / two rounds before and float
  down again (now paired with a lower score);
* ``C15``/``C17``: the same for upfloats (now paired with a higher score).

Plain Python, deterministic; the messages name players as the engine does ("Ann Lee (3)").
"""

from __future__ import annotations

from dataclasses import dataclass

from .players import Float, PlayerState, Strength, build_states
from .types import Colour, PairingRequest, PairingResult

__all__ = ["GivenUp", "edit_costs"]


@dataclass(frozen=True, slots=True)
class GivenUp:
    """One criterion the edited pairing does worse on than the engine's."""

    rule: str
    message: str
    participants: tuple[int, ...]


def _pairs(result: PairingResult) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in result.boards]


def _float_counts(pairs: list[tuple[int, int]], states: dict[int, PlayerState]) -> dict[str, set[int]]:
    """Who counts against C14-C17 in these pairs (the higher score floats down, the lower up)."""
    counts: dict[str, set[int]] = {"C14": set(), "C15": set(), "C16": set(), "C17": set()}
    for x, y in pairs:
        a, b = states[x], states[y]
        if a.score == b.score:
            continue
        high, low = (a, b) if a.score > b.score else (b, a)
        if high.floats[0] is Float.DOWN:
            counts["C14"].add(high.id)
        if high.floats[1] is Float.DOWN:
            counts["C16"].add(high.id)
        if low.floats[0] is Float.UP:
            counts["C15"].add(low.id)
        if low.floats[1] is Float.UP:
            counts["C17"].add(low.id)
    return counts


def _denied(result: PairingResult, states: dict[int, PlayerState]) -> set[int]:
    """Players on a board with a colour preference who do not get that colour."""
    denied = set()
    for board in result.boards:
        for pid, colour in ((board.white, Colour.WHITE), (board.black, Colour.BLACK)):
            if pid in states and states[pid].preference is not None and states[pid].preference is not colour:
                denied.add(pid)
    return denied


def _colour_costs(
    engine: PairingResult, edited: PairingResult, states: dict[int, PlayerState], label: dict[int, str]
) -> list[GivenUp]:
    """C12 and C13: players denied their colour preference who got it in the engine's pairing."""
    out: list[GivenUp] = []
    denied_before, denied_now = _denied(engine, states), _denied(edited, states)
    if len(denied_now) <= len(denied_before):
        return out
    lost = denied_now - denied_before
    partner = {}
    for board in edited.boards:
        partner[board.white], partner[board.black] = board.black, board.white
    done: set[int] = set()
    for pid in sorted(lost, key=lambda i: states[i].tpn):
        if pid in done:
            continue
        other = partner.get(pid)
        if other is not None and other in lost:
            done.update((pid, other))
            out.append(
                GivenUp(
                    "C12",
                    f"both {label[pid]} and {label[other]} now get the colour they did not want",
                    (pid, other),
                )
            )
        else:
            done.add(pid)
            out.append(GivenUp("C12", f"{label[pid]} now gets the colour they did not want", (pid,)))
    strong_before = {p for p in denied_before if states[p].strength >= Strength.STRONG}
    strong_now = {p for p in denied_now if states[p].strength >= Strength.STRONG}
    if len(strong_now) > len(strong_before):
        for pid in sorted(strong_now - strong_before, key=lambda i: states[i].tpn):
            kind = "an absolute" if states[pid].strength is Strength.ABSOLUTE else "a strong"
            out.append(GivenUp("C13", f"{label[pid]} had {kind} colour preference, now not granted", (pid,)))
    return out


FLOAT_WORDS = {
    "C14": "floated down last round and floats down again",
    "C15": "floated up last round and floats up again",
    "C16": "floated down two rounds ago and floats down again",
    "C17": "floated up two rounds ago and floats up again",
}


def edit_costs(request: PairingRequest, engine: PairingResult, edited: PairingResult) -> tuple[GivenUp, ...]:
    """The criteria ``edited`` does worse on than ``engine`` (see the module docstring)."""
    player_states = build_states(request)
    states = {p.id: p for p in player_states}
    label = {p.id: p.label for p in player_states}
    known = [(x, y) for x, y in _pairs(edited) if x in states and y in states]
    before = [(x, y) for x, y in _pairs(engine) if x in states and y in states]
    out = _colour_costs(engine, edited, states, label)
    floats_before, floats_now = _float_counts(before, states), _float_counts(known, states)
    for rule in ("C14", "C15", "C16", "C17"):
        if len(floats_now[rule]) > len(floats_before[rule]):
            for pid in sorted(floats_now[rule] - floats_before[rule], key=lambda i: states[i].tpn):
                out.append(GivenUp(rule, f"{label[pid]} {FLOAT_WORDS[rule]}", (pid,)))
    return tuple(out)
