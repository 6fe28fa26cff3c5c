"""An independent checker of the hard pairing rules.

:func:`check_pairing` recomputes, from the request alone, every absolute rule a pairing can break,
however the pairing was made. It shares no code with the engines that make pairings (it keeps its own
colour-history code on purpose), so the Django service can call it before saving any pairing and the
tests can use it as an oracle.

Rules checked, each with a machine code (``Violation.rule``):

=========================  ==================================================================
``unknown-participant``    a board or the bye names an id that is not in the request
``unavailable-paired``     a participant who is not to be paired this round is on a board / bye
``paired-twice``           a participant appears more than once (two boards, board and bye...)
``not-paired``             an available participant is neither on a board nor the bye
``needless-bye``           a bye although the number of available participants is even (BR 3)
``second-bye``             the bye goes to someone who already had a pairing-allocated bye, or
                           already scored a win's points in one round without playing (BR 4, C2)
``rematch``                two participants who already played each other meet again (BR 2, C1;
                           forfeited games are not meetings, GHR 3.5)
``forbidden-pair``         a pair the organiser forbade meets (TRF ``XXP``/``260``)
``colour-clash``           two non-topscorers with the same absolute colour preference meet (C3)
``colour-three-in-row``    someone gets the same colour a third time running (BR 7)
``colour-difference``      someone ends up more than two Whites or Blacks ahead (BR 6)
=========================  ==================================================================

The colour rules count played games only, with unplayed rounds moved to the front (GHR 3.4). In the
final round, topscorers and their opponents are exempt from C3 and from the colour limits (Dutch
Art. 1.8 and C3; BR 6-7 allow the exception).

Participants in a pair violation are listed in pairing-number order.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pairing.engine.types import (
    Colour,
    PairingRequest,
    PairingResult,
    Participant,
    ResultCode,
    Violation,
)

__all__ = [
    "RULE_COLOUR_CLASH",
    "RULE_COLOUR_DIFFERENCE",
    "RULE_COLOUR_THREE_IN_ROW",
    "RULE_FORBIDDEN_PAIR",
    "RULE_NEEDLESS_BYE",
    "RULE_NOT_PAIRED",
    "RULE_PAIRED_TWICE",
    "RULE_REMATCH",
    "RULE_SECOND_BYE",
    "RULE_UNAVAILABLE_PAIRED",
    "RULE_UNKNOWN_PARTICIPANT",
    "check_pairing",
    "display_name",
]

RULE_UNKNOWN_PARTICIPANT = "unknown-participant"
RULE_UNAVAILABLE_PAIRED = "unavailable-paired"
RULE_PAIRED_TWICE = "paired-twice"
RULE_NOT_PAIRED = "not-paired"
RULE_NEEDLESS_BYE = "needless-bye"
RULE_SECOND_BYE = "second-bye"
RULE_REMATCH = "rematch"
RULE_FORBIDDEN_PAIR = "forbidden-pair"
RULE_COLOUR_CLASH = "colour-clash"
RULE_COLOUR_THREE_IN_ROW = "colour-three-in-row"
RULE_COLOUR_DIFFERENCE = "colour-difference"

_COLOUR_WORD = {Colour.WHITE: "White", Colour.BLACK: "Black"}


def display_name(participant: Participant) -> str:
    """The participant's name, or ``No. <tpn>`` when the caller gave none."""
    return participant.name.strip() or f"No. {participant.tpn}"


@dataclass(frozen=True, slots=True)
class _Past:
    """What the checker needs to know about one participant's earlier rounds."""

    colours: tuple[Colour, ...]
    """Colours of played games only, oldest first (GHR 3.4 moves unplayed rounds to the front)."""
    met: dict[int, int]
    """Opponent id -> the latest round (1-based) of a game actually played against them."""
    unplayed_win_rounds: tuple[int, ...]
    """Rounds with a PAB, or with a win's points scored without playing (BR 4 / C2)."""
    score: int

    @property
    def difference(self) -> int:
        """Colour difference: Whites minus Blacks over played games (Dutch Art. 1.6)."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)

    def absolute_preference(self) -> Colour | None:
        """The colour this participant must have under Dutch Art. 1.7.1, if any."""
        cd = self.difference
        if cd < -1:
            return Colour.WHITE
        if cd > 1:
            return Colour.BLACK
        if len(self.colours) >= 2 and self.colours[-1] is self.colours[-2]:
            return self.colours[-1].opposite
        return None


def _past_of(participant: Participant, request: PairingRequest) -> _Past:
    colours: list[Colour] = []
    met: dict[int, int] = {}
    unplayed_wins: list[int] = []
    score = 0
    for number, record in enumerate(participant.history, start=1):
        points = request.scoring.points(record.result)
        score += points
        if record.result.played:
            if record.colour is not None:
                colours.append(record.colour)
            if record.opponent is not None:
                met[record.opponent] = number
        elif record.result is ResultCode.PAB or points >= request.scoring.win:
            unplayed_wins.append(number)
    return _Past(tuple(colours), met, tuple(unplayed_wins), score)


def check_pairing(request: PairingRequest, result: PairingResult) -> list[Violation]:
    """Every hard rule that ``result`` breaks for ``request``, in a stable order.

    Parameters
    ----------
    request:
        The round as it was asked to be paired.
    result:
        A pairing of it, made by any engine (or by hand).

    Returns
    -------
    list[Violation]
        Empty when the pairing keeps every absolute rule. Otherwise one entry per broken rule and
        participant (or pair), with a plain-words message that names the participants.

    Notes
    -----
    Runs in ``O(P * R)`` for ``P`` participants and ``R`` rounds. It trusts nothing the engine
    computed: colour histories, meetings, scores and bye eligibility are recomputed from the
    participants' round records.
    """
    by_id = {p.id: p for p in request.participants}
    past = {p.id: _past_of(p, request) for p in request.participants}
    tpn = {p.id: p.tpn for p in request.participants}
    violations: list[Violation] = []

    def name(pid: int) -> str:
        return display_name(by_id[pid]) if pid in by_id else f"participant {pid}"

    def ordered(*ids: int) -> tuple[int, ...]:
        return tuple(sorted(ids, key=lambda i: (tpn.get(i, 1 << 62), i)))

    # Who appears where.
    seen: Counter[int] = Counter()
    for board in result.boards:
        seen[board.white] += 1
        seen[board.black] += 1
    if result.bye is not None:
        seen[result.bye] += 1
    for pid in sorted(seen, key=lambda i: (tpn.get(i, 1 << 62), i)):
        if pid not in by_id:
            violations.append(
                Violation(
                    RULE_UNKNOWN_PARTICIPANT,
                    (pid,),
                    f"The pairing names participant {pid}, who is not in this tournament "
                    "(rule: only registered participants are paired).",
                )
            )
            continue
        if not by_id[pid].available:
            violations.append(
                Violation(
                    RULE_UNAVAILABLE_PAIRED,
                    (pid,),
                    f"{name(pid)} is paired although not playing this round "
                    "(rule: absent or withdrawn participants are not paired).",
                )
            )
        if seen[pid] > 1:
            violations.append(
                Violation(
                    RULE_PAIRED_TWICE,
                    (pid,),
                    f"{name(pid)} is paired {seen[pid]} times "
                    "(rule: everybody plays at most one game a round).",
                )
            )
    available = [p for p in request.participants if p.available]
    for p in sorted(available, key=lambda p: p.tpn):
        if seen[p.id] == 0:
            violations.append(
                Violation(
                    RULE_NOT_PAIRED,
                    (p.id,),
                    f"{name(p.id)} is left without a game or the bye "
                    "(rule: everybody present is paired, and only one player gets the bye).",
                )
            )

    # The bye (C.04.1 Art. 3-4, Dutch C2).
    if result.bye is not None and result.bye in by_id:
        if len(available) % 2 == 0:
            violations.append(
                Violation(
                    RULE_NEEDLESS_BYE,
                    (result.bye,),
                    f"{name(result.bye)} gets a bye although the number of players is even "
                    "(rule: a bye only when the number of players is odd).",
                )
            )
        earlier = past[result.bye].unplayed_win_rounds
        if earlier:
            rounds = ", ".join(str(r) for r in earlier)
            plural = "s" if len(earlier) > 1 else ""
            violations.append(
                Violation(
                    RULE_SECOND_BYE,
                    (result.bye,),
                    f"{name(result.bye)} gets the bye after a bye or a win without playing in round{plural} "
                    f"{rounds} (rule: nobody gets the bye twice, nor after a forfeit win).",
                )
            )

    # Pairs.
    final_round = request.round_number >= request.total_rounds
    max_score = (request.round_number - 1) * request.scoring.win

    def topscorer(pid: int) -> bool:
        """Dutch Art. 1.8: more than half the maximum score, when pairing the final round only."""
        return final_round and 2 * past[pid].score > max_score

    for board in result.boards:
        white, black = board.white, board.black
        if white not in by_id or black not in by_id or white == black:
            continue
        pair = ordered(white, black)
        first, second = pair
        last_met = past[white].met.get(black) or past[black].met.get(white)
        if last_met is not None:
            violations.append(
                Violation(
                    RULE_REMATCH,
                    pair,
                    f"{name(first)} and {name(second)} meet again after playing each other in round "
                    f"{last_met} (rule: no two players meet twice).",
                )
            )
        if frozenset(pair) in request.forbidden_pairs:
            violations.append(
                Violation(
                    RULE_FORBIDDEN_PAIR,
                    pair,
                    f"{name(first)} and {name(second)} are paired although the organiser ruled they "
                    "must not meet (rule: forbidden pairings).",
                )
            )
        exempt = topscorer(white) or topscorer(black)
        if exempt:
            continue
        need = past[white].absolute_preference()
        if need is not None and need is past[black].absolute_preference():
            violations.append(
                Violation(
                    RULE_COLOUR_CLASH,
                    pair,
                    f"{name(first)} and {name(second)} both had to have {_COLOUR_WORD[need]} "
                    "(rule: two players who must both have the same colour are not paired together).",
                )
            )
        for pid, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
            history = past[pid].colours
            if len(history) >= 2 and history[-1] is colour and history[-2] is colour:
                violations.append(
                    Violation(
                        RULE_COLOUR_THREE_IN_ROW,
                        (pid,),
                        f"{name(pid)} gets {_COLOUR_WORD[colour]} three times in a row "
                        "(rule: never the same colour three times running).",
                    )
                )
            after = past[pid].difference + (1 if colour is Colour.WHITE else -1)
            if abs(after) > 2:
                more = "White" if after > 0 else "Black"
                violations.append(
                    Violation(
                        RULE_COLOUR_DIFFERENCE,
                        (pid,),
                        f"{name(pid)} would have {abs(after)} more games with {more} than with the "
                        "other colour (rule: never more than two games apart).",
                    )
                )
    return violations
