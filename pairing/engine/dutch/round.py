"""One round of the Dutch system: the brackets from the top scoregroup down (Art. 1.9.2), then the
bye, the colours (Art. 5.2) and the board order (GHR 3.6)."""

from __future__ import annotations

from dataclasses import replace

from ..colours import allocate, board_order
from ..errors import NoValidPairingError
from ..players import build_states
from ..types import Board, BoardNote, Explanation, FloatNote, PairingRequest, PairingResult, Violation
from .completion import RoundField, scoregroups
from .explain import departure, floats_of_bracket, score_text
from .failures import FailureCosts
from .search import BracketSearch, SearchLimits

__all__ = ["pair_round"]


def pair_round(request: PairingRequest, limits: SearchLimits | None = None) -> PairingResult:
    """Pair one round with the FIDE Dutch system (C.04.3, 2026).

    Parameters
    ----------
    request:
        The round to pair.
    limits:
        How much work each bracket's search may do (:class:`SearchLimits`; the defaults when
        omitted).

    Returns
    -------
    PairingResult
        Boards in GHR 3.6 order with colours by Art. 5.2, the bye, and the explanation.

    Raises
    ------
    NoValidPairingError
        No pairing satisfies C1-C4, unless ``request.least_bad`` is set (the least-bad pairing is
        returned then).
    InvalidRequestError
        Inconsistent input.
    """
    try:
        result = _pair(request, limits or SearchLimits())
    except NoValidPairingError:
        if not request.least_bad:
            raise
        from ..least_bad import pair_least_bad

        return pair_least_bad(request)
    return _report_unavoidable_breaks(request, result) if request.least_bad else result


def _report_unavoidable_breaks(request: PairingRequest, result: PairingResult) -> PairingResult:
    """Add what a C1-C3-valid pairing still breaks because of earlier least-bad rounds.

    C3 only forbids pairing two participants with the same absolute preference. After a least-bad
    round a participant can be two Blacks up *and* have had White twice running: whatever colour
    they get, a colour limit breaks. The pairing is still the right one, but the product promises to
    say what it broke, so the independent checker's findings are reported as the least-bad path does.
    """
    from ..checks import check_pairing

    found = check_pairing(request, result)
    if not found:
        return result
    prefix = f"Round {request.round_number}: no pairing keeps every rule. "
    extra = tuple(Violation(v.rule, v.participants, prefix + v.message) for v in found)
    note = (
        f"Round {request.round_number}: earlier rounds left no colour that keeps every limit for some "
        f"participants, so the pairing breaks {len(extra)} rule(s), listed with the pairing."
    )
    explanation = replace(result.explanation, notes=(*result.explanation.notes, note))
    return replace(result, violations=(*result.violations, *extra), explanation=explanation)


def _pair(request: PairingRequest, limits: SearchLimits) -> PairingResult:
    players = build_states(request)
    if not players:
        return PairingResult(boards=())
    field = RoundField(players, request.initial_colour)
    groups = scoregroups(players)
    field.prepare(groups)
    costs = FailureCosts(field)

    pairs: list[tuple[int, int]] = []
    floats: list[FloatNote] = []
    notes: list[str] = []
    mdps: list[int] = []
    for g, group in enumerate(groups):
        next_group = groups[g + 1] if g + 1 < len(groups) else []
        search = BracketSearch(field, costs, g, mdps, group, next_group, limits)
        search.run()
        score = score_text(players[group[0]].score)
        if search.best is None:
            raise NoValidPairingError(f"bracket at score {score} cannot be paired under C1-C4")
        why = departure(search)
        if why:
            notes.append(f"{score}-point bracket: {why}")
        if search.budget_reached:
            notes.append(f"{score}-point bracket: search budget reached; best candidate found was used")
        pairs.extend(search.best_pairs)
        mdps = floats_of_bracket(search, floats, next_group)
    bye_id: int | None = None
    if mdps:
        if len(mdps) != 1 or not field.odd:
            raise NoValidPairingError("players left unpaired after the last bracket")
        bye = players[mdps[0]]
        bye_id = bye.id
        # the bye is where this player's downfloat ends: it replaces the note on leaving a bracket
        floats = [f for f in floats if not (f.participant == bye.id and f.direction == "down")]
        floats.append(
            FloatNote(bye.id, "down", bye.score, 0, f"{bye.label} receives the pairing-allocated bye")
        )

    rows = []
    for x, y in pairs:
        high, low = (players[x], players[y]) if x < y else (players[y], players[x])
        rows.append((board_order(high, low), allocate(high, low, request.initial_colour)))
    rows.sort(key=lambda row: row[0])
    boards = []
    board_notes = []
    for number, (_key, colours) in enumerate(rows, start=1):
        boards.append(Board(number, colours.white.id, colours.black.id))
        board_notes.append(BoardNote(number, colours.rule, colours.reason))
    explanation = Explanation(
        scoregroups=tuple((players[g[0]].score, tuple(players[i].id for i in g)) for g in groups),
        floats=tuple(floats),
        boards=tuple(board_notes),
        notes=tuple(notes),
    )
    return PairingResult(boards=tuple(boards), bye=bye_id, explanation=explanation)
