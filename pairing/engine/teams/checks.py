"""An independent checker of a team round's pairing (C.04.6), however it was made (engine, hand edit).

:func:`check_team_pairing` recomputes the hard rules from the request alone and shares no code with
:mod:`.swiss`, so the service can call it before saving a hand-edited round and the tests can use it
as an oracle. There are no colour rules to break: C.04.6 has no absolute colour preference (Art. 0)
and Art. 6-7 of the Basic Rules never apply to teams.

=========================  ==================================================================
``unknown-participant``    a match or the bye names a team that is not in the request
``unavailable-paired``     a team that is not to be paired this round is on a match / the bye
``paired-twice``           a team appears more than once
``not-paired``             an available team is neither in a match nor the bye
``needless-bye``           a bye although the number of available teams is even (Art. 1.4)
``missing-bye``            no bye although the number of available teams is odd (Art. 1.4)
``second-bye``             the bye goes to a team that already had one, won a match by forfeit or
                           got a full-point bye ([C2] Art. 2.1.2)
``rematch``                two teams that already played each other meet again ([C1] Art. 2.1.1;
                           forfeited matches are not meetings, GHR 3.5)
``forbidden-pair``         a pair the organiser forbade meets
=========================  ==================================================================
"""

from __future__ import annotations

from collections import Counter

from ..types import Violation
from .types import MatchKind, TeamSwissRequest, TeamSwissResult

__all__ = ["check_team_pairing"]


def check_team_pairing(request: TeamSwissRequest, result: TeamSwissResult) -> list[Violation]:
    """Every hard rule ``result`` breaks for ``request``, in the order of the table above; ``[]`` if none."""
    teams = {t.id: t for t in request.teams}
    available = {t.id for t in request.teams if t.available}
    found: list[Violation] = []
    seen = Counter(
        [t for m in result.matches for t in (m.white, m.black)] + ([result.bye] if result.bye else [])
    )
    for tid in sorted(seen):
        if tid not in teams:
            found.append(Violation("unknown-participant", (tid,), f"team {tid} is not in this event"))
        elif tid not in available:
            found.append(
                Violation("unavailable-paired", (tid,), f"team {tid} is not to be paired this round")
            )
        if seen[tid] > 1:
            found.append(Violation("paired-twice", (tid,), f"team {tid} is paired {seen[tid]} times"))
    for tid in sorted(available - set(seen)):
        found.append(Violation("not-paired", (tid,), f"team {tid} is not paired"))
    odd = len(available) % 2 == 1
    if result.bye is not None and not odd:
        found.append(Violation("needless-bye", (result.bye,), "a bye although the number of teams is even"))
    if result.bye is None and odd:
        found.append(Violation("missing-bye", (), "the number of teams is odd but nobody has the bye"))
    if result.bye in teams:
        history = teams[result.bye].history
        if any(r.kind in (MatchKind.PAB, MatchKind.FORFEIT_WIN, MatchKind.FULL_BYE) for r in history):
            found.append(
                Violation(
                    "second-bye",
                    (result.bye,),
                    f"team {result.bye} already had a bye or a forfeit win ([C2] C.04.6 Art. 2.1.2)",
                )
            )
    for m in result.matches:
        pair = tuple(sorted((m.white, m.black)))
        if m.white in teams and any(
            r.kind is MatchKind.PLAYED and r.opponent == m.black for r in teams[m.white].history
        ):
            found.append(
                Violation(
                    "rematch", pair, f"teams {pair[0]} and {pair[1]} have already played ([C1] Art. 2.1.1)"
                )
            )
        if frozenset(pair) in request.forbidden_pairs:
            found.append(Violation("forbidden-pair", pair, f"teams {pair[0]} and {pair[1]} must not meet"))
    return found
