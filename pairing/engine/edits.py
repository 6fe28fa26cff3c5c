"""What a hand-made change to a pairing gives up, compared with the engine's own pairing.

The independent checker (:mod:`pairing.engine.checks`) says which absolute rules a pairing breaks.
A hand edit can also keep every absolute rule and still be worse by the Dutch system's quality
criteria. :func:`edit_costs` compares the edited pairing with the engine's, on the same request and
with the engine's own reading of each player (pairing score, colour preference and its strength,
float history, topscorers: :func:`pairing.engine.players.build_states`). It judges both with the
criteria's own functions, the ones the pairing minimises (:mod:`pairing.engine.dutch.criteria`),
applied to every player with the opponent and the colour the pairing gives them, and lists each
criterion the edit does worse on:

* ``C10``/``C11`` (final round): more topscorers or topscorers' opponents beyond the colour limits
  BR 6 / BR 7, which the checker lets their games exceed;
* ``C12``: more players who do not get their colour preference (a colour swap that gives both
  players the colour they did not want costs two);
* ``C13``: more players who do not get a strong colour preference;
* ``C14``/``C16``: more players who floated down in the last round / two rounds before and float
  down again (now paired with a lower score);
* ``C15``/``C17``: the same for upfloats (now paired with a higher score).

C13 and absolute preferences. This module once counted "players denied a strong preference",
strong *or absolute*, while the pairing counted pairs whose two players want the same colour
strongly or absolutely, not both absolutely. The article decides between the two: [C13] (C.04.3
Art. 2.4) minimises the players "who do not get their strong colour preference", and Art. 1.7
defines absolute, strong and mild preferences as three different kinds, so a refused absolute
preference is not a C13 failure. That is also what the pairing's reading amounts to, player by
player: of two equal preferences Art. 5.2.2 refuses the weaker one, so its pairs fail C13 exactly
when the refused preference is a strong one. Both now call :func:`~pairing.engine.dutch.criteria.c13`.
A hand edit that refuses an absolute preference is still reported: under C12, and as a broken
BR 6 or BR 7 by the checker (for a topscorer's game in the final round, under C10 or C11 here).
C18-C21 only weigh the scores of the players C14-C17 already name, and a hand edit leaves the bye
(C5-C9) as the engine gave it, so they are not listed.

Colours against Art. 5.2. A swap can refuse no preference and still be worse: in round 1 nobody
has one, and the initial colour (Art. 5.2.5) decides; later, alternation (5.2.3) or the
higher-ranked player's preference (5.2.4) may. Each board the edit sets against the colour rules
is named with the step it goes against, unless C12/C13 already name its players.
:func:`edited_notes` rewrites the board-by-board colour notes and the floats for the pairing as
it stands, so no note keeps describing the engine's colours after a swap.

Plain Python, deterministic; the messages name players as the engine does ("Ann Lee (3)").
"""

from __future__ import annotations

from dataclasses import dataclass

from .colours import ColourAllocation, allocate, higher_ranked
from .dutch.criteria import CRITERIA, Criterion, PlayerRule
from .players import PlayerState, build_states
from .types import Board, BoardNote, Colour, FloatNote, PairingRequest, PairingResult

__all__ = ["GivenUp", "edit_costs", "edited_notes"]


@dataclass(frozen=True, slots=True)
class GivenUp:
    """One criterion the edited pairing does worse on than the engine's."""

    rule: str
    message: str
    participants: tuple[int, ...]


JUDGED: tuple[Criterion, ...] = tuple(
    c for c in CRITERIA if c.code in {"C10", "C11", "C12", "C13", "C14", "C15", "C16", "C17"}
)
"""The criteria a hand edit (colours swapped, opponents exchanged) is judged on, in the table's order."""

WORDS = {
    "C10": "now ends up more than two games apart in colours (a topscorer's game)",
    "C11": "now gets the same colour three times in a row (a topscorer's game)",
    "C12": "now gets the colour they did not want",
    "C13": "had a strong colour preference, now not granted",
    "C14": "floated down last round and floats down again",
    "C15": "floated up last round and floats up again",
    "C16": "floated down two rounds ago and floats down again",
    "C17": "floated up two rounds ago and floats up again",
}

ARTICLE = {
    "both-preferences": "5.2.1",
    "stronger-preference": "5.2.2",
    "larger-colour-difference": "5.2.2",
    "alternation": "5.2.3",
    "higher-ranked-preference": "5.2.4",
    "initial-colour": "5.2.5",
}
"""The Art. 5.2 step behind each colour rule code of :class:`~pairing.engine.colours.ColourAllocation`."""

Seat = tuple[PlayerState, PlayerState, Colour]
"""A player on a board, with its opponent and its colour."""


def _seats(result: PairingResult, states: dict[int, PlayerState]) -> list[Seat]:
    """Both players of every board of ``result`` whose two players the request knows."""
    out: list[Seat] = []
    for board in result.boards:
        white, black = states.get(board.white), states.get(board.black)
        if white is not None and black is not None:
            out.extend(((white, black, Colour.WHITE), (black, white, Colour.BLACK)))
    return out


def _failing(rule: PlayerRule, seats: list[Seat]) -> set[int]:
    """The players who fail the criterion ``rule`` in these seats."""
    return {p.id for p, opponent, got in seats if rule(p, opponent, got)}


def _refused_colours(lost: list[int], edited: list[Seat], label: dict[int, str]) -> list[GivenUp]:
    """C12, naming the two players of a board in one line when the edit refuses both."""
    out: list[GivenUp] = []
    partner = {p.id: opponent.id for p, opponent, _got in edited}
    done: set[int] = set()
    for pid in lost:
        if pid in done:
            continue
        other = partner.get(pid)
        if other is not None and other in lost:
            done.update((pid, other))
            message = f"both {label[pid]} and {label[other]} now get the colour they did not want"
            out.append(GivenUp("C12", message, (pid, other)))
        else:
            done.add(pid)
            out.append(GivenUp("C12", f"{label[pid]} {WORDS['C12']}", (pid,)))
    return out


def edit_costs(request: PairingRequest, engine: PairingResult, edited: PairingResult) -> tuple[GivenUp, ...]:
    """The criteria ``edited`` does worse on than ``engine`` (see the module docstring)."""
    player_states = build_states(request)
    states = {p.id: p for p in player_states}
    label = {p.id: p.label for p in player_states}
    before, now = _seats(engine, states), _seats(edited, states)
    out: list[GivenUp] = []
    for criterion in JUDGED:
        assert criterion.player is not None
        failing_before, failing_now = _failing(criterion.player, before), _failing(criterion.player, now)
        if len(failing_now) <= len(failing_before):
            continue
        lost = sorted(failing_now - failing_before, key=lambda i: states[i].tpn)
        if criterion.code == "C12":
            out.extend(_refused_colours(lost, now, label))
        else:
            out.extend(
                GivenUp(criterion.code, f"{label[pid]} {WORDS[criterion.code]}", (pid,)) for pid in lost
            )
    named = {pid for g in out if g.rule in ("C12", "C13") for pid in g.participants}
    out.extend(_colour_rules_given_up(request, engine, edited, states, named))
    return tuple(out)


def _allocation(
    board: Board, states: dict[int, PlayerState], request: PairingRequest
) -> ColourAllocation | None:
    """The colours Art. 5.2 gives the board's two players (None when the request does not know them)."""
    white, black = states.get(board.white), states.get(board.black)
    if white is None or black is None:
        return None
    return allocate(*higher_ranked(white, black), request.initial_colour)


def _against_colour_rules(
    request: PairingRequest, result: PairingResult, states: dict[int, PlayerState]
) -> dict[tuple[int, int], tuple[Board, ColourAllocation]]:
    """The boards of ``result`` whose colours are not the ones Art. 5.2 gives, by (white, black)."""
    out = {}
    for board in result.boards:
        colours = _allocation(board, states, request)
        if colours is not None and colours.white.id != board.white:
            out[(board.white, board.black)] = (board, colours)
    return out


def _colour_rules_given_up(
    request: PairingRequest,
    engine: PairingResult,
    edited: PairingResult,
    states: dict[int, PlayerState],
    named: set[int],
) -> list[GivenUp]:
    """Boards whose colours the edit set against Art. 5.2 (a swap in round 1 goes against the
    initial colour, Art. 5.2.5, though nobody has a preference yet); a board whose players the
    preference criteria (C12, C13) already name is not named twice."""
    before = _against_colour_rules(request, engine, states)
    out = []
    for key, (board, colours) in _against_colour_rules(request, edited, states).items():
        if key in before or {board.white, board.black} & named:
            continue
        white = states[board.white]
        out.append(
            GivenUp(
                f"Art. {ARTICLE.get(colours.rule, '5.2')}",
                f"{white.label} now has White on board {board.number}; the colour rules give White to "
                f"{colours.white.label} — {colours.reason}",
                (board.white, board.black),
            )
        )
    return out


def edited_notes(
    request: PairingRequest,
    engine: PairingResult,
    edited: PairingResult,
    engine_floats: tuple[FloatNote, ...],
) -> tuple[tuple[BoardNote, ...], tuple[FloatNote, ...]]:
    """The notes of a hand-edited pairing, as it stands: each board's colours (the Art. 5.2 step
    when they follow it, else that they were set by hand and what the rules would give), and the
    floats (the engine's for players whose opponent is unchanged, the new games' otherwise)."""
    states = {p.id: p for p in build_states(request)}
    notes = []
    for board in edited.boards:
        colours = _allocation(board, states, request)
        if colours is None:
            continue
        if colours.white.id == board.white:
            notes.append(BoardNote(board.number, colours.rule, colours.reason))
        else:
            white, black = states[board.white], states[board.black]
            notes.append(
                BoardNote(
                    board.number,
                    "hand-edit",
                    f"set by hand: {white.label} has White and {black.label} Black; the colour rules "
                    f"would give White to {colours.white.label} — {colours.reason}",
                )
            )
    opponent_before = {b.white: b.black for b in engine.boards} | {b.black: b.white for b in engine.boards}
    changed = set()
    floats = []
    for board in edited.boards:
        for me, them in ((board.white, board.black), (board.black, board.white)):
            if opponent_before.get(me) != them:
                changed.add(me)
        a, b = states.get(board.white), states.get(board.black)
        if a is None or b is None or a.score == b.score or not {a.id, b.id} & changed:
            continue
        high, low = (a, b) if a.score > b.score else (b, a)
        floats.append(
            FloatNote(
                high.id,
                "down",
                high.score,
                low.score,
                f"{high.label} floats down to play {low.label} (set by hand)",
            )
        )
        floats.append(
            FloatNote(
                low.id,
                "up",
                low.score,
                high.score,
                f"{low.label} floats up to play {high.label} (set by hand)",
            )
        )
    kept = tuple(f for f in engine_floats if f.participant not in changed)
    return tuple(notes), kept + tuple(floats)
